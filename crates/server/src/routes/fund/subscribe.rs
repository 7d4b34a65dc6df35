//! `POST subscribe` with an optional `Idempotency-Key`: the fund subscribe form, checked once
//! before the verification codes are spent and again under the user's lock, where the preview
//! the parsed form carries is executed as one ledger transaction.

use actix_web::web;
use domain::forms::{Form, FundSubscribeForm, FundSubscription, VerificationForm};
use domain::gates::GatedAction;
use domain::security::SecureAction;
use serde::Deserialize;
use utoipa::ToSchema;

use super::items::FundOrder;
use super::{named_product, today};
use crate::api::{Answer, Api, ApiCode, AppError, Body, Reply};
use crate::db::DbConnection;
use crate::extract::CurrentUser;
use crate::routes::idempotent::{IdempotencyKey, answered_before, idempotency_key, run_once};
use crate::routes::user::identity::check_gate;
use crate::services::fund::orders::{self, Refused};
use crate::services::fund::products::Product;
use crate::services::verification;
use crate::services::withdrawals::lock_user;
use crate::state::AppState;

/// Subscribe to a fund product: the subscribe form and the verification fields the trade
/// policy asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FundSubscribeRequest {
    #[serde(flatten)]
    form: FundSubscribeForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// The form parsed with its context read now.
fn parse(
    conn: &mut DbConnection,
    user_id: &str,
    form: &FundSubscribeForm,
    today: domain::date::Date,
) -> Result<(Product, FundSubscription), AppError> {
    let product = named_product(conn, &form.product_id)?;
    let context = orders::subscribe_context(conn, user_id, &product, today)?;
    let asked = form.parse(&context)?;
    Ok((product, asked))
}

/// Subscribe to a fund product
///
/// Needs an open fund account: basic identity (105), investor certification (106), the AML
/// questionnaire (107) and the qualified investor questionnaire (108), in that order. The
/// current product takes money from the wallet (`WALLET`) or the USD account (`USD`); a fixed
/// product during its raise from the fund account (`FUND`: usable current shares). The
/// domain's rules hold (102): product open, source, amount at the asset's scale within the
/// minimum and what the product still takes, covered by the source. Verified as the trade
/// policy says (103, 104); takes an `Idempotency-Key`. The record carries the preview's dates.
/// 422 when the source no longer covers it at posting time.
/// statusCodes: 200, 101, 102, 103, 104, 105, 106, 107, 108, 400, 409, 422.
#[utoipa::path(
    post,
    path = "/subscribe",
    tag = "fund",
    params(IdempotencyKey),
    request_body = FundSubscribeRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FundOrder>))
)]
pub async fn subscribe_fund(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    body: Body<FundSubscribeRequest>,
) -> Result<Answer<FundOrder>, AppError> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::OpenFundAccount)?;
    let keyed = idempotency_key(&key, &state, &user, "/subscribe", body.json())?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let request = body.into_inner();
    let (user_id, today) = (user.user_id.clone(), today(&state));
    let form = request.form.clone();
    state
        .db
        .read(move |conn| parse(conn, &user_id, &form, today).map(|_| ()))
        .await?;
    verification::verify(
        &state,
        &user,
        SecureAction::FundSubscribe,
        &request.verification,
    )
    .await?;
    let (user_id, form, now) = (user.user_id.clone(), request.form, state.clock.now_ms());
    run_once(&state, keyed, move |conn| {
        lock_user(conn, &user_id)?;
        // Read again under the lock: the balances, the shares and the product's state.
        let (product, asked) = match parse(conn, &user_id, &form, today) {
            Ok(parsed) => parsed,
            Err(refusal) if refusal.is_handled() => return Ok(Err(refusal)),
            Err(failure) => return Err(failure),
        };
        Ok(
            match orders::subscribe(conn, &user_id, &product, &asked, today, now)? {
                Ok(record) => Ok(Api::ok(
                    FundOrder::of(&record, &product)
                        .ok_or_else(|| anyhow::anyhow!("record {} unreadable", record.id))?,
                )
                .saying("api.fund_subscribed")),
                Err(_) => Err(AppError::new(
                    ApiCode::Refused,
                    "error.insufficient_balance",
                )),
            },
        )
    })
    .await
}

/// Why a refusal of the services is answered as it is.
pub(super) fn refusal(refused: &Refused) -> AppError {
    match refused {
        Refused::Insufficient => AppError::new(ApiCode::Refused, "error.insufficient_balance"),
        Refused::NotOpen => AppError::new(ApiCode::Conflict, "api.fund_position_closed"),
        Refused::Stale { .. } => AppError::new(ApiCode::Conflict, "api.fund_preview_stale"),
    }
}
