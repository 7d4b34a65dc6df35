//! Sessions (`Access-Token`): idle and absolute expiry, and what counts as no session.

use crate::helpers::{EN, MINUTE_MS, PASSWORD, ZH, spawn_app};

const EXPIRED: &str = "Login has expired";

#[actix_web::test]
async fn a_missing_or_unknown_token_is_not_logged_in() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let answer = app.get_api("/user/self", EN, None).await;
    answer.assert_refused(101, EXPIRED);
    assert_eq!(answer.content(), &serde_json::Value::Null);
    for token in ["", "   ", "garbage", &"A".repeat(43), &"x".repeat(5000)] {
        app.get_api("/user/self", EN, Some(token))
            .await
            .assert_refused(101, EXPIRED);
    }
    app.get_api("/user/self", ZH, Some("garbage"))
        .await
        .assert_refused(101, "登入已過期");
    app.get_api("/user/config", EN, Some("garbage"))
        .await
        .assert_refused(101, EXPIRED);
}

#[actix_web::test]
async fn a_session_ends_after_thirty_idle_minutes() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.advance_ms(30 * MINUTE_MS - 1);
    app.user_self(&token).await.assert_ok();
    let idle = app.login("me@example.com", PASSWORD).await.token();
    app.advance_minutes(30);
    app.user_self(&idle).await.assert_refused(101, EXPIRED);
}

#[actix_web::test]
async fn activity_keeps_a_session_alive() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    for _ in 0..6 {
        app.advance_minutes(20);
        app.user_self(&token).await.assert_ok();
    }
    // Two hours on, idle once more: it ends.
    app.advance_minutes(30);
    app.user_self(&token).await.assert_refused(101, EXPIRED);
}

#[actix_web::test]
async fn a_session_ends_after_twelve_hours_however_active() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let mut elapsed = 0;
    while elapsed + 25 < 12 * 60 {
        app.advance_minutes(25);
        elapsed += 25;
        app.user_self(&token).await.assert_ok();
    }
    app.advance_minutes(12 * 60 - elapsed - 1);
    app.user_self(&token).await.assert_ok();
    app.advance_minutes(1);
    app.user_self(&token).await.assert_refused(101, EXPIRED);
}

#[actix_web::test]
async fn an_ended_session_stays_ended() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.advance_minutes(31);
    app.user_self(&token).await.assert_refused(101, EXPIRED);
    app.advance_minutes(1);
    app.user_self(&token).await.assert_refused(101, EXPIRED);
    // Logging in again gives a new session, not the old one back.
    let fresh = app.login("me@example.com", PASSWORD).await.token();
    app.user_self(&fresh).await.assert_ok();
    app.user_self(&token).await.assert_refused(101, EXPIRED);
}

#[actix_web::test]
async fn session_lifetimes_are_configurable() {
    let app = crate::helpers::spawn_app_with(&[
        ("FISCARD_SESSION_IDLE_MINUTES", "5"),
        ("FISCARD_SESSION_ABSOLUTE_HOURS", "1"),
    ])
    .await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.advance_minutes(4);
    app.user_self(&token).await.assert_ok();
    app.advance_minutes(5);
    app.user_self(&token).await.assert_refused(101, EXPIRED);
}

/// The card list and the wallet's balances check the session in the same snapshot as their own
/// reads (`SessionToken::read`): the same rules hold there, and using them keeps it alive.
#[actix_web::test]
async fn reads_that_check_the_session_themselves_follow_the_same_rules() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    for path in ["/fiscard/list", "/wallet/balance"] {
        for bad in [None, Some("garbage")] {
            app.get_api(path, EN, bad)
                .await
                .assert_refused(101, EXPIRED);
        }
        app.get_api(path, ZH, Some("garbage"))
            .await
            .assert_refused(101, "登入已過期");
    }
    // Only these two reads, every 20 minutes for an hour: the session lives on.
    for turn in 0..3 {
        app.advance_minutes(20);
        let path = ["/fiscard/list", "/wallet/balance"][turn % 2];
        app.get_api(path, EN, Some(&token)).await.assert_ok();
    }
    app.advance_minutes(30);
    app.get_api("/fiscard/list", EN, Some(&token))
        .await
        .assert_refused(101, EXPIRED);

    let fresh = app.login("me@example.com", PASSWORD).await.token();
    app.get_api("/wallet/balance", EN, Some(&fresh))
        .await
        .assert_ok();
    app.post_json("/user/logout", &serde_json::json!({}), EN, Some(&fresh))
        .await
        .assert_ok();
    for path in ["/fiscard/list", "/wallet/balance"] {
        app.get_api(path, EN, Some(&fresh))
            .await
            .assert_refused(101, EXPIRED);
    }
}
