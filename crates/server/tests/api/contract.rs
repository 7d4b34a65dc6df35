//! The API contract (SPEC §7–§8, DESIGN §4): the envelope, transport-level failures, languages,
//! and the headers every answer carries.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, EN, ZH, spawn_app, spawn_app_with};

#[track_caller]
fn assert_envelope(answer: &Answer, http: StatusCode, code: i64, message: &str) {
    assert_eq!(answer.http, http, "{}", answer.text);
    let mut body = answer.body.clone();
    let key = body.as_object_mut().and_then(|fields| {
        fields.remove("messageParams");
        fields.remove("messageKey")
    });
    assert_eq!(
        body,
        json!({ "statusCode": code, "content": null, "message": message }),
        "{}",
        answer.text
    );
    // The key names the message (in the language asked), which has no values to fill in.
    let key = key.as_ref().and_then(Value::as_str).unwrap_or_default();
    assert!(
        [EN, ZH]
            .iter()
            .any(|lang| server_catalogue(lang).get(key) == Some(&json!(message))),
        "{}",
        answer.text
    );
    assert_eq!(answer.body["messageParams"], json!({}), "{}", answer.text);
}

#[actix_web::test]
async fn an_unknown_api_route_is_a_404_in_the_envelope() {
    let app = spawn_app().await;
    for request in [
        app.client.get(app.url("/api/no/such/route")),
        app.client
            .post(app.url("/api/user/nothing"))
            .json(&json!({})),
        app.client.get(app.url("/api")),
    ] {
        let answer = app.send(request).await;
        assert_envelope(
            &answer,
            StatusCode::NOT_FOUND,
            404,
            "There is no such page or service",
        );
        assert_eq!(answer.header("cache-control"), Some("no-store"));
    }
}

#[actix_web::test]
async fn a_known_route_called_with_another_method_is_a_405_that_names_its_methods() {
    let app = spawn_app().await;
    for (request, allow) in [
        (app.client.get(app.url("/api/user/login")), "POST"),
        (app.client.delete(app.url("/api/user/self")), "GET"),
        (
            app.client.put(app.url("/api/user/config/mfa/key")),
            "GET, POST, DELETE",
        ),
        (
            app.client
                .request(reqwest::Method::OPTIONS, app.url("/api/fiscard/recharge")),
            "POST",
        ),
    ] {
        let answer = app.send(request).await;
        assert_envelope(
            &answer,
            StatusCode::METHOD_NOT_ALLOWED,
            405,
            "This service does not answer that request method",
        );
        assert_eq!(answer.header("allow"), Some(allow));
        assert_eq!(answer.header("cache-control"), Some("no-store"));
    }
}

#[actix_web::test]
async fn malformed_json_is_a_400_in_the_envelope() {
    let app = spawn_app().await;
    for body in ["{\"email\": ", "{email: 1}", "", "{\"a\":1}x"] {
        let answer = app
            .send(
                app.client
                    .post(app.url("/api/user/login"))
                    .header("Content-Type", "application/json")
                    .body(body),
            )
            .await;
        assert_envelope(
            &answer,
            StatusCode::BAD_REQUEST,
            400,
            "The request body is not valid JSON",
        );
    }
}

#[actix_web::test]
async fn a_body_that_is_not_utf8_is_malformed() {
    let app = spawn_app().await;
    let answer = app
        .send(
            app.client
                .post(app.url("/api/user/register"))
                .header("Content-Type", "application/json")
                .body(vec![b'{', b'"', 0xff, 0xfe, b'"', b':', b'1', b'}']),
        )
        .await;
    assert_envelope(
        &answer,
        StatusCode::BAD_REQUEST,
        400,
        "The request body is not valid JSON",
    );
}

#[actix_web::test]
async fn json_that_is_not_an_object_is_refused() {
    let app = spawn_app().await;
    for body in [json!([1, 2]), json!("text"), json!(null), json!(5)] {
        let answer = app.post("/user/login", &body).await;
        assert_envelope(
            &answer,
            StatusCode::BAD_REQUEST,
            400,
            "The request body is not valid JSON",
        );
    }
}

#[actix_web::test]
async fn a_body_without_the_json_content_type_is_refused() {
    let app = spawn_app().await;
    let body = json!({ "email": "a@example.com" }).to_string();
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut request = app
            .client
            .post(app.url("/api/user/register"))
            .body(body.clone());
        if let Some(content_type) = content_type {
            request = request.header("Content-Type", content_type);
        }
        let answer = app.send(request).await;
        assert_envelope(
            &answer,
            StatusCode::BAD_REQUEST,
            400,
            "The request body must be JSON (Content-Type: application/json)",
        );
    }
}

