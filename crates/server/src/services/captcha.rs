//! Bot protection: ALTCHA proof-of-work challenges, each solution accepted once.

use diesel::prelude::*;

use crate::api::{ApiCode, AppError};
use crate::db::schema::captcha_solutions;
use crate::db::{DbConnection, insert_unless_taken};

/// A new challenge, valid for the configured time.
pub fn challenge(
    hmac_key: &[u8],
    max_number: u64,
    now_secs: i64,
    ttl_secs: i64,
) -> altcha::Challenge {
    let mut salt = [0_u8; 12];
    rand::fill(&mut salt);
    let number = rand::random_range(0..=max_number);
    altcha::create_challenge(hmac_key, &salt, number, max_number, now_secs + ttl_secs)
}

/// A harder challenge (an account under attack asks it of unknown clients): its difficulty
/// is signed into it, so [`spend`] can tell it from an ordinary one.
pub fn hard_challenge(
    hmac_key: &[u8],
    max_number: u64,
    now_secs: i64,
    ttl_secs: i64,
) -> altcha::Challenge {
    let mut salt = [0_u8; 12];
    rand::fill(&mut salt);
    let number = rand::random_range(0..=max_number);
    let difficulty = max_number.to_string();
    altcha::create_challenge_with_params(
        hmac_key,
        &salt,
        number,
        max_number,
        now_secs + ttl_secs,
        &[("maxnumber", &difficulty)],
    )
}

/// The refusal every bad, expired or replayed solution gets (the client solves a new one).
pub fn refused() -> AppError {
    AppError::new(ApiCode::BadRequest, "api.captcha_invalid")
}

/// Checks `token` (a base64 ALTCHA payload) and spends it: a second use is refused. Answers
/// how hard the challenge said it was (`None` for an ordinary one).
pub fn spend(
    conn: &mut DbConnection,
    hmac_key: &[u8],
    token: Option<&str>,
    now_ms: i64,
) -> Result<Result<Option<u64>, AppError>, AppError> {
    let Some(token) = token else {
        return Ok(Err(refused()));
    };
    let Ok(solution) = altcha::verify_solution(hmac_key, token, now_ms / 1000) else {
        return Ok(Err(refused()));
    };
    diesel::delete(captcha_solutions::table.filter(captcha_solutions::expires_at.lt(now_ms)))
        .execute(conn)?;
    // The challenge's primary key makes a solution single-use, also when it is sent many times
    // at once (a count first would let concurrent uses all see none).
    let remembered = insert_unless_taken(conn, |conn| {
        diesel::insert_into(captcha_solutions::table)
            .values((
                captcha_solutions::challenge.eq(&solution.challenge),
                captcha_solutions::expires_at.eq(solution.expires_at * 1000),
            ))
            .execute(conn)
    })?;
    Ok(if remembered {
        Ok(solution.max_number)
    } else {
        Err(refused())
    })
}
