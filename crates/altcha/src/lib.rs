//! ALTCHA v1 proof-of-work challenges: create, verify (HMAC-signed, expiring), solve.
//!
//! Byte-for-byte the format of the reference libraries (altcha-lib for TypeScript, Python
//! and Go), so any standard ALTCHA v1 widget solves our challenges and we verify its payloads:
//!
//! - `salt` is `<hex of the caller's random bytes>?expires=<unix seconds>&`: the expiry (and any
//!   other parameter the caller adds, as the references' `params`: a `maxnumber` says how hard
//!   the challenge is) rides in the salt as a URL query parameter, so the hash and the
//!   signature cover it. The
//!   trailing `&` is the references' delimiter against parameter splicing: without it, a
//!   client could move leading digits of `number` onto the end of `expires`
//!   (`…expires=1700000000` + `57` hashes the same as `…expires=17000000005` + `7`).
//! - `challenge` is lowercase hex of `SHA-256(salt + number as a decimal string)`.
//! - `signature` is lowercase hex of `HMAC-SHA-256(key, challenge as its hex text)`.
//! - The solution payload is standard base64 of the JSON
//!   `{"algorithm","challenge","number","salt","signature"}`; a widget adds `took` (and
//!   `test` in its test mode), which are ignored.
//!
//! No I/O and no clock: randomness and the current time are parameters. Verification does
//! not make a solution single-use; the caller remembers [`Verified::challenge`] until
//! [`Verified::expires_at`] for that.

use std::borrow::Cow;
use std::fmt;

use base64::Engine as _;
use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use hmac::digest::{CtOutput, Output};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The one algorithm issued and accepted, spelled as ALTCHA spells it.
pub const ALGORITHM: &str = "SHA-256";

/// Standard alphabet; writes padding, reads it present or absent.
const PAYLOAD_BASE64: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_encode_padding(true)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

type HmacSha256 = Hmac<Sha256>;

/// A challenge to send to the client; serializes with ALTCHA's field names (`algorithm`,
/// `challenge`, `maxnumber`, `salt`, `signature`). Deserializing also accepts `maxNumber`,
/// as the Python and Go references write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = AltchaChallenge))]
pub struct Challenge {
    /// Always [`ALGORITHM`].
    pub algorithm: String,
    /// Lowercase hex of `SHA-256(salt + number)`.
    pub challenge: String,
    /// The largest number the client tries.
    #[serde(alias = "maxNumber")]
    pub maxnumber: u64,
    /// `<random hex>?expires=<unix seconds>&`, and any parameters the caller added.
    pub salt: String,
    /// Lowercase hex of `HMAC-SHA-256(key, challenge)`.
    pub signature: String,
}

/// Creates a challenge.
///
/// `salt_random` are random bytes from the caller (hex-encoded into the salt; 12 bytes is the
/// references' default, and the widget wants a salt of at least 10 characters).
/// `secret_number` is the number the client must find: the caller picks it uniformly in
/// `0..=max_number` with a CSPRNG (a number above `max_number` makes the challenge
/// unsolvable). `expires_at` is in unix seconds; the challenge is valid while `now < expires_at`.
/// Standard clients count in JavaScript numbers, so keep `max_number` below 2^53.
pub fn create_challenge(
    hmac_key: &[u8],
    salt_random: &[u8],
    secret_number: u64,
    max_number: u64,
    expires_at: i64,
) -> Challenge {
    create_challenge_with_params(
        hmac_key,
        salt_random,
        secret_number,
        max_number,
        expires_at,
        &[],
    )
}

/// [`create_challenge`] with more salt parameters after `expires` (`name=value&` each, as the
/// references' `params` option writes them; names and values must not hold `?`, `&` or `=`):
/// signed with the challenge, read back by [`verify_solution`] (a `maxnumber` one becomes
/// [`Verified::max_number`]).
pub fn create_challenge_with_params(
    hmac_key: &[u8],
    salt_random: &[u8],
    secret_number: u64,
    max_number: u64,
    expires_at: i64,
    params: &[(&str, &str)],
) -> Challenge {
    let mut salt = format!("{}?expires={expires_at}&", hex::encode(salt_random));
    for (name, value) in params {
        for part in [*name, "=", *value, "&"] {
            salt.push_str(part);
        }
    }
    let challenge = hex::encode(challenge_hash(&salt, secret_number));
    let signature = hex::encode(new_mac(hmac_key, &challenge).finalize().into_bytes());
    Challenge {
        algorithm: ALGORITHM.to_owned(),
        challenge,
        maxnumber: max_number,
        salt,
        signature,
    }
}

