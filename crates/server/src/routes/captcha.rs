//! `GET /api/captcha/challenge`: an ALTCHA proof-of-work challenge.
//!
//! Answered as the bare challenge object, not in the API envelope, so that any standard
//! ALTCHA client can use this URL as its `challengeurl`.

use actix_web::{HttpResponse, web};

use crate::services::captcha;
use crate::state::AppState;

/// An ALTCHA proof-of-work challenge
///
/// Answers the **bare ALTCHA challenge object, not the `{statusCode, content, message}`
/// envelope**, so that a standard ALTCHA client can use this URL as its `challengeurl`. The
/// solution (a base64 ALTCHA payload) goes as `token` to `user/login`, `user/register`,
/// `user/forgetPassword` and `user/captcha`; it expires and is accepted once. Sent with
/// `Cache-Control: no-store`.
#[utoipa::path(
    get,
    path = "/captcha/challenge",
    tag = "captcha",
    responses((status = 200, description = "The challenge.", body = altcha::Challenge))
)]
pub async fn challenge(state: web::Data<AppState>) -> HttpResponse {
    let config = &state.config;
    let ttl = i64::try_from(config.captcha_ttl.as_secs()).unwrap_or(600);
    let challenge = captcha::challenge(
        config.secrets.captcha_hmac_key.expose(),
        config.captcha_max_number,
        state.clock.now_secs(),
        ttl,
    );
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(challenge)
}
