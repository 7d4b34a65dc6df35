//! `POST user/login`.
//!
//! Step 1 `{email, password, token}`: after the captcha, the attempt limits and the password,
//! either a session (`token`) or, when the user's login settings ask for more, the factors
//! needed and a ticket (`accountId`). Step 2 `{accountId, emailCaptcha, …}` completes it.
//! An unknown address and a wrong password get the same answer in the same time.

use std::sync::Arc;

use actix_web::{HttpRequest, web};
use domain::Input;
use domain::error::Params;
use domain::forms::{Form, LoginForm, NoContext, VerificationForm};
use domain::i18n::Locale;
use domain::security::{Factors, SecureAction, required_factors};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Session, spend_captcha};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::config::Mode;
use crate::extract::Client;
use crate::mailer::Mail;
use crate::services::email_codes::{self, Purpose};
use crate::services::login_guard::{self, Knock, Refused};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, captcha, login_tickets, sessions, trusted_devices, verification};
use crate::state::AppState;

/// Both steps of a login: step 1 `email`, `password` and `token`; step 2 `accountId` and the
/// codes it asks for (`emailCaptcha`, `mfaCode`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[serde(flatten)]
    credentials: LoginForm,
    /// Step 1: a solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
    #[serde(default)]
    token: Input<String>,
    /// Step 2: the ticket step 1 answered; chooses step 2.
    #[serde(default)]
    account_id: Input<String>,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// Step 1 when the user's login settings ask for more: the factors step 2 must carry, and the
/// ticket (`accountId`) it must name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginTicket {
    #[serde(flatten)]
    factors: Factors,
    account_id: String,
}

/// A session, or what step 2 needs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    Session(Session),
    Ticket(LoginTicket),
}

