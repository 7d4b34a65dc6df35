//! `GET /api/captcha/challenge`: an ALTCHA proof-of-work challenge.
//!
//! Answered as the bare challenge object, not in the API envelope, so that any standard
//! ALTCHA client can use this URL as its `challengeurl`.

use actix_web::{HttpResponse, web};

use crate::services::captcha;
use crate::state::AppState;

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
