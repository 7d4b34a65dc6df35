//! `POST user/security/password`: set the 6-digit security PIN, or change it (then the current
//! PIN is one of the factors asked for), with step-up verification.

use actix_web::web;
use domain::forms::{NoContext, SetPinForm};
use domain::security::SecureAction;

use crate::api::{Api, ApiResult, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, verification};
use crate::state::AppState;

pub async fn set_pin(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> ApiResult {
    let CurrentUser(user) = user;
    let pin = body.form::<SetPinForm>(&NoContext)?;
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
    verification::verify(&state, &user, action, &body).await?;
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
    Ok(Api::ok(serde_json::Value::Null).saying("api.pin_set"))
}