/// Log in: password, then the codes the user's settings ask for
///
/// Step 1 `{email, password, token}`: spends the captcha, applies the attempt limits and
/// checks the password. Answers a session (`Session`) or, when the user's login settings ask
/// for more, the factors needed and a ticket (`LoginTicket`, still statusCode 200); then
/// `POST user/captcha {accountId}` mails the e-mail code.
///
/// Step 2 `{accountId, emailCaptcha, mfaCode}` (chosen by `accountId`): checks the codes the
/// ticket asks for and answers a `Session`.
///
/// An unknown address and a wrong password get the same answer (422). Failures lock out the
/// client that made them, never the owner elsewhere: 5 on an account from one client lock that
/// client out of it for 15 minutes, 20 from one client on any accounts lock it out of all (429).
/// An account that failed 10 times in 15 minutes from anywhere is under attack: a client that
/// has not logged in to it before (no remembered-device cookie, `fiscard_device`, which a
/// successful login sets: HttpOnly, SameSite=Strict) is answered 428 with a harder challenge
/// to solve first, and the owner is told by e-mail.
///
/// statusCodes: 200, 102, 104 (step 2), 400 (captcha; step 2: ticket expired), 422, 428
/// (solve the harder challenge in `content`, then send again), 429 (locked for a while).
#[utoipa::path(
    post,
    path = "/user/login",
    tag = "auth",
    request_body = LoginRequest,
    responses((status = 200, body = Reply<LoginAnswer>))
)]
pub async fn login(
    state: web::Data<AppState>,
    body: Body<LoginRequest>,
    client: Client,
    req: HttpRequest,
) -> ApiResult<LoginAnswer> {
    let device_cookie = req
        .cookie(trusted_devices::COOKIE)
        .map(|c| c.value().to_owned());
    if let Some(ticket) = body.account_id.text() {
        let (answer, user_id) =
            complete(&state, &body.verification, &client, ticket.to_owned()).await?;
        return Ok(remember_device(
            &state,
            answer,
            &user_id,
            device_cookie.as_deref(),
        ));
    }
    let proof = spend_captcha(&state, &body.token).await?;
    let login = body.credentials.parse(&NoContext)?;
    let email = login.email.as_str().to_owned();

    let now = state.clock.now_ms();
    let device_key = state.config.secrets.captcha_hmac_key.expose().clone();
    let hard = hard_proof(&state);
    let (address, ip, cookie) = (email.clone(), client.ip.clone(), device_cookie.clone());
    let admitted = state
        .db
        .write(move |conn| {
            let knock = Knock {
                email: &address,
                ip: &ip,
                device_cookie: cookie.as_deref(),
                proof,
            };
            Ok(login_guard::admit(conn, knock, &device_key, hard, now)?)
        })
        .await?;
    let admitted = match admitted {
        Ok(admitted) => admitted,
        Err(Refused::Wait(seconds)) => return Err(AppError::too_many_attempts(seconds)),
        Err(Refused::ProveHarder) => return Err(harder_proof_required(&state)),
    };

    let stored_hash = admitted.account.as_ref().map(|a| a.password_hash.clone());
    if !state.passwords.verify(login.password, stored_hash).await? {
        return Err(wrong_password(&state, admitted, &email, &client).await?);
    }

    let admitted = Arc::new(admitted);
    let account = admitted.account.clone().ok_or_else(|| {
        AppError::internal(anyhow::anyhow!("a verified password without an account"))
    })?;
    let (now, lifetimes) = (state.clock.now_ms(), state.session_lifetimes());
    let (settled, user_id) = (admitted.clone(), account.id.clone());
    let answer = state
        .db
        .write(move |conn| {
            login_guard::succeeded(conn, &settled)?;
            let config = accounts::security_config(conn, &account.id)?;
            let factors = required_factors(SecureAction::Login, &config);
            if factors.none() {
                security_log::record(
                    conn,
                    Some(&account.id),
                    Event::LoginSucceeded,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
                let token = sessions::open(
                    conn,
                    &account.id,
                    &client.ip,
                    &client.user_agent,
                    lifetimes,
                    now,
                )?;
                return Ok(LoginAnswer::Session(Session::of(token)));
            }
            let account_id = login_tickets::create(conn, &account.id, factors, now)?;
            Ok(LoginAnswer::Ticket(LoginTicket {
                factors,
                account_id,
            }))
        })
        .await?;
    let key = match answer {
        LoginAnswer::Session(_) => "api.logged_in",
        // A 200 shown as a success toast: it says what went right and what comes next.
        LoginAnswer::Ticket(_) => "api.login_codes_needed",
    };
    let answer = Api::ok(answer).saying(key);
    Ok(remember_device(
        &state,
        answer,
        &user_id,
        device_cookie.as_deref(),
    ))
}

/// How hard a proof an attacked account asks of clients it does not know: twenty times the
/// usual work (about a second or two on a phone at the default difficulty).
fn hard_proof(state: &AppState) -> u64 {
    state
        .config
        .captcha_max_number
        .saturating_mul(HARD_PROOF_FACTOR)
}

const HARD_PROOF_FACTOR: u64 = 20;

/// 428 with a challenge of [`hard_proof`]'s difficulty.
fn harder_proof_required(state: &AppState) -> AppError {
    let config = &state.config;
    let challenge = captcha::hard_challenge(
        config.secrets.captcha_hmac_key.expose(),
        hard_proof(state),
        state.clock.now_secs(),
        i64::try_from(config.captcha_ttl.as_secs()).unwrap_or(600),
    );
    AppError::harder_proof_required(challenge)
}

/// A wrong password: logged, counted against the account from everywhere (the owner told when
/// that makes it an attack), and refused — locked when it was the client's last try.
async fn wrong_password(
    state: &AppState,
    admitted: login_guard::Admitted,
    email: &str,
    client: &Client,
) -> Result<AppError, AppError> {
    let (client, now) = (client.clone(), state.clock.now_ms());
    let (failure, owner_locale) = state
        .db
        .write(move |conn| {
            let failure = login_guard::failed(conn, &admitted, now)?;
            let user_id = admitted.account.as_ref().map(|a| a.id.clone());
            let event = if failure.locked.is_some() {
                Event::LoginLocked
            } else {
                Event::LoginFailed
            };
            security_log::record(
                conn,
                user_id.as_deref(),
                event,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            let owner_locale = admitted
                .account
                .as_ref()
                .filter(|_| failure.tell_owner)
                .map(|account| account.locale.clone());
            Ok((failure, owner_locale))
        })
        .await?;
    if let Some(locale) = owner_locale {
        let mail = Mail::from_catalogue(
            email,
            "login_attack",
            Locale::from_tag(&locale),
            &Params::default(),
        );
        state.mailer.send_later(mail);
    }
    Ok(match failure.locked {
        Some(seconds) => AppError::too_many_attempts(seconds),
        None => AppError::new(ApiCode::Refused, "api.login_failed"),
    })
}

/// A session answer sets `user_id`'s remembered-device cookie (a new device, or the one it
/// came from, for another 180 days); a ticket does not yet.
fn remember_device(
    state: &AppState,
    answer: Api<LoginAnswer>,
    user_id: &str,
    cookie: Option<&str>,
) -> Api<LoginAnswer> {
    if !matches!(answer.content(), LoginAnswer::Session(_)) {
        return answer;
    }
    let key = state.config.secrets.captcha_hmac_key.expose();
    let device = cookie.and_then(|value| trusted_devices::device_of(key, user_id, value));
    let secure = state.config.mode == Mode::Production;
    answer.with_cookie(trusted_devices::cookie(key, user_id, device, secure))
}

/// Step 2: the codes the ticket asks for.
async fn complete(
    state: &AppState,
    codes: &VerificationForm,
    client: &Client,
    ticket: String,
) -> Result<(Api<LoginAnswer>, String), AppError> {
    let now = state.clock.now_ms();
    let pending = state
        .db
        .read(move |conn| login_tickets::find(conn, &ticket, now).map_err(AppError::from))
        .await?;
    let Some(pending) = pending else {
        return Err(AppError::new(ApiCode::BadRequest, "api.login_expired"));
    };
    let factors = pending.factors();
    let verification = codes.parse(&factors)?;
    if factors.security {
        // The login policy never asks for the PIN (it has no login switch).
        return Err(AppError::internal(anyhow::anyhow!(
            "a login ticket asks for the security PIN"
        )));
    }
    let (key, client, lifetimes) = (state.code_key(), client.clone(), state.session_lifetimes());
    let (vault, user_id) = (state.vault.clone(), pending.user_id.clone());
    let token = state
        .db
        .write(move |conn| {
            // The authenticator code first (a step spent), then the e-mail code.
            if let Some(code) = &verification.mfa_code
                && let Err(refusal) =
                    verification::check_mfa(conn, &vault, &pending.user_id, code, now)?
            {
                login_tickets::fail(conn, &pending.id)?;
                return Ok(Err(refusal));
            }
            if let Some(code) = &verification.email_code
                && let Err(refusal) =
                    email_codes::check(conn, &key, &pending.email, Purpose::Login, code, now)?
            {
                login_tickets::fail(conn, &pending.id)?;
                return Ok(Err(refusal));
            }
            login_tickets::spend(conn, &pending.id, now)?;
            security_log::record(
                conn,
                Some(&pending.user_id),
                Event::LoginSucceeded,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(Ok(sessions::open(
                conn,
                &pending.user_id,
                &client.ip,
                &client.user_agent,
                lifetimes,
                now,
            )?))
        })
        .await??;
    let answer = Api::ok(LoginAnswer::Session(Session::of(token))).saying("api.logged_in");
    Ok((answer, user_id))
}
