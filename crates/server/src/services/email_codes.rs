//! One-time e-mail codes: 6 digits, stored as an HMAC (a leaked table reveals no code), valid
//! 10 minutes, 5 wrong tries, one new code a minute per address and purpose, an hourly budget
//! per address and purpose (step-up codes a larger one), and an hourly limit per client.

use diesel::prelude::*;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::throttle::{self, CODES_PER_ADDRESS, CODES_PER_IP, STEP_UP_CODES_PER_ADDRESS};
use crate::api::{ApiCode, AppError};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::email_codes;

pub const CODE_TTL_MS: i64 = 10 * 60_000;
pub const MAX_ATTEMPTS: i32 = 5;
pub const RESEND_COOLDOWN_MS: i64 = 60_000;
/// One new code a minute per address and purpose.
const RESEND_COOLDOWN: throttle::Limit = throttle::Limit {
    hits: 1,
    window_ms: RESEND_COOLDOWN_MS,
};

/// What a code proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Register,
    ForgetPassword,
    Login,
    /// A logged-in user's step-up verification.
    Verify,
}

impl Purpose {
    /// The codes one address may be sent for this purpose in an hour.
    const fn budget(self) -> throttle::Limit {
        match self {
            Self::Verify => STEP_UP_CODES_PER_ADDRESS,
            Self::Register | Self::ForgetPassword | Self::Login => CODES_PER_ADDRESS,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::ForgetPassword => "forgetPassword",
            Self::Login => "login",
            Self::Verify => "verify",
        }
    }
}

fn digest(key: &[u8], email: &str, purpose: Purpose, code: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    for part in [email, purpose.as_str(), code] {
        mac.update(part.as_bytes());
        mac.update(&[0]);
    }
    hex::encode(mac.finalize().into_bytes())
}

/// Issues a new code for `email` and `purpose` (earlier ones stop working), within the limits.
/// `Ok(Err(429))` when the caller must wait. Where the address must not learn anything (a
/// register or reset for the wrong kind of address), the caller issues the code all the same
/// and does not mail it: the cooldown and limits behave exactly as for a real one.
pub fn issue(
    conn: &mut DbConnection,
    key: &[u8],
    email: &str,
    purpose: Purpose,
    ip: &str,
    now: i64,
) -> Result<Result<String, AppError>, AppError> {
    // One code a minute, counted before anything else as the limits are: requests sent at
    // once queue on the key's row (PostgreSQL locks it until the transaction ends), so one
    // gets the code and the others the wait. (Reading the newest code's time instead let every
    // request of a burst through: none of them sees another's code before it commits.)
    let resend_key = format!("code:resend:{}:{email}", purpose.as_str());
    let resend = throttle::take(conn, &resend_key, RESEND_COOLDOWN, now)?;
    if resend.over(RESEND_COOLDOWN) {
        return Ok(Err(AppError::resend_cooldown(resend.seconds_left)));
    }
    let address_key = format!("code:address:{}:{email}", purpose.as_str());
    let ip_key = format!("code:ip:{ip}");
    for (k, limit) in [(&ip_key, CODES_PER_IP), (&address_key, purpose.budget())] {
        let attempt = throttle::take(conn, k, limit, now)?;
        if attempt.over(limit) {
            // No code went out: the next request need not wait the minute for this one.
            throttle::give_back(conn, &resend_key)?;
            return Ok(Err(AppError::too_many_attempts(attempt.seconds_left)));
        }
    }
    diesel::update(
        email_codes::table.filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str()))
                .and(email_codes::consumed_at.is_null()),
        ),
    )
    .set(email_codes::consumed_at.eq(now))
    .execute(conn)?;
    let code = format!("{:06}", rand::random_range(0..1_000_000_u32));
    diesel::insert_into(email_codes::table)
        .values((
            email_codes::id.eq(new_id()),
            email_codes::email.eq(email),
            email_codes::purpose.eq(purpose.as_str()),
            email_codes::code_hash.eq(digest(key, email, purpose, &code)),
            email_codes::attempts.eq(0),
            email_codes::created_at.eq(now),
            email_codes::expires_at.eq(now + CODE_TTL_MS),
        ))
        .execute(conn)?;
    Ok(Ok(code))
}

