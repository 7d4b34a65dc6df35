//! RFC 6238 time-based one-time passwords, as authenticator apps (Google Authenticator and
//! the like) compute them: HMAC-SHA1, a 30-second step, 6 digits.
//!
//! - [`Secret`]: the 160-bit shared key, written in base32 for people and apps.
//! - [`code_at`] and [`verify`]: the code of a time step, and the check of a typed code at
//!   the current step ±1 (clock skew, and a code typed just as it turned over) that refuses a
//!   step already used, so a code cannot be replayed within its window. The caller stores the
//!   step [`verify`] returns and passes it back next time.
//! - [`otpauth_uri`], [`qr_svg`], [`qr_data_url`]: what an app scans to bind the secret.
//!
//! No I/O and no clock: the time is a parameter, and the random bytes of a new secret come
//! from the caller's CSPRNG.
//!
//! Input is taken as typed at the API: [`verify`] accepts exactly six ASCII digits. Spaces,
//! full-width digits (`１２３４５６`) and other lookalikes are the domain crate's to
//! normalise before a code reaches this crate.

use std::fmt::{self, Write as _};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use qrcode::{Color, EcLevel, QrCode};
use sha1::Sha1;

/// Seconds per time step (RFC 6238's X).
pub const STEP_SECONDS: i64 = 30;
/// Digits per code.
pub const DIGITS: usize = 6;

/// 10^[`DIGITS`].
const MODULUS: u32 = 1_000_000;
/// RFC 4648 base32 alphabet.
const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/// Base32 characters of a 20-byte secret: 160 bits at 5 bits a character, no padding.
const BASE32_LEN: usize = 32;
/// Light modules around the code, as ISO/IEC 18004 requires for scanning.
const QUIET_ZONE: usize = 4;
/// The SVG's intrinsic size per module (CSS may scale it; the viewBox is in modules).
const PIXELS_PER_MODULE: usize = 4;

type HmacSha1 = Hmac<Sha1>;

/// A TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation).
///
/// Its `Debug` output never shows the bytes.
#[derive(Clone)]
pub struct Secret([u8; 20]);

impl Secret {
    /// Wraps 20 bytes; the caller draws them from a CSPRNG.
    pub fn from_bytes(bytes: [u8; 20]) -> Secret {
        Secret(bytes)
    }

    /// Reads RFC 4648 base32, case-insensitive, ignoring spaces anywhere and `=` padding at the
    /// end. `None` unless it is exactly 20 bytes (32 characters) of the base32 alphabet.
    pub fn from_base32(text: &str) -> Option<Secret> {
        let mut symbols = Vec::with_capacity(BASE32_LEN);
        for byte in text.trim_end_matches([' ', '=']).bytes() {
            if byte == b' ' {
                continue;
            }
            let upper = byte.to_ascii_uppercase();
            let (_, value) = BASE32.iter().zip(0u8..).find(|&(&c, _)| c == upper)?;
            symbols.push(value);
        }
        if symbols.len() != BASE32_LEN {
            return None;
        }
        let mut bytes = [0u8; 20];
        // Each 8 symbols carry 40 bits, i.e. 5 bytes.
        for (chunk, out) in symbols.chunks_exact(8).zip(bytes.chunks_exact_mut(5)) {
            let bits = chunk
                .iter()
                .fold(0u64, |acc, &value| (acc << 5) | u64::from(value));
            out.copy_from_slice(&bits.to_be_bytes()[3..]);
        }
        Some(Secret(bytes))
    }

    /// Base32, upper case, without padding: the 32 characters apps expect.
    pub fn to_base32(&self) -> String {
        let mut text = String::with_capacity(BASE32_LEN);
        let (mut buffer, mut bits) = (0usize, 0);
        for &byte in &self.0 {
            buffer = (buffer << 8) | usize::from(byte);
            bits += 8;
            while bits >= 5 {
                bits -= 5;
                text.push(char::from(BASE32[(buffer >> bits) & 0x1f]));
                buffer &= (1 << bits) - 1;
            }
        }
        text
    }

