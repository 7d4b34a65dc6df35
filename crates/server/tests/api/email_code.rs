//! `POST /api/user/captcha`: a new e-mail code during registration or recovery (the login's
//! code is in `login.rs`).

use serde_json::json;

use crate::helpers::{Answer, EN, PASSWORD, TestApp, spawn_app};

async fn resend(app: &TestApp, email: &str, purpose: &str) -> Answer {
    let token = app.solve_captcha().await;
    app.post(
        "/user/captcha",
        &json!({ "email": email, "token": token, "purpose": purpose }),
    )
    .await
}

#[actix_web::test]
async fn a_code_without_a_known_purpose_is_a_bad_request() {
    let app = spawn_app().await;
    for body in [
        json!({ "email": "a@example.com" }),
        json!({ "email": "a@example.com", "purpose": "login" }),
        json!({ "email": "a@example.com", "purpose": 1 }),
    ] {
        let mut body = body;
        body["token"] = json!(app.solve_captcha().await);
        app.post("/user/captcha", &body)
            .await
            .assert_refused(400, "The request could not be understood");
    }
    app.assert_no_new_mail("a@example.com").await;
}

#[actix_web::test]
async fn a_recovery_code_can_be_sent_again_after_a_minute() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    let step_one = app.start_recovery("me@example.com").await;
    let first = app.read_code("me@example.com").await;
    app.advance_ms(60_000);
    let again = resend(&app, "me@example.com", "forgetPassword").await;
    assert_eq!(again.body, step_one.body);
    let second = app.read_code("me@example.com").await;
    let finish = |code: String| {
        let app = &app;
        async move {
            app.post(
                "/user/forgetPassword",
                &json!({ "email": "me@example.com", "emailCaptcha": code, "password": "New password 2", "confirm": "New password 2" }),
            )
            .await
        }
    };
    if first != second {
        finish(first)
            .await
            .assert_refused(104, "The verification code is incorrect");
    }
    finish(second).await.assert_ok();
}

#[actix_web::test]
async fn a_resend_answers_the_same_whatever_the_address() {
    let app = spawn_app().await;
    app.register("me@example.com", PASSWORD).await;
    app.advance_ms(60_000);
    let unknown = resend(&app, "nobody@example.com", "forgetPassword").await;
    let known = resend(&app, "me@example.com", "forgetPassword").await;
    known.assert_ok();
    assert_eq!(unknown.body, known.body);
    app.read_code("me@example.com").await;
    app.assert_no_new_mail("nobody@example.com").await;

    let taken = resend(&app, "me@example.com", "register").await;
    let free = resend(&app, "free@example.com", "register").await;
    assert_eq!(taken.body, free.body);
    assert_eq!(
        app.next_mail("me@example.com").await.subject,
        "Someone tried to register with your e-mail address"
    );
    app.read_code("free@example.com").await;
}

#[actix_web::test]
async fn a_new_user_securing_the_account_in_the_first_hour_never_runs_out_of_codes() {
    let app = spawn_app().await;
    let email = "new@example.com";
    let token = app.register(email, PASSWORD).await;
    // The PIN, the password, the mobile, an authenticator, a card's details, two recharges,
    // and a second authenticator: a step-up code each, a minute apart (verify_code waits it).
    for _ in 0..8 {
        app.verify_code(&token, email).await;
    }
    // A password reset has its own budget too.
    resend(&app, email, "forgetPassword").await.assert_ok();
}

#[actix_web::test]
async fn step_up_codes_have_a_budget_of_their_own_and_say_how_long_to_wait() {
    let app = spawn_app().await;
    let email = "steps@example.com";
    let token = app.register(email, PASSWORD).await;
    for _ in 0..15 {
        app.verify_code(&token, email).await;
    }
    let answer = app
        .post_json(
            "/user/captcha",
            &json!({ "purpose": "verify" }),
            EN,
            Some(&token),
        )
        .await;
    let left = 3600 - 15 * 61;
    answer.assert_refused(
        429,
        &format!("Too many attempts, please try again in {left} seconds"),
    );
    assert_eq!(answer.content(), &json!({ "retryAfter": left }));
    app.assert_no_new_mail(email).await;
    // Signing-in codes are not spent by step-ups.
    resend(&app, email, "forgetPassword").await.assert_ok();
}