/// A verified solution: the `challenge` hex identifies it (to make it single-use),
/// `expires_at` (unix seconds, from the salt) says until when it must be remembered, and
/// `max_number` how hard the challenge was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The challenge's lowercase hex, unique per issued challenge.
    pub challenge: String,
    /// The `expires` parameter of the salt, in unix seconds.
    pub expires_at: i64,
    /// The `maxnumber` parameter of the salt (signed with it), when it has one: challenges
    /// made elsewhere may not say.
    pub max_number: Option<u64>,
}

/// Why a payload was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerifyError {
    /// Not base64, not JSON, a field missing or of the wrong type, no single well-formed
    /// `expires` parameter in the salt, or a `maxnumber` parameter that is not one number.
    Malformed,
    /// An algorithm other than `SHA-256`.
    UnsupportedAlgorithm,
    /// `now` is at or past the salt's `expires`.
    Expired,
    /// `SHA-256(salt + number)` is not the payload's `challenge`.
    WrongNumber,
    /// The `signature` is not our HMAC of the `challenge`.
    BadSignature,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Malformed => "malformed ALTCHA payload",
            Self::UnsupportedAlgorithm => "unsupported ALTCHA algorithm (only SHA-256 is accepted)",
            Self::Expired => "ALTCHA challenge has expired",
            Self::WrongNumber => "ALTCHA number does not solve the challenge",
            Self::BadSignature => "ALTCHA challenge signature does not match",
        })
    }
}

impl std::error::Error for VerifyError {}

/// The solution payload's JSON; unknown fields (`took`, `test`) are ignored.
#[derive(Deserialize)]
struct Payload {
    algorithm: String,
    challenge: String,
    number: u64,
    salt: String,
    signature: String,
}

/// Verifies a base64 payload as submitted by ALTCHA clients; `now` in unix seconds.
///
/// Checks in order: base64 and JSON ([`VerifyError::Malformed`]), the algorithm, the salt's
/// `expires` (required, must be `> now`), the hash, then the signature; both comparisons are
/// constant-time. As in the references, a salt is hashed with the `&` delimiter appended if it
/// lacks one. Does not check `number <= maxnumber` (the payload does not carry `maxnumber`).
pub fn verify_solution(
    hmac_key: &[u8],
    payload_base64: &str,
    now: i64,
) -> Result<Verified, VerifyError> {
    let json = PAYLOAD_BASE64
        .decode(payload_base64)
        .map_err(|_| VerifyError::Malformed)?;
    let payload: Payload = serde_json::from_slice(&json).map_err(|_| VerifyError::Malformed)?;
    if payload.algorithm != ALGORITHM {
        return Err(VerifyError::UnsupportedAlgorithm);
    }
    let expires_at = expires_param(&payload.salt).ok_or(VerifyError::Malformed)?;
    let max_number = match salt_param(&payload.salt, "maxnumber") {
        Ok(None) => None,
        Ok(Some(value)) if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
            Some(value.parse().map_err(|_| VerifyError::Malformed)?)
        }
        _ => return Err(VerifyError::Malformed),
    };
    if now >= expires_at {
        return Err(VerifyError::Expired);
    }

    let salt: Cow<'_, str> = if payload.salt.ends_with('&') {
        Cow::Borrowed(&payload.salt)
    } else {
        Cow::Owned(format!("{}&", payload.salt))
    };
    let claimed = lower_hex_32(&payload.challenge).ok_or(VerifyError::WrongNumber)?;
    let expected = challenge_hash(&salt, payload.number);
    if CtOutput::<Sha256>::new(expected) != CtOutput::new(claimed.into()) {
        return Err(VerifyError::WrongNumber);
    }

    let signature = lower_hex_32(&payload.signature).ok_or(VerifyError::BadSignature)?;
    new_mac(hmac_key, &payload.challenge)
        .verify_slice(&signature)
        .map_err(|_| VerifyError::BadSignature)?;

    Ok(Verified {
        challenge: payload.challenge,
        expires_at,
        max_number,
    })
}

/// Solves a challenge by brute force, trying `0..=maxnumber` as the widget does: returns the
/// base64 payload (padded, without `took`), or `None` if no number works (or the algorithm
/// is not [`ALGORITHM`], or `challenge` is not 64 lowercase hex digits).
pub fn solve(challenge: &Challenge) -> Option<String> {
    if challenge.algorithm != ALGORITHM {
        return None;
    }
    let target = lower_hex_32(&challenge.challenge)?;
    let salted = Sha256::new_with_prefix(challenge.salt.as_bytes());
    let mut digits = [0; 20];
    let number = (0..=challenge.maxnumber).find(|&n| {
        salted
            .clone()
            .chain_update(decimal(n, &mut digits))
            .finalize()
            .as_slice()
            == target
    })?;
    let json = serde_json::json!({
        "algorithm": challenge.algorithm,
        "challenge": challenge.challenge,
        "number": number,
        "salt": challenge.salt,
        "signature": challenge.signature,
    });
    Some(PAYLOAD_BASE64.encode(json.to_string()))
}

