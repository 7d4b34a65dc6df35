//! `POST fiscard/apply {bin}`: a new virtual card.

use actix_web::web;
use domain::Input;
use domain::gates::{GateState, GatedAction, first_closed_gate};
use domain::identity::IdentityStatus;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CardItem, IdempotencyKey, answered_before, idempotency_key, run_once};
use crate::api::{Answer, Api, ApiCode, AppError, Body, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{bins, cards};
use crate::state::AppState;

/// Apply for a card.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ApplyRequest {
    /// One of `fiscard/bins`.
    #[serde(default)]
    bin: Input<String>,
}

/// Apply for a card
///
/// A new virtual card under an enabled BIN (`fiscard/bins`). Needs approved basic identity
/// (105) and a bound mobile (110); no opening fee, no limit on the number of cards. Takes an
/// `Idempotency-Key`, so a retried application issues one card. statusCodes: 200, 101, 102
/// (no `bin`), 105, 110, 400 (malformed `Idempotency-Key`), 409, 422 (BIN not offered).
#[utoipa::path(
    post,
    path = "/fiscard/apply",
    tag = "fiscard",
    params(IdempotencyKey),
    request_body = ApplyRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<CardItem>))
)]
pub async fn apply(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    client: Client,
    body: Body<ApplyRequest>,
) -> Result<Answer<CardItem>, AppError> {
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
    let bin = body.bin.text().map(str::to_owned).ok_or_else(|| {
        AppError::validation(&[domain::FieldError::new(
            "bin",
            domain::ErrorCode::RequiredChoice,
        )])
    })?;
    let keyed = idempotency_key(&key, &state, &user, "/fiscard/apply", body.json())?;
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
            Api::ok(CardItem::of(card, 0, 0, now)).saying("api.card_issued")
        ))
    })
    .await
}
