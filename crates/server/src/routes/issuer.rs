//! `POST /api/issuer/events`: card transactions from the issuer, signed.
//!
//! `Fiscard-Timestamp` carries the sending time (Unix seconds) and `Fiscard-Signature`
//! `v1=<hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook secret>`. Refused: a missing
//! or wrong signature (403), a timestamp more than 5 minutes from now (403), a signature seen
//! before (409). Each event is then handled once (see `services::card_events`).
//!
//! An authorization or a verification is decided while the network waits (about 2 s): when it
//! cannot have its turn at the database within `FISCARD_AUTHORIZATION_WAIT_MS` (overload), it
//! is declined `issuer_unavailable` at once instead of queueing. The other events settle what
//! was decided and wait their turn.

use actix_web::{HttpRequest, web};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::api::{Api, ApiCode, ApiResult, AppError, RawBody, Reply};
use crate::db::insert_unless_taken;
use crate::db::schema::issuer_signatures;
use crate::services::card_events::{self, Event, EventAnswer, EventKind};
use crate::state::AppState;
use diesel::prelude::*;

/// What handling an event gives: its answer, or a handled refusal.
type ApiResultOf = Result<EventAnswer, AppError>;

/// How far the timestamp may be from the server's clock.
pub const TOLERANCE_SECONDS: i64 = 300;
pub const TIMESTAMP_HEADER: &str = "Fiscard-Timestamp";
pub const SIGNATURE_HEADER: &str = "Fiscard-Signature";

/// The HMAC of "<timestamp>.<body>" under the webhook secret, ready to finish or verify.
fn mac_of(secret: &[u8], timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The signature header's value for `body` sent at `timestamp` (the simulator signs with it).
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    let mac = mac_of(secret, timestamp, body);
    format!("v1={}", hex::encode(mac.finalize().into_bytes()))
}

fn forbidden(key: &'static str) -> AppError {
    AppError::new(ApiCode::Forbidden, key)
}

fn header<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// Receive a card-transaction event
///
/// Sent by the card issuer, signed: `Fiscard-Timestamp` carries the sending time (Unix
/// seconds) and `Fiscard-Signature` `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the
/// webhook secret. An authorization is decided in real time (status, limits, balance); a
/// clearing, void, reversal (`corrective_auth`), refund or verification settles it. Each event
/// is handled once by its transaction id: a repeated one gets the first answer again.
/// statusCodes: 200, 400 (unreadable event), 403 (signature missing, wrong or stale), 404
/// (unknown card), 409 (signature replayed; another event under the id).
#[utoipa::path(
    post,
    path = "/issuer/events",
    tag = "issuer",
    request_body = Event,
    params(
        ("Fiscard-Timestamp" = i64, Header, description = "Unix seconds when the event was sent; within 5 minutes of the server's clock."),
        ("Fiscard-Signature" = String, Header, description = "`v1=` and the lowercase hex HMAC-SHA256 of `<timestamp>.<body>` under the webhook secret."),
    ),
    responses((status = 200, body = Reply<EventAnswer>))
)]
pub async fn receive(
    state: web::Data<AppState>,
    req: HttpRequest,
    RawBody(body): RawBody,
) -> ApiResult<EventAnswer> {
    let deadline = std::time::Instant::now() + state.config.authorization_wait;
    let now = state.clock.now_ms();
    let timestamp: i64 = header(&req, TIMESTAMP_HEADER)
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| forbidden("api.event_signature_invalid"))?;
    let signature = header(&req, SIGNATURE_HEADER)
        .and_then(|s| s.trim().strip_prefix("v1="))
        .and_then(|s| hex::decode(s).ok())
        .ok_or_else(|| forbidden("api.event_signature_invalid"))?;
    let mac = mac_of(
        state.config.secrets.webhook_secret.expose(),
        timestamp,
        &body,
    );
    // Compared in constant time.
    mac.verify_slice(&signature)
        .map_err(|_| forbidden("api.event_signature_invalid"))?;
    if (now / 1000 - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(forbidden("api.event_stale"));
    }
    let event: Event = serde_json::from_slice(&body)
        .map_err(|_| AppError::new(ApiCode::BadRequest, "api.event_invalid"))?;
    let (kind, card_key) = (event.event.as_str(), event.card_key.clone());
    let decided_now = matches!(
        event.event,
        EventKind::Authorization | EventKind::Verification
    );
    let unavailable = card_events::unavailable(&event);
    let signature_hex = hex::encode(&signature);
    let body_digest = hex::encode(Sha256::digest(&body));
    let work = move |conn: &mut crate::db::DbConnection| -> Result<ApiResultOf, AppError> {
        // A signature is good once; those older than twice the window can go.
        diesel::delete(
            issuer_signatures::table
                .filter(issuer_signatures::received_at.lt(now - 2 * TOLERANCE_SECONDS * 1000)),
        )
        .execute(conn)?;
        let fresh = insert_unless_taken(conn, |conn| {
            diesel::insert_into(issuer_signatures::table)
                .values((
                    issuer_signatures::signature.eq(&signature_hex),
                    issuer_signatures::received_at.eq(now),
                ))
                .execute(conn)
        })?;
        if !fresh {
            return Ok(Err(AppError::new(ApiCode::Conflict, "api.event_replayed")));
        }
        Ok(card_events::handle(conn, &event, &body_digest, now)?)
    };
    let answer = if decided_now {
        let Some(answer) = state.db.write_by(deadline, work).await? else {
            tracing::warn!(
                event = kind,
                card_key,
                "issuer event declined: no turn at the database in time"
            );
            if let Some((event, result)) = unavailable.decision() {
                crate::telemetry::card_authorization(event, result);
            }
            return Ok(Api::ok(unavailable).saying("api.event_accepted"));
        };
        answer?
    } else {
        state.db.write(work).await??
    };
    if let Some((event, result)) = answer.decision() {
        crate::telemetry::card_authorization(event, result);
    }
    // The card's key and what the event did (ids, amounts, balances): no card data.
    tracing::debug!(event = kind, card_key, ?answer, "issuer event handled");
    Ok(Api::ok(answer).saying("api.event_accepted"))
}
