//! `GET user/firstSteps`: a new user's checklist (secure the account, verify identity, apply for
//! a card, fund it), each step ticked from the user's real state.

use actix_web::web;
use domain::first_steps::{FirstStep, UserFacts, first_steps};
use domain::identity::IdentityStatus;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::{accounts, cards};
use crate::state::AppState;

/// The first steps, in order, and whether all are done.
#[derive(Debug, Serialize, ToSchema)]
pub struct FirstStepsView {
    steps: Vec<FirstStepView>,
    /// Every step is done (the checklist is no longer shown).
    done: bool,
}

/// One step and whether the user has taken it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FirstStepView {
    step: FirstStep,
    done: bool,
}

/// A new user's first steps
///
/// Secure the account (a security PIN or an authenticator), verify identity (basic identity
/// approved), apply for a card, fund it (a completed recharge), each done or not from the
/// user's state. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/firstSteps",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FirstStepsView>))
)]
pub async fn show_first_steps(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<FirstStepsView> {
    let identity = IdentityStatus::from_code(i64::from(user.0.profile.identity_status))
        .unwrap_or(IdentityStatus::NotStarted);
    let user_id = user.0.user_id;
    let facts = state
        .db
        .read(move |conn| {
            let (config, bound) = accounts::security_settings(conn, &user_id)?;
            let (cards, recharges) = cards::counts_of(conn, &user_id)?;
            Ok(UserFacts {
                security_pin: config.security,
                authenticators: bound.len(),
                identity,
                cards,
                recharges,
            })
        })
        .await?;
    let steps: Vec<FirstStepView> = first_steps(&facts)
        .into_iter()
        .map(|(step, done)| FirstStepView { step, done })
        .collect();
    let done = steps.iter().all(|s| s.done);
    Ok(Api::ok(FirstStepsView { steps, done }))
}
