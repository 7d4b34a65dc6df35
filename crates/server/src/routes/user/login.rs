//! `POST user/login`.
//!
//! Step 1 `{email, password, token}`: after the captcha, the attempt limits and the password,
//! either a session (`token`) or, when the user's login settings ask for more, the factors
//! needed and a ticket (`accountId`). Step 2 `{accountId, emailCaptcha, …}` completes it.
//! An unknown address and a wrong password get the same answer in the same time.

use actix_web::web;
use domain::forms::{LoginForm, NoContext, VerificationForm};
use domain::security::{SecureAction, required_factors};
use serde_json::json;

use super::spend_captcha;
use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::Client;
use crate::services::email_codes::{self, Purpose};
use crate::services::security_log::{self, Event};
use crate::services::throttle::{self, LOGIN_PER_ACCOUNT, LOGIN_PER_IP};
use crate::services::{accounts, login_tickets, sessions, verification};
use crate::state::AppState;

pub async fn login(state: web::Data<AppState>, body: JsonBody, client: Client) -> ApiResult {
    if let Some(ticket) = body.text("accountId") {
        return complete(&state, &body, &client, ticket).await;
    }
    spend_captcha(&state, &body).await?;
    let login = body.form::<LoginForm>(&NoContext)?;
    let email = login.email.as_str().to_owned();
    let ip_key = format!("login:ip:{}", client.ip);
    // Keyed by the address, known or not, so a lockout reveals nothing either.
    let account_key = format!("login:account:{email}");

    // The attempt is counted before the password is checked, so attempts sent at once cannot
    // all pass a check made before any of them failed.
    let now = state.clock.now_ms();
    let (keys, address) = ((ip_key.clone(), account_key.clone()), email.clone());
    let (attempt, account) = state
        .db
        .write(move |conn| {
            let by_ip = throttle::take(conn, &keys.0, LOGIN_PER_IP, now)?;
            if by_ip.over(LOGIN_PER_IP) {
                return Ok(Err(AppError::too_many_attempts(by_ip.seconds_left)));
            }
            let by_account = throttle::take(conn, &keys.1, LOGIN_PER_ACCOUNT, now)?;
            if by_account.over(LOGIN_PER_ACCOUNT) {
                // No password was tried: the client's count stays as it was.
                throttle::give_back(conn, &keys.0)?;
                return Ok(Err(AppError::too_many_attempts(by_account.seconds_left)));
            }
            Ok(Ok((by_account, accounts::find_by_email(conn, &address)?)))
        })
        .await??;

    let stored_hash = account.as_ref().map(|a| a.password_hash.clone());
    if !state.passwords.verify(login.password, stored_hash).await? {
        let user_id = account.map(|a| a.id);
        let client = client.clone();
        let now = state.clock.now_ms();
        let locked = attempt.last(LOGIN_PER_ACCOUNT);
        state
            .db
            .write(move |conn| {
                let event = if locked {
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
                Ok(())
            })
            .await?;
        return Err(if locked {
            AppError::too_many_attempts(attempt.seconds_left)
        } else {
            AppError::new(ApiCode::Refused, "api.login_failed")
        });
    }

    let account = account.ok_or_else(|| {
        AppError::internal(anyhow::anyhow!("a verified password without an account"))
    })?;
    let (now, lifetimes) = (state.clock.now_ms(), state.session_lifetimes());
    let answer = state
        .db
        .write(move |conn| {
            // A success is not a failure: forget the account's, and give the client's back.
            throttle::clear(conn, &account_key)?;
            throttle::give_back(conn, &ip_key)?;
            let config = accounts::security_config(conn, &account.id)?;
            let factors = required_factors(SecureAction::Login, &config);
            if factors.none() {
                security_log::record(conn, Some(&account.id), Event::LoginSucceeded, &client.ip, &client.user_agent, now)?;
                let token = sessions::open(conn, &account.id, &client.ip, &client.user_agent, lifetimes, now)?;
                return Ok(json!({ "token": token, "email": false, "mfa": false, "security": false }));
            }
            let ticket = login_tickets::create(conn, &account.id, factors, now)?;
            Ok(json!({ "email": factors.email, "mfa": factors.mfa, "security": factors.security, "accountId": ticket }))
        })
        .await?;
    let key = if answer.get("token").is_some() {
        "api.logged_in"
    } else {
        // A 200 shown as a success toast: it says what went right and what comes next.
        "api.login_codes_needed"
    };
    Ok(Api::ok(answer).saying(key))
}

/// Step 2: the codes the ticket asks for.
async fn complete(state: &AppState, body: &JsonBody, client: &Client, ticket: String) -> ApiResult {
    let now = state.clock.now_ms();
    let pending = state
        .db
        .read(move |conn| login_tickets::find(conn, &ticket, now).map_err(AppError::from))
        .await?;
    let Some(pending) = pending else {
        return Err(AppError::new(ApiCode::BadRequest, "api.login_expired"));
    };
    let factors = pending.factors();
    let verification = body.form::<VerificationForm>(&factors)?;
    if factors.security {
        // The login policy never asks for the PIN (it has no login switch).
        return Err(AppError::internal(anyhow::anyhow!(
            "a login ticket asks for the security PIN"
        )));
    }
    let (key, client, lifetimes) = (state.code_key(), client.clone(), state.session_lifetimes());
    let vault = state.vault.clone();
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
            throttle::clear(conn, &format!("login:account:{}", pending.email))?;
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
    Ok(
        Api::ok(json!({ "token": token, "email": false, "mfa": false, "security": false }))
            .saying("api.logged_in"),
    )
}