/// `SHA-256(salt + number as a decimal string)`.
fn challenge_hash(salt: &str, number: u64) -> Output<Sha256> {
    let mut digits = [0; 20];
    Sha256::new()
        .chain_update(salt.as_bytes())
        .chain_update(decimal(number, &mut digits))
        .finalize()
}

/// HMAC-SHA-256 keyed with `key`, fed the challenge's hex text.
fn new_mac(key: &[u8], challenge_hex: &str) -> HmacSha256 {
    // HMAC takes keys of any length (longer ones are hashed first), so this cannot fail.
    let mac = <HmacSha256 as Mac>::new_from_slice(key).expect("HMAC accepts keys of any length");
    mac.chain_update(challenge_hex.as_bytes())
}

/// `n` in decimal ASCII, written into the end of `buf` (20 digits hold `u64::MAX`).
fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + u8::try_from(n % 10).unwrap_or_default();
        n /= 10;
        if n == 0 {
            return &buf[start..];
        }
    }
}

/// Decodes exactly 64 lowercase hex digits (what the references emit and compare as text).
fn lower_hex_32(text: &str) -> Option<[u8; 32]> {
    if !text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    let mut bytes = [0; 32];
    hex::decode_to_slice(text, &mut bytes).ok()?;
    Some(bytes)
}

/// The salt's single `name` parameter, read as the references read the query: the text
/// between the first and a second `?`, pairs split on `&` and then on the first `=`.
/// `Ok(None)` when absent, `Err(())` when repeated or when the salt has no query.
fn salt_param<'a>(salt: &'a str, name: &str) -> Result<Option<&'a str>, ()> {
    let query = salt.split('?').nth(1).ok_or(())?;
    let mut found = None;
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if key == name {
            if found.is_some() {
                return Err(());
            }
            found = Some(value);
        }
    }
    Ok(found)
}

/// The salt's single `expires` parameter (see [`salt_param`]). `None` if it is absent,
/// repeated, or not a plain decimal integer.
fn expires_param(salt: &str) -> Option<i64> {
    let value = salt_param(salt, "expires").ok()??;
    let digits = value.strip_prefix('-').unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_writes_numbers_as_javascript_prints_them() {
        let mut buf = [0; 20];
        assert_eq!(decimal(0, &mut buf), b"0");
        assert_eq!(decimal(7, &mut buf), b"7");
        assert_eq!(decimal(1_000_000, &mut buf), b"1000000");
        assert_eq!(decimal(u64::MAX, &mut buf), b"18446744073709551615");
    }

    #[test]
    fn lower_hex_32_takes_only_64_lowercase_hex_digits() {
        let hex = "00".repeat(31) + "ff";
        assert_eq!(lower_hex_32(&hex).map(|b| b[31]), Some(0xff));
        assert_eq!(lower_hex_32(&hex.to_uppercase()), None);
        assert_eq!(lower_hex_32(&hex[2..]), None);
        assert_eq!(lower_hex_32(&(hex + "00")), None);
        assert_eq!(lower_hex_32(""), None);
    }

    #[test]
    fn expires_param_reads_the_one_expires_of_the_query() {
        assert_eq!(expires_param("ab?expires=1700000000&"), Some(1_700_000_000));
        assert_eq!(expires_param("ab?expires=1700000000"), Some(1_700_000_000));
        assert_eq!(expires_param("ab?x=1&expires=5&y"), Some(5));
        assert_eq!(expires_param("ab?expires=-5&"), Some(-5));
        assert_eq!(expires_param("ab?expires=5&57"), Some(5));
        assert_eq!(expires_param("ab?expires=5&expires=6&"), None);
        assert_eq!(expires_param("ab?expires=&"), None);
        assert_eq!(expires_param("ab?expires=+5&"), None);
        assert_eq!(expires_param("ab?expires=5x&"), None);
        assert_eq!(expires_param("ab?expires=99999999999999999999&"), None);
        assert_eq!(expires_param("ab?expire=5&"), None);
        assert_eq!(expires_param("ab&expires=5&"), None);
        assert_eq!(expires_param("ab?x=1?expires=5&"), None);
    }
}
