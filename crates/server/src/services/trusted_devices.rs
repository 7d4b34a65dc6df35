//! Remembered devices (OWASP's "device cookies"): after a login, the browser keeps a cookie
//! that names a device id and is signed for the account. A login that carries it comes from a
//! client the owner has used before: its failures count against that device alone, and an
//! attack on the account from elsewhere never asks it for more (`login_guard`).

use actix_web::cookie::{Cookie, SameSite, time::Duration};
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The cookie's name; sent only to the login route.
pub const COOKIE: &str = "fiscard_device";
const PATH: &str = "/api/user/login";
/// How long a device stays remembered after its last login.
const LIFETIME_DAYS: i64 = 180;

fn mac_of(key: &[u8], user_id: &str, device_id: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    for part in ["device", user_id, device_id] {
        mac.update(part.as_bytes());
        mac.update(&[0]);
    }
    mac
}

/// The device id `value` (the cookie's) names when it is signed for `user_id`.
pub fn device_of(key: &[u8], user_id: &str, value: &str) -> Option<String> {
    let (device_id, claimed) = value.split_once('.')?;
    if device_id.is_empty() || device_id.len() > 64 {
        return None;
    }
    let claimed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(claimed)
        .ok()?;
    // Compared in constant time.
    mac_of(key, user_id, device_id)
        .verify_slice(&claimed)
        .ok()?;
    Some(device_id.to_owned())
}

/// The cookie that remembers this device for `user_id`: the device id it had, or a new one.
/// `secure` in production (HTTPS); HttpOnly and SameSite=Strict always.
pub fn cookie(
    key: &[u8],
    user_id: &str,
    device_id: Option<String>,
    secure: bool,
) -> Cookie<'static> {
    let device_id = device_id.unwrap_or_else(crate::clock::new_id);
    let tag = mac_of(key, user_id, &device_id).finalize().into_bytes();
    let value = format!(
        "{device_id}.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(tag)
    );
    Cookie::build(COOKIE, value)
        .path(PATH)
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(Duration::days(LIFETIME_DAYS))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_names_its_device_for_its_account_only() {
        let key = b"a key of the server";
        let cookie = cookie(key, "user-1", Some("device-9".into()), false);
        assert_eq!(
            device_of(key, "user-1", cookie.value()),
            Some("device-9".into())
        );
        assert_eq!(device_of(key, "user-2", cookie.value()), None);
        assert_eq!(device_of(b"another key", "user-1", cookie.value()), None);
        let forged = cookie.value().replace("device-9", "device-8");
        assert_eq!(device_of(key, "user-1", &forged), None);
        assert_eq!(device_of(key, "user-1", "device-9"), None);
        assert!(cookie.http_only() == Some(true));
        assert_eq!(cookie.same_site(), Some(SameSite::Strict));
        assert_eq!(cookie.path(), Some(PATH));
        let fresh = super::cookie(key, "user-1", None, true);
        assert_ne!(fresh.value(), cookie.value());
        assert_eq!(fresh.secure(), Some(true));
    }
}
