//! The `Idempotency-Key` of the requests that move money or issue cards: read from the header,
//! a retry answered from the first answer, the work run once under the key.

use actix_web::HttpRequest;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::api::{self, Answer, ApiCode, ApiResult, AppError};
use crate::db::DbConnection;
use crate::services::idempotency::{Keyed, Seen, valid_key};
use crate::services::sessions::SessionUser;
use crate::state::AppState;

/// The `Idempotency-Key` header of the operations that move money or issue cards.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKey {
    /// 1 to 255 visible ASCII characters. A retry with the same key and the same request answers
    /// the first answer word for word and does nothing again (header `Idempotent-Replayed:
    /// true`); the same key with another request is refused (409).
    #[param(rename = "Idempotency-Key", max_length = 255, value_type = Option<String>)]
    key: Option<Result<String, ()>>,
}

impl actix_web::FromRequest for IdempotencyKey {
    type Error = AppError;
    type Future = std::future::Ready<Result<IdempotencyKey, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let key = req.headers().get("Idempotency-Key").map(|value| {
            value
                .to_str()
                .ok()
                .filter(|k| valid_key(k))
                .map(str::to_owned)
                .ok_or(())
        });
        std::future::ready(Ok(IdempotencyKey { key }))
    }
}

/// The request's `Idempotency-Key`, if it sent one: 400 when it is malformed.
pub fn idempotency_key(
    header: &IdempotencyKey,
    state: &AppState,
    user: &SessionUser,
    route: &str,
    body: &Map<String, Value>,
) -> Result<Option<Keyed>, AppError> {
    let Some(key) = &header.key else {
        return Ok(None);
    };
    let key = key
        .as_deref()
        .map_err(|()| AppError::new(ApiCode::BadRequest, "api.idempotency_key_invalid"))?;
    Ok(Some(Keyed::new(
        &user.user_id,
        key,
        &state.vault,
        route,
        body,
    )))
}

fn idempotency_conflict() -> AppError {
    AppError::new(ApiCode::Conflict, "api.idempotency_conflict")
}

/// The first answer when this key was answered before (checked before verifying again: the
/// codes of a retried request were spent by the first); 409 when it was used for another
/// request.
pub async fn answered_before<T>(
    state: &AppState,
    keyed: Option<&Keyed>,
) -> Result<Option<Answer<T>>, AppError> {
    let Some(keyed) = keyed.cloned() else {
        return Ok(None);
    };
    match state.db.read(move |conn| Ok(keyed.look_up(conn)?)).await? {
        Seen::New => Ok(None),
        Seen::Answered(answer) => Ok(Some(Answer::Replayed(answer))),
        Seen::OtherRequest => Err(idempotency_conflict()),
    }
}

/// Runs `work` in one write transaction, under the request's idempotency key when it has one:
/// the key is claimed first, and the answer (success or handled refusal) is stored with what
/// `work` wrote. `work`'s outer error (a failure) rolls everything back, key included.
pub async fn run_once<T, F>(
    state: &AppState,
    keyed: Option<Keyed>,
    work: F,
) -> Result<Answer<T>, AppError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&mut DbConnection) -> Result<ApiResult<T>, AppError> + Send + 'static,
{
    let locale = api::locale();
    let now = state.clock.now_ms();
    state
        .db
        .write(move |conn| {
            if let Some(keyed) = &keyed {
                match keyed.claim(conn, now)? {
                    Seen::New => {}
                    Seen::Answered(answer) => return Ok(Ok(Answer::Replayed(answer))),
                    Seen::OtherRequest => return Ok(Err(idempotency_conflict())),
                }
            }
            let result = match work(conn)? {
                // A failure is not an answer: roll back, key included, so it can be retried.
                Err(failure) if !failure.is_handled() => return Err(failure),
                result => result,
            };
            if let Some(keyed) = &keyed {
                let envelope = match &result {
                    Ok(api) => api.envelope_text(locale),
                    Err(refusal) => refusal.envelope_text(locale),
                };
                keyed.answer(conn, &envelope)?;
            }
            Ok(result.map(Answer::Fresh))
        })
        .await?
}
