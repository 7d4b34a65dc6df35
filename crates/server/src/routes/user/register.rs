//! `POST user/register`: mail a code, then create the account.

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use super::{CodeSent, EmailSteps, Session, start_with_email};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::Client;
use crate::services::email_codes::{self, Purpose};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, sessions};
use crate::state::AppState;

/// Step 1 mailed a code; step 2 opened a session.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Registration {
    CodeSent(CodeSent),
    Session(Session),
}

/// Register: mail a code, then create the account
///
/// Step 1 `{email, token}` (no `emailCaptcha` nor `password`): spends the captcha and mails a
/// code to a new address, or a notice to one that already has an account; the answer
/// (`CodeSent`) is the same either way.
///
/// Step 2 `{email, emailCaptcha, password, confirm}`: checks the code, creates the account and
/// opens a session (`Session`).
///
/// statusCodes: 200, 102, 104 (wrong, expired or used-up code), 400 (captcha), 429.
#[utoipa::path(
    post,
    path = "/user/register",
    tag = "auth",
    request_body = EmailSteps,
    responses((status = 200, body = Reply<Registration>))
)]
pub async fn register(
    state: web::Data<AppState>,
    body: Body<EmailSteps>,
    client: Client,
) -> ApiResult<Registration> {
    if body.is_first_step() {
        let sent =
            start_with_email(&state, &body.token, &body.email, &client, Purpose::Register).await?;
        return Ok(Api::ok(Registration::CodeSent(sent)).saying("api.email_code_sent"));
    }
    let (email, password, code) = super::email_code_and_new_password(&body)?;

    // The code first (spent even if the rest fails), so a wrong one costs no password hash.
    let (key, now, address) = (
        state.code_key(),
        state.clock.now_ms(),
        email.as_str().to_owned(),
    );
    state
        .db
        .write(move |conn| {
            let checked = email_codes::check(conn, &key, &address, Purpose::Register, &code, now)?;
            // An address with an account never got its code: a right guess is still wrong.
            let exists = accounts::find_by_email(conn, &address)?.is_some();
            Ok(checked.and_then(|()| {
                if exists {
                    Err(AppError::new(
                        ApiCode::VerificationWrong,
                        "api.verification_wrong",
                    ))
                } else {
                    Ok(())
                }
            }))
        })
        .await??;

    let hash = state.passwords.hash(password).await?;
    let (now, address, lifetimes, locale) = (
        state.clock.now_ms(),
        email.as_str().to_owned(),
        state.session_lifetimes(),
        crate::api::locale().tag(),
    );
    let token = state
        .db
        .write(move |conn| {
            if accounts::find_by_email(conn, &address)?.is_some() {
                return Err(AppError::new(
                    ApiCode::VerificationWrong,
                    "api.verification_wrong",
                ));
            }
            let user_id = accounts::create(conn, &address, &hash, "user", locale, now)?;
            security_log::record(
                conn,
                Some(&user_id),
                Event::Registered,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(sessions::open(
                conn,
                &user_id,
                &client.ip,
                &client.user_agent,
                lifetimes,
                now,
            )?)
        })
        .await?;
    Ok(Api::ok(Registration::Session(Session::of(token))).saying("api.registered"))
}
