//! Step-up verification: one mechanism for every sensitive action.
//!
//! The domain crate's policy decides, from the user's security configuration, which factors an
//! action needs (e-mail code, authenticator code, security PIN). A request missing a needed
//! factor gets 103 with the `{email, mfa, security}` flags; a wrong one 104. Each factor has its
//! own attempt limit (5 wrong in 15 minutes, then 429 with the seconds left), and an e-mail code
//! is spent by the action it verified.

use std::future::Future;

use domain::forms::{Form, VerificationForm};
use domain::security::{SecureAction, required_factors};

use super::authenticators::CodeCheck;
use super::email_codes::{self, Purpose};
use super::throttle::{self, Limit};
use super::vault::Vault;
use super::{accounts, authenticators};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::sessions::SessionUser;
use crate::state::AppState;

/// Wrong attempts per factor and user: 5 in 15 minutes.
pub const PER_FACTOR: Limit = Limit {
    hits: 5,
    window_ms: 15 * 60_000,
};

/// Checks the verification `action` needs for `user`, from the request's `codes`.
pub async fn verify(
    state: &AppState,
    user: &SessionUser,
    action: SecureAction,
    codes: &VerificationForm,
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
    if codes.lacks(factors) {
        return Err(AppError::verification_required(factors));
    }
    let codes = codes.parse(&factors)?;
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
                    Ok(
                        email_codes::judge(conn, &key, &email, Purpose::Verify, &code, now)?
                            .map_err(|refusal| Rejected {
                                error: refusal.error(),
                                guess: refusal.is_guess(),
                            }),
                    )
                })
            })
            .await??;
    }
    Ok(())
}

/// A code check's refusal, and whether it was a guess: only guesses count against the limit.
#[derive(Debug)]
pub struct Rejected {
    pub error: AppError,
    pub guess: bool,
}

/// Runs `check` of one factor (`mfa`, `email`) within that factor's attempt limit for
/// `user_id`, inside the caller's transaction: 429 while locked. The try is taken before the
/// check, in the same transaction (checks of one factor sent at once take turns on its row, and
/// a crash takes nothing), and given back unless the check was a guess: a wrong code counts; a
/// right code, an expired key or the right code sent twice never locks anyone out.
pub fn within_limit<T>(
    conn: &mut DbConnection,
    factor: &str,
    user_id: &str,
    now: i64,
    check: impl FnOnce(&mut DbConnection) -> Result<Result<T, Rejected>, AppError>,
) -> Result<Result<T, AppError>, AppError> {
    let limit_key = format!("verify:{factor}:{user_id}");
    let attempt = throttle::take(conn, &limit_key, PER_FACTOR, now)?;
    if attempt.over(PER_FACTOR) {
        return Ok(Err(AppError::too_many_attempts(attempt.seconds_left)));
    }
    let outcome = check(conn)?;
    if !matches!(&outcome, Err(Rejected { guess: true, .. })) {
        throttle::give_back(conn, &limit_key)?;
    }
    Ok(outcome.map_err(|rejected| rejected.error))
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
        let refused = |guess| {
            Err(Rejected {
                error: AppError::new(ApiCode::VerificationWrong, "api.mfa_wrong"),
                guess,
            })
        };
        Ok(
            match authenticators::check_code(conn, vault, user_id, code, now)? {
                CodeCheck::Right => Ok(()),
                CodeCheck::Used => refused(false),
                CodeCheck::Wrong => refused(true),
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
    let key = format!("verify:security:{}", user.user_id);
    if check_hashed(state, &key, state.passwords.verify(pin, hash)).await? {
        Ok(())
    } else {
        Err(AppError::new(ApiCode::VerificationWrong, "api.pin_wrong"))
    }
}

/// How long one check of a hashed secret may hold its user's turn: a crashed check frees it
/// after this.
const TURN_MS: i64 = 10_000;
/// How long a check waits for its turn before giving up (429): checks of one user are judged
/// one at a time, at the speed of the password hash.
const TURN_WAIT: std::time::Duration = std::time::Duration::from_secs(60);
/// How often a waiting check looks for its turn.
const TURN_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Checks a secret kept as a password hash (the PIN, the current password) under `key`'s
/// attempt limit: `Ok(true)` right, `Ok(false)` wrong, 429 while the limit is reached.
///
/// Only a wrong secret counts. The checks of one key take turns (a lease in the database, so
/// it holds across instances and a crash frees it): attempts sent at once are judged one after
/// another, so the right secret sent ten times at once passes ten times, and twenty wrong ones
/// stop at the limit. Nothing is counted before the answer is known, so a crash mid-check
/// leaves no attempt counted that nobody made.
pub async fn check_hashed(
    state: &AppState,
    key: &str,
    verify: impl Future<Output = Result<bool, AppError>>,
) -> Result<bool, AppError> {
    let deadline = tokio::time::Instant::now() + TURN_WAIT;
    loop {
        let (key, now) = (key.to_owned(), state.clock.now_ms());
        let turn = state
            .db
            .write(move |conn| take_turn(conn, &key, now))
            .await??;
        if turn {
            break;
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(AppError::too_many_attempts(1));
        }
        tokio::time::sleep(TURN_POLL).await;
    }
    let verified = verify.await;
    let (key, wrong, now) = (
        key.to_owned(),
        matches!(verified, Ok(false)),
        state.clock.now_ms(),
    );
    state
        .db
        .write(move |conn| end_turn(conn, &key, wrong, now))
        .await?;
    verified
}

fn lease_of(key: &str) -> String {
    format!("turn:{key}")
}

/// Takes the turn of `key`'s checks, inside the caller's transaction: `Ok(true)` it is this
/// check's, `Ok(false)` another check holds it, 429 while the limit is reached.
///
/// The lease is taken before the count is read. On PostgreSQL (read committed) each statement
/// sees what was committed when it started, and the previous holder ends its lease and counts
/// its wrong attempt in one transaction: taking the lease waits for that transaction, so the
/// count read after it includes that attempt. Read before the lease, it could be the count
/// from before that attempt, and a sixth wrong secret would be judged.
pub fn take_turn(
    conn: &mut DbConnection,
    key: &str,
    now: i64,
) -> Result<Result<bool, AppError>, AppError> {
    let lease = lease_of(key);
    let turn = throttle::try_lease(conn, &lease, now + TURN_MS, now)?;
    if let Some(attempt) = throttle::peek(conn, key, PER_FACTOR, now)?
        && attempt.over(PER_FACTOR)
    {
        if turn {
            throttle::end_lease(conn, &lease)?;
        }
        return Ok(Err(AppError::too_many_attempts(attempt.seconds_left)));
    }
    Ok(Ok(turn))
}

/// Ends the turn [`take_turn`] gave, counting the attempt when the secret was `wrong`, in one
/// transaction (the caller's).
pub fn end_turn(conn: &mut DbConnection, key: &str, wrong: bool, now: i64) -> Result<(), AppError> {
    throttle::end_lease(conn, &lease_of(key))?;
    if wrong {
        throttle::take(conn, key, PER_FACTOR, now)?;
    }
    Ok(())
}
