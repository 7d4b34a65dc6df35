//! Limits that must hold when the requests come all at once, not one after another.

use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::{PASSWORD, spawn_app};

#[actix_web::test]
async fn a_captcha_solution_sent_many_times_at_once_is_accepted_once() {
    let app = spawn_app().await;
    let token = app.solve_captcha().await;
    let bodies: Vec<_> = (0..8)
        .map(|i| json!({ "email": format!("u{i}@example.com"), "token": token }))
        .collect();
    let answers = join_all(bodies.iter().map(|body| app.post("/user/register", body))).await;
    let codes: Vec<i64> = answers.iter().map(crate::helpers::Answer::code).collect();
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 400).count(), 7, "{codes:?}");
}

#[actix_web::test]
async fn wrong_passwords_sent_at_once_cannot_get_past_the_lockout() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let user_id = app.user_id("me@example.com").await;
    let tokens = join_all((0..12).map(|_| app.solve_captcha())).await;
    let bodies: Vec<_> = tokens
        .iter()
        .map(|token| json!({ "email": "me@example.com", "password": "Wrong horse 1", "token": token }))
        .collect();
    let answers = join_all(bodies.iter().map(|body| app.post("/user/login", body))).await;
    let codes: Vec<i64> = answers.iter().map(crate::helpers::Answer::code).collect();
    assert_eq!(codes.iter().filter(|&&c| c == 422).count(), 4, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 429).count(), 8, "{codes:?}");
    // Only five passwords were tried: four failures and the one that locked the account. The
    // requests run at once and share one clock, so the events are compared as a set of counts.
    let mut events = app.security_events(Some(&user_id)).await;
    events.sort();
    assert_eq!(
        events,
        [
            "login_failed",
            "login_failed",
            "login_failed",
            "login_failed",
            "login_locked",
            "registered"
        ]
    );
}

#[actix_web::test]
async fn wrong_codes_sent_at_once_cannot_get_past_five_tries() {
    let app = spawn_app().await;
    app.start_register("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    let wrong: Vec<String> = (1..=12_u32)
        .map(|i| {
            format!(
                "{:06}",
                (code.parse::<u32>().expect("digits") + i) % 1_000_000
            )
        })
        .collect();
    let answers = join_all(
        wrong
            .iter()
            .map(|guess| app.finish_register("me@example.com", guess, PASSWORD)),
    )
    .await;
    for answer in &answers {
        assert_eq!(answer.code(), 104, "{}", answer.text);
    }
    app.finish_register("me@example.com", &code, PASSWORD)
        .await
        .assert_refused(104, "Too many incorrect codes, please request a new one");
}

#[actix_web::test]
async fn a_code_sent_many_times_at_once_creates_one_account() {
    let app = spawn_app().await;
    app.start_register("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    let answers =
        join_all((0..6).map(|_| app.finish_register("me@example.com", &code, PASSWORD))).await;
    let codes: Vec<i64> = answers.iter().map(crate::helpers::Answer::code).collect();
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 104).count(), 5, "{codes:?}");
}

#[actix_web::test]
async fn codes_asked_for_at_once_send_one_mail_within_the_minute() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let tokens = join_all((0..6).map(|_| app.solve_captcha())).await;
    let bodies: Vec<_> = tokens
        .iter()
        .map(|token| json!({ "email": "me@example.com", "token": token, "purpose": "forgetPassword" }))
        .collect();
    let answers = join_all(bodies.iter().map(|body| app.post("/user/captcha", body))).await;
    let codes: Vec<i64> = answers.iter().map(crate::helpers::Answer::code).collect();
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 1, "{codes:?}");
    // The others wait for the minute, not for the hourly limit (5 codes an address).
    for answer in answers.iter().filter(|a| a.code() != 200) {
        assert_eq!(answer.code(), 429, "{codes:?}");
        assert!(
            answer
                .message()
                .ends_with("seconds before requesting another code"),
            "{}",
            answer.message()
        );
    }
    app.read_code("me@example.com").await;
    app.assert_no_new_mail("me@example.com").await;
}
