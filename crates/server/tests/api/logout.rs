//! `POST /api/user/logout`.

use serde_json::json;

use crate::helpers::{EN, PASSWORD, ZH, spawn_app};

#[actix_web::test]
async fn logout_ends_the_session_it_is_called_with() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let other = app.login("me@example.com", PASSWORD).await.token();
    let answer = app
        .post_json("/user/logout", &json!({}), EN, Some(&token))
        .await;
    answer.assert_ok();
    assert_eq!(answer.message(), "You have logged out");
    assert_eq!(answer.content(), &json!(null));
    app.user_self(&token)
        .await
        .assert_refused(101, "Login has expired");
    // The other session goes on.
    app.user_self(&other).await.assert_ok();
    // A second logout with the ended session is not logged in.
    app.post_json("/user/logout", &json!({}), EN, Some(&token))
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn logout_without_a_session_is_not_logged_in() {
    let app = spawn_app().await;
    app.post_json("/user/logout", &json!({}), EN, None)
        .await
        .assert_refused(101, "Login has expired");
    app.post_json("/user/logout", &json!({}), ZH, Some("garbage"))
        .await
        .assert_refused(101, "登入已過期");
}

#[actix_web::test]
async fn logout_needs_no_body() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let answer = app
        .send(
            app.client
                .post(app.url("/api/user/logout"))
                .header("Access-Token", &token),
        )
        .await;
    answer.assert_ok();
    app.user_self(&token)
        .await
        .assert_refused(101, "Login has expired");
}
