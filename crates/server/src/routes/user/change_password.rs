//! `POST user/password`: change the login password (`oldPassword`, `password`, and `confirm`
//! when the client sends it), with step-up verification. Every other session ends and the
//! account holder gets a notice.

use actix_web::web;
use domain::forms::{ChangePasswordForm, NoContext};
use domain::security::SecureAction;

use super::notify;
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::throttle;
use crate::services::{accounts, sessions, verification};
use crate::state::AppState;

pub async fn change_password(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> ApiResult {
    let CurrentUser(user) = user;
    let change = body.form::<ChangePasswordForm>(&NoContext)?;

    // The current password first (within its own attempt limit), so a mistyped one does not
    // spend the e-mail code.
    let (now, user_id) = (state.clock.now_ms(), user.user_id.clone());
    let limit_key = format!("verify:password:{user_id}");
    let key = limit_key.clone();
    let (attempt, stored) = state
        .db
        .write(move |conn| {
            Ok((
                throttle::take(conn, &key, verification::PER_FACTOR, now)?,
                accounts::password_hash(conn, &user_id)?,
            ))
        })
        .await?;
    if attempt.over(verification::PER_FACTOR) {
        return Err(AppError::too_many_attempts(attempt.seconds_left));
    }
    if !state
        .passwords
        .verify(change.old_password, Some(stored))
        .await?
    {
        return Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.old_password_wrong",
        ));
    }
    verification::verify(&state, &user, SecureAction::PasswordChange, &body).await?;

    let hash = state.passwords.hash(change.password).await?;
    let (now, user_id, session_id) = (
        state.clock.now_ms(),
        user.user_id.clone(),
        user.session_id.clone(),
    );
    state
        .db
        .write(move |conn| {
            throttle::give_back(conn, &limit_key)?;
            accounts::set_password(conn, &user_id, &hash, now)?;
            sessions::revoke_others(conn, &user_id, &session_id, now)?;
            security_log::record(
                conn,
                Some(&user_id),
                Event::PasswordChanged,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(())
        })
        .await?;
    notify(&state, &user, "password_changed", []);
    Ok(Api::ok(serde_json::Value::Null).saying("api.password_changed"))
}
