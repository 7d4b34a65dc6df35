//! `POST /test/clock` under `/api`, served only when the server was started for browser tests
//! (`FISCARD_TEST_CLOCK`, which production mode refuses): moves the server's clock forward, so
//! the tests reach an e-mail code's cooldown or the next authenticator step without waiting.
//! No client but the tests calls it, so it is not part of the API document; it answers a bare
//! object, as `/healthz` does.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::state::AppState;

/// At most a day at a time: enough for any expiry the journeys reach.
const MAX_ADVANCE_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Advance {
    /// Milliseconds to move forward; 0 reads the time.
    advance_ms: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Moved {
    /// The server's time after the move, milliseconds since the epoch.
    now_ms: i64,
}

pub async fn advance(state: web::Data<AppState>, body: web::Json<Advance>) -> HttpResponse {
    if !(0..=MAX_ADVANCE_MS).contains(&body.advance_ms) {
        return HttpResponse::BadRequest().body("advanceMs: from 0 to a day, in milliseconds");
    }
    if let Err(e) = state.clock.advance(body.advance_ms) {
        tracing::error!(error = %e, "the test clock's offset could not be written");
        return HttpResponse::InternalServerError().finish();
    }
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Moved {
            now_ms: state.clock.now_ms(),
        })
}
