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
    let latest: Option<i64> = email_codes::table
        .filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str())),
        )
        .select(email_codes::created_at)
        .order(email_codes::created_at.desc())
        .first(conn)
        .optional()?;
    if let Some(created) = latest.filter(|c| now - c < RESEND_COOLDOWN_MS) {
        let seconds = u64::try_from((created + RESEND_COOLDOWN_MS - now + 999) / 1000).unwrap_or(1);
        return Ok(Err(AppError::too_many_attempts(seconds)));
    }
    let address_key = format!("code:address:{email}");
    let ip_key = format!("code:ip:{ip}");
    for (k, limit) in [(&address_key, CODES_PER_ADDRESS), (&ip_key, CODES_PER_IP)] {
        if let Some(seconds) = throttle::blocked_for(conn, k, limit, now)? {
            return Ok(Err(AppError::too_many_attempts(seconds)));
        }
    }
    throttle::record(conn, &address_key, CODES_PER_ADDRESS, now)?;
    throttle::record(conn, &ip_key, CODES_PER_IP, now)?;
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

/// Checks `code`: spends it when right; counts a wrong try (kept even though the request
/// fails); 104 for wrong, expired or exhausted codes.
pub fn check(
    conn: &mut DbConnection,
    key: &[u8],
    email: &str,
    purpose: Purpose,
    code: &str,
    now: i64,
) -> Result<Result<(), AppError>, AppError> {
    let latest: Option<(String, String, i32, i64)> = email_codes::table
        .filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str()))
                .and(email_codes::consumed_at.is_null()),
        )
        .select((
            email_codes::id,
            email_codes::code_hash,
            email_codes::attempts,
            email_codes::expires_at,
        ))
        .order(email_codes::created_at.desc())
        .first(conn)
        .optional()?;
    let wrong = || AppError::new(ApiCode::VerificationWrong, "api.verification_wrong");
    let Some((id, hash, attempts, expires)) = latest else {
        return Ok(Err(wrong()));
    };
    if now >= expires {
        return Ok(Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.email_code_expired",
        )));
    }
    if attempts >= MAX_ATTEMPTS {
        return Ok(Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.email_code_exhausted",
        )));
    }
    let expected = digest(key, email, purpose, code);
    if !constant_time_eq(expected.as_bytes(), hash.as_bytes()) {
        diesel::update(email_codes::table.find(&id))
            .set(email_codes::attempts.eq(attempts + 1))
            .execute(conn)?;
        if attempts + 1 >= MAX_ATTEMPTS {
            return Ok(Err(AppError::new(
                ApiCode::VerificationWrong,
                "api.email_code_exhausted",
            )));
        }
        return Ok(Err(wrong()));
    }
    diesel::update(email_codes::table.find(&id))
        .set(email_codes::consumed_at.eq(now))
        .execute(conn)?;
    Ok(Ok(()))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
