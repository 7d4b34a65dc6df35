//! Every answer the suite receives is checked against `/api/openapi.json`: the schema the
//! document gives its operation and HTTP status (a `/api` path no operation has answers the
//! `Refusal` envelope with HTTP 404, a method a path lacks with HTTP 405). A handler that drifts from its
//! document fails whichever test called it.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use jsonschema::Validator;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// The document, as the server serves it.
pub static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(
        &server::openapi::openapi()
            .to_json()
            .expect("document as JSON"),
    )
    .expect("document is JSON")
});

/// Validators by the JSON pointer of their schema, compiled once.
static VALIDATORS: LazyLock<Mutex<HashMap<String, &'static Validator>>> =
    LazyLock::new(Mutex::default);

/// Escapes a key for a JSON pointer (RFC 6901).
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The validator of the schema at `pointer` in the document, `$ref`s resolved within it.
fn validator(pointer: &str) -> &'static Validator {
    let mut cache = VALIDATORS.lock().expect("validators");
    cache.entry(pointer.to_owned()).or_insert_with(|| {
        let mut root = DOCUMENT.clone();
        // A `$ref` is a URI: the braces of a path template are percent-encoded.
        let reference = pointer.replace('{', "%7B").replace('}', "%7D");
        root["$ref"] = json!(format!("#{reference}"));
        let compiled = jsonschema::draft202012::new(&root)
            .unwrap_or_else(|e| panic!("the schema at {pointer} does not compile: {e}"));
        Box::leak(Box::new(compiled))
    })
}

/// The pointer of the JSON schema the document gives `path`'s `method` for `status`, following
/// a `$ref` to a shared response; `None` for an undocumented path (not part of the API).
fn documented_schema(method: &Method, path: &str, status: StatusCode) -> Option<String> {
    let (route, at_root) = match path.strip_prefix("/api") {
        Some(route) => (route, false),
        None => (path, true),
    };
    // A path with parameters (`/user/file/{name}`) is documented as its template.
    let route = DOCUMENT["paths"]
        .as_object()
        .and_then(|paths| {
            paths
                .keys()
                .find(|template| *template == route || template_matches(template, route))
        })
        .map_or(route, String::as_str);
    let item = &DOCUMENT["paths"][route];
    if at_root && item.get("servers").is_none() {
        return None;
    }
    let method = method.as_str().to_ascii_lowercase();
    if item.get(&method).is_none() {
        // An unknown route: 404 in the envelope; a route's other method: 405.
        let expected = if item.is_object() {
            StatusCode::METHOD_NOT_ALLOWED
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(
            status, expected,
            "{method} {path} is not documented but answered {status}"
        );
        return Some("/components/schemas/Refusal".to_owned());
    }
    let mut pointer = format!(
        "/paths/{}/{method}/responses/{}",
        escape(route),
        status.as_str()
    );
    let mut response = DOCUMENT.pointer(&pointer).unwrap_or_else(|| {
        panic!("{method} {path} answered HTTP {status}, which its operation does not document")
    });
    if let Some(reference) = response.get("$ref").and_then(Value::as_str) {
        pointer = reference.trim_start_matches('#').to_owned();
        response = DOCUMENT.pointer(&pointer).expect("response $ref resolves");
    }
    assert!(
        response["content"]["application/json"]["schema"].is_object(),
        "{method} {path} HTTP {status}: the document gives no JSON schema"
    );
    Some(format!("{pointer}/content/application~1json/schema"))
}

/// Checks one answer against the document; panics naming every way it differs.
/// Whether `path` fills the OpenAPI path `template` (`{…}` segments match any one segment).
fn template_matches(template: &str, path: &str) -> bool {
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    template.contains('{')
        && t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| (t.starts_with('{') && t.ends_with('}') && !p.is_empty()) || t == p)
}

pub fn check(method: &Method, path: &str, status: StatusCode, body: &Value, text: &str) {
    let Some(pointer) = documented_schema(method, path, status) else {
        return;
    };
    let errors: Vec<String> = validator(&pointer)
        .iter_errors(body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{method} {path} answered HTTP {status} off its documented schema ({pointer}):\n{}\n{text}",
        errors.join("\n")
    );
}