#[actix_web::test]
async fn json_with_a_charset_parameter_is_read() {
    let app = spawn_app().await;
    let answer = app
        .send(
            app.client
                .post(app.url("/api/user/register"))
                .header("Content-Type", "Application/JSON; charset=utf-8")
                .body(json!({ "email": "a@example.com" }).to_string()),
        )
        .await;
    // Read, and refused for the missing captcha: the body got through.
    answer.assert_refused(400, "The human check failed, please try again");
}

#[actix_web::test]
async fn a_body_over_the_limit_is_a_413_in_the_envelope() {
    let app = spawn_app_with(&[("FISCARD_MAX_BODY_BYTES", "256")]).await;
    let big = json!({ "email": "a@example.com", "padding": "x".repeat(300) });
    let answer = app.post("/user/register", &big).await;
    assert_envelope(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        413,
        "The request is too large",
    );
    let huge = json!({ "email": "a@example.com", "padding": "x".repeat(900_000) });
    let answer = app.post("/user/register", &huge).await;
    assert_envelope(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        413,
        "The request is too large",
    );
    // A body within the limit still gets through.
    let small = json!({ "email": "a@example.com" });
    app.post("/user/register", &small)
        .await
        .assert_refused(400, "The human check failed, please try again");
}

#[actix_web::test]
async fn an_issuer_event_over_the_limit_is_a_413_before_its_signature_is_checked() {
    let app = spawn_app().await;
    let big = json!({ "event": "authorization", "padding": "x".repeat(70 * 1024) });
    let answer = app
        .send(
            app.client
                .post(app.url("/api/issuer/events"))
                .header("Content-Type", "application/json")
                .header("Fiscard-Timestamp", "0")
                .header("Fiscard-Signature", "v1=00")
                .body(big.to_string()),
        )
        .await;
    assert_envelope(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        413,
        "The request is too large",
    );
}

#[actix_web::test]
async fn a_field_of_the_wrong_type_is_a_102_with_invalid_type() {
    let app = spawn_app().await;
    let token = app.solve_captcha().await;
    let answer = app
        .post("/user/register", &json!({ "email": 5, "token": token }))
        .await;
    answer.assert_refused(102, "This value has the wrong format.");
    assert_eq!(
        answer.content(),
        &json!([{
            "field": "email",
            "code": "invalid_type",
            "params": {},
            "message": "This value has the wrong format.",
        }])
    );
}

#[actix_web::test]
async fn messages_come_in_traditional_chinese_for_zh_hk() {
    let app = spawn_app().await;
    let answer = app
        .send(
            app.client
                .post(app.url("/api/user/login"))
                .header("User-Lang", ZH)
                .header("Content-Type", "application/json")
                .body("{"),
        )
        .await;
    assert_envelope(
        &answer,
        StatusCode::BAD_REQUEST,
        400,
        "請求內容不是有效的 JSON",
    );

    let token = app.solve_captcha().await;
    let answer = app
        .post_json(
            "/user/register",
            &json!({ "email": ["a"], "token": token }),
            ZH,
            None,
        )
        .await;
    answer.assert_refused(102, "此欄位的格式不正確。");
    assert_eq!(answer.content()[0]["message"], "此欄位的格式不正確。");

    let answer = app.get_api("/user/self", ZH, None).await;
    answer.assert_refused(101, "登入已過期");
    let answer = app.get_api("/no/such/route", ZH, None).await;
    assert_envelope(&answer, StatusCode::NOT_FOUND, 404, "沒有此頁面或服務");
}

#[actix_web::test]
async fn an_unknown_language_falls_back_to_english() {
    let app = spawn_app().await;
    for lang in ["fr-FR", "", "zh-CN"] {
        let answer = app.get_api("/user/self", lang, None).await;
        answer.assert_refused(101, "Login has expired");
        // The answer says which language it is in.
        assert_eq!(answer.header("content-language"), Some("en-US"), "{lang:?}");
    }
    let answer = app.get_api("/user/self", "zh-hk", None).await;
    answer.assert_refused(101, "登入已過期");
    assert_eq!(answer.header("content-language"), Some("zh-HK"));
}

#[actix_web::test]
async fn every_answer_carries_a_request_id_and_the_security_headers() {
    let app = spawn_app().await;
    let answers = vec![
        app.get_api("/user/country/list", EN, None).await,
        app.get_api("/user/self", EN, None).await,
        app.get_api("/no/such/route", EN, None).await,
        app.post("/user/login", &json!([])).await,
        app.send(app.client.get(app.url("/api/captcha/challenge")))
            .await,
        app.send(app.client.get(app.url("/healthz"))).await,
        app.send(app.client.get(app.url("/"))).await,
        app.send(app.client.get(app.url("/assets/missing.js")))
            .await,
    ];
    let mut ids = Vec::new();
    for answer in &answers {
        let csp = answer.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("'wasm-unsafe-eval'"), "{csp}");
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(
            answer.header("referrer-policy"),
            Some("strict-origin-when-cross-origin")
        );
        assert_eq!(answer.header("x-frame-options"), Some("DENY"));
        let id = answer.header("x-request-id").expect("a request id");
        assert!(uuid::Uuid::parse_str(id).is_ok(), "{id}");
        ids.push(id.to_owned());
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), answers.len(), "request ids are unique");
}

