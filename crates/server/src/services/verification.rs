//! Step-up verification: one mechanism for every sensitive action.
//!
//! The domain crate's policy decides, from the user's security configuration, which factors an
//! action needs (e-mail code, authenticator code, security PIN). A request missing a needed
//! factor gets 103 with the `{email, mfa, security}` flags; a wrong one 104. Each factor has its
//! own attempt limit (5 wrong in 15 minutes, then 429 with the seconds left), and an e-mail code
//! is spent by the action it verified.

use domain::forms::VerificationForm;
use domain::input::FromRaw;
use domain::security::{Factors, SecureAction, required_factors};

use super::email_codes::{self, Purpose};
use super::throttle::{self, Limit};
use super::vault::Vault;
use super::{accounts, authenticators, passwords::Passwords};
use crate::api::{ApiCode, AppError, JsonBody};
use crate::db::DbConnection;
use crate::services::sessions::SessionUser;
use crate::state::AppState;

/// Wrong attempts per factor and user: 5 in 15 minutes.
pub const PER_FACTOR: Limit = Limit {
    hits: 5,
    window_ms: 15 * 60_000,
};

/// 103 with the factors the request must carry.
pub fn required(factors: Factors) -> AppError {
    AppError::new(ApiCode::VerificationRequired, "api.verification_required").with_content(factors)
}

/// Checks the verification `action` needs for `user`, from the request `body`.
pub async fn verify(
    state: &AppState,
    user: &SessionUser,
    action: SecureAction,
    body: &JsonBody,
) -> Result<(), AppError> {
    let user_id = user.user_id.clone();
    let (config, pin_hash) = state
        .db
        .read(move |conn| {
            Ok((
                accounts::security_config(conn, &user_id)?,
                accounts::pin_hash(conn, &user_id)?,
            ))
        })
        .await?;
    let factors = required_factors(action, &config);
    if factors.none() {
        return Ok(());
    }
    let missing = |key: &str| body.text(key).is_none();
    if (factors.email && missing("emailCaptcha"))
        || (factors.mfa && missing("mfaCode"))
        || (factors.security && missing("securityPassword"))
    {
        return Err(required(factors));
    }
    let form = VerificationForm::from_raw(body.0.clone()).unwrap_or_default();
    let codes = form_parse(&form, factors)?;
    // The PIN first (nothing is spent by checking it), then the authenticator code (a step
    // spent), then the e-mail code (costlier to get again).
    if let Some(pin) = codes.pin {
        check_pin(state, user, pin, pin_hash).await?;
    }
    if let Some(code) = codes.mfa_code {
        let (vault, now, user_id) = (
            state.vault.clone(),
            state.clock.now_ms(),
            user.user_id.clone(),
        );
        state
            .db
            .write(move |conn| check_mfa(conn, &vault, &user_id, &code, now))
            .await??;
    }
    if let Some(code) = codes.email_code {
        let (key, now, user_id, email) = (
            state.code_key(),
            state.clock.now_ms(),
            user.user_id.clone(),
            user.email.clone(),
        );
        state
            .db
            .write(move |conn| {
                within_limit(conn, "email", &user_id, now, |conn| {
                    email_codes::check(conn, &key, &email, Purpose::Verify, &code, now)
                })
            })
            .await??;
    }
    Ok(())
}

fn form_parse(
    form: &VerificationForm,
    factors: Factors,
) -> Result<domain::forms::Verification, AppError> {
    use domain::forms::Form;
    form.parse(&factors)
        .map_err(|errors| AppError::validation(&errors))
}

/// Runs `check` of one factor (`mfa`, `email`) within that factor's attempt limit for
/// `user_id`, inside the caller's transaction: 429 while locked; a try counts only when the
/// answer is 104 (a wrong code), so expired keys or right codes never lock anyone out.
pub fn within_limit<T>(
    conn: &mut DbConnection,
    factor: &str,
    user_id: &str,
    now: i64,
    check: impl FnOnce(&mut DbConnection) -> Result<Result<T, AppError>, AppError>,
) -> Result<Result<T, AppError>, AppError> {
    let limit_key = format!("verify:{factor}:{user_id}");
    let attempt = throttle::take(conn, &limit_key, PER_FACTOR, now)?;
    if attempt.over(PER_FACTOR) {
        return Ok(Err(AppError::too_many_attempts(attempt.seconds_left)));
    }
    let outcome = check(conn)?;
    if !matches!(&outcome, Err(e) if e.code() == ApiCode::VerificationWrong) {
        throttle::give_back(conn, &limit_key)?;
    }
    Ok(outcome)
}

/// An authenticator code of `user_id`, within the authenticator's attempt limit; run inside
/// the caller's transaction. The inner result is the user's: 429 when locked, 104 when wrong.
pub fn check_mfa(
    conn: &mut DbConnection,
    vault: &Vault,
    user_id: &str,
    code: &str,
    now: i64,
) -> Result<Result<(), AppError>, AppError> {
    within_limit(conn, "mfa", user_id, now, |conn| {
        Ok(
            if authenticators::check_code(conn, vault, user_id, code, now)? {
                Ok(())
            } else {
                Err(AppError::new(ApiCode::VerificationWrong, "api.mfa_wrong"))
            },
        )
    })
}

/// The user's security configuration, as the policy reads it.
pub async fn security_config(
    state: &AppState,
    user_id: &str,
) -> Result<domain::security::SecurityConfig, AppError> {
    let user_id = user_id.to_owned();
    state
        .db
        .read(move |conn| Ok(accounts::security_config(conn, &user_id)?))
        .await
}

/// The PIN against its hash, within the PIN's attempt limit.
async fn check_pin(
    state: &AppState,
    user: &SessionUser,
    pin: String,
    hash: Option<String>,
) -> Result<(), AppError> {
    let (now, limit_key) = (
        state.clock.now_ms(),
        format!("verify:security:{}", user.user_id),
    );
    let key = limit_key.clone();
    let attempt = state
        .db
        .write(move |conn| Ok(throttle::take(conn, &key, PER_FACTOR, now)?))
        .await?;
    if attempt.over(PER_FACTOR) {
        return Err(AppError::too_many_attempts(attempt.seconds_left));
    }
    if Passwords::verify(&state.passwords, pin, hash).await? {
        state
            .db
            .write(move |conn| Ok(throttle::give_back(conn, &limit_key)?))
            .await?;
        return Ok(());
    }
    Err(AppError::new(ApiCode::VerificationWrong, "api.pin_wrong"))
}
