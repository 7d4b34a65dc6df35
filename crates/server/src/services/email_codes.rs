//! One-time e-mail codes: 6 digits, stored as an HMAC (a leaked table reveals no code), valid
//! 10 minutes, 5 wrong tries, one new code a minute per address and purpose, and hourly limits
//! per address and per client.

use diesel::prelude::*;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::throttle::{self, CODES_PER_ADDRESS, CODES_PER_IP};
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
    let address_key = format!("code:address:{email}");
    let ip_key = format!("code:ip:{ip}");
    for (k, limit) in [(&ip_key, CODES_PER_IP), (&address_key, CODES_PER_ADDRESS)] {
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

/// Checks `code`: spends it when right; counts every try (kept even though the request
/// fails); 104 for wrong, expired or exhausted codes.
///
/// The try is counted before the code is compared, in one statement (`attempts + 1` where
/// fewer than the maximum were made): tries sent at once are counted one after another (on
/// PostgreSQL the row stays locked until the transaction ends), so they cannot all be
/// compared against a count read before any of them failed.
pub fn check(
    conn: &mut DbConnection,
    key: &[u8],
    email: &str,
    purpose: Purpose,
    code: &str,
    now: i64,
) -> Result<Result<(), AppError>, AppError> {
    let latest: Option<(String, String, i64)> = email_codes::table
        .filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str()))
                .and(email_codes::consumed_at.is_null()),
        )
        .select((
            email_codes::id,
            email_codes::code_hash,
            email_codes::expires_at,
        ))
        .order(email_codes::created_at.desc())
        .first(conn)
        .optional()?;
    let wrong = || AppError::new(ApiCode::VerificationWrong, "api.verification_wrong");
    let exhausted = || AppError::new(ApiCode::VerificationWrong, "api.email_code_exhausted");
    let Some((id, hash, expires)) = latest else {
        return Ok(Err(wrong()));
    };
    if now >= expires {
        return Ok(Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.email_code_expired",
        )));
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
        return Ok(Err(if consumed.is_some() {
            wrong()
        } else {
            exhausted()
        }));
    }
    let expected = digest(key, email, purpose, code);
    if !constant_time_eq(expected.as_bytes(), hash.as_bytes()) {
        return Ok(Err(if attempts >= MAX_ATTEMPTS {
            exhausted()
        } else {
            wrong()
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
