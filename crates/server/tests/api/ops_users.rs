//! Search and users in the console: a user found by e-mail prefix, wire memo or a card's last
//! four digits; their page (verifications, cards, balances, sessions, security events); their
//! sessions ended one by one or all at once — each read and action audited, each by its roles,
//! and each ending told to the user in their security log, without the operator's address.

use serde_json::{Value, json};
use server::services::operators::Role;

use crate::cards::{apply, cards_of, holder};
use crate::helpers::{PASSWORD, spawn_app};
use crate::identity::basic_in_review;
use crate::ops_cards::{of_kind, own_security_log, told_without_address};
use crate::ops_review::audited;
use crate::ops_wires::user_with_memo;

const FORBIDDEN: &str = "Your operator roles do not allow this";

fn emails(hits: &Value) -> Vec<&str> {
    hits.as_array()
        .unwrap()
        .iter()
        .map(|h| h["email"].as_str().unwrap())
        .collect()
}

#[actix_web::test]
async fn a_user_is_found_by_email_memo_or_a_cards_last_four_digits() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let (_, memo) = user_with_memo(&app, "adam@example.com").await;
    app.register("bob@example.com", PASSWORD).await;
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    let t = Some(reviewer.token.as_str());
    let search = |q: String| {
        let app = &app;
        async move { app.ops_get(&format!("/ops/search?q={q}"), t).await }
    };

    let by_prefix = search("ADA".to_owned()).await;
    assert_eq!(
        emails(by_prefix.assert_ok()),
        ["ada@example.com", "adam@example.com"]
    );
    let ada = &by_prefix.content()[0];
    assert_eq!(ada["cards"][0]["cardKey"], json!(card));
    assert_eq!(ada["cards"][0]["status"], "normal");
    // Too short a prefix finds nobody; `_` and `%` are letters, not patterns.
    assert!(
        search("ad".to_owned())
            .await
            .assert_ok()
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(
        search("a%25".to_owned())
            .await
            .assert_ok()
            .as_array()
            .unwrap()
            .is_empty()
    );

    // A memo as a person types it: lower case, with a hyphen.
    let typed = format!("{}-{}", &memo[..4], &memo[4..]).to_lowercase();
    let by_memo = search(typed).await;
    assert_eq!(emails(by_memo.assert_ok()), ["adam@example.com"]);
    assert_eq!(by_memo.content()[0]["memo"], json!(memo));

    let last4 = ada["cards"][0]["last4"].as_str().unwrap().to_owned();
    let by_card = search(last4).await;
    assert!(emails(by_card.assert_ok()).contains(&"ada@example.com"));
    assert_eq!(audited(&app, "search"), 5);

    let user = app.login("bob@example.com", PASSWORD).await.token();
    app.ops_get("/ops/search?q=ada", Some(&user))
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn a_users_page_shows_their_state_and_their_sessions_can_be_ended() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let second = app.login("ada@example.com", PASSWORD).await.token();
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let page = format!("/ops/users/{}", h.uid);

    let shown = app.ops_get(&page, Some(&reviewer.token)).await;
    let shown = shown.assert_ok().clone();
    assert_eq!(shown["email"], "ada@example.com");
    assert_eq!(shown["memo"], Value::Null);
    assert_eq!(shown["cards"][0]["cardKey"], json!(card));
    assert_eq!(shown["cards"][0]["balance"], "0.00");
    let bank = shown["balances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["account"] == "bank" && b["asset"] == "USD")
        .unwrap();
    assert_eq!(bank["available"], "100.00");
    let sessions = shown["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert!(
        shown["securityEvents"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "login_succeeded")
    );
    assert_eq!(audited(&app, "user.read"), 1);
    // A verification in review links to its case.
    basic_in_review(&app, "bob@example.com").await;
    let bob = app.user_id("bob@example.com").await;
    let bobs = app
        .ops_get(&format!("/ops/users/{bob}"), Some(&reviewer.token))
        .await;
    let verification = &bobs.assert_ok()["verifications"][0];
    assert_eq!(
        (
            &verification["verification"],
            &verification["status"],
            &verification["attempt"]
        ),
        (&json!("basic"), &json!("in_review"), &json!(1))
    );
    let case = verification["caseId"].as_str().unwrap();
    let opened = app
        .ops_get(&format!("/ops/review/cases/{case}"), Some(&reviewer.token))
        .await;
    assert_eq!(opened.assert_ok()["user"]["email"], "bob@example.com");
    let missing = app
        .ops_get("/ops/users/no-such-user", Some(&reviewer.token))
        .await;
    assert_eq!(missing.code(), 404, "{}", missing.text);

    // A reviewer reads but does not end sessions.
    let one = sessions[0]["id"].as_str().unwrap().to_owned();
    let end_one = format!("{page}/sessions/{one}/end");
    app.ops_post(&end_one, &json!({}), Some(&reviewer.token))
        .await
        .assert_refused(403, FORBIDDEN);
    let ended = app
        .ops_post(&end_one, &json!({}), Some(&finance.token))
        .await;
    assert_eq!(ended.assert_ok()["sessions"].as_array().unwrap().len(), 1);
    let again = app
        .ops_post(&end_one, &json!({}), Some(&finance.token))
        .await;
    assert_eq!(again.code(), 404, "{}", again.text);
    assert_eq!(audited(&app, "user.session.end"), 1);

    let all = app
        .ops_post(
            &format!("{page}/sessions/end"),
            &json!({}),
            Some(&finance.token),
        )
        .await;
    assert!(all.assert_ok()["sessions"].as_array().unwrap().is_empty());
    assert_eq!(audited(&app, "user.sessions.end"), 1);
    for token in [&h.token, &second] {
        app.user_self(token)
            .await
            .assert_refused(101, "Login has expired");
    }
    let nobody = app
        .ops_post(
            "/ops/users/no-such-user/sessions/end",
            &json!({}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(nobody.code(), 404, "{}", nobody.text);
    // Ending sessions when there are none tells the user nothing.
    app.ops_post(
        &format!("{page}/sessions/end"),
        &json!({}),
        Some(&finance.token),
    )
    .await
    .assert_ok();
    // The card list is the holder's business again once they log in.
    let back = app.login("ada@example.com", PASSWORD).await.token();
    let h2 = crate::cards::Holder {
        token: back,
        uid: h.uid.clone(),
    };
    assert_eq!(cards_of(&app, &h2).await.len(), 1);
    // The user reads what the operator did, without the operator's address.
    let log = own_security_log(&app, &h2.token).await;
    told_without_address(&log, "session_ended_by_operator");
    told_without_address(&log, "sessions_ended_by_operator");
    assert!(of_kind(&log, "session_revoked").is_empty());
}
