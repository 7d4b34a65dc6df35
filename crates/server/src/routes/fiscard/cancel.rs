//! `POST fiscard/cancel {cardKey, …verification}` with an optional `Idempotency-Key`: the
//! card is cancelled, what is left on it goes back to the USD account (a CANCEL order), and it
//! disappears from the list. Refused while authorizations still hold money on it.

use actix_web::{HttpRequest, web};
use domain::card::CardAction;
use domain::security::SecureAction;
use serde_json::json;

use super::{OrderItem, answered_before, card_not_found, idempotency_key, run_once};
use crate::api::{Answer, Api, ApiCode, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::cards::{self, Refused};
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::state::AppState;

pub async fn cancel(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> Result<Answer, AppError> {
    let CurrentUser(user) = user;
    let keyed = idempotency_key(&req, &state, &user, "/fiscard/cancel", &body)?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let card_key = body.text("cardKey").ok_or_else(card_not_found)?;
    let card = super::owned_card(&state, &user, card_key).await?;
    if !card
        .status_at(state.clock.now_ms())
        .allows(CardAction::Cancel)
    {
        return Err(AppError::new(ApiCode::Refused, "api.card_action_refused"));
    }
    verification::verify(&state, &user, SecureAction::CardCancel, &body).await?;
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
                Ok(Api::ok(json!({ "order": OrderItem::of(&order) })).saying("api.card_cancelled"))
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
