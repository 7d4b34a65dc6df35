//! The per-user security log: what happened to an account, from where.

use crate::helpers::{PASSWORD, spawn_app};

#[actix_web::test]
async fn registration_logins_logout_and_a_reset_are_logged_for_the_user() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let user_id = app.user_id("me@example.com").await;
    app.advance_ms(1_000);
    app.login("me@example.com", "Wrong horse 1")
        .await
        .assert_refused(422, "Incorrect e-mail or password");
    app.advance_ms(1_000);
    app.login("me@example.com", PASSWORD).await.token();
    app.advance_ms(1_000);
    app.post_json(
        "/user/logout",
        &serde_json::json!({}),
        crate::helpers::EN,
        Some(&token),
    )
    .await
    .assert_ok();
    app.advance_ms(1_000);
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    app.post(
        "/user/forgetPassword",
        &serde_json::json!({ "email": "me@example.com", "emailCaptcha": code, "password": "New password 2", "confirm": "New password 2" }),
    )
    .await
    .assert_ok();

    assert_eq!(
        app.security_events(Some(&user_id)).await,
        [
            "registered",
            "login_failed",
            "login_succeeded",
            "logout",
            "password_reset"
        ]
    );
    for (ip, agent) in app.security_event_agents(&user_id).await {
        assert_eq!(
            (ip.as_deref(), agent.as_deref()),
            (Some("127.0.0.1"), Some("fiscard-tests"))
        );
    }
}

#[actix_web::test]
async fn failures_on_unknown_addresses_are_logged_without_a_user() {
    let app = spawn_app().await;
    app.login("nobody@example.com", PASSWORD).await;
    assert_eq!(app.security_events(None).await, ["login_failed"]);
}

#[actix_web::test]
async fn the_failure_that_locks_an_account_is_logged_as_a_lockout() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let user_id = app.user_id("me@example.com").await;
    for _ in 0..5 {
        app.advance_ms(1_000);
        app.login("me@example.com", "Wrong horse 1").await;
    }
    assert_eq!(
        app.security_events(Some(&user_id)).await,
        [
            "registered",
            "login_failed",
            "login_failed",
            "login_failed",
            "login_failed",
            "login_locked"
        ]
    );
}

#[actix_web::test]
async fn a_login_with_an_email_code_is_logged_once_completed() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let user_id = app.user_id("me@example.com").await;
    app.set_login_email("me@example.com", true).await;
    let answer = app.login("me@example.com", PASSWORD).await;
    let ticket = answer.content()["accountId"].as_str().expect("a ticket");
    assert_eq!(app.security_events(Some(&user_id)).await, ["registered"]);
    app.post("/user/captcha", &serde_json::json!({ "accountId": ticket }))
        .await
        .assert_ok();
    let code = app.read_code("me@example.com").await;
    app.advance_ms(1_000);
    app.post(
        "/user/login",
        &serde_json::json!({ "accountId": ticket, "emailCaptcha": code }),
    )
    .await
    .token();
    assert_eq!(
        app.security_events(Some(&user_id)).await,
        ["registered", "login_succeeded"]
    );
}
