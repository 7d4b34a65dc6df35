//! `POST redeem` with an optional `Idempotency-Key`: the fund redeem form, checked once before
//! the verification codes are spent and again under the user's lock (a fixed position first
//! accrued up to yesterday), where the preview the parsed form carries is executed: an early
//! redemption forfeits exactly the interest shown.

use actix_web::web;
use domain::date::Date;
use domain::forms::{Form, FundRedeemForm, FundRedemption, VerificationForm};
use domain::fund::fund_amount;
use domain::gates::GatedAction;
use domain::security::SecureAction;
use serde::Deserialize;
use utoipa::ToSchema;

use super::items::FundOrder;
use super::subscribe::refusal;
use super::{named_product, today};
use crate::api::{Answer, Api, AppError, Body, Reply};
use crate::db::DbConnection;
use crate::extract::CurrentUser;
use crate::routes::idempotent::{IdempotencyKey, answered_before, idempotency_key, run_once};
use crate::routes::user::identity::check_gate;
use crate::services::fund::accrual;
use crate::services::fund::orders;
use crate::services::fund::positions;
use crate::services::fund::products::Product;
use crate::services::verification;
use crate::services::withdrawals::lock_user;
use crate::state::AppState;

/// Redeem fund shares: the redeem form, the verification fields the trade policy asks for,
/// and (optionally) the interest the preview showed as forfeited.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FundRedeemRequest {
    #[serde(flatten)]
    form: FundRedeemForm,
    #[serde(flatten)]
    verification: VerificationForm,
    /// The `forfeitedInterest` of the preview the user saw (decimal text): when given, the
    /// redemption happens only if it is still what is forfeited (409 otherwise).
    #[serde(default, rename = "forfeitedInterest")]
    forfeited_interest: Option<String>,
}

/// The form parsed with its context read now.
fn parse(
    conn: &mut DbConnection,
    user_id: &str,
    form: &FundRedeemForm,
    today: Date,
) -> Result<(Product, FundRedemption), AppError> {
    // A position that is not the user's answers as an unknown one: 404.
    let position = match form.position_id.text().map(str::trim) {
        Some(id) if !id.is_empty() => {
            Some(positions::find_owned(conn, user_id, id)?.ok_or_else(super::position_not_found)?)
        }
        _ => None,
    };
    let product = named_product(conn, &form.product_id)?;
    let context = orders::redeem_context(conn, user_id, &product, position.as_ref(), today)?;
    let asked = form.parse(&context)?;
    Ok((product, asked))
}

/// Redeem fund shares
///
/// Needs a session only: money can always come out. The current product's usable shares go to
/// the wallet (`WALLET`) or the USD account (`USD`) at once; a fixed position (`positionId`)
/// goes back whole to the fund account (`FUND`): before its interest date nothing is lost,
/// from then on until maturity all interest accrued so far is forfeited — exactly the
/// preview's `forfeitedInterest` (409 when it no longer is, e.g. a day passed: preview again).
/// The domain's rules hold (102); a `positionId` that is not one of yours answers 404. Verified
/// as the trade policy says (103, 104); takes an `Idempotency-Key`.
/// statusCodes: 200, 101, 102, 103, 104, 400, 404, 409, 422.
#[utoipa::path(
    post,
    path = "/redeem",
    tag = "fund",
    params(IdempotencyKey),
    request_body = FundRedeemRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FundOrder>))
)]
pub async fn redeem_fund(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    body: Body<FundRedeemRequest>,
) -> Result<Answer<FundOrder>, AppError> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::FundRedeem)?;
    let keyed = idempotency_key(&key, &state, &user, "/redeem", body.json())?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let request = body.into_inner();
    let (user_id, today) = (user.user_id.clone(), today(&state));
    let form = request.form.clone();
    let product = state
        .db
        .read(move |conn| parse(conn, &user_id, &form, today).map(|(p, _)| p))
        .await?;
    let shown = match request.forfeited_interest.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => Some(
            fund_amount(text, product.terms.scale())
                .map_err(|_| AppError::bad_request("api.bad_request"))?,
        ),
        _ => None,
    };
    verification::verify(
        &state,
        &user,
        SecureAction::FundRedeem,
        &request.verification,
    )
    .await?;
    let (user_id, form, now) = (user.user_id.clone(), request.form, state.clock.now_ms());
    run_once(&state, keyed, move |conn| {
        lock_user(conn, &user_id)?;
        if !product.is_current() {
            // The fixed position's interest up to yesterday, before it is read.
            accrual::bring_up_user(conn, &user_id, product.terms.asset, today, now)?;
        }
        let (product, asked) = match parse(conn, &user_id, &form, today) {
            Ok(parsed) => parsed,
            Err(refused) if refused.is_handled() => return Ok(Err(refused)),
            Err(failure) => return Err(failure),
        };
        Ok(
            match orders::redeem(conn, &user_id, &product, &asked, shown, today, now)? {
                Ok(record) => Ok(Api::ok(
                    FundOrder::of(&record, &product)
                        .ok_or_else(|| anyhow::anyhow!("record {} unreadable", record.id))?,
                )
                .saying("api.fund_redeemed")),
                Err(refused) => Err(refusal(&refused)),
            },
        )
    })
    .await
}
