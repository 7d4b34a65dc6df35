//! `POST /api/user/login`: the password step, attempt limits, and the e-mail code step.

use domain::forms::{LoginForm, NoContext};
use serde_json::{Value, json};

use crate::helpers::{
    Answer, PASSWORD, TestApp, ZH, domain_errors, spawn_app, spawn_app_with, without_messages,
};

const FAILED: &str = "Incorrect e-mail or password";
const EXPIRED: &str = "This login has expired, please log in again";

fn too_many(seconds: u64) -> String {
    format!("Too many attempts, please try again in {seconds} seconds")
}

#[track_caller]
fn assert_locked(answer: &Answer, seconds: u64) {
    answer.assert_refused(429, &too_many(seconds));
    assert_eq!(answer.content(), &json!({ "retryAfter": seconds }));
    assert_eq!(
        answer.header("retry-after"),
        Some(seconds.to_string().as_str())
    );
}

/// A user whose login asks for an e-mail code.
async fn user_with_login_email(app: &TestApp, email: &str) {
    app.register(email, PASSWORD).await;
    app.set_login_email(email, true).await;
}

/// Login step 1 for such a user: answers the ticket (`accountId`).
async fn ticket(app: &TestApp, email: &str) -> String {
    let answer = app.login(email, PASSWORD).await;
    answer.content()["accountId"]
        .as_str()
        .unwrap_or_else(|| panic!("no ticket in {}", answer.text))
        .to_owned()
}

async fn send_login_code(app: &TestApp, ticket: &str) -> Answer {
    app.post("/user/captcha", &json!({ "accountId": ticket }))
        .await
}

async fn complete(app: &TestApp, ticket: &str, code: &Value) -> Answer {
    app.post(
        "/user/login",
        &json!({ "accountId": ticket, "emailCaptcha": code }),
    )
    .await
}

/// Any other 6-digit code than `code`.
fn other_code(code: &str) -> String {
    let n: u32 = code.parse().expect("digits");
    format!("{:06}", (n + 1) % 1_000_000)
}

#[actix_web::test]
async fn a_login_without_a_second_step_answers_a_working_token() {
    let app = spawn_app().await;
    let registered = app.register("me@example.com", PASSWORD).await;
    let answer = app.login("me@example.com", PASSWORD).await;
    assert_eq!(answer.message(), "Login successful");
    let token = answer.token();
    assert_eq!(
        answer.content(),
        &json!({ "token": token, "email": false, "mfa": false, "security": false })
    );
    assert_ne!(token, registered);
    assert_eq!(
        app.user_self(&token).await.assert_ok()["email"],
        "me@example.com"
    );
    // Each login is its own session; the earlier one still works.
    app.user_self(&registered).await.assert_ok();
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_address_get_the_same_answer() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let wrong = app.login("me@example.com", "Wrong horse 1").await;
    let unknown = app.login("nobody@example.com", PASSWORD).await;
    wrong.assert_refused(422, FAILED);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(
        wrong.body,
        json!({
            "statusCode": 422,
            "content": null,
            "message": FAILED,
            "messageKey": "api.login_failed",
            "messageParams": {}
        })
    );

    let wrong = app.login_in("me@example.com", "Wrong horse 1", ZH).await;
    let unknown = app.login_in("nobody@example.com", PASSWORD, ZH).await;
    wrong.assert_refused(422, "電郵或密碼錯誤");
    assert_eq!(wrong.body, unknown.body);
}

#[actix_web::test]
async fn a_password_is_compared_exactly() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    for almost in [" Correct horse 1", "Correct horse 1 ", "correct horse 1"] {
        app.login("me@example.com", almost)
            .await
            .assert_refused(422, FAILED);
    }
}

#[actix_web::test]
async fn the_login_form_is_checked_as_the_browser_does() {
    let app = spawn_app().await;
    for (body, field, code, message) in [
        (
            json!({ "password": PASSWORD }),
            "email",
            "email_required",
            "Please enter your e-mail address",
        ),
        (
            json!({ "email": "x", "password": PASSWORD }),
            "email",
            "email_invalid",
            "Please enter a valid e-mail address",
        ),
        (
            json!({ "email": "me@example.com" }),
            "password",
            "password_required",
            "Please enter your password",
        ),
        (
            json!({ "email": "me@example.com", "password": "   " }),
            "password",
            "password_required",
            "Please enter your password",
        ),
        (
            json!({ "email": "me@example.com", "password": 12_345_678 }),
            "password",
            "invalid_type",
            "This value has the wrong format.",
        ),
    ] {
        let mut with_token = body.clone();
        with_token["token"] = json!(app.solve_captcha().await);
        let answer = app.post("/user/login", &with_token).await;
        answer.assert_refused(102, message);
        assert_eq!(
            answer.content(),
            &json!([{ "field": field, "code": code, "params": {}, "message": message }])
        );
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<LoginForm>(&body, &NoContext)
        );
    }
    // Both fields missing: both errors, the message is the first.
    let answer = app
        .post(
            "/user/login",
            &json!({ "token": app.solve_captcha().await }),
        )
        .await;
    answer.assert_refused(102, "Please enter your e-mail address");
    assert_eq!(
        without_messages(answer.content()),
        json!([
            { "field": "email", "code": "email_required", "params": {} },
            { "field": "password", "code": "password_required", "params": {} },
        ])
    );
}

