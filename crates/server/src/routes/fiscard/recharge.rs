//! `POST fiscard/recharge {cardKey, amount, …verification}` with an optional
//! `Idempotency-Key`: moves `amount` USD from the user's USD bank account to a normal card; the
//! recharge fee (the card's recharge rate, computed by the domain crate as the browser's
//! preview is) comes out of it. A DEPOSIT order records it. "Insufficient Balance" (422) when
//! the USD account does not cover it — decided by the ledger, so concurrent recharges never
//! overdraw.

use actix_web::web;
use domain::forms::{Form, RechargeContext, RechargeForm, VerificationForm};
use domain::money::USD;
use domain::security::SecureAction;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    IdempotencyKey, OrderItem, answered_before, card_not_found, idempotency_key, money, run_once,
};
use crate::api::{Answer, Api, ApiCode, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::services::cards::{self, Refused};
use crate::services::ledger::{self, Account, AccountKind};
use crate::services::verification;
use crate::state::AppState;

/// Recharge a card from the USD account, with the verification fields the trade policy asks
/// for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RechargeRequest {
    #[serde(flatten)]
    form: RechargeForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// A done recharge.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recharged {
    /// The DEPOSIT order.
    order: OrderItem,
    /// The amount less the fee: what reached the card.
    credited: String,
    card_balance: String,
    /// What is left in the USD account.
    available_balance: String,
}

/// Recharge a card
///
/// Moves `amount` USD from the user's USD account to a normal card; the recharge fee (the
/// card's recharge rate, computed by the domain crate as the browser's preview is) comes out
/// of it. A DEPOSIT order records it. Verified as the trade policy says; takes an
/// `Idempotency-Key`. statusCodes: 200, 101, 102, 103, 104, 400, 404, 409, 422 (insufficient
/// balance; not a normal card), 429.
#[utoipa::path(
    post,
    path = "/fiscard/recharge",
    tag = "fiscard",
    params(IdempotencyKey),
    request_body = RechargeRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Recharged>))
)]
pub async fn recharge(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    body: Body<RechargeRequest>,
) -> Result<Answer<Recharged>, AppError> {
    let CurrentUser(user) = user;
    let keyed = idempotency_key(&key, &state, &user, "/fiscard/recharge", body.json())?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    // The balance is the ledger's to check (under its lock), not the form's.
    let recharge = body.form.parse(&RechargeContext {
        available_balance: i64::MAX,
    })?;
    let card = super::owned_card(&state, &user, recharge.card_key.clone()).await?;
    if !card.status_at(state.clock.now_ms()).allows_recharge() {
        return Err(AppError::new(ApiCode::Refused, "api.card_not_normal"));
    }
    verification::verify(&state, &user, SecureAction::Recharge, &body.verification).await?;
    let (now, user_id, amount) = (
        state.clock.now_ms(),
        user.user_id.clone(),
        recharge.amount_minor,
    );
    run_once(&state, keyed, move |conn| {
        cards::lock(conn, &card.id)?;
        // Read again under the lock: it may have been frozen or cancelled meanwhile.
        let card = cards::find_owned(conn, &user_id, &card.id)?.ok_or_else(card_not_found)?;
        Ok(match cards::recharge(conn, &card, amount, now)? {
            Ok(order) => {
                let balance = ledger::balance(conn, &card.account())?;
                let bank = ledger::balance(
                    conn,
                    &Account::of_user(&user_id, AccountKind::Bank, USD.code),
                )?;
                Ok(Api::ok(Recharged {
                    order: OrderItem::of(&order),
                    credited: money(order.amount - order.fee, &card.currency),
                    card_balance: money(balance, &card.currency),
                    available_balance: money(bank, USD.code),
                })
                .saying("api.card_recharged"))
            }
            Err(Refused::InsufficientBalance) => Err(AppError::new(
                ApiCode::Refused,
                "error.insufficient_balance",
            )),
            Err(Refused::Status(_) | Refused::PendingAuthorizations) => {
                Err(AppError::new(ApiCode::Refused, "api.card_not_normal"))
            }
        })
    })
    .await
}
