//! `/api/openapi.json`: the document is held to the route table both ways, every `$ref`
//! resolves, every operation shares what it must, and each route, called without a session,
//! answers as documented. (Every answer of the whole suite is also checked against its
//! operation's schema: `schema_check`.)

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::{Value, json};
use server::api::ApiCode;
use server::routes::ROUTES;

use crate::helpers::spawn_app;
use crate::schema_check::DOCUMENT;

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// `(method, path)` pairs.
type Operations = BTreeSet<(String, String)>;

/// Every operation: under `/api` (no server of its own), and elsewhere.
fn documented(doc: &Value) -> (Operations, Operations) {
    let (mut api, mut root) = (BTreeSet::new(), BTreeSet::new());
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let set = if item.get("servers").is_some() {
            &mut root
        } else {
            &mut api
        };
        for method in METHODS {
            if item.get(method).is_some() {
                set.insert((method.to_owned(), path.clone()));
            }
        }
    }
    (api, root)
}

#[test]
fn every_route_is_documented_at_its_method_and_path_and_nothing_else() {
    let doc = &*DOCUMENT;
    let (api, root) = documented(doc);
    let routes: Operations = ROUTES
        .iter()
        .map(|r| (r.method.to_owned(), r.path.to_owned()))
        .collect();
    let missing: Vec<String> = routes
        .difference(&api)
        .map(|(m, p)| format!("{} /api{p}", m.to_uppercase()))
        .collect();
    assert!(
        missing.is_empty(),
        "routes whose handler's #[utoipa::path] does not say their method and path: {missing:?}"
    );
    let extra: Vec<String> = api
        .difference(&routes)
        .map(|(m, p)| format!("{} /api{p}", m.to_uppercase()))
        .collect();
    assert!(
        extra.is_empty(),
        "documented operations that are not routes: {extra:?}"
    );
    assert_eq!(
        root,
        BTreeSet::from([
            ("get".to_owned(), "/healthz".to_owned()),
            ("get".to_owned(), "/readyz".to_owned())
        ]),
        "the only operations outside /api are GET /healthz and GET /readyz"
    );
    assert_eq!(doc["paths"]["/healthz"]["servers"][0]["url"], "/");
    assert_eq!(doc["paths"]["/readyz"]["servers"][0]["url"], "/");
    assert_eq!(
        doc["servers"],
        json!([{"url": "/api", "description": "The API"}])
    );
}

#[test]
fn the_document_is_openapi_3_1_with_the_package_version() {
    let doc = &*DOCUMENT;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(doc["info"]["title"], "fiscard API");
    assert_eq!(
        doc["info"]["version"],
        server::openapi::openapi().info.version
    );
}

fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if key == "$ref" {
                    out.push(v.as_str().expect("$ref is a string"));
                } else {
                    refs(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves() {
    let doc = &*DOCUMENT;
    let mut found = Vec::new();
    refs(doc, &mut found);
    assert!(!found.is_empty());
    for reference in found {
        let pointer = reference
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("{reference} is not local"));
        assert!(
            doc.pointer(pointer).is_some(),
            "{reference} points at nothing"
        );
    }
}

#[test]
fn every_operation_has_user_lang_a_summary_a_declared_tag_and_a_unique_id() {
    let doc = &*DOCUMENT;
    let tags: BTreeSet<&str> = doc["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tags,
        BTreeSet::from([
            "auth", "user", "account", "fiscard", "fund", "identity", "investor", "issuer",
            "captcha", "system", "wallet", "exchange", "ops"
        ])
    );
    let mut ids = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            let Some(op) = item.get(method) else { continue };
            let name = format!("{method} {path}");
            let lang = op["parameters"]
                .as_array()
                .and_then(|ps| ps.iter().find(|p| p["name"] == "User-Lang"))
                .unwrap_or_else(|| panic!("{name} has no User-Lang parameter"));
            assert_eq!(lang["in"], "header");
            assert_eq!(lang["schema"]["enum"], json!(["en-US", "zh-HK"]));
            assert!(
                op["summary"].as_str().is_some_and(|s| !s.is_empty()),
                "{name} has no summary (the first line of its handler's doc comment)"
            );
            for tag in op["tags"].as_array().unwrap() {
                assert!(tags.contains(tag.as_str().unwrap()), "{name}: tag {tag}");
            }
            let id = op["operationId"].as_str().unwrap().to_owned();
            assert!(ids.insert(id), "{name}: duplicate operationId");
        }
    }
}