#[actix_web::test]
async fn five_wrong_passwords_lock_this_client_out_of_the_account_for_fifteen_minutes() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    for _ in 0..4 {
        app.login("me@example.com", "Wrong horse 1")
            .await
            .assert_refused(422, FAILED);
    }
    assert_locked(&app.login("me@example.com", "Wrong horse 1").await, 900);
    // Locked: even the right password is refused until the window passes.
    assert_locked(&app.login("me@example.com", PASSWORD).await, 900);
    app.advance_minutes(14);
    assert_locked(&app.login("me@example.com", PASSWORD).await, 60);
    // Another account from the same client is not locked.
    app.register("other@example.com", PASSWORD).await;
    app.login("other@example.com", PASSWORD).await.token();

    app.advance_minutes(1);
    app.login("me@example.com", PASSWORD).await.token();
    // The success forgot the failures: four more are not a lockout.
    for _ in 0..4 {
        app.login("me@example.com", "Wrong horse 1")
            .await
            .assert_refused(422, FAILED);
    }
    app.login("me@example.com", PASSWORD).await.token();
}

#[actix_web::test]
async fn an_unknown_address_locks_exactly_like_an_account() {
    let app = spawn_app().await;
    for _ in 0..4 {
        app.login("nobody@example.com", PASSWORD)
            .await
            .assert_refused(422, FAILED);
    }
    assert_locked(&app.login("nobody@example.com", PASSWORD).await, 900);
    assert_locked(&app.login("nobody@example.com", PASSWORD).await, 900);
}

#[actix_web::test]
async fn the_lockout_is_told_in_the_callers_language() {
    let app = spawn_app().await;
    for _ in 0..5 {
        app.login("nobody@example.com", PASSWORD).await;
    }
    app.login_in("nobody@example.com", PASSWORD, ZH)
        .await
        .assert_refused(429, "嘗試次數過多，請於 900 秒後再試");
}

#[actix_web::test]
async fn twenty_failures_from_one_client_block_it_across_accounts() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    for i in 0..20 {
        // Four tries on each of five addresses: no account reaches its own limit.
        app.login(&format!("guess{}@example.com", i % 5), PASSWORD)
            .await
            .assert_refused(422, FAILED);
    }
    assert_locked(&app.login("me@example.com", PASSWORD).await, 900);
    app.advance_minutes(15);
    app.login("me@example.com", PASSWORD).await.token();
}

#[actix_web::test]
async fn behind_a_trusted_proxy_the_limit_is_per_forwarded_client() {
    let app = spawn_app_with(&[("FISCARD_TRUST_PROXY", "true")]).await;
    app.register("me@example.com", PASSWORD).await;
    let login_from = |ip: &'static str, email: String| {
        let app = &app;
        async move {
            let token = app.solve_captcha().await;
            app.send(
                app.client
                    .post(app.url("/api/user/login"))
                    .header("X-Forwarded-For", ip)
                    .json(&json!({ "email": email, "password": PASSWORD, "token": token })),
            )
            .await
        }
    };
    for i in 0..20 {
        login_from("203.0.113.7", format!("guess{}@example.com", i % 5))
            .await
            .assert_refused(422, FAILED);
    }
    assert_locked(
        &login_from("203.0.113.7", "me@example.com".into()).await,
        900,
    );
    login_from("203.0.113.8", "me@example.com".into())
        .await
        .token();
}

#[actix_web::test]
async fn with_the_login_email_switch_the_password_step_asks_for_the_code() {
    let app = spawn_app().await;
    user_with_login_email(&app, "me@example.com").await;
    let answer = app.login("me@example.com", PASSWORD).await;
    answer.assert_ok();
    assert_eq!(
        answer.message(),
        "Password accepted. Enter the verification codes to finish logging in"
    );
    let ticket = answer.content()["accountId"].as_str().expect("a ticket");
    assert_eq!(
        answer.content(),
        &json!({ "email": true, "mfa": false, "security": false, "accountId": ticket })
    );
    assert_ne!(
        ticket,
        app.user_id("me@example.com").await,
        "the ticket is not the user id"
    );

    let sent = send_login_code(&app, ticket).await;
    sent.assert_ok();
    assert_eq!(
        sent.message(),
        "The verification code has been sent, please check your e-mail"
    );
    assert_eq!(sent.content(), &json!({ "resendAfter": 60 }));
    let code = app.read_code("me@example.com").await;

    complete(&app, ticket, &json!(other_code(&code)))
        .await
        .assert_refused(104, "The verification code is incorrect");
    let done = complete(&app, ticket, &json!(code)).await;
    assert_eq!(done.message(), "Login successful");
    let token = done.token();
    assert_eq!(
        done.content(),
        &json!({ "token": token, "email": false, "mfa": false, "security": false })
    );
    app.user_self(&token).await.assert_ok();

    // The ticket is spent.
    complete(&app, ticket, &json!(code))
        .await
        .assert_refused(400, EXPIRED);
    app.advance_ms(61_000);
    send_login_code(&app, ticket)
        .await
        .assert_refused(400, EXPIRED);
}

