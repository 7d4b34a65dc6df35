//! `POST user/password`: change the login password (`oldPassword`, `password`, and `confirm`
//! when the client sends it), with step-up verification. Every other session ends and the
//! account holder gets a notice.

use actix_web::web;
use domain::forms::{ChangePasswordForm, Form, NoContext, VerificationForm};
use domain::security::SecureAction;
use serde::Deserialize;
use utoipa::ToSchema;

use super::notify;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, sessions, verification};
use crate::state::AppState;

/// Change the login password, with the verification fields the policy asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    #[serde(flatten)]
    form: ChangePasswordForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// Change the login password
///
/// The current password first (within its own attempt limit, so a mistyped one does not
/// spend the e-mail code), then the step-up verification. Every other session ends and the
/// account holder gets a notice. statusCodes: 200, 101, 102, 103, 104 (wrong current password
/// or code), 429.
#[utoipa::path(
    post,
    path = "/user/password",
    tag = "user",
    request_body = ChangePasswordRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn change_password(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<ChangePasswordRequest>,
) -> ApiResult<Empty> {
    let CurrentUser(user) = user;
    let change = body.form.parse(&NoContext)?;

    // The current password first (within its own attempt limit), so a mistyped one does not
    // spend the e-mail code.
    let user_id = user.user_id.clone();
    let stored = state
        .db
        .read(move |conn| Ok(accounts::password_hash(conn, &user_id)?))
        .await?;
    let key = format!("verify:password:{}", user.user_id);
    let old = state.passwords.verify(change.old_password, Some(stored));
    if !verification::check_hashed(&state, &key, old).await? {
        return Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.old_password_wrong",
        ));
    }
    verification::verify(
        &state,
        &user,
        SecureAction::PasswordChange,
        &body.verification,
    )
    .await?;

    let hash = state.passwords.hash(change.password).await?;
    let (now, user_id, session_id) = (
        state.clock.now_ms(),
        user.user_id.clone(),
        user.session_id.clone(),
    );
    state
        .db
        .write(move |conn| {
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
    Ok(Api::ok(Empty).saying("api.password_changed"))
}