/// Why a code was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeRefusal {
    /// Not the code that was mailed (or none was): a guess.
    Wrong,
    Expired,
    /// The code's own tries are used up.
    Exhausted,
    /// The right code, already spent (by a request sent at the same time, say).
    Used,
}

impl CodeRefusal {
    /// Only a wrong code tells anything about guessing: the others count against no limit.
    pub fn is_guess(self) -> bool {
        self == Self::Wrong
    }

    /// The refusal as the API answers it (104).
    pub fn error(self) -> AppError {
        // A used code reads as a wrong one, as it always has: it no longer works.
        let key = match self {
            Self::Wrong | Self::Used => "api.verification_wrong",
            Self::Expired => "api.email_code_expired",
            Self::Exhausted => "api.email_code_exhausted",
        };
        AppError::new(ApiCode::VerificationWrong, key)
    }
}

/// Checks `code` as [`judge`] does, answering the refusal as the API does.
pub fn check(
    conn: &mut DbConnection,
    key: &[u8],
    email: &str,
    purpose: Purpose,
    code: &str,
    now: i64,
) -> Result<Result<(), AppError>, AppError> {
    Ok(judge(conn, key, email, purpose, code, now)?.map_err(CodeRefusal::error))
}

/// Checks `code`: spends it when right; counts every try on the code (kept even though the
/// request fails).
///
/// The try is counted before the code is compared, in one statement (`attempts + 1` where
/// fewer than the maximum were made): tries sent at once are counted one after another (on
/// PostgreSQL the row stays locked until the transaction ends), so they cannot all be
/// compared against a count read before any of them failed. The right code sent twice at once
/// passes once; the other copy is `Used`, not wrong.
pub fn judge(
    conn: &mut DbConnection,
    key: &[u8],
    email: &str,
    purpose: Purpose,
    code: &str,
    now: i64,
) -> Result<Result<(), CodeRefusal>, AppError> {
    let latest: Option<(String, String, i64, Option<i64>)> = email_codes::table
        .filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str())),
        )
        .select((
            email_codes::id,
            email_codes::code_hash,
            email_codes::expires_at,
            email_codes::consumed_at,
        ))
        .order(email_codes::created_at.desc())
        .first(conn)
        .optional()?;
    let Some((id, hash, expires, consumed)) = latest else {
        return Ok(Err(CodeRefusal::Wrong));
    };
    let right = || {
        let expected = digest(key, email, purpose, code);
        constant_time_eq(expected.as_bytes(), hash.as_bytes())
    };
    if consumed.is_some() {
        return Ok(Err(if right() && now < expires {
            CodeRefusal::Used
        } else {
            CodeRefusal::Wrong
        }));
    }
    if now >= expires {
        return Ok(Err(CodeRefusal::Expired));
    }
    let counted = diesel::update(
        email_codes::table
            .find(&id)
            .filter(email_codes::attempts.lt(MAX_ATTEMPTS))
            .filter(email_codes::consumed_at.is_null()),
    )
    .set(email_codes::attempts.eq(email_codes::attempts + 1))
    .execute(conn)?;
    let (attempts, consumed): (i32, Option<i64>) = email_codes::table
        .find(&id)
        .select((email_codes::attempts, email_codes::consumed_at))
        .first(conn)?;
    if counted == 0 {
        // Spent meanwhile by a concurrent request, or out of tries.
        return Ok(Err(match consumed {
            Some(_) if right() => CodeRefusal::Used,
            Some(_) => CodeRefusal::Wrong,
            None => CodeRefusal::Exhausted,
        }));
    }
    if !right() {
        return Ok(Err(if attempts >= MAX_ATTEMPTS {
            CodeRefusal::Exhausted
        } else {
            CodeRefusal::Wrong
        }));
    }
    diesel::update(email_codes::table.find(&id))
        .set(email_codes::consumed_at.eq(now))
        .execute(conn)?;
    Ok(Ok(()))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