#[actix_web::test]
async fn a_login_code_is_needed_and_checked_as_the_browser_does() {
    let app = spawn_app().await;
    user_with_login_email(&app, "me@example.com").await;
    let ticket = ticket(&app, "me@example.com").await;
    for (code, error, message) in [
        (
            json!(null),
            "email_code_required",
            "Please enter the e-mail verification code",
        ),
        (
            json!("12345"),
            "email_code_format",
            "Please enter the 6-digit code sent to your e-mail",
        ),
        (
            json!(123_456),
            "invalid_type",
            "This value has the wrong format.",
        ),
    ] {
        let answer = complete(&app, &ticket, &code).await;
        answer.assert_refused(102, message);
        assert_eq!(
            answer.content(),
            &json!([{ "field": "emailCaptcha", "code": error, "params": {}, "message": message }])
        );
    }
}

#[actix_web::test]
async fn a_login_ticket_expires_after_ten_minutes() {
    let app = spawn_app().await;
    user_with_login_email(&app, "me@example.com").await;
    let ticket = ticket(&app, "me@example.com").await;
    send_login_code(&app, &ticket).await.assert_ok();
    let code = app.read_code("me@example.com").await;
    app.advance_minutes(10);
    complete(&app, &ticket, &json!(code))
        .await
        .assert_refused(400, EXPIRED);
    send_login_code(&app, &ticket)
        .await
        .assert_refused(400, EXPIRED);
}

#[actix_web::test]
async fn an_unknown_ticket_is_refused() {
    let app = spawn_app().await;
    for ticket in ["nonsense", "0190f0e0-0000-7000-8000-000000000000"] {
        complete(&app, ticket, &json!("123456"))
            .await
            .assert_refused(400, EXPIRED);
        send_login_code(&app, ticket)
            .await
            .assert_refused(400, EXPIRED);
    }
    app.post_json(
        "/user/login",
        &json!({ "accountId": "nonsense", "emailCaptcha": "123456" }),
        ZH,
        None,
    )
    .await
    .assert_refused(400, "此次登入已過期，請重新登入");
}

#[actix_web::test]
async fn five_wrong_login_codes_end_the_ticket() {
    let app = spawn_app().await;
    user_with_login_email(&app, "me@example.com").await;
    let ticket = ticket(&app, "me@example.com").await;
    send_login_code(&app, &ticket).await.assert_ok();
    let code = app.read_code("me@example.com").await;
    let wrong = json!(other_code(&code));
    for _ in 0..4 {
        complete(&app, &ticket, &wrong)
            .await
            .assert_refused(104, "The verification code is incorrect");
    }
    complete(&app, &ticket, &wrong)
        .await
        .assert_refused(104, "Too many incorrect codes, please request a new one");
    complete(&app, &ticket, &json!(code))
        .await
        .assert_refused(400, EXPIRED);
    // A new login starts over.
    app.advance_ms(61_000);
    let again = self::ticket(&app, "me@example.com").await;
    send_login_code(&app, &again).await.assert_ok();
    let code = app.read_code("me@example.com").await;
    complete(&app, &again, &json!(code)).await.token();
}

#[actix_web::test]
async fn a_ticket_for_one_account_does_not_log_into_another() {
    let app = spawn_app().await;
    user_with_login_email(&app, "a@example.com").await;
    user_with_login_email(&app, "b@example.com").await;
    let ticket_a = ticket(&app, "a@example.com").await;
    let ticket_b = ticket(&app, "b@example.com").await;
    send_login_code(&app, &ticket_b).await.assert_ok();
    let code_b = app.read_code("b@example.com").await;
    complete(&app, &ticket_a, &json!(code_b))
        .await
        .assert_refused(104, "The verification code is incorrect");
    let token = complete(&app, &ticket_b, &json!(code_b)).await.token();
    assert_eq!(
        app.user_self(&token).await.assert_ok()["email"],
        "b@example.com"
    );
}

#[actix_web::test]
async fn a_login_code_mail_is_in_the_users_language() {
    let app = spawn_app().await;
    let token = app.solve_captcha().await;
    app.post_json(
        "/user/register",
        &json!({ "email": "zh@example.com", "token": token }),
        ZH,
        None,
    )
    .await
    .assert_ok();
    let code = app.read_code("zh@example.com").await;
    app.post_json(
        "/user/register",
        &json!({ "email": "zh@example.com", "emailCaptcha": code, "password": PASSWORD, "confirm": PASSWORD }),
        ZH,
        None,
    )
    .await
    .token();
    app.set_login_email("zh@example.com", true).await;
    let ticket = ticket(&app, "zh@example.com").await;
    send_login_code(&app, &ticket).await.assert_ok();
    let mail = app.next_mail("zh@example.com").await;
    assert!(!mail.subject.starts_with("Your"), "{}", mail.subject);
    complete(&app, &ticket, &json!(mail.code())).await.token();
}
