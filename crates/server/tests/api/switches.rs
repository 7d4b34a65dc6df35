//! `POST user/config/switch`: the domain's switch rules, verification before a change, what a
//! login asks for afterwards (the e-mail code, an authenticator code, replays refused), and
//! the notice mailed to the account holder.

use serde_json::json;

use crate::helpers::{EN, PASSWORD, TestApp, ZH, domain_errors, spawn_app, without_messages};

const ME: &str = "me@example.com";

/// Turns `target` of `module` on or off through the API, with the codes it needs.
async fn switch(
    app: &TestApp,
    token: &str,
    module: &str,
    target: &str,
    on: bool,
    mfa: Option<&str>,
) {
    let code = app.verify_code(token, ME).await;
    let mut body = json!({
        "usage": i32::from(on), "module": module, "target": target, "emailCaptcha": code,
    });
    if let Some(secret) = mfa {
        app.next_step();
        body["mfaCode"] = json!(app.totp(secret, 0));
    }
    app.post_json("/user/config/switch", &body, EN, Some(token))
        .await
        .assert_ok();
}

#[actix_web::test]
async fn a_switch_is_checked_by_the_domain_rules_before_any_code_is_asked_for() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let config = app.security_config(&token).await;
    let context: domain::security::SecurityConfig =
        serde_json::from_value(config.clone()).expect("the config reads as the domain's");
    for body in [
        json!({}),
        json!({ "usage": 2, "module": "login", "target": "email" }),
        json!({ "usage": 1, "module": "payment", "target": "email" }),
        json!({ "usage": 1, "module": "login", "target": "security" }),
        json!({ "usage": 1, "module": "trade", "target": "mfa" }),
        json!({ "usage": 1, "module": "trade", "target": "security" }),
    ] {
        let answer = app
            .post_json("/user/config/switch", &body, EN, Some(&token))
            .await;
        assert_eq!(answer.code(), 102, "{body}: {}", answer.text);
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<domain::forms::SwitchForm>(&body, &context),
            "{body}"
        );
    }
    let answer = app
        .post_json(
            "/user/config/switch",
            &json!({ "usage": 1, "module": "trade", "target": "mfa" }),
            ZH,
            Some(&token),
        )
        .await;
    assert_eq!(answer.message(), "請先綁定身份驗證器");
    assert_eq!(app.security_config(&token).await, config);
}

#[actix_web::test]
async fn a_switch_change_needs_the_email_code_and_is_logged_and_mailed() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let body = json!({ "usage": 1, "module": "login", "target": "email" });
    let answer = app
        .post_json("/user/config/switch", &body, EN, Some(&token))
        .await;
    answer.assert_refused(103, "Please complete the verification");
    assert_eq!(
        answer.content(),
        &json!({ "email": true, "mfa": false, "security": false })
    );
    let code = app.verify_code(&token, ME).await;
    let mut with = body.clone();
    with["emailCaptcha"] = json!(code);
    let answer = app
        .post_json("/user/config/switch", &with, ZH, Some(&token))
        .await;
    answer.assert_ok();
    assert_eq!(answer.message(), "您的安全設定已更新");
    assert_eq!(app.security_config(&token).await["login"]["email"], true);
    let user_id = app.user_id(ME).await;
    assert!(
        app.security_events(Some(&user_id))
            .await
            .contains(&"switch_changed".to_owned())
    );
    let mail = app.next_mail(ME).await;
    let mail = if mail.subject.contains("code") {
        app.next_mail(ME).await
    } else {
        mail
    };
    assert_eq!(mail.subject, "Your fiscard security settings were changed");
    assert!(
        mail.body
            .contains("the e-mail code for logging in is now on"),
        "{}",
        mail.body
    );
}

#[actix_web::test]
async fn with_the_login_email_switch_on_a_login_asks_for_the_email_code() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    switch(&app, &token, "login", "email", true, None).await;
    let step1 = app.login(ME, PASSWORD).await;
    let content = step1.assert_ok().clone();
    assert_eq!(content["email"], true);
    assert_eq!(content["mfa"], false);
    assert!(content["accountId"].is_string());
}

#[actix_web::test]
async fn with_the_login_authenticator_on_a_login_takes_the_apps_code_once() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (secret, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    switch(&app, &token, "login", "mfa", true, Some(&secret)).await;
    switch(&app, &token, "trade", "mfa", true, Some(&secret)).await;
    let config = app.security_config(&token).await;
    assert_eq!(config["login"], json!({ "email": false, "mfa": true }));
    assert_eq!(
        config["trade"],
        json!({ "email": true, "mfa": true, "security": false })
    );

    app.next_step();
    let step1 = app.login(ME, PASSWORD).await.assert_ok().clone();
    assert_eq!(step1["email"], false);
    assert_eq!(step1["mfa"], true);
    let ticket = step1["accountId"].as_str().unwrap();
    let answer = app
        .post("/user/login", &json!({ "accountId": ticket }))
        .await;
    assert_eq!(answer.code(), 102);
    assert_eq!(answer.content()[0]["field"], "mfaCode");
    let code = app.totp(&secret, 0);
    let session = app
        .post(
            "/user/login",
            &json!({ "accountId": ticket, "mfaCode": code }),
        )
        .await
        .token();
    app.user_self(&session).await.assert_ok();

    // The same code cannot open a second session.
    let step1 = app.login(ME, PASSWORD).await.assert_ok().clone();
    app.post(
        "/user/login",
        &json!({ "accountId": step1["accountId"], "mfaCode": code }),
    )
    .await
    .assert_refused(
        104,
        "The authenticator code is incorrect or was already used",
    );
}

#[actix_web::test]
async fn turning_a_factor_off_is_always_allowed_and_the_same_state_is_not_a_change() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    switch(&app, &token, "trade", "email", false, None).await;
    switch(&app, &token, "trade", "email", false, None).await;
    assert_eq!(app.security_config(&token).await["trade"]["email"], false);
    let user_id = app.user_id(ME).await;
    let changes = app
        .security_events(Some(&user_id))
        .await
        .into_iter()
        .filter(|e| e == "switch_changed")
        .count();
    assert_eq!(changes, 1);
}