    /// The raw key bytes (for encryption at rest).
    pub fn as_bytes(&self) -> &[u8; 20] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// The time step of a Unix time: floor(t / 30), also before 1970.
pub fn step_of(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(STEP_SECONDS)
}

/// The 6-digit code of `secret` at time step `step` (RFC 4226 HOTP with the step as the
/// counter, dynamic truncation, zero-padded). The counter is the step's 8 big-endian bytes;
/// a step before 1970 is negative and reads as its two's complement, which no app reaches.
pub fn code_at(secret: &Secret, step: i64) -> String {
    format!("{:0width$}", hotp(secret, step), width = DIGITS)
}

/// Checks `code` at `now_unix_seconds` with a ±1 step window, refusing steps at or before
/// `last_used_step` (the newest step already accepted for this authenticator, if any).
///
/// Returns the matched step, to be stored as the new `last_used_step`, or `None`. `code` must
/// be exactly six ASCII digits (see the crate documentation on normalisation). All three steps
/// are computed and compared in constant time whatever the input; should a code match two
/// steps of the window (a one-in-a-million coincidence), the later step is returned, so the
/// same digits can never be accepted twice.
pub fn verify(
    secret: &Secret,
    code: &str,
    now_unix_seconds: i64,
    last_used_step: Option<i64>,
) -> Option<i64> {
    let typed = code.as_bytes();
    if typed.len() != DIGITS || !typed.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let current = step_of(now_unix_seconds);
    let mut matched = None;
    for step in [current - 1, current, current + 1] {
        let expected = code_at(secret, step);
        let equal = constant_time_eq(expected.as_bytes(), typed);
        let fresh = last_used_step.is_none_or(|last| step > last);
        if equal && fresh {
            matched = Some(step);
        }
    }
    matched
}

/// The otpauth URI apps import, per Google's Key Uri Format:
/// `otpauth://totp/{issuer}:{account}?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`.
///
/// Issuer and account are percent-encoded as UTF-8, keeping only RFC 3986 unreserved
/// characters (`A–Z a–z 0–9 - . _ ~`), so `+` is `%2B` (no app can read it as a space) and
/// `@` is `%40`. The format forbids a colon in either (it separates them in the label): a
/// colon is encoded as `%3A` like any other character, but the caller should not pass one.
pub fn otpauth_uri(secret: &Secret, issuer: &str, account: &str) -> String {
    let issuer = percent_encode(issuer);
    format!(
        "otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}\
         &algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}",
        account = percent_encode(account),
        secret = secret.to_base32(),
    )
}

/// A QR code of `text` (error-correction level M, the smallest version that holds it) as an
/// SVG document: black modules on white, a quiet zone of 4 modules, the viewBox in modules
/// and an intrinsic size of 4 pixels per module.
///
/// # Panics
///
/// If `text` does not fit in a QR code: more than 2,331 bytes at level M. An otpauth URI
/// with a 254-character e-mail address takes well under half of that.
pub fn qr_svg(text: &str) -> String {
    let code = QrCode::with_error_correction_level(text, EcLevel::M)
        .expect("the text fits in a QR code at level M (2,331 bytes)");
    let width = code.width();
    let size = width + 2 * QUIET_ZONE;
    let pixels = size * PIXELS_PER_MODULE;
    let mut path = String::new();
    for (y, row) in code.into_colors().chunks_exact(width).enumerate() {
        // One rectangle per horizontal run of dark modules.
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let start = x;
                while x < width && row[x] == Color::Dark {
                    x += 1;
                }
                let run = x - start;
                let _ = write!(
                    path,
                    "M{} {}h{run}v1h-{run}z",
                    start + QUIET_ZONE,
                    y + QUIET_ZONE
                );
            } else {
                x += 1;
            }
        }
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" height="{pixels}" viewBox="0 0 {size} {size}" shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/><path fill="#000" d="{path}"/></svg>"##
    )
}

/// [`qr_svg`] as a `data:image/svg+xml;base64,…` URL for an `<img src>`.
///
/// # Panics
///
/// As [`qr_svg`].
pub fn qr_data_url(text: &str) -> String {
    format!(
        "data:image/svg+xml;base64,{}",
        STANDARD.encode(qr_svg(text))
    )
}

/// RFC 4226 HOTP value (before zero-padding) of `secret` at `counter`.
fn hotp(secret: &Secret, counter: i64) -> u32 {
    let mut mac = HmacSha1::new_from_slice(&secret.0).expect("HMAC accepts a key of any length");
    mac.update(&counter.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    // Dynamic truncation: the low 4 bits of the last byte pick 4 bytes, top bit cleared.
    let offset = usize::from(hash[19] & 0x0f);
    let binary = u32::from_be_bytes([
        hash[offset],
        hash[offset + 1],
        hash[offset + 2],
        hash[offset + 3],
    ]) & 0x7fff_ffff;
    binary % MODULUS
}

/// Equality of two byte strings whose time depends only on their lengths.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Percent-encodes all but RFC 3986's unreserved characters, as UTF-8 bytes.
fn percent_encode(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0x0f)]));
        }
    }
    out
}
