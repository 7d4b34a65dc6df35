//! `POST user/captcha` (silent): sends an e-mail code.
//!
//! - `{accountId}`: the second step of a login (the ticket proves the password);
//! - `{email, token, purpose: "register" | "forgetPassword"}`: a resend during registration or
//!   recovery (answers as step 1 does, whatever the address);
//! - `{purpose: "verify"}` with a session: a code to the user's own address for step-up
//!   verification.

use actix_web::web;
use domain::email::Email;
use serde_json::json;

use super::{Delivery, issue_code, start_with_email};
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::email_codes::{Purpose, RESEND_COOLDOWN_MS};
use crate::services::login_tickets;
use crate::state::AppState;

pub async fn send_code(
    state: web::Data<AppState>,
    body: JsonBody,
    client: Client,
    user: Option<CurrentUser>,
) -> ApiResult {
    if let Some(ticket) = body.text("accountId") {
        let now = state.clock.now_ms();
        let pending = state
            .db
            .read(move |conn| login_tickets::find(conn, &ticket, now).map_err(AppError::from))
            .await?;
        let Some(pending) = pending.filter(|p| p.need_email) else {
            // As the login's second step answers a dead ticket.
            return Err(AppError::new(ApiCode::BadRequest, "api.login_expired"));
        };
        let email = Email::parse(&pending.email)
            .ok_or_else(|| AppError::internal(anyhow::anyhow!("stored e-mail does not parse")))?;
        issue_code(
            &state,
            &email,
            Purpose::Login,
            &client,
            Delivery::Code,
            pending.locale(),
        )
        .await?;
        return Ok(Api::ok(json!({ "resendAfter": RESEND_COOLDOWN_MS / 1000 }))
            .saying("api.email_code_sent"));
    }
    if body.text("purpose").as_deref() == Some("verify") {
        let CurrentUser(user) = user.ok_or_else(AppError::not_logged_in)?;
        let email = Email::parse(&user.email)
            .ok_or_else(|| AppError::internal(anyhow::anyhow!("stored e-mail does not parse")))?;
        issue_code(
            &state,
            &email,
            Purpose::Verify,
            &client,
            Delivery::Code,
            domain::i18n::Locale::from_tag(&user.locale),
        )
        .await?;
        return Ok(Api::ok(json!({ "resendAfter": RESEND_COOLDOWN_MS / 1000 }))
            .saying("api.email_code_sent"));
    }
    let purpose = match body.text("purpose").as_deref() {
        Some("register") => Purpose::Register,
        Some("forgetPassword") => Purpose::ForgetPassword,
        _ => return Err(AppError::new(ApiCode::BadRequest, "api.bad_request")),
    };
    Ok(
        Api::ok(start_with_email(&state, &body, &client, purpose).await?)
            .saying("api.email_code_sent"),
    )
}
