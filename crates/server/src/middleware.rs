//! Around every request: its language (`User-Lang`, said back in `Content-Language`), a request
//! id (`X-Request-Id`), security headers, and exactly one log line (method, path, status, duration — never a body, a query
//! string, a header value, a code or a token).

use std::cell::Cell;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use domain::i18n::Locale;

use crate::api::LOCALE;

/// The Content-Security-Policy of the web app: its own scripts and wasm (`wasm-unsafe-eval`
/// lets WebAssembly compile; it does not allow `eval`), inline styles (Chakra/Emotion inject
/// them), no framing, no plugins.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const SECURITY_HEADERS: [(&str, &str); 5] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "DENY"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), payment=()",
    ),
];

pub async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let request_id = crate::clock::new_id();
    let locale = req
        .headers()
        .get("User-Lang")
        .and_then(|v| v.to_str().ok())
        .map(Locale::from_tag)
        .unwrap_or_default();
    let (method, path) = (req.method().clone(), req.path().to_owned());
    let result = LOCALE.scope(Cell::new(locale), next.call(req)).await;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    match result {
        Ok(mut response) => {
            let headers = response.headers_mut();
            for (name, value) in SECURITY_HEADERS {
                // A route with a policy of its own (an uploaded document's) keeps it.
                if name == "content-security-policy"
                    && headers.contains_key(actix_web::http::header::CONTENT_SECURITY_POLICY)
                {
                    continue;
                }
                headers.insert(
                    HeaderName::from_static(name),
                    HeaderValue::from_static(value),
                );
            }
            if let Ok(id) = HeaderValue::from_str(&request_id) {
                headers.insert(HeaderName::from_static("x-request-id"), id);
            }
            // The language the API's messages are in: the one `User-Lang` asked for, or en-US
            // when it asked for none or for one the server does not speak.
            if path.starts_with("/api/") {
                headers.insert(
                    actix_web::http::header::CONTENT_LANGUAGE,
                    HeaderValue::from_static(locale.tag()),
                );
            }
            let status = response.status().as_u16();
            tracing::info!(request_id, %method, path, status, elapsed_ms = format!("{elapsed_ms:.1}"), "request");
            Ok(response)
        }
        Err(error) => {
            tracing::warn!(request_id, %method, path, elapsed_ms = format!("{elapsed_ms:.1}"), error = %error, "request failed");
            Err(error)
        }
    }
}
