//! Operators: the command line's invitation, enrolment, login (password and code, always,
//! limited), `Ops-Token` sessions apart from users', roles, and disabling at once.

use serde_json::json;
use server::services::operators::Role;

use crate::helpers::{MINUTE_MS, PASSWORD, spawn_app};

const WRONG: &str = "Wrong e-mail, password or code";

#[actix_web::test]
async fn the_command_line_invites_an_operator_who_enrols_with_a_password_and_an_authenticator() {
    let app = spawn_app().await;
    let out = app.fiscard(&[
        "admin",
        "create-operator",
        "First@Example.com",
        "--role",
        "reviewer",
        "--role",
        "admin",
    ]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    let link = said
        .lines()
        .find_map(|l| {
            l.split_once("/ops/enrol#")
                .map(|(_, t)| t.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("no enrolment link in {said}"));
    assert!(!said.contains("password"), "nothing else secret: {said}");

    let started = app
        .ops_post("/ops/enrolment/start", &json!({"token": link}), None)
        .await;
    let key = started.assert_ok().clone();
    assert_eq!(key["email"], "first@example.com");
    assert!(
        key["otpauthUri"]
            .as_str()
            .unwrap()
            .contains("fiscard%20ops"),
        "{key}"
    );
    // The same secret on a second start.
    let again = app
        .ops_post("/ops/enrolment/start", &json!({"token": link}), None)
        .await;
    assert_eq!(again.assert_ok()["secret"], key["secret"]);
    let secret = key["secret"].as_str().unwrap();

    let finish = |code: String, password: &str| json!({"token": link, "password": password, "confirm": password, "code": code});
    let refused = app
        .ops_post(
            "/ops/enrolment/finish",
            &finish(String::new(), "short"),
            None,
        )
        .await;
    assert_eq!(refused.code(), 102, "{}", refused.text);
    let fields: Vec<&str> = refused
        .content()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["password", "code"]);
    let wrong = app.totp(secret, 5);
    let answer = app
        .ops_post("/ops/enrolment/finish", &finish(wrong, PASSWORD), None)
        .await;
    assert_eq!(answer.code(), 104, "{}", answer.text);
    let token = app
        .ops_post(
            "/ops/enrolment/finish",
            &finish(app.totp(secret, 0), PASSWORD),
            None,
        )
        .await
        .token();
    let me = app.ops_get("/ops/me", Some(&token)).await;
    let me = me.assert_ok();
    assert_eq!(me["status"], "active");
    assert_eq!(me["roles"], json!(["reviewer", "admin"]));
    // The link works once.
    app.ops_post("/ops/enrolment/start", &json!({"token": link}), None)
        .await
        .assert_refused(
            404,
            "This enrolment link is used, expired or unknown: ask an admin for a new one",
        );
    // And a second invitation of the same address is refused.
    let out = app.fiscard(&["admin", "create-operator", "first@example.com"]);
    assert!(!out.status.success());
}

#[actix_web::test]
async fn login_needs_the_password_and_the_code_and_says_nothing_about_which_was_wrong() {
    let app = spawn_app().await;
    let op = app.operator("ops@example.com", &[Role::Reviewer]).await;
    app.ops_post("/ops/login", &json!({"email": "ops@example.com"}), None)
        .await
        .assert_refused(102, "Please enter your password");
    app.ops_login("ops@example.com", "Wrong horse 1", &op.secret)
        .await
        .assert_refused(104, WRONG);
    app.next_step();
    app.ops_post(
        "/ops/login",
        &json!({"email": "ops@example.com", "password": PASSWORD, "code": "000000"}),
        None,
    )
    .await
    .assert_refused(104, WRONG);
    app.ops_login("nobody@example.com", PASSWORD, &op.secret)
        .await
        .assert_refused(104, WRONG);
    let session = app.ops_login("ops@example.com", PASSWORD, &op.secret).await;
    let content = session.assert_ok();
    assert_eq!(content["operator"]["email"], "ops@example.com");
    // The same code twice is accepted once.
    let code = app.totp(&op.secret, 0);
    app.ops_post(
        "/ops/login",
        &json!({"email": "ops@example.com", "password": PASSWORD, "code": code}),
        None,
    )
    .await
    .assert_refused(104, WRONG);
    // Each attempt is in the audit trail, from the client's address.
    let actions: Vec<(String, String, Option<String>)> = app
        .db
        .write_blocking(|conn| {
            use diesel::prelude::*;
            use server::db::schema::audit_trail as t;
            t::table
                .filter(t::action.like("login%"))
                .order(t::seq)
                .select((t::action, t::subject, t::ip))
                .load(conn)
        })
        .unwrap();
    let names: Vec<&str> = actions.iter().map(|(a, ..)| a.as_str()).collect();
    assert_eq!(
        names,
        [
            "login.failed",
            "login.failed",
            "login.failed",
            "login",
            "login.failed"
        ]
    );
    assert_eq!(actions[2].1, "email:nobody@example.com");
    assert_eq!(actions[3].2.as_deref(), Some("127.0.0.1"));
}

#[actix_web::test]
async fn failed_logins_are_limited_per_email_and_client() {
    let app = spawn_app().await;
    let op = app.operator("ops@example.com", &[Role::Reviewer]).await;
    for _ in 0..5 {
        app.ops_login("ops@example.com", "Wrong horse 1", &op.secret)
            .await
            .assert_refused(104, WRONG);
    }
    let limited = app.ops_login("ops@example.com", PASSWORD, &op.secret).await;
    assert_eq!(limited.code(), 429, "{}", limited.text);
    assert!(limited.content()["retryAfter"].as_u64().unwrap() > 0);
    app.advance_ms(16 * MINUTE_MS);
    app.ops_login("ops@example.com", PASSWORD, &op.secret)
        .await
        .assert_ok();
}

#[actix_web::test]
async fn user_tokens_and_operator_tokens_each_open_only_their_own_api() {
    let app = spawn_app().await;
    let user = app.register("user@example.com", PASSWORD).await;
    let op = app.operator("ops@example.com", &[Role::Admin]).await;
    // A user's Access-Token, even sent as Ops-Token, is no operator session.
    app.ops_get("/ops/me", Some(&user))
        .await
        .assert_refused(101, "Login has expired");
    let as_user = app
        .send(
            app.client
                .get(app.url("/api/ops/me"))
                .header("Access-Token", &user),
        )
        .await;
    assert_eq!(as_user.code(), 101, "{}", as_user.text);
    // An operator's token opens nothing of the user API.
    app.user_self(&op.token)
        .await
        .assert_refused(101, "Login has expired");
    let sent_as_ops = app
        .send(
            app.client
                .get(app.url("/api/user/self"))
                .header("Ops-Token", &op.token),
        )
        .await;
    assert_eq!(sent_as_ops.code(), 101, "{}", sent_as_ops.text);
    // And a user cannot log in to the console with their password.
    app.ops_login("user@example.com", PASSWORD, &op.secret)
        .await
        .assert_refused(104, WRONG);
}

#[actix_web::test]
async fn each_operators_endpoint_refuses_an_operator_without_the_admin_role() {
    let app = spawn_app().await;
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let reviewer = app
        .operator("reviewer@example.com", &[Role::Reviewer, Role::Finance])
        .await;
    let forbidden = "Your operator roles do not allow this";
    app.ops_get("/ops/operators", Some(&reviewer.token))
        .await
        .assert_refused(403, forbidden);
    app.ops_post(
        "/ops/operators",
        &json!({"email": "new@example.com", "roles": ["reviewer"]}),
        Some(&reviewer.token),
    )
    .await
    .assert_refused(403, forbidden);
    let admin_id = app.ops_get("/ops/me", Some(&admin.token)).await.assert_ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.ops_post(
        &format!("/ops/operators/{admin_id}/disable"),
        &json!({}),
        Some(&reviewer.token),
    )
    .await
    .assert_refused(403, forbidden);
    // Without a session: 101 before anything else.
    app.ops_get("/ops/operators", None)
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn an_admin_invites_lists_and_disables_operators_whose_sessions_end_at_once() {
    let app = spawn_app().await;
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let invited = app
        .ops_post(
            "/ops/operators",
            &json!({"email": "Rev@Example.com", "roles": ["reviewer"]}),
            Some(&admin.token),
        )
        .await;
    let invited = invited.assert_ok().clone();
    assert_eq!(invited["operator"]["status"], "invited");
    let url = invited["enrolmentUrl"].as_str().unwrap();
    let (_, link) = url.split_once("/ops/enrol#").expect("an enrolment link");
    app.ops_post(
        "/ops/operators",
        &json!({"email": "rev@example.com", "roles": ["finance"]}),
        Some(&admin.token),
    )
    .await
    .assert_refused(409, "An operator already has this e-mail address");
    app.ops_post(
        "/ops/operators",
        &json!({"email": "not an address", "roles": []}),
        Some(&admin.token),
    )
    .await
    .assert_refused(102, "Please enter a valid e-mail address");

    let (secret, reviewer) = app.enrol(link).await;
    let listed = app.ops_get("/ops/operators", Some(&admin.token)).await;
    let emails: Vec<&str> = listed
        .assert_ok()
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["admin@example.com", "rev@example.com"]);

    let id = invited["operator"]["id"].as_str().unwrap();
    let disabled = app
        .ops_post(
            &format!("/ops/operators/{id}/disable"),
            &json!({}),
            Some(&admin.token),
        )
        .await;
    assert_eq!(disabled.assert_ok()["status"], "disabled");
    app.ops_get("/ops/me", Some(&reviewer))
        .await
        .assert_refused(101, "Login has expired");
    app.ops_login("rev@example.com", PASSWORD, &secret)
        .await
        .assert_refused(104, WRONG);
    // Nobody disables themself; an unknown id is not found.
    let admin_id = app.ops_get("/ops/me", Some(&admin.token)).await.assert_ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.ops_post(
        &format!("/ops/operators/{admin_id}/disable"),
        &json!({}),
        Some(&admin.token),
    )
    .await
    .assert_refused(403, "You cannot disable yourself");
    let missing = app
        .ops_post(
            "/ops/operators/no-such-id/disable",
            &json!({}),
            Some(&admin.token),
        )
        .await;
    assert_eq!(missing.code(), 404, "{}", missing.text);
}

#[actix_web::test]
async fn an_operator_session_ends_after_15_idle_minutes_and_at_logout() {
    let app = spawn_app().await;
    let op = app.operator("ops@example.com", &[Role::Reviewer]).await;
    app.advance_ms(14 * MINUTE_MS);
    app.ops_get("/ops/me", Some(&op.token)).await.assert_ok();
    app.advance_ms(15 * MINUTE_MS);
    app.ops_get("/ops/me", Some(&op.token))
        .await
        .assert_refused(101, "Login has expired");
    let token = app.ops_login(&op.email, PASSWORD, &op.secret).await.token();
    app.ops_post("/ops/logout", &json!({}), Some(&token))
        .await
        .assert_ok();
    app.ops_get("/ops/me", Some(&token))
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn an_invited_operator_cannot_log_in_and_an_enrolment_link_dies_after_24_hours() {
    let app = spawn_app().await;
    let link = app.invite_operator("late@example.com", &[Role::Reviewer]);
    let started = app
        .ops_post("/ops/enrolment/start", &json!({"token": link}), None)
        .await;
    let secret = started.assert_ok()["secret"].as_str().unwrap().to_owned();
    app.ops_login("late@example.com", PASSWORD, &secret)
        .await
        .assert_refused(104, WRONG);
    app.advance_ms(24 * 60 * MINUTE_MS);
    app.ops_post("/ops/enrolment/start", &json!({"token": link}), None)
        .await
        .assert_refused(
            404,
            "This enrolment link is used, expired or unknown: ask an admin for a new one",
        );
    let finished = app
        .ops_post(
            "/ops/enrolment/finish",
            &json!({"token": link, "password": PASSWORD, "confirm": PASSWORD, "code": app.totp(&secret, 0)}),
            None,
        )
        .await;
    assert_eq!(finished.code(), 404, "{}", finished.text);
}
