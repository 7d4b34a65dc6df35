//! `POST fiscard/query/cvv {cardKey, …verification}`: a card's details.

use actix_web::web;
use domain::card::CardAction;
use domain::security::SecureAction;
use serde::Serialize;
use utoipa::ToSchema;

use super::{CardRequest, owned_card};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{cards, verification};
use crate::state::AppState;

/// A card's details: shown once, never cached.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardDetails {
    /// The full number.
    card_no: String,
    cvv: String,
    /// MM/YY.
    expiration_date: String,
    bill_address: String,
}

/// Reveal a card's details
///
/// The card's full number, CVV, expiry and billing address, after the trade verification.
/// Every reveal is written to the security log; the answer is never cached. statusCodes: 200,
/// 101, 102, 103, 104, 404, 422, 429.
#[utoipa::path(
    post,
    path = "/fiscard/query/cvv",
    tag = "fiscard",
    request_body = CardRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<CardDetails>))
)]
pub async fn reveal(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<CardRequest>,
) -> ApiResult<CardDetails> {
    let CurrentUser(user) = user;
    let card = owned_card(&state, &user, body.card_key()?).await?;
    if !card
        .status_at(state.clock.now_ms())
        .allows(CardAction::RevealDetails)
    {
        return Err(AppError::new(ApiCode::Refused, "api.card_action_refused"));
    }
    verification::verify(&state, &user, SecureAction::RevealCard, &body.verification).await?;
    let (vault, issuer, now, user_id) = (
        state.vault.clone(),
        state.issuer.clone(),
        state.clock.now_ms(),
        user.user_id.clone(),
    );
    let details = state
        .db
        .write(move |conn| {
            let details = cards::details(conn, &vault, issuer.as_ref(), &card)?;
            security_log::record(
                conn,
                Some(&user_id),
                Event::CardRevealed,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(details)
        })
        .await?;
    Ok(Api::ok(CardDetails {
        card_no: details.card_number,
        cvv: details.cvv,
        expiration_date: details.expiration_date,
        bill_address: details.bill_address,
    })
    .saying("api.card_revealed"))
}
