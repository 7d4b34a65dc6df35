//! `POST user/security/password`: set the 6-digit security PIN, or change it (then the current
//! PIN is one of the factors asked for), with step-up verification.

use actix_web::web;
use domain::forms::{Form, NoContext, SetPinForm, VerificationForm};
use domain::security::SecureAction;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Body, Empty, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, verification};
use crate::state::AppState;

/// Set or change the PIN, with the verification fields the policy asks for (statusCode 103
/// says which; `securityPassword` is the current PIN when changing it).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SetPinRequest {
    #[serde(flatten)]
    form: SetPinForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// Set or change the security PIN
///
/// 6 digits, not repeated or consecutive; changing it asks for the current one too.
/// statusCodes: 200, 101, 102, 103, 104, 429.
#[utoipa::path(
    post,
    path = "/user/security/password",
    tag = "user",
    request_body = SetPinRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn set_pin(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<SetPinRequest>,
) -> ApiResult<Empty> {
    let CurrentUser(user) = user;
    let pin = body.form.parse(&NoContext)?;
    let user_id = user.user_id.clone();
    let had_pin = state
        .db
        .read(move |conn| Ok(accounts::pin_hash(conn, &user_id)?.is_some()))
        .await?;
    let action = if had_pin {
        SecureAction::PinChange
    } else {
        SecureAction::PinSet
    };
    verification::verify(&state, &user, action, &body.verification).await?;
    let hash = state.passwords.hash(pin).await?;
    let now = state.clock.now_ms();
    state
        .db
        .write(move |conn| {
            accounts::set_pin(conn, &user.user_id, &hash, now)?;
            let event = if had_pin {
                Event::PinChanged
            } else {
                Event::PinSet
            };
            security_log::record(
                conn,
                Some(&user.user_id),
                event,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(())
        })
        .await?;
    Ok(Api::ok(Empty).saying("api.pin_set"))
}
