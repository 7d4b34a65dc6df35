//! `POST user/config/switch {usage, module, target}`: turn one protection of login or trade
//! checks on (1) or off (0), with step-up verification. A switch can only turn on a factor the
//! user has set up (an authenticator bound, a PIN set); the PIN has no login switch.

use actix_web::web;
use domain::error::Params;
use domain::forms::{Form, SwitchForm, VerificationForm};
use domain::i18n::Locale;
use domain::security::SecureAction;
use serde::Deserialize;
use utoipa::ToSchema;

use super::notify;
use crate::api::{Api, ApiResult, AppError, Body, Empty, Reply, messages};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, verification};
use crate::state::AppState;

/// Turn one protection on or off, with the verification fields the policy asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SwitchRequest {
    #[serde(flatten)]
    form: SwitchForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// Turn a protection on or off
///
/// `usage` 1 turns `target` (`email`, `mfa`, `security`) of `module` (`login`, `trade`) on, 0
/// off, after the step-up verification. A switch can only turn on a factor the user has set up
/// (an authenticator bound, a PIN set); the PIN has no login switch. statusCodes: 200, 101,
/// 102, 103, 104, 429.
#[utoipa::path(
    post,
    path = "/user/config/switch",
    tag = "user",
    request_body = SwitchRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn change_switch(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<SwitchRequest>,
) -> ApiResult<Empty> {
    let CurrentUser(user) = user;
    let config = verification::security_config(&state, &user.user_id).await?;
    // The request is checked (same errors as the browser) before any code is spent.
    body.form.parse(&config)?;
    verification::verify(
        &state,
        &user,
        SecureAction::SwitchChange,
        &body.verification,
    )
    .await?;

    let (now, user_id, form) = (
        state.clock.now_ms(),
        user.user_id.clone(),
        body.into_inner().form,
    );
    let switch = state
        .db
        .write(move |conn| {
            // Checked again under the lock: an authenticator or the PIN may have changed while
            // the codes were checked.
            accounts::lock_security(conn, &user_id)?;
            let config = accounts::security_config(conn, &user_id)?;
            let switch = match form.parse(&config) {
                Ok(switch) => switch,
                Err(errors) => return Ok(Err(AppError::from(errors))),
            };
            let next = switch.apply(&config);
            let changed = next != config;
            if changed {
                accounts::set_switches(conn, &user_id, &next, now)?;
                security_log::record(
                    conn,
                    Some(&user_id),
                    Event::SwitchChanged,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
            }
            Ok(Ok((switch, changed)))
        })
        .await??;
    let (switch, changed) = switch;
    if changed {
        let locale = Locale::from_tag(&user.locale);
        let word = |key: &str| messages::text(locale, key, &Params::default());
        let module = word(&format!("switch.module.{}", switch.module.as_str()));
        let target = word(&format!("switch.target.{}", switch.target.as_str()));
        let status = word(if switch.on { "switch.on" } else { "switch.off" });
        notify(
            &state,
            &user,
            "switch_changed",
            [
                ("module", module.as_str()),
                ("target", target.as_str()),
                ("state", status.as_str()),
            ],
        );
    }
    Ok(Api::ok(Empty).saying("api.switch_changed"))
}
