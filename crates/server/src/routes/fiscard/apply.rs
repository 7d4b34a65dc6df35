//! `POST fiscard/apply {bin}`: a new virtual card under an enabled BIN. Needs approved basic
//! identity (105) and a bound mobile (110); no opening fee, no limit on the number of cards.
//! Takes an `Idempotency-Key`, so a retried application issues one card.

use actix_web::{HttpRequest, web};
use domain::gates::{GateState, GatedAction, first_closed_gate};
use domain::identity::IdentityStatus;

use super::{CardItem, answered_before, idempotency_key, run_once};
use crate::api::{Answer, Api, ApiCode, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{bins, cards};
use crate::state::AppState;

pub async fn apply(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> Result<Answer, AppError> {
    let CurrentUser(user) = user;
    let p = &user.profile;
    let status = |code: i32| {
        IdentityStatus::from_code(i64::from(code)).unwrap_or(IdentityStatus::NotStarted)
    };
    let gates = GateState {
        logged_in: true,
        basic_identity: status(p.identity_status),
        investor_identity: status(p.investor_status),
        aml: status(p.aml_status),
        qi: status(p.qi_status),
        mobile_bound: p.mobile.is_some(),
    };
    if let Some(gate) = first_closed_gate(GatedAction::ApplyCard, &gates) {
        return Err(AppError::gate(gate));
    }
    let bin = body
        .text("bin")
        .map(|b| b.trim().to_owned())
        .ok_or_else(|| {
            AppError::validation(&[domain::FieldError::new(
                "bin",
                domain::ErrorCode::RequiredChoice,
            )])
        })?;
    let keyed = idempotency_key(&req, &state, &user, "/fiscard/apply", &body)?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let (vault, issuer, now, user_id) = (
        state.vault.clone(),
        state.issuer.clone(),
        state.clock.now_ms(),
        user.user_id.clone(),
    );
    run_once(&state, keyed, move |conn| {
        let Some(found) = bins::find(conn, &bin)?.filter(|b| b.enabled) else {
            return Ok(Err(AppError::new(ApiCode::Refused, "api.bin_unavailable")));
        };
        let card = cards::issue(conn, &vault, issuer.as_ref(), &user_id, &found, now)?;
        security_log::record(
            conn,
            Some(&user_id),
            Event::CardIssued,
            &client.ip,
            &client.user_agent,
            now,
        )?;
        Ok(Ok(
            Api::ok(CardItem::of(&card, 0, 0, now)).saying("api.card_issued")
        ))
    })
    .await
}
