//! `user/*`: registration, login, recovery, sessions, and the user's own data.
//!
//! Register and recover never reveal whether an address has an account: both answer the same
//! way, in the same time, and mail either a code or a notice in the background.

pub mod authenticators;
pub mod change_password;
pub mod config;
pub mod countries;
pub mod email_code;
pub mod files;
pub mod first_steps;
pub mod forget_password;
pub mod identity;
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

use domain::Input;
use domain::email::Email;
use domain::error::Params;
use domain::forms::{EmailForm, Form, NewPasswordForm, NoContext, VerificationForm};
use domain::i18n::Locale;
use domain::input::Code;
use domain::security::Factors;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::AppError;
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

/// A session: send `token` as `Access-Token`. The factor flags are all false.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    token: String,
    #[serde(flatten)]
    factors: Factors,
}

impl Session {
    fn of(token: String) -> Session {
        Session {
            token,
            factors: Factors::default(),
        }
    }
}

/// An e-mail code was asked for: the same answer whether or not the address has an account
/// (`email` is true, the other flags false).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    #[serde(flatten)]
    factors: Factors,
    /// Seconds before another code may be asked for.
    resend_after: u64,
}

/// Register and recover, both steps: step 1 sends `email` and `token` (mails a code); step 2
/// sends `email`, `emailCaptcha`, `password` and `confirm`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailSteps {
    #[serde(flatten)]
    email: EmailForm,
    /// Step 1: a solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
    #[serde(default)]
    token: Input<String>,
    /// Step 2: the mailed code (6 digits).
    #[serde(default)]
    email_captcha: Input<Code>,
    #[serde(flatten)]
    password: NewPasswordForm,
}

impl EmailSteps {
    /// Step 2 sends the code or the password; step 1 neither.
    fn is_first_step(&self) -> bool {
        self.email_captcha
            .value()
            .is_none_or(|c| c.as_str().is_empty())
            && self.password.password.text().is_none()
    }
}

/// Spends the request's captcha solution (`token`); refused when missing, wrong or used.
async fn spend_captcha(state: &AppState, token: &Input<String>) -> Result<Option<u64>, AppError> {
    let key = state.config.secrets.captcha_hmac_key.expose().clone();
    let token = token.text().map(str::to_owned);
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
    token: &Input<String>,
    email: &EmailForm,
    client: &Client,
    purpose: Purpose,
) -> Result<CodeSent, AppError> {
    spend_captcha(state, token).await?;
    let email = email.parse(&NoContext)?;
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
    Ok(CodeSent {
        factors: Factors {
            email: true,
            ..Factors::default()
        },
        resend_after: email_codes::RESEND_COOLDOWN_MS.unsigned_abs() / 1000,
    })
}

/// Register and recover, step 2: the address, its e-mail code and the new password, checked by
/// the domain crate's forms (102 with their field errors otherwise).
fn email_code_and_new_password(steps: &EmailSteps) -> Result<(Email, String, String), AppError> {
    let email = steps.email.parse(&NoContext)?;
    let password = steps.password.parse(&NoContext)?;
    let only_email = Factors {
        email: true,
        ..Factors::default()
    };
    let code = VerificationForm {
        email_captcha: steps.email_captcha.clone(),
        ..VerificationForm::default()
    }
    .parse(&only_email)?
    .email_code
    .unwrap_or_default();
    Ok((email, password, code))
}
