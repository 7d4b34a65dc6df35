//! `GET /api/captcha/challenge` and the `token` (ALTCHA solution) every anonymous step spends.

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{START_MS, TestApp, spawn_app, spawn_app_with};

const REFUSED: &str = "The human check failed, please try again";

async fn register_with_token(app: &TestApp, email: &str, token: &Value) -> crate::helpers::Answer {
    app.post("/user/register", &json!({ "email": email, "token": token }))
        .await
}

#[actix_web::test]
async fn a_challenge_is_a_bare_altcha_v1_challenge() {
    let app = spawn_app().await;
    let answer = app
        .send(app.client.get(app.url("/api/captcha/challenge")))
        .await;
    assert_eq!(answer.http, StatusCode::OK);
    let Value::Object(fields) = &answer.body else {
        panic!("{}", answer.text);
    };
    let mut keys: Vec<&str> = fields.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["algorithm", "challenge", "maxnumber", "salt", "signature"]
    );
    assert_eq!(answer.body["algorithm"], "SHA-256");
    assert_eq!(answer.body["maxnumber"], 1000);
    let is_hex64 = |v: &Value| {
        v.as_str()
            .is_some_and(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    assert!(is_hex64(&answer.body["challenge"]), "{}", answer.text);
    assert!(is_hex64(&answer.body["signature"]), "{}", answer.text);
    let salt = answer.body["salt"].as_str().expect("salt");
    let (random, query) = salt.split_once('?').expect("salt has a query");
    assert_eq!(random.len(), 24, "{salt}");
    assert!(random.bytes().all(|b| b.is_ascii_hexdigit()), "{salt}");
    assert_eq!(query, format!("expires={}&", START_MS / 1000 + 600));
}

#[actix_web::test]
async fn each_challenge_is_new() {
    let app = spawn_app().await;
    let (a, b) = (app.challenge().await, app.challenge().await);
    assert_ne!(a.salt, b.salt);
    assert_ne!(a.challenge, b.challenge);
}

#[actix_web::test]
async fn the_challenge_lifetime_is_configurable() {
    let app = spawn_app_with(&[("FISCARD_CAPTCHA_TTL_SECONDS", "30")]).await;
    let challenge = app.challenge().await;
    assert!(
        challenge
            .salt
            .ends_with(&format!("?expires={}&", START_MS / 1000 + 30)),
        "{}",
        challenge.salt
    );
}

#[actix_web::test]
async fn a_solution_is_accepted_once() {
    let app = spawn_app().await;
    let token = json!(app.solve_captcha().await);
    register_with_token(&app, "first@example.com", &token)
        .await
        .assert_ok();
    register_with_token(&app, "second@example.com", &token)
        .await
        .assert_refused(400, REFUSED);
    // Nor on another route.
    app.post(
        "/user/login",
        &json!({ "email": "first@example.com", "password": "whatever 1", "token": token }),
    )
    .await
    .assert_refused(400, REFUSED);
}

#[actix_web::test]
async fn a_solution_of_an_expired_challenge_is_refused() {
    let app = spawn_app().await;
    let late = json!(app.solve_captcha().await);
    let in_time = json!(app.solve_captcha().await);
    app.advance_ms(599_000);
    register_with_token(&app, "in-time@example.com", &in_time)
        .await
        .assert_ok();
    app.advance_ms(1_000);
    register_with_token(&app, "late@example.com", &late)
        .await
        .assert_refused(400, REFUSED);
}

#[actix_web::test]
async fn garbage_and_forged_solutions_are_refused() {
    let app = spawn_app().await;
    let b64 = |v: Value| base64::engine::general_purpose::STANDARD.encode(v.to_string());
    let challenge = app.challenge().await;
    let solution = altcha::solve(&challenge).expect("solvable");
    let mut payload: Value = serde_json::from_slice(
        &base64::engine::general_purpose::STANDARD
            .decode(&solution)
            .expect("base64"),
    )
    .expect("JSON");
    let number = payload["number"].as_u64().expect("number");
    payload["number"] = json!(number + 1);
    let wrong_number = b64(payload.clone());
    payload["number"] = json!(number);
    payload["signature"] = json!("0".repeat(64));
    let bad_signature = b64(payload);
    // A real solution of another server's challenge (another key).
    let other = spawn_app().await;
    let foreign = other.solve_captcha().await;

    for token in [
        json!("garbage"),
        json!(b64(json!({}))),
        json!(wrong_number),
        json!(bad_signature),
        json!(foreign),
    ] {
        register_with_token(&app, "someone@example.com", &token)
            .await
            .assert_refused(400, REFUSED);
    }
    // The genuine one still works: the failures did not spend it.
    register_with_token(&app, "someone@example.com", &json!(solution))
        .await
        .assert_ok();
}

#[actix_web::test]
async fn a_missing_solution_is_refused_on_every_anonymous_step() {
    let app = spawn_app().await;
    for token in [
        None,
        Some(json!("")),
        Some(json!("   ")),
        Some(json!(5)),
        Some(Value::Null),
    ] {
        let with = |mut body: Value| {
            if let Some(token) = &token {
                body["token"] = token.clone();
            }
            body
        };
        for (path, body) in [
            ("/user/register", json!({ "email": "a@example.com" })),
            ("/user/forgetPassword", json!({ "email": "a@example.com" })),
            (
                "/user/login",
                json!({ "email": "a@example.com", "password": "Password 1" }),
            ),
            (
                "/user/captcha",
                json!({ "email": "a@example.com", "purpose": "register" }),
            ),
        ] {
            app.post(path, &with(body))
                .await
                .assert_refused(400, REFUSED);
        }
    }
    app.assert_no_new_mail("a@example.com").await;
}

#[actix_web::test]
async fn the_refusal_is_in_the_callers_language() {
    let app = spawn_app().await;
    app.post_json(
        "/user/register",
        &json!({ "email": "a@example.com" }),
        crate::helpers::ZH,
        None,
    )
    .await
    .assert_refused(400, "人機驗證失敗，請重試");
}