#[test]
fn the_status_code_catalogue_is_api_code() {
    let schema = &DOCUMENT["components"]["schemas"]["StatusCode"];
    let listed: Vec<u64> = schema["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = ApiCode::ALL.iter().map(|c| u64::from(c.number())).collect();
    assert_eq!(listed, expected);
    for code in [
        200, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 400, 403, 404, 409, 422,
        429, 500,
    ] {
        assert!(listed.contains(&code), "statusCode {code} is not described");
    }
    assert_eq!(
        schema["x-enum-descriptions"].as_array().unwrap().len(),
        listed.len()
    );
}

/// Each route, called without `Access-Token` (POSTs and DELETEs with `{}`), answers statusCode
/// 101 exactly when the document says it needs the session, and answers the envelope exactly
/// when the document says so; `/api/openapi.json` answers the document itself.
#[actix_web::test]
async fn each_route_needs_a_session_and_answers_the_envelope_as_documented() {
    let app = spawn_app().await;
    let doc = &*DOCUMENT;
    for route in ROUTES {
        let op = &doc["paths"][route.path][route.method];
        let needs_session = op.get("security").is_some();
        let url = app.url(&format!("/api{}", route.path));
        let request = match route.method {
            "get" => app.client.get(url),
            "post" => app.client.post(url).json(&json!({})),
            "delete" => app.client.delete(url).json(&json!({})),
            other => panic!("add a request for {other}"),
        };
        let answer = app.send(request).await;
        assert_eq!(
            answer.body.get("statusCode").and_then(Value::as_u64) == Some(101),
            needs_session,
            "{} {}: documented {} a session, answered {}",
            route.method,
            route.path,
            if needs_session { "with" } else { "without" },
            answer.text
        );
        let success = &op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"];
        let documented_envelope = success
            .as_str()
            .is_some_and(|r| r.starts_with("#/components/schemas/Reply_"));
        let is_envelope = ["statusCode", "content", "message"]
            .iter()
            .all(|key| answer.body.get(key).is_some());
        assert_eq!(
            is_envelope, documented_envelope,
            "{} {}: answered {}",
            route.method, route.path, answer.text
        );
    }

    let served = app.send(app.client.get(app.url("/api/openapi.json"))).await;
    assert_eq!(served.http, StatusCode::OK);
    assert_eq!(served.header("content-type"), Some("application/json"));
    assert_eq!(served.body, *doc);
}

/// The check every answer goes through fails an answer that drifted from its document, and
/// passes a refusal of the same operation.
#[test]
fn an_answer_off_its_documented_schema_fails_the_check() {
    let page = |item: Value| {
        json!({
            "statusCode": 200,
            "content": { "list": [item], "totalPage": 1, "totalCount": 1 },
            "message": "OK",
            "messageKey": "api.ok"
        })
    };
    let drifted = page(json!({ "id": "o1", "cardKey": "c1" }));
    let check = |body: &Value| {
        crate::schema_check::check(
            &reqwest::Method::GET,
            "/api/fiscard/order",
            StatusCode::OK,
            body,
            "",
        );
    };
    assert!(std::panic::catch_unwind(|| check(&drifted)).is_err());
    check(&json!({
        "statusCode": 101,
        "content": null,
        "message": "Login has expired",
        "messageKey": "api.not_logged_in",
        "messageParams": {}
    }));
    check(
        &json!({ "statusCode": 200, "content": { "list": [], "totalPage": 0, "totalCount": 0 }, "message": "OK", "messageKey": "api.ok" }),
    );
}
