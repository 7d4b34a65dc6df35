//! The API contract (SPEC §7–§8, DESIGN §4): every answer is `{statusCode, content, message}`,
//! HTTP 200 for handled outcomes, real HTTP codes only for transport-level failures (malformed
//! body, unknown route, internal error); `message` in the caller's language.

mod body;

pub use body::BodyLimit;
pub mod messages;
mod paging;

use std::cell::Cell;
use std::fmt;

use actix_web::body::BoxBody;
use actix_web::http::StatusCode as HttpStatus;
use actix_web::{HttpRequest, HttpResponse, Responder, ResponseError};
use domain::FieldError;
use domain::error::Params;
use domain::i18n::Locale;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

pub use body::{Fields, JsonBody};
pub use paging::{Page, PageQuery};

tokio::task_local! {
    /// The language of the request being answered (set by the request middleware).
    pub static LOCALE: Cell<Locale>;
}

/// The caller's language, en-US outside a request.
pub fn locale() -> Locale {
    LOCALE.try_with(Cell::get).unwrap_or_default()
}

/// The `statusCode` catalogue (DESIGN §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiCode {
    Ok,
    NotLoggedIn,
    Validation,
    VerificationRequired,
    VerificationWrong,
    BasicIdentityRequired,
    InvestorRequired,
    AmlRequired,
    QiRequired,
    AuthenticatorKeyExpired,
    MobileNotBound,
    BadRequest,
    Forbidden,
    NotFound,
    Conflict,
    Refused,
    TooManyAttempts,
    Internal,
}

impl ApiCode {
    pub const fn number(self) -> u16 {
        match self {
            Self::Ok => 200,
            Self::NotLoggedIn => 101,
            Self::Validation => 102,
            Self::VerificationRequired => 103,
            Self::VerificationWrong => 104,
            Self::BasicIdentityRequired => 105,
            Self::InvestorRequired => 106,
            Self::AmlRequired => 107,
            Self::QiRequired => 108,
            Self::AuthenticatorKeyExpired => 109,
            Self::MobileNotBound => 110,
            Self::BadRequest => 400,
            Self::Forbidden => 403,
            Self::NotFound => 404,
            Self::Conflict => 409,
            Self::Refused => 422,
            Self::TooManyAttempts => 429,
            Self::Internal => 500,
        }
    }

    /// Every code, in catalogue order.
    pub const ALL: [ApiCode; 18] = [
        Self::Ok,
        Self::NotLoggedIn,
        Self::Validation,
        Self::VerificationRequired,
        Self::VerificationWrong,
        Self::BasicIdentityRequired,
        Self::InvestorRequired,
        Self::AmlRequired,
        Self::QiRequired,
        Self::AuthenticatorKeyExpired,
        Self::MobileNotBound,
        Self::BadRequest,
        Self::Forbidden,
        Self::NotFound,
        Self::Conflict,
        Self::Refused,
        Self::TooManyAttempts,
        Self::Internal,
    ];

    pub fn from_number(number: u16) -> Option<ApiCode> {
        Self::ALL.into_iter().find(|c| c.number() == number)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Envelope<'a, C: Serialize + ?Sized> {
    status_code: u16,
    content: &'a C,
    message: &'a str,
}

fn envelope<C: Serialize + ?Sized>(
    http: HttpStatus,
    code: ApiCode,
    content: &C,
    message: &str,
) -> HttpResponse {
    HttpResponse::build(http)
        .insert_header(("Cache-Control", "no-store"))
        .json(Envelope {
            status_code: code.number(),
            content,
            message,
        })
}

/// A successful answer: `content` (serialised once, here) and a message key (default `api.ok`).
#[derive(Debug)]
pub struct Api {
    content: Box<RawValue>,
    key: &'static str,
}

impl Api {
    pub fn ok(content: impl Serialize) -> Api {
        let content = serde_json::value::to_raw_value(&content)
            .unwrap_or_else(|_| RawValue::from_string("null".into()).unwrap_or_default());
        Api {
            content,
            key: "api.ok",
        }
    }

