//! The API contract (SPEC §7–§8, DESIGN §4): every answer is `{statusCode, content, message}`,
//! HTTP 200 for handled outcomes, real HTTP codes only for transport-level failures (malformed
//! body, unknown route, internal error); `message` in the caller's language.

mod body;
mod codes;
mod envelope;
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
use domain::security::Factors;
use serde::Serialize;

pub use body::{Body, BodyLimit, BodyOrQuery, RawBody};
pub use codes::ApiCode;
pub use envelope::{Empty, Refusal, RefusalContent, Reply, RetryAfter, ShownFieldError, Success};
pub use paging::{Page, PageQuery};

tokio::task_local! {
    /// The language of the request being answered (set by the request middleware).
    pub static LOCALE: Cell<Locale>;
}

/// The caller's language, en-US outside a request.
pub fn locale() -> Locale {
    LOCALE.try_with(Cell::get).unwrap_or_default()
}

/// A successful answer: its `content` and a message key (default `api.ok`).
#[derive(Debug)]
pub struct Api<T> {
    content: T,
    key: &'static str,
    /// A cookie the answer sets (the login's remembered device).
    cookie: Option<actix_web::cookie::Cookie<'static>>,
}

impl<T: Serialize> Api<T> {
    pub fn ok(content: T) -> Api<T> {
        Api {
            content,
            key: "api.ok",
            cookie: None,
        }
    }

    /// The answer's content.
    pub fn content(&self) -> &T {
        &self.content
    }

    /// Setting `cookie` too.
    #[must_use]
    pub fn with_cookie(mut self, cookie: actix_web::cookie::Cookie<'static>) -> Api<T> {
        self.cookie = Some(cookie);
        self
    }

    /// With a message the web app shows as a success toast.
    #[must_use]
    pub fn saying(mut self, key: &'static str) -> Api<T> {
        self.key = key;
        self
    }

    fn success(&self, locale: Locale) -> Success<&T> {
        Success {
            status_code: ApiCode::Ok,
            content: &self.content,
            message: messages::text(locale, self.key, &Params::default()),
            message_key: self.key,
        }
    }

    /// The envelope this answer sends, as JSON text in `locale` (to store as an idempotent
    /// request's answer).
    pub fn envelope_text(&self, locale: Locale) -> String {
        serde_json::to_string(&self.success(locale)).unwrap_or_default()
    }
}

impl<T: Serialize> Responder for Api<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        let mut response = envelope(HttpStatus::OK, &self.success(locale()));
        if let Some(cookie) = &self.cookie
            && response.add_cookie(cookie).is_err()
        {
            tracing::error!("a cookie could not be set");
        }
        response
    }
}

fn envelope(http: HttpStatus, body: &impl Serialize) -> HttpResponse {
    HttpResponse::build(http)
        .insert_header(("Cache-Control", "no-store"))
        .json(body)
}

/// A handler's answer.
pub type ApiResult<T> = Result<Api<T>, AppError>;

/// The answer of a request made under an idempotency key: fresh, or the first answer again.
#[derive(Debug)]
pub enum Answer<T> {
    Fresh(Api<T>),
    /// The stored envelope, sent as it was (marked `Idempotent-Replayed: true`).
    Replayed(String),
}

impl<T: Serialize> Responder for Answer<T> {
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
pub struct AppError(Box<RefusalState>);

struct RefusalState {
    code: ApiCode,
    http: HttpStatus,
    key: &'static str,
    params: Params,
    content: RefusalContent,
    retry_after: Option<u64>,
    /// The first field error's text, for 102.
    field_message: Option<String>,
    /// The methods a route answers, for 405's `Allow` header.
    allow: Option<String>,
    cause: Option<anyhow::Error>,
}

impl AppError {
    /// The failure behind an internal error (none for a handled refusal).
    pub fn cause(&self) -> Option<&anyhow::Error> {
        self.0.cause.as_ref()
    }

    /// A handled refusal (HTTP 200) with the message `key`.
    pub fn new(code: ApiCode, key: &'static str) -> AppError {
        AppError(Box::new(RefusalState {
            code,
            http: HttpStatus::OK,
            key,
            params: Params::default(),
            content: RefusalContent::Nothing,
            retry_after: None,
            field_message: None,
            allow: None,
            cause: None,
        }))
    }

    #[must_use]
    fn with_content(mut self, content: RefusalContent) -> AppError {
        self.0.content = content;
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
        let shown: Vec<ShownFieldError> = errors
            .iter()
            .map(|e| ShownFieldError {
                message: messages::text(locale, &domain::i18n::error_key(e.code), &e.params),
                error: e.clone(),
            })
            .collect();
        let mut error = AppError::new(ApiCode::Validation, "api.bad_request");
        error.0.field_message = shown.first().map(|e| e.message.clone());
        error.with_content(RefusalContent::FieldErrors(shown))
    }

