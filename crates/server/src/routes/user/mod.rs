//! `user/*`: registration, login, recovery, sessions, and the user's own data.
//!
//! Register and recover never reveal whether an address has an account: both answer the same
//! way, in the same time, and mail either a code or a notice in the background.

pub mod authenticators;
pub mod change_password;
pub mod config;
pub mod countries;
pub mod email_code;
pub mod forget_password;
pub mod login;
pub mod logout;
pub mod mobile;
pub mod profile;
pub mod register;
pub mod security_events;
pub mod security_pin;
pub mod sessions;
pub mod switch;
pub mod verification_factors;

use domain::email::Email;
use domain::error::Params;
use domain::forms::{EmailForm, NewPasswordForm, NoContext, VerificationForm};
use domain::i18n::Locale;
use domain::security::Factors;
use serde_json::json;

use crate::api::{AppError, JsonBody};
use crate::extract::Client;
use crate::mailer::Mail;
use crate::services::accounts;
use crate::services::captcha;
use crate::services::email_codes::{self, Purpose};
use crate::services::sessions::SessionUser;
use crate::state::AppState;

/// Mails the account holder a notice (`mail.<kind>` with `params`) about a change to their
/// account, in their language, without making the answer wait.
fn notify<'a>(
    state: &AppState,
    user: &SessionUser,
    kind: &str,
    params: impl IntoIterator<Item = (&'a str, &'a str)>,
) {
    let params: Params = params.into_iter().collect();
    let mail = Mail::from_catalogue(&user.email, kind, Locale::from_tag(&user.locale), &params);
    state.mailer.send_later(mail);
}

/// What the holder of an address receives when a code is asked for.
enum Delivery {
    /// The code itself.
    Code,
    /// A notice instead of the code (`mail.<kind>`), e.g. "this address already has an account".
    Notice(&'static str),
    /// Nothing: the address has no account to recover.
    Nothing,
}

/// Spends the request's captcha solution (`token`); refused when missing, wrong or used.
async fn spend_captcha(state: &AppState, body: &JsonBody) -> Result<(), AppError> {
    let key = state.config.secrets.captcha_hmac_key.expose().clone();
    let token = body.text("token");
    let now = state.clock.now_ms();
    state
        .db
        .write(move |conn| captcha::spend(conn, &key, token.as_deref(), now))
        .await?
}

/// Issues a code for `email` and `purpose` within the limits, and mails what `delivery` says.
async fn issue_code(
    state: &AppState,
    email: &Email,
    purpose: Purpose,
    client: &Client,
    delivery: Delivery,
    locale: Locale,
) -> Result<(), AppError> {
    let key = state.code_key();
    let now = state.clock.now_ms();
    let (address, ip) = (email.as_str().to_owned(), client.ip.clone());
    let code = state
        .db
        .write(move |conn| email_codes::issue(conn, &key, &address, purpose, &ip, now))
        .await??;
    let mail = match delivery {
        Delivery::Code => Some(Mail::from_catalogue(
            email.as_str(),
            "code",
            locale,
            &[("code", code)].into_iter().collect(),
        )),
        Delivery::Notice(kind) => Some(Mail::from_catalogue(
            email.as_str(),
            kind,
            locale,
            &Params::default(),
        )),
        Delivery::Nothing => None,
    };
    if let Some(mail) = mail {
        state.mailer.send_later(mail);
    }
    Ok(())
}

/// Register and recover, step 1 (and their resends): captcha, e-mail, then a code or a notice.
/// The answer is the same whether or not the address has an account.
async fn start_with_email(
    state: &AppState,
    body: &JsonBody,
    client: &Client,
    purpose: Purpose,
) -> Result<serde_json::Value, AppError> {
    spend_captcha(state, body).await?;
    let email = body.form::<EmailForm>(&NoContext)?;
    let address = email.as_str().to_owned();
    let account = state
        .db
        .read(move |conn| accounts::find_by_email(conn, &address).map_err(AppError::from))
        .await?;
    let locale = crate::api::locale();
    let delivery = match (purpose, account) {
        (Purpose::Register, None) | (Purpose::ForgetPassword, Some(_)) => Delivery::Code,
        (Purpose::Register, Some(_)) => Delivery::Notice("already_registered"),
        _ => Delivery::Nothing,
    };
    issue_code(state, &email, purpose, client, delivery, locale).await?;
    Ok(
        json!({ "email": true, "mfa": false, "security": false, "resendAfter": email_codes::RESEND_COOLDOWN_MS / 1000 }),
    )
}

/// Register and recover, step 2: the address, its e-mail code and the new password, checked by
/// the domain crate's forms (102 with their field errors otherwise).
fn email_code_and_new_password(body: &JsonBody) -> Result<(Email, String, String), AppError> {
    let email = body.form::<EmailForm>(&NoContext)?;
    let password = body.form::<NewPasswordForm>(&NoContext)?;
    let only_email = Factors {
        email: true,
        mfa: false,
        security: false,
    };
    let code = body
        .form::<VerificationForm>(&only_email)?
        .email_code
        .unwrap_or_default();
    Ok((email, password, code))
}