#[actix_web::test]
async fn every_api_answer_is_an_envelope_that_is_never_cached() {
    let app = spawn_app().await;
    let answers = vec![
        app.get_api("/user/country/list", EN, None).await,
        app.get_api("/user/self", EN, None).await,
        app.get_api("/no/such/route", EN, None).await,
        app.post("/user/login", &json!([])).await,
        app.post("/user/login", &json!({})).await,
    ];
    for answer in &answers {
        assert_eq!(
            answer.header("cache-control"),
            Some("no-store"),
            "{}",
            answer.text
        );
        assert!(
            answer
                .header("content-type")
                .is_some_and(|t| t.starts_with("application/json")),
            "{:?}",
            answer.headers
        );
        let Value::Object(fields) = &answer.body else {
            panic!("not an object: {}", answer.text);
        };
        let mut keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        keys.sort_unstable();
        // Every answer also names its message's catalogue key (a client shows it again in the
        // language the user turns to), a refusal with the key's parameters.
        let expected: &[&str] = if fields["statusCode"] == 200 {
            &["content", "message", "messageKey", "statusCode"]
        } else {
            &[
                "content",
                "message",
                "messageKey",
                "messageParams",
                "statusCode",
            ]
        };
        assert_eq!(keys, expected, "{}", answer.text);
    }
    let challenge = app
        .send(app.client.get(app.url("/api/captcha/challenge")))
        .await;
    assert_eq!(challenge.header("cache-control"), Some("no-store"));
}

/// The server's catalogue of `api.*` texts in `locale`, as the web app loads it.
fn server_catalogue(locale: &str) -> serde_json::Map<String, Value> {
    let path = format!("{}/locales/{locale}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the server's catalogue");
    serde_json::from_str(&text).expect("a flat string map")
}

#[actix_web::test]
async fn a_success_names_its_message_key_so_a_client_can_show_it_in_another_language() {
    let app = spawn_app().await;
    let first = app
        .register("me@example.com", crate::helpers::PASSWORD)
        .await;
    let second = app
        .login("me@example.com", crate::helpers::PASSWORD)
        .await
        .token();
    let zh = app
        .post_json("/user/logout", &json!({}), ZH, Some(&first))
        .await;
    let en = app
        .post_json("/user/logout", &json!({}), EN, Some(&second))
        .await;
    zh.assert_ok();
    en.assert_ok();
    assert_eq!(zh.body["messageKey"], "api.logged_out");
    assert_eq!(en.body["messageKey"], "api.logged_out");
    // The key's text in each language is what a request in that language gets.
    assert_eq!(server_catalogue(ZH)["api.logged_out"], zh.message());
    assert_eq!(server_catalogue(EN)["api.logged_out"], en.message());
    assert_ne!(zh.message(), en.message());
}

#[actix_web::test]
async fn a_refusal_names_its_message_key_and_parameters_so_a_client_can_show_it_in_another_language()
 {
    let app = spawn_app().await;
    let email = "me@example.com";
    app.start_register(email).await.assert_ok();
    let zh = app
        .post_json(
            "/user/register",
            &json!({ "email": email, "token": app.solve_captcha().await }),
            ZH,
            None,
        )
        .await;
    let en = app
        .post_json(
            "/user/register",
            &json!({ "email": email, "token": app.solve_captcha().await }),
            EN,
            None,
        )
        .await;
    for (answer, lang) in [(&zh, ZH), (&en, EN)] {
        assert_eq!(answer.code(), 429, "{}", answer.text);
        assert_eq!(
            answer.body["messageKey"], "api.email_code_cooldown",
            "{}",
            answer.text
        );
        let seconds = answer.content()["retryAfter"].to_string();
        assert_eq!(
            answer.body["messageParams"],
            json!({ "seconds": seconds }),
            "{}",
            answer.text
        );
        let text = server_catalogue(lang)["api.email_code_cooldown"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert_eq!(text.replace("{seconds}", &seconds), answer.message());
    }
    assert_ne!(zh.message(), en.message());

    // A 102 names its first field error's key (the domain's) with that error's parameters.
    let invalid = app
        .post(
            "/user/register",
            &json!({ "email": 5, "token": app.solve_captcha().await }),
        )
        .await;
    invalid.assert_refused(102, "This value has the wrong format.");
    assert_eq!(invalid.body["messageKey"], "error.invalid_type");
    assert_eq!(
        invalid.body["messageParams"],
        invalid.content()[0]["params"]
    );
}
