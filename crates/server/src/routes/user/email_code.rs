//! `POST user/captcha` (silent): sends an e-mail code.

use actix_web::web;
use domain::Input;
use domain::email::Email;
use domain::forms::EmailForm;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CodeSent, Delivery, issue_code, start_with_email};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::email_codes::{Purpose, RESEND_COOLDOWN_MS};
use crate::services::login_tickets;
use crate::state::AppState;

/// Which code to mail: `{accountId}`, `{email, token, purpose}` or `{purpose: "verify"}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    /// The login ticket `POST user/login` answered: mails the code it asks for.
    #[serde(default)]
    account_id: Input<String>,
    /// A resend during registration or recovery (with `email` and `token`), or `verify` (with a
    /// session: a code to the user's own address).
    #[serde(default)]
    purpose: Input<CodePurpose>,
    #[serde(flatten)]
    email: EmailForm,
    /// A solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
    #[serde(default)]
    token: Input<String>,
}

/// What a code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CodePurpose {
    Register,
    ForgetPassword,
    Verify,
}

/// A code was mailed: wait this long before asking again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResendAfter {
    /// Seconds before another code may be asked for.
    resend_after: u64,
}

/// What a resend answers: as the first step of its flow, or the wait.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum CodeAnswer {
    Mailed(ResendAfter),
    CodeSent(CodeSent),
}

/// Mail an e-mail code (silent)
///
/// Three request shapes:
///
/// - `{accountId}`: the second step of a login whose ticket asks for an e-mail code; mails it
///   to the ticket's address and answers `ResendAfter`. 400 when the ticket is unknown,
///   expired or asks for no e-mail code.
/// - `{email, token, purpose}`: a resend during registration (`register`) or recovery
///   (`forgetPassword`); spends the captcha `token` and answers as step 1 of those calls does,
///   whatever the address.
/// - `{purpose: "verify"}` with a session (`Access-Token`): a code to the user's own address
///   for step-up verification; 101 without a session.
///
/// statusCodes: 200, 101, 102 (e-mail), 400 (captcha, ticket, or no valid `purpose`), 429
/// (resend cooldown or too many codes).
#[utoipa::path(
    post,
    path = "/user/captcha",
    tag = "auth",
    request_body = CodeRequest,
    responses((status = 200, body = Reply<CodeAnswer>))
)]
pub async fn send_code(
    state: web::Data<AppState>,
    body: Body<CodeRequest>,
    client: Client,
    user: Option<CurrentUser>,
) -> ApiResult<CodeAnswer> {
    let mailed = || {
        CodeAnswer::Mailed(ResendAfter {
            resend_after: RESEND_COOLDOWN_MS.unsigned_abs() / 1000,
        })
    };
    if let Some(ticket) = body.account_id.text() {
        let ticket = ticket.to_owned();
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
        return Ok(Api::ok(mailed()).saying("api.email_code_sent"));
    }
    let purpose = body.purpose.value().copied();
    if purpose == Some(CodePurpose::Verify) {
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
        return Ok(Api::ok(mailed()).saying("api.email_code_sent"));
    }
    let purpose = match purpose {
        Some(CodePurpose::Register) => Purpose::Register,
        Some(CodePurpose::ForgetPassword) => Purpose::ForgetPassword,
        _ => return Err(AppError::new(ApiCode::BadRequest, "api.bad_request")),
    };
    let sent = start_with_email(&state, &body.token, &body.email, &client, purpose).await?;
    Ok(Api::ok(CodeAnswer::CodeSent(sent)).saying("api.email_code_sent"))
}
