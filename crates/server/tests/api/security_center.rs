//! Step-up verification on the security settings that exist so far: the e-mail code for a
//! logged-in user, setting and changing the security PIN, changing the password.

use serde_json::json;

use crate::helpers::{EN, PASSWORD, TestApp, ZH, flags, spawn_app};

#[actix_web::test]
async fn a_logged_in_user_gets_a_code_for_their_own_address_only_with_a_session() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let code = app.verify_code(&token, "me@example.com").await;
    assert_eq!(code.len(), 6);
    app.post_json("/user/captcha", &json!({ "purpose": "verify" }), EN, None)
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn setting_the_first_pin_asks_for_the_email_code() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let body = json!({ "password": "135790", "confirm": "135790" });
    let answer = app
        .post_json("/user/security/password", &body, EN, Some(&token))
        .await;
    answer.assert_refused(103, "Please complete the verification");
    assert_eq!(answer.content(), &flags(true, false, false));

    let code = app.verify_code(&token, "me@example.com").await;
    let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    let with = |c: &str| json!({ "password": "135790", "confirm": "135790", "emailCaptcha": c });
    app.post_json("/user/security/password", &with(&wrong), EN, Some(&token))
        .await
        .assert_refused(104, "The verification code is incorrect");
    let set = app
        .post_json("/user/security/password", &with(&code), ZH, Some(&token))
        .await;
    set.assert_ok();
    assert_eq!(set.message(), "您的安全碼已設定");
    let config = app
        .get_api("/user/config", EN, Some(&token))
        .await
        .assert_ok()
        .clone();
    assert_eq!(config["security"], true);
    // The code was spent by the action it verified.
    app.post_json("/user/security/password", &with(&code), EN, Some(&token))
        .await
        .assert_refused(103, "Please complete the verification");
}

#[actix_web::test]
async fn a_simple_or_mismatched_pin_is_refused_with_the_domain_errors() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let answer = app
        .post_json(
            "/user/security/password",
            &json!({ "password": "123456", "confirm": "123456" }),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(answer.code(), 102);
    assert_eq!(answer.content()[0]["code"], "pin_too_simple");
    let answer = app
        .post_json(
            "/user/security/password",
            &json!({ "password": "135790", "confirm": "135791" }),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(answer.content()[0]["code"], "password_mismatch");
}

async fn with_pin(app: &TestApp, token: &str) {
    let code = app.verify_code(token, "me@example.com").await;
    app.post_json(
        "/user/security/password",
        &json!({ "password": "135790", "confirm": "135790", "emailCaptcha": code }),
        EN,
        Some(token),
    )
    .await
    .assert_ok();
    app.advance_minutes(1);
}

#[actix_web::test]
async fn changing_the_pin_also_asks_for_the_current_pin() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    with_pin(&app, &token).await;
    let answer = app
        .post_json(
            "/user/security/password",
            &json!({ "password": "246801", "confirm": "246801" }),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(answer.content(), &flags(true, false, true));
    let code = app.verify_code(&token, "me@example.com").await;
    let body = |pin: &str| json!({ "password": "246801", "confirm": "246801", "emailCaptcha": code, "securityPassword": pin });
    app.post_json("/user/security/password", &body("999999"), EN, Some(&token))
        .await
        .assert_refused(104, "The security code is incorrect");
    app.post_json("/user/security/password", &body("135790"), EN, Some(&token))
        .await
        .assert_ok();
    let events = app
        .security_events(Some(&app.user_id("me@example.com").await))
        .await;
    assert!(
        events.contains(&"pin_set".to_owned()) && events.contains(&"pin_changed".to_owned()),
        "{events:?}"
    );
}

#[actix_web::test]
async fn five_wrong_pins_lock_the_pin_for_fifteen_minutes() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    with_pin(&app, &token).await;
    let body = json!({ "password": "246801", "confirm": "246801", "emailCaptcha": "000000", "securityPassword": "999999" });
    for _ in 0..5 {
        app.post_json("/user/security/password", &body, EN, Some(&token))
            .await
            .assert_refused(104, "The security code is incorrect");
    }
    let locked = app
        .post_json("/user/security/password", &body, EN, Some(&token))
        .await;
    locked.assert_refused(429, "Too many attempts, please try again in 900 seconds");
    assert_eq!(locked.content()["retryAfter"], 900);
    assert_eq!(locked.header("retry-after"), Some("900"));
    // Still locked a minute before the end, the right PIN included; open after the 15 minutes.
    // (Asking for an e-mail code moves the clock a minute on.)
    app.advance_minutes(13);
    let code = app.verify_code(&token, "me@example.com").await;
    let right = json!({ "password": "246801", "confirm": "246801", "emailCaptcha": code, "securityPassword": "135790" });
    let still = app
        .post_json("/user/security/password", &right, EN, Some(&token))
        .await;
    assert_eq!(still.code(), 429, "{}", still.text);
    assert!(
        still.content()["retryAfter"].as_u64().unwrap() <= 60,
        "{}",
        still.text
    );
    app.advance_minutes(1);
    let code = app.verify_code(&token, "me@example.com").await;
    let right = json!({ "password": "246801", "confirm": "246801", "emailCaptcha": code, "securityPassword": "135790" });
    app.post_json("/user/security/password", &right, EN, Some(&token))
        .await
        .assert_ok();
}

#[actix_web::test]
async fn changing_the_password_needs_the_code_and_the_current_password_and_ends_other_sessions() {
    let app = spawn_app().await;
    let current = app.register("me@example.com", PASSWORD).await;
    let other = app.login("me@example.com", PASSWORD).await.token();
    let new_password = "Brand-new-pass-2";
    let body =
        json!({ "oldPassword": PASSWORD, "password": new_password, "confirm": new_password });
    let answer = app
        .post_json("/user/password", &body, EN, Some(&current))
        .await;
    assert_eq!(
        (answer.code(), answer.content()),
        (103, &flags(true, false, false))
    );

    let code = app.verify_code(&current, "me@example.com").await;
    let wrong_old =
        json!({ "oldPassword": "Not-my-pass-9", "password": new_password, "emailCaptcha": code });
    app.post_json("/user/password", &wrong_old, EN, Some(&current))
        .await
        .assert_refused(104, "The current password is incorrect");

    // The mistyped current password did not spend the code.
    let right = json!({ "oldPassword": PASSWORD, "password": new_password, "confirm": new_password, "emailCaptcha": code });
    app.post_json("/user/password", &right, EN, Some(&current))
        .await
        .assert_ok();
    app.user_self(&other)
        .await
        .assert_refused(101, "Login has expired");
    app.user_self(&current).await.assert_ok();
    assert_eq!(app.login("me@example.com", PASSWORD).await.code(), 422);
    app.login("me@example.com", new_password).await.token();
    let notice = app.next_mail("me@example.com").await;
    assert!(
        notice.subject.contains("password was changed"),
        "{}",
        notice.subject
    );
}

#[actix_web::test]
async fn a_new_password_that_equals_the_old_one_is_refused() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let answer = app
        .post_json(
            "/user/password",
            &json!({ "oldPassword": PASSWORD, "password": PASSWORD }),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(answer.code(), 102);
    assert_eq!(answer.content()[0]["code"], "password_same_as_old");
}
