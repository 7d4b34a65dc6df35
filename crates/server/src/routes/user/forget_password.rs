//! `POST user/forgetPassword`: step 1 `{email, token}` mails a code when the address has an
//! account (the answer is the same when it has none); step 2 `{email, emailCaptcha, password,
//! confirm}` sets the new password, ends every session and tells the account holder.

use actix_web::web;
use domain::i18n::Locale;

use super::start_with_email;
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::Client;
use crate::mailer::Mail;
use crate::services::email_codes::{self, Purpose};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, sessions};
use crate::state::AppState;

pub async fn forget_password(
    state: web::Data<AppState>,
    body: JsonBody,
    client: Client,
) -> ApiResult {
    if body.text("emailCaptcha").is_none() && body.text("password").is_none() {
        return Ok(Api::ok(
            start_with_email(&state, &body, &client, Purpose::ForgetPassword).await?,
        )
        .saying("api.email_code_sent"));
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
    Ok(Api::ok(serde_json::Value::Null).saying("api.password_reset"))
}