    /// With a message the web app shows as a success toast.
    #[must_use]
    pub fn saying(mut self, key: &'static str) -> Api {
        self.key = key;
        self
    }
}

impl Responder for Api {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        let message = messages::text(locale(), self.key, &Params::default());
        envelope(HttpStatus::OK, ApiCode::Ok, &*self.content, &message)
    }
}

impl Api {
    /// The envelope this answer sends, as JSON text in `locale` (to store as an idempotent
    /// request's answer).
    pub fn envelope_text(&self, locale: Locale) -> String {
        let message = messages::text(locale, self.key, &Params::default());
        envelope_json(ApiCode::Ok, &*self.content, &message)
    }
}

fn envelope_json<C: Serialize + ?Sized>(code: ApiCode, content: &C, message: &str) -> String {
    serde_json::to_string(&Envelope {
        status_code: code.number(),
        content,
        message,
    })
    .unwrap_or_default()
}

/// A handler's answer.
pub type ApiResult = Result<Api, AppError>;

/// The answer of a request made under an idempotency key: fresh, or the first answer again.
#[derive(Debug)]
pub enum Answer {
    Fresh(Api),
    /// The stored envelope, sent as it was (marked `Idempotent-Replayed: true`).
    Replayed(String),
}

impl Responder for Answer {
    type Body = BoxBody;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse {
        match self {
            Answer::Fresh(api) => api.respond_to(req),
            Answer::Replayed(envelope) => HttpResponse::Ok()
                .insert_header(("Cache-Control", "no-store"))
                .insert_header(("Idempotent-Replayed", "true"))
                .content_type("application/json")
                .body(envelope),
        }
    }
}

/// Any answer other than success: its statusCode, message and content. Internal failures keep
/// their cause for the log and show the caller only a generic message. (Boxed: results carry
/// it everywhere, and a pointer keeps them small.)
pub struct AppError(Box<Refusal>);

struct Refusal {
    code: ApiCode,
    http: HttpStatus,
    key: &'static str,
    params: Params,
    content: Value,
    retry_after: Option<u64>,
    /// The first field error's text, for 102.
    field_message: Option<String>,
    cause: Option<anyhow::Error>,
}

impl AppError {
    /// A handled refusal (HTTP 200) with the message `key`.
    pub fn new(code: ApiCode, key: &'static str) -> AppError {
        AppError(Box::new(Refusal {
            code,
            http: HttpStatus::OK,
            key,
            params: Params::default(),
            content: Value::Null,
            retry_after: None,
            field_message: None,
            cause: None,
        }))
    }

    #[must_use]
    pub fn with_content(mut self, content: impl Serialize) -> AppError {
        self.0.content = serde_json::to_value(content).unwrap_or(Value::Null);
        self
    }

    #[must_use]
    pub fn with_param(mut self, name: &str, value: impl fmt::Display) -> AppError {
        let value = value.to_string();
        self.0.params = self
            .0
            .params
            .iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .chain([(name.to_owned(), value)])
            .collect();
        self
    }

    #[must_use]
    fn with_http(mut self, http: HttpStatus) -> AppError {
        self.0.http = http;
        self
    }

    /// 102: the domain crate's field errors, each with its text; the message is the first one.
    pub fn validation(errors: &[FieldError]) -> AppError {
        let locale = locale();
        let texts: Vec<Value> = errors
            .iter()
            .map(|e| {
                let text = messages::text(locale, &domain::i18n::error_key(e.code), &e.params);
                json!({ "field": e.field, "code": e.code, "params": e.params, "message": text })
            })
            .collect();
        let mut error = AppError::new(ApiCode::Validation, "api.bad_request");
        error.0.field_message = texts
            .first()
            .and_then(|t| t["message"].as_str())
            .map(str::to_owned);
        error.0.content = Value::Array(texts);
        error
    }

    /// A closed gate (SPEC §6): its statusCode (105 basic identity, 110 mobile…) and its
    /// prompt, both as the domain's gate table says.
    pub fn gate(gate: domain::gates::Gate) -> AppError {
        let code = ApiCode::from_number(gate.status_code()).unwrap_or(ApiCode::Forbidden);
        AppError::new(code, gate.prompt_key())
    }

