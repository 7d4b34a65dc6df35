//! Around every request: its language (`User-Lang`, said back in `Content-Language`), a request
//! id (`X-Request-Id`: the caller's, a load balancer's, when it is sane, else a new one; always
//! answered), security headers, the request metrics, and exactly one log line (method, route
//! pattern, path, status, latency, request id — never a body, a query string, another header's
//! value, a code or a token).

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
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let in_flight = crate::drain::InFlight::enter();
    let request_id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|id| sane_request_id(id))
        .map_or_else(crate::clock::new_id, str::to_owned);
    let locale = req
        .headers()
        .get("User-Lang")
        .and_then(|v| v.to_str().ok())
        .map(Locale::from_tag)
        .unwrap_or_default();
    let (method, path) = (req.method().clone(), req.path().to_owned());
    let result = LOCALE.scope(Cell::new(locale), next.call(req)).await;
    let elapsed = started.elapsed();
    let latency_ms = (elapsed.as_secs_f64() * 10_000.0).round() / 10.0;
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
            let route = route_of(response.request().match_pattern(), &path);
            crate::telemetry::http_request(method.as_str(), route.clone(), status, elapsed);
            tracing::info!(
                request_id,
                %method,
                route,
                path,
                status,
                latency_ms,
                "request"
            );
            // Counted in flight until its body has been written out (draining waits for it).
            Ok(response.map_body(|_, body| crate::drain::InFlightBody::new(body, in_flight)))
        }
        Err(error) => {
            tracing::warn!(request_id, %method, path, latency_ms, error = %error, "request failed");
            Err(error)
        }
    }
}

/// An incoming `X-Request-Id` is kept when it is 1 to 128 letters, digits, `-`, `_`, `.` or `:`
/// (a UUID, a load balancer's hex id); anything else is replaced, so a log line never carries
/// what a caller made up beyond that.
pub fn sane_request_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

/// The metrics' and the log's route: the matched pattern (`/api/fiscard/detail/{cardKey}`, never
/// an id); `/api/(unmatched)` for an API path no route takes, `(web)` for the web app's files.
fn route_of(pattern: Option<String>, path: &str) -> String {
    match pattern {
        Some(pattern) => pattern,
        None if path == "/api" || path.starts_with("/api/") => "/api/(unmatched)".to_owned(),
        None => "(web)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_id_is_kept_only_when_sane() {
        assert!(sane_request_id("0190f5c2-7b1e-7c3a-9d4e-1a2b3c4d5e6f"));
        assert!(sane_request_id("lb:7f000001_1f90.abc"));
        assert!(!sane_request_id(""));
        assert!(!sane_request_id("two words"));
        assert!(!sane_request_id("line\nbreak"));
        assert!(!sane_request_id("<script>"));
        assert!(!sane_request_id(&"a".repeat(129)));
        assert!(sane_request_id(&"a".repeat(128)));
    }

    #[test]
    fn routes_are_patterns_or_one_of_two_buckets() {
        assert_eq!(
            route_of(
                Some("/api/fiscard/detail/{cardKey}".to_owned()),
                "/api/fiscard/detail/x"
            ),
            "/api/fiscard/detail/{cardKey}"
        );
        assert_eq!(route_of(None, "/api/nothing/here"), "/api/(unmatched)");
        assert_eq!(route_of(None, "/account/withdraw"), "(web)");
    }
}
