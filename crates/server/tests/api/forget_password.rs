//! `POST /api/user/forgetPassword`: e-mail and captcha, then the mailed code with a new
//! password.

use serde_json::json;

use crate::helpers::{Answer, PASSWORD, TestApp, ZH, spawn_app};

const NEW_PASSWORD: &str = "Battery staple 2";
const WRONG: &str = "The verification code is incorrect";

async fn finish(app: &TestApp, email: &str, code: &str, password: &str) -> Answer {
    app.post(
        "/user/forgetPassword",
        &json!({ "email": email, "emailCaptcha": code, "password": password, "confirm": password }),
    )
    .await
}

/// Any other 6-digit code than `code`.
fn other_code(code: &str) -> String {
    let n: u32 = code.parse().expect("digits");
    format!("{:06}", (n + 1) % 1_000_000)
}

#[actix_web::test]
async fn step_one_answers_the_same_for_known_and_unknown_addresses() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let unknown = app.start_recovery("nobody@example.com").await;
    let known = app.start_recovery("me@example.com").await;
    known.assert_ok();
    assert_eq!(
        known.message(),
        "The verification code has been sent, please check your e-mail"
    );
    assert_eq!(
        known.content(),
        &json!({ "email": true, "mfa": false, "security": false, "resendAfter": 60 })
    );
    assert_eq!((unknown.http, &unknown.body), (known.http, &known.body));

    let mail = app.next_mail("me@example.com").await;
    assert_eq!(
        mail.subject,
        format!("Your fiscard verification code: {}", mail.code())
    );
    app.assert_no_new_mail("nobody@example.com").await;

    // The cooldown, too, is the same for both.
    let unknown = app.start_recovery("nobody@example.com").await;
    let known = app.start_recovery("me@example.com").await;
    known.assert_refused(429, "Please wait 60 seconds before requesting another code");
    assert_eq!(unknown.body, known.body);
}

#[actix_web::test]
async fn step_two_resets_the_password_and_ends_every_session() {
    let app = spawn_app().await;
    let first = app.register("me@example.com", PASSWORD).await;
    let second = app.login("me@example.com", PASSWORD).await.token();
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;

    let answer = finish(&app, "me@example.com", &code, NEW_PASSWORD).await;
    answer.assert_ok();
    assert_eq!(answer.message(), "Your password has been reset");
    assert_eq!(answer.content(), &json!(null));

    for token in [&first, &second] {
        app.user_self(token)
            .await
            .assert_refused(101, "Login has expired");
    }
    app.login("me@example.com", PASSWORD)
        .await
        .assert_refused(422, "Incorrect e-mail or password");
    let token = app.login("me@example.com", NEW_PASSWORD).await.token();
    app.user_self(&token).await.assert_ok();

    let notice = app.next_mail("me@example.com").await;
    assert_eq!(notice.subject, "Your fiscard password was reset");
    assert!(
        notice.body.contains("every device was signed out"),
        "{}",
        notice.body
    );
}

#[actix_web::test]
async fn a_recovery_code_works_once() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    finish(&app, "me@example.com", &code, NEW_PASSWORD)
        .await
        .assert_ok();
    finish(&app, "me@example.com", &code, "Third password 3")
        .await
        .assert_refused(104, WRONG);
    app.login("me@example.com", NEW_PASSWORD).await.token();
}

#[actix_web::test]
async fn an_unknown_address_is_refused_whatever_the_code() {
    let app = spawn_app().await;
    app.start_recovery("nobody@example.com").await.assert_ok();
    for code in ["000000", "123456", "999999"] {
        finish(&app, "nobody@example.com", code, NEW_PASSWORD)
            .await
            .assert_refused(104, WRONG);
    }
    // Never asked for at all: the same answer.
    finish(&app, "never@example.com", "123456", NEW_PASSWORD)
        .await
        .assert_refused(104, WRONG);
    app.login("nobody@example.com", NEW_PASSWORD)
        .await
        .assert_refused(422, "Incorrect e-mail or password");
}

#[actix_web::test]
async fn wrong_expired_and_exhausted_codes_are_refused() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    let wrong = other_code(&code);
    for _ in 0..4 {
        finish(&app, "me@example.com", &wrong, NEW_PASSWORD)
            .await
            .assert_refused(104, WRONG);
    }
    finish(&app, "me@example.com", &wrong, NEW_PASSWORD)
        .await
        .assert_refused(104, "Too many incorrect codes, please request a new one");
    finish(&app, "me@example.com", &code, NEW_PASSWORD)
        .await
        .assert_refused(104, "Too many incorrect codes, please request a new one");

    app.advance_ms(61_000);
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    app.advance_minutes(10);
    finish(&app, "me@example.com", &code, NEW_PASSWORD)
        .await
        .assert_refused(
            104,
            "The verification code has expired, please request a new one",
        );
    app.post_json(
        "/user/forgetPassword",
        &json!({ "email": "me@example.com", "emailCaptcha": code, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD }),
        ZH,
        None,
    )
    .await
    .assert_refused(104, "驗證碼已過期，請重新索取");
    app.login("me@example.com", PASSWORD).await.token();
}

#[actix_web::test]
async fn the_new_password_follows_the_same_rules_as_at_registration() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    app.start_recovery("me@example.com").await.assert_ok();
    let code = app.read_code("me@example.com").await;
    let answer = finish(&app, "me@example.com", &code, "weakpassword").await;
    answer.assert_refused(
        102,
        "The password must contain at least one letter and one digit",
    );
    assert_eq!(answer.content()[0]["code"], "password_too_weak");
    let answer = app
        .post(
            "/user/forgetPassword",
            &json!({ "email": "me@example.com", "emailCaptcha": code, "password": NEW_PASSWORD, "confirm": PASSWORD }),
        )
        .await;
    answer.assert_refused(102, "The two passwords do not match");
    assert_eq!(answer.content()[0]["field"], "confirm");
    // The refusals did not spend the code.
    finish(&app, "me@example.com", &code, NEW_PASSWORD)
        .await
        .assert_ok();
}

#[actix_web::test]
async fn a_login_code_does_not_reset_a_password() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    // A code mailed for another purpose (here the login's) is no good for a reset.
    app.set_login_email("me@example.com", true).await;
    let answer = app.login("me@example.com", PASSWORD).await;
    let ticket = answer.content()["accountId"].as_str().expect("a ticket");
    app.post("/user/captcha", &json!({ "accountId": ticket }))
        .await
        .assert_ok();
    let login_code = app.read_code("me@example.com").await;
    finish(&app, "me@example.com", &login_code, NEW_PASSWORD)
        .await
        .assert_refused(104, WRONG);
}
