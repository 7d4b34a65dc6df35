//! `POST fiscard/freeze {cardKey}` and `POST fiscard/unfreeze {cardKey, …verification}`: a
//! frozen card declines every authorization until it is unfrozen. Freezing is one tap (a
//! cardholder who fears for the card must not be slowed down); unfreezing is verified.

use actix_web::web;
use domain::card::{CardAction, CardStatus};
use domain::security::SecureAction;
use serde::Serialize;
use utoipa::ToSchema;

use super::{CardRequest, card_not_found, owned_card};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{cards, verification};
use crate::state::AppState;

/// The card's new status.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardStatusChanged {
    card_status: CardStatus,
}

/// Freeze a card
///
/// A frozen card declines every authorization until it is unfrozen. One tap: no verification.
/// statusCodes: 200, 101, 404, 422 (not a normal card).
#[utoipa::path(
    post,
    path = "/fiscard/freeze",
    tag = "fiscard",
    request_body = CardRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<CardStatusChanged>))
)]
pub async fn freeze(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<CardRequest>,
) -> ApiResult<CardStatusChanged> {
    change(state, user, client, body, CardAction::Freeze).await
}

/// Unfreeze a card
///
/// Verified as the trade policy says. A card an operator froze is refused (422): an operator
/// lifts it. statusCodes: 200, 101, 102, 103, 104, 404, 422 (not a frozen card, or frozen by an
/// operator), 429.
#[utoipa::path(
    post,
    path = "/fiscard/unfreeze",
    tag = "fiscard",
    request_body = CardRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<CardStatusChanged>))
)]
pub async fn unfreeze(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<CardRequest>,
) -> ApiResult<CardStatusChanged> {
    change(state, user, client, body, CardAction::Unfreeze).await
}

async fn change(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<CardRequest>,
    action: CardAction,
) -> ApiResult<CardStatusChanged> {
    let CurrentUser(user) = user;
    let card = owned_card(&state, &user, body.card_key()?).await?;
    let refused = || AppError::new(ApiCode::Refused, "api.card_action_refused");
    if !card.status_at(state.clock.now_ms()).allows(action) {
        return Err(refused());
    }
    // A card an operator froze (suspected fraud, compliance, …) is lifted by an operator only;
    // refused before the holder spends a verification code on it.
    let frozen_by_operator = || AppError::new(ApiCode::Refused, "api.card_frozen_by_operator");
    if action == CardAction::Unfreeze {
        let card_id = card.id.clone();
        let reason = state
            .db
            .read(move |conn| Ok(cards::operator_freeze_reason(conn, &card_id)?))
            .await?;
        if reason.is_some() {
            return Err(frozen_by_operator());
        }
        verification::verify(
            &state,
            &user,
            SecureAction::CardUnfreeze,
            &body.verification,
        )
        .await?;
    }
    let (now, user_id) = (state.clock.now_ms(), user.user_id.clone());
    let status = state
        .db
        .write(move |conn| {
            cards::lock(conn, &card.id)?;
            let card = cards::find_owned(conn, &user_id, &card.id)?.ok_or_else(card_not_found)?;
            if action == CardAction::Unfreeze
                && cards::operator_freeze_reason(conn, &card.id)?.is_some()
            {
                return Ok(Err(frozen_by_operator()));
            }
            let Some(status) = cards::change_status(conn, &card, action, now)? else {
                return Ok(Err(refused()));
            };
            let event = if action == CardAction::Freeze {
                Event::CardFrozen
            } else {
                Event::CardUnfrozen
            };
            security_log::record(
                conn,
                Some(&user_id),
                event,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(Ok(status))
        })
        .await??;
    let key = if action == CardAction::Freeze {
        "api.card_frozen"
    } else {
        "api.card_unfrozen"
    };
    Ok(Api::ok(CardStatusChanged {
        card_status: status,
    })
    .saying(key))
}