    /// 101.
    pub fn not_logged_in() -> AppError {
        AppError::new(ApiCode::NotLoggedIn, "api.not_logged_in")
    }

    /// 429 with the seconds to wait (also in `content.retryAfter` and the Retry-After header).
    pub fn too_many_attempts(seconds: u64) -> AppError {
        let mut error = AppError::new(ApiCode::TooManyAttempts, "api.too_many_attempts")
            .with_param("seconds", seconds)
            .with_content(json!({ "retryAfter": seconds }));
        error.0.retry_after = Some(seconds);
        error
    }

    /// 429 for an e-mail code asked for again within the resend cooldown: says so, with the
    /// seconds to wait (as [`AppError::too_many_attempts`] does).
    pub fn resend_cooldown(seconds: u64) -> AppError {
        let mut error = AppError::too_many_attempts(seconds);
        error.0.key = "api.email_code_cooldown";
        error
    }

    /// 400 for a body or query the server cannot read at all.
    pub fn bad_request(key: &'static str) -> AppError {
        AppError::new(ApiCode::BadRequest, key).with_http(HttpStatus::BAD_REQUEST)
    }

    /// 413 for a body over the limit.
    pub fn payload_too_large() -> AppError {
        AppError::new(ApiCode::BadRequest, "api.body_too_large")
            .with_http(HttpStatus::PAYLOAD_TOO_LARGE)
    }

    /// 404 for an unknown route.
    pub fn route_not_found() -> AppError {
        AppError::new(ApiCode::NotFound, "api.not_found").with_http(HttpStatus::NOT_FOUND)
    }

    /// 500: logs `cause`, tells the caller nothing about it.
    pub fn internal(cause: anyhow::Error) -> AppError {
        let mut error = AppError::new(ApiCode::Internal, "api.internal")
            .with_http(HttpStatus::INTERNAL_SERVER_ERROR);
        error.0.cause = Some(cause);
        error
    }

    pub fn code(&self) -> ApiCode {
        self.0.code
    }

    /// True for the handled refusals (HTTP 200), which an idempotent request stores as its
    /// answer; internal and transport failures are not stored, so they can be retried.
    pub fn is_handled(&self) -> bool {
        self.0.http == HttpStatus::OK && self.0.cause.is_none()
    }

    /// The envelope this refusal sends, as JSON text in `locale`.
    pub fn envelope_text(&self, locale: Locale) -> String {
        let e = &self.0;
        let message = e
            .field_message
            .clone()
            .unwrap_or_else(|| messages::text(locale, e.key, &e.params));
        envelope_json(e.code, &e.content, &message)
    }
}

impl fmt::Debug for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AppError")
            .field("code", &self.0.code.number())
            .field("key", &self.0.key)
            .field("cause", &self.0.cause)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0.key, self.0.code.number())
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> AppError {
        AppError::internal(anyhow::Error::new(e).context("database query"))
    }
}

impl From<anyhow::Error> for AppError {
    fn from(e: anyhow::Error) -> AppError {
        AppError::internal(e)
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> HttpStatus {
        self.0.http
    }

    fn error_response(&self) -> HttpResponse {
        let e = &self.0;
        if let Some(cause) = &e.cause {
            tracing::error!(error = format!("{cause:#}"), "internal error");
        }
        let message = e
            .field_message
            .clone()
            .unwrap_or_else(|| messages::text(locale(), e.key, &e.params));
        let mut response = envelope(e.http, e.code, &e.content, &message);
        if let Some(seconds) = e.retry_after
            && let Ok(value) = seconds.to_string().parse()
        {
            response
                .headers_mut()
                .insert(actix_web::http::header::RETRY_AFTER, value);
        }
        response
    }
}

#[cfg(test)]
mod gate_tests {
    use super::*;

    #[test]
    fn every_gate_answers_its_own_status_code_and_prompt() {
        for gate in domain::gates::Gate::ALL {
            let refusal = AppError::gate(*gate);
            assert_eq!(refusal.code().number(), gate.status_code(), "{gate:?}");
            assert_eq!(refusal.0.key, gate.prompt_key());
        }
    }
}
