//! `POST fiscard/cancel {cardKey, …verification}`: cancel a card.

use actix_web::web;
use domain::card::CardAction;
use domain::security::SecureAction;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    CardRequest, IdempotencyKey, OrderItem, answered_before, card_not_found, idempotency_key,
    run_once,
};
use crate::api::{Answer, Api, ApiCode, AppError, Body, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::cards::{self, Refused};
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::state::AppState;

/// A done cancellation.
#[derive(Debug, Serialize, ToSchema)]
pub struct Cancelled {
    /// The CANCEL order that returned the card's balance to the USD account.
    order: OrderItem,
}

/// Cancel a card
///
/// The card is cancelled, what is left on it goes back to the USD account (a CANCEL order),
/// and it disappears from the list. Refused while authorizations still hold money on it.
/// Verified as the trade policy says; takes an `Idempotency-Key`. statusCodes: 200, 101, 102,
/// 103, 104, 400, 404, 409, 422, 429.
#[utoipa::path(
    post,
    path = "/fiscard/cancel",
    tag = "fiscard",
    params(IdempotencyKey),
    request_body = CardRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Cancelled>))
)]
pub async fn cancel(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    client: Client,
    body: Body<CardRequest>,
) -> Result<Answer<Cancelled>, AppError> {
    let CurrentUser(user) = user;
    let keyed = idempotency_key(&key, &state, &user, "/fiscard/cancel", body.json())?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let card = super::owned_card(&state, &user, body.card_key()?).await?;
    if !card
        .status_at(state.clock.now_ms())
        .allows(CardAction::Cancel)
    {
        return Err(AppError::new(ApiCode::Refused, "api.card_action_refused"));
    }
    verification::verify(&state, &user, SecureAction::CardCancel, &body.verification).await?;
    let (now, user_id) = (state.clock.now_ms(), user.user_id.clone());
    run_once(&state, keyed, move |conn| {
        cards::lock(conn, &card.id)?;
        let card = cards::find_owned(conn, &user_id, &card.id)?.ok_or_else(card_not_found)?;
        Ok(match cards::cancel(conn, &card, now)? {
            Ok(order) => {
                security_log::record(
                    conn,
                    Some(&user_id),
                    Event::CardCancelled,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
                Ok(Api::ok(Cancelled {
                    order: OrderItem::of(&order),
                })
                .saying("api.card_cancelled"))
            }
            Err(Refused::PendingAuthorizations) => Err(AppError::new(
                ApiCode::Refused,
                "api.card_pending_authorizations",
            )),
            Err(Refused::Status(_) | Refused::InsufficientBalance) => {
                Err(AppError::new(ApiCode::Refused, "api.card_action_refused"))
            }
        })
    })
    .await
}
