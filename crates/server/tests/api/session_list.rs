//! The user's own sessions and security history: `user/sessions`, `user/sessions/revoke`,
//! `user/sessions/revokeOthers`, `user/security/events`. One user never sees or ends another's.

use serde_json::json;

use crate::helpers::{EN, PASSWORD, ZH, spawn_app};

#[actix_web::test]
async fn the_list_shows_every_live_session_and_marks_the_current_one() {
    let app = spawn_app().await;
    let first = app.register("me@example.com", PASSWORD).await;
    let second = app.login("me@example.com", PASSWORD).await.token();
    let answer = app.get_api("/user/sessions", EN, Some(&second)).await;
    let list = answer.assert_ok().as_array().expect("a list").clone();
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(list.iter().filter(|s| s["current"] == true).count(), 1);
    for session in &list {
        for key in [
            "id",
            "device",
            "ip",
            "createTime",
            "lastSeenTime",
            "current",
        ] {
            assert!(session.get(key).is_some(), "{key} missing in {session}");
        }
        assert_eq!(session["ip"], "127.0.0.1");
    }
    app.post_json("/user/logout", &json!({}), EN, Some(&first))
        .await
        .assert_ok();
    let list = app
        .get_api("/user/sessions", EN, Some(&second))
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        list.as_array().map(Vec::len),
        Some(1),
        "a logged-out session is not listed"
    );
}

#[actix_web::test]
async fn revoking_one_session_ends_only_that_session() {
    let app = spawn_app().await;
    let phone = app.register("me@example.com", PASSWORD).await;
    let laptop = app.login("me@example.com", PASSWORD).await.token();
    let list = app
        .get_api("/user/sessions", EN, Some(&laptop))
        .await
        .assert_ok()
        .clone();
    let phone_id = list
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == false)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = app
        .post_json(
            "/user/sessions/revoke",
            &json!({ "id": phone_id }),
            EN,
            Some(&laptop),
        )
        .await;
    answer.assert_ok();
    assert_eq!(answer.message(), "The session has been signed out");
    app.user_self(&phone)
        .await
        .assert_refused(101, "Login has expired");
    app.user_self(&laptop).await.assert_ok();
    app.post_json(
        "/user/sessions/revoke",
        &json!({ "id": phone_id }),
        ZH,
        Some(&laptop),
    )
    .await
    .assert_refused(404, "沒有此工作階段");
}

#[actix_web::test]
async fn a_user_cannot_see_or_end_another_users_session() {
    let app = spawn_app().await;
    let alice = app.register("alice@example.com", PASSWORD).await;
    let bob = app.register("bob@example.com", PASSWORD).await;
    let alice_sessions = app
        .get_api("/user/sessions", EN, Some(&alice))
        .await
        .assert_ok()
        .clone();
    let alice_id = alice_sessions[0]["id"].as_str().unwrap().to_owned();
    let bob_sessions = app
        .get_api("/user/sessions", EN, Some(&bob))
        .await
        .assert_ok()
        .clone();
    assert_eq!(bob_sessions.as_array().map(Vec::len), Some(1));
    assert_ne!(bob_sessions[0]["id"], alice_sessions[0]["id"]);
    app.post_json(
        "/user/sessions/revoke",
        &json!({ "id": alice_id }),
        EN,
        Some(&bob),
    )
    .await
    .assert_refused(404, "There is no such session");
    app.user_self(&alice).await.assert_ok();
    app.post_json("/user/sessions/revokeOthers", &json!({}), EN, Some(&bob))
        .await
        .assert_ok();
    app.user_self(&alice).await.assert_ok();
}

#[actix_web::test]
async fn revoking_the_others_keeps_only_the_current_session() {
    let app = spawn_app().await;
    let a = app.register("me@example.com", PASSWORD).await;
    let b = app.login("me@example.com", PASSWORD).await.token();
    let c = app.login("me@example.com", PASSWORD).await.token();
    let answer = app
        .post_json("/user/sessions/revokeOthers", &json!({}), EN, Some(&c))
        .await;
    assert_eq!(answer.assert_ok()["revoked"], 2);
    assert_eq!(answer.message(), "All other sessions have been signed out");
    for gone in [&a, &b] {
        app.user_self(gone)
            .await
            .assert_refused(101, "Login has expired");
    }
    app.user_self(&c).await.assert_ok();
}

#[actix_web::test]
async fn revoking_needs_a_session_and_an_id() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.post_json("/user/sessions/revoke", &json!({ "id": "x" }), EN, None)
        .await
        .assert_refused(101, "Login has expired");
    app.post_json("/user/sessions/revokeOthers", &json!({}), EN, None)
        .await
        .assert_refused(101, "Login has expired");
    app.get_api("/user/sessions", EN, None)
        .await
        .assert_refused(101, "Login has expired");
    let answer = app
        .post_json("/user/sessions/revoke", &json!({}), EN, Some(&token))
        .await;
    assert_eq!(answer.code(), 400);
}

#[actix_web::test]
async fn the_security_history_is_paged_newest_first_and_only_ones_own() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.register("other@example.com", PASSWORD).await;
    for _ in 0..3 {
        app.login("me@example.com", "Wrong horse 1").await;
    }
    let page = app
        .get_api(
            "/user/security/events?pageID=1&pageSize=2",
            EN,
            Some(&token),
        )
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        page["totalCount"], 4,
        "registered and three failed logins: {page}"
    );
    assert_eq!(page["totalPage"], 2);
    let list = page["list"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["kind"], "login_failed");
    let last = app
        .get_api(
            "/user/security/events?pageID=2&pageSize=2",
            EN,
            Some(&token),
        )
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        last["list"][1]["kind"], "registered",
        "the oldest comes last: {last}"
    );
    for key in ["id", "kind", "ip", "device", "createTime"] {
        assert!(list[0].get(key).is_some(), "{key} missing");
    }
    let capped = app
        .get_api("/user/security/events?pageSize=100000", EN, Some(&token))
        .await
        .assert_ok()
        .clone();
    assert_eq!(capped["totalPage"], 1);
    // An unreadable query is a transport-level refusal: HTTP 400 with the envelope.
    let unreadable = app
        .get_api("/user/security/events?pageID=abc", EN, Some(&token))
        .await;
    assert_eq!(
        (unreadable.code(), unreadable.message()),
        (400, "The request could not be understood")
    );
}