    /// 103: the factors the request must carry.
    pub fn verification_required(factors: Factors) -> AppError {
        AppError::new(ApiCode::VerificationRequired, "api.verification_required")
            .with_content(RefusalContent::Factors(factors))
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
        crate::telemetry::rate_limit_refusal();
        let mut error = AppError::new(ApiCode::TooManyAttempts, "api.too_many_attempts")
            .with_param("seconds", seconds)
            .with_content(RefusalContent::RetryAfter(RetryAfter {
                retry_after: seconds,
            }));
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

    /// 112: the quote expired; `fresh` is a new one for the same amount (null when none can
    /// be made now).
    pub fn quote_expired(fresh: Option<crate::routes::exchange::items::ExchangeQuote>) -> AppError {
        let error = AppError::new(ApiCode::QuoteExpired, "api.exchange_quote_expired");
        match fresh {
            Some(quote) => error.with_content(RefusalContent::Quote(Box::new(quote))),
            None => error,
        }
    }

    /// 400 for a body or query the server cannot read at all.
    pub fn bad_request(key: &'static str) -> AppError {
        AppError::new(ApiCode::BadRequest, key).with_http(HttpStatus::BAD_REQUEST)
    }

    /// 413 for a body over the limit.
    pub fn payload_too_large() -> AppError {
        AppError::new(ApiCode::PayloadTooLarge, "api.body_too_large")
            .with_http(HttpStatus::PAYLOAD_TOO_LARGE)
    }

    /// 404 for an unknown route.
    pub fn route_not_found() -> AppError {
        AppError::new(ApiCode::NotFound, "api.not_found").with_http(HttpStatus::NOT_FOUND)
    }

    /// 405 for a route that answers other methods, which the `Allow` header names.
    pub fn method_not_allowed(allowed: &[String]) -> AppError {
        let mut error = AppError::new(ApiCode::MethodNotAllowed, "api.method_not_allowed")
            .with_http(HttpStatus::METHOD_NOT_ALLOWED);
        error.0.allow = Some(allowed.join(", "));
        error
    }

    /// 428: solve `challenge` (harder than usual) and send the request again.
    pub fn harder_proof_required(challenge: altcha::Challenge) -> AppError {
        AppError::new(ApiCode::HarderProofRequired, "api.harder_proof_required")
            .with_content(RefusalContent::Challenge(challenge))
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

    fn refusal(&self, locale: Locale) -> Refusal<'_> {
        let e = &self.0;
        // A 102 says what its first field error says.
        let first_field = match &e.content {
            RefusalContent::FieldErrors(shown) => shown.first(),
            _ => None,
        };
        let (message_key, message_params) = first_field.map_or_else(
            || (e.key.to_owned(), &e.params),
            |first| {
                (
                    domain::i18n::error_key(first.error.code),
                    &first.error.params,
                )
            },
        );
        Refusal {
            status_code: e.code,
            content: &e.content,
            message: e
                .field_message
                .clone()
                .unwrap_or_else(|| messages::text(locale, e.key, &e.params)),
            message_key,
            message_params,
        }
    }

    /// The fields a 102 refuses and why (`field:code`), for the log: names, never values.
    fn fields(&self) -> Vec<String> {
        match &self.0.content {
            RefusalContent::FieldErrors(shown) => shown
                .iter()
                .map(|e| format!("{}:{}", e.error.field, e.error.code.as_str()))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The envelope this refusal sends, as JSON text in `locale`.
    pub fn envelope_text(&self, locale: Locale) -> String {
        serde_json::to_string(&self.refusal(locale)).unwrap_or_default()
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

/// A form's field errors answer 102 (`form.parse(&context)?` in a handler).
impl From<Vec<FieldError>> for AppError {
    fn from(errors: Vec<FieldError>) -> AppError {
        AppError::validation(&errors)
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
        } else {
            // The key and the fields, never a value the caller sent.
            tracing::debug!(
                status_code = e.code.number(),
                key = e.key,
                fields = ?self.fields(),
                "refused"
            );
        }
        let mut response = envelope(e.http, &self.refusal(locale()));
        if let Some(seconds) = e.retry_after
            && let Ok(value) = seconds.to_string().parse()
        {
            response
                .headers_mut()
                .insert(actix_web::http::header::RETRY_AFTER, value);
        }
        if let Some(allow) = &e.allow
            && let Ok(value) = allow.parse()
        {
            response
                .headers_mut()
                .insert(actix_web::http::header::ALLOW, value);
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
