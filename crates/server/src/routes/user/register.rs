//! `POST user/register`: step 1 `{email, token}` mails a code (or, to an address that already
//! has an account, a notice); step 2 `{email, emailCaptcha, password, confirm}` creates the
//! account and logs in.

use actix_web::web;
use serde_json::json;

use super::start_with_email;
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::Client;
use crate::services::email_codes::{self, Purpose};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, sessions};
use crate::state::AppState;

pub async fn register(state: web::Data<AppState>, body: JsonBody, client: Client) -> ApiResult {
    if body.text("emailCaptcha").is_none() && body.text("password").is_none() {
        return Ok(
            Api::ok(start_with_email(&state, &body, &client, Purpose::Register).await?)
                .saying("api.email_code_sent"),
        );
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
    Ok(
        Api::ok(json!({ "token": token, "email": false, "mfa": false, "security": false }))
            .saying("api.registered"),
    )
}
