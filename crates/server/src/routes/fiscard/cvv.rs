//! `POST fiscard/query/cvv {cardKey, …verification}`: the card's full number, CVV, expiry and
//! billing address, after the trade verification. Every reveal is written to the security log;
//! the answer is never cached.

use actix_web::web;
use domain::card::CardAction;
use domain::security::SecureAction;
use serde_json::json;

use super::{card_not_found, owned_card};
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{cards, verification};
use crate::state::AppState;

pub async fn reveal(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> ApiResult {
    let CurrentUser(user) = user;
    let card_key = body.text("cardKey").ok_or_else(card_not_found)?;
    let card = owned_card(&state, &user, card_key).await?;
    if !card
        .status_at(state.clock.now_ms())
        .allows(CardAction::RevealDetails)
    {
        return Err(AppError::new(ApiCode::Refused, "api.card_action_refused"));
    }
    verification::verify(&state, &user, SecureAction::RevealCard, &body).await?;
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
    Ok(Api::ok(json!({
        "cardNo": details.card_number,
        "cvv": details.cvv,
        "expirationDate": details.expiration_date,
        "billAddress": details.bill_address,
    }))
    .saying("api.card_revealed"))
}
