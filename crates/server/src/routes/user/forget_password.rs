//! `POST user/forgetPassword`: mail a code, then set a new password.

use actix_web::web;
use domain::i18n::Locale;
use serde::Serialize;
use utoipa::ToSchema;

use super::{CodeSent, EmailSteps, start_with_email};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Reply};
use crate::extract::Client;
use crate::mailer::Mail;
use crate::services::email_codes::{self, Purpose};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, sessions};
use crate::state::AppState;

/// Step 1 mailed a code; step 2 set the password (no content).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Recovery {
    CodeSent(CodeSent),
    PasswordSet(Empty),
}

/// Recover: mail a code, then set a new password
///
/// Step 1 `{email, token}` (no `emailCaptcha` nor `password`): spends the captcha and mails a
/// code when the address has an account; the answer (`CodeSent`) is the same when it has none.
///
/// Step 2 `{email, emailCaptcha, password, confirm}`: checks the code, sets the new password,
/// ends every session of the account and mails its holder; `content` is null.
///
/// statusCodes: 200, 102, 104, 400 (captcha), 429.
#[utoipa::path(
    post,
    path = "/user/forgetPassword",
    tag = "auth",
    request_body = EmailSteps,
    responses((status = 200, body = Reply<Recovery>))
)]
pub async fn forget_password(
    state: web::Data<AppState>,
    body: Body<EmailSteps>,
    client: Client,
) -> ApiResult<Recovery> {
    if body.is_first_step() {
        let sent = start_with_email(
            &state,
            &body.token,
            &body.email,
            &client,
            Purpose::ForgetPassword,
        )
        .await?;
        return Ok(Api::ok(Recovery::CodeSent(sent)).saying("api.email_code_sent"));
    }
    let (email, password, code) = super::email_code_and_new_password(&body)?;

    let (key, now, address) = (
        state.code_key(),
        state.clock.now_ms(),
        email.as_str().to_owned(),
    );
    let account = state
        .db
        .write(move |conn| {
            let checked =
                email_codes::check(conn, &key, &address, Purpose::ForgetPassword, &code, now)?;
            let account = accounts::find_by_email(conn, &address)?;
            Ok(checked.and_then(|()| {
                account.ok_or_else(|| {
                    AppError::new(ApiCode::VerificationWrong, "api.verification_wrong")
                })
            }))
        })
        .await??;

    let hash = state.passwords.hash(password).await?;
    let (now, user_id, client_ip, user_agent) = (
        state.clock.now_ms(),
        account.id.clone(),
        client.ip.clone(),
        client.user_agent.clone(),
    );
    state
        .db
        .write(move |conn| {
            accounts::set_password(conn, &user_id, &hash, now)?;
            sessions::revoke_all(conn, &user_id, now)?;
            security_log::record(
                conn,
                Some(&user_id),
                Event::PasswordReset,
                &client_ip,
                &user_agent,
                now,
            )?;
            Ok(())
        })
        .await?;
    let mail = Mail::from_catalogue(
        email.as_str(),
        "password_reset",
        Locale::from_tag(&account.locale),
        &domain::error::Params::default(),
    );
    state.mailer.send_later(mail);
    Ok(Api::ok(Recovery::PasswordSet(Empty)).saying("api.password_reset"))
}
