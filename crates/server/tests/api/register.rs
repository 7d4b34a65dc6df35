//! `POST /api/user/register`: e-mail and captcha, then the mailed code with the password.

use domain::forms::{EmailForm, NewPasswordForm, NoContext};
use serde_json::json;

use crate::helpers::{Answer, PASSWORD, TestApp, ZH, domain_errors, spawn_app, without_messages};

const SENT: &str = "The verification code has been sent, please check your e-mail";
const WRONG: &str = "The verification code is incorrect";
const EXPIRED: &str = "The verification code has expired, please request a new one";
const EXHAUSTED: &str = "Too many incorrect codes, please request a new one";

/// Any other 6-digit code than `code`.
fn other_code(code: &str) -> String {
    let n: u32 = code.parse().expect("digits");
    format!("{:06}", (n + 1) % 1_000_000)
}

#[track_caller]
fn assert_wait(answer: &Answer, seconds: u64, message: &str) {
    answer.assert_refused(429, message);
    assert_eq!(answer.content(), &json!({ "retryAfter": seconds }));
    assert_eq!(
        answer.header("retry-after"),
        Some(seconds.to_string().as_str())
    );
}

async fn resend(app: &TestApp, email: &str, purpose: &str) -> Answer {
    let token = app.solve_captcha().await;
    app.post(
        "/user/captcha",
        &json!({ "email": email, "token": token, "purpose": purpose }),
    )
    .await
}

#[actix_web::test]
async fn step_one_answers_that_an_email_code_follows_and_mails_it() {
    let app = spawn_app().await;
    let answer = app.start_register("new@example.com").await;
    answer.assert_ok();
    assert_eq!(answer.message(), SENT);
    assert_eq!(
        answer.content(),
        &json!({ "email": true, "mfa": false, "security": false, "resendAfter": 60 })
    );
    let mail = app.next_mail("new@example.com").await;
    let code = mail.code();
    assert_eq!(
        mail.subject,
        format!("Your fiscard verification code: {code}")
    );
    assert!(
        mail.body
            .contains(&format!("Your fiscard verification code is {code}."))
    );
    assert!(mail.body.contains("valid for 10 minutes"));
}

#[actix_web::test]
async fn step_two_with_the_code_creates_the_account_and_logs_in() {
    let app = spawn_app().await;
    app.start_register("Jane.Doe@Example.COM").await.assert_ok();
    let code = app.read_code("jane.doe@example.com").await;
    let answer = app
        .finish_register("Jane.Doe@Example.COM", &code, PASSWORD)
        .await;
    assert_eq!(answer.message(), "Registration successful");
    let token = answer.token();
    assert_eq!(token.len(), 43, "256 bits in unpadded base64url: {token}");
    assert_eq!(
        answer.content(),
        &json!({ "token": token, "email": false, "mfa": false, "security": false })
    );

    let me = app.user_self(&token).await;
    let me = me.assert_ok();
    assert_eq!(me["email"], "jane.doe@example.com");
    let uuid = me["uuid"].as_str().expect("uuid");
    assert_eq!(
        uuid::Uuid::parse_str(uuid)
            .expect("a UUID")
            .get_version_num(),
        7
    );
    assert_eq!(me["status"], 0);
    assert_eq!(me["investor"], json!({ "status": 0 }));
    assert_eq!(
        (me["aml"].clone(), me["qualify"].clone()),
        (json!(0), json!(0))
    );

    // The password now logs in, whatever the case of the address.
    app.login("JANE.DOE@example.com", PASSWORD).await.token();
}

#[actix_web::test]
async fn a_code_is_spent_by_the_registration_it_completes() {
    let app = spawn_app().await;
    app.start_register("once@example.com").await.assert_ok();
    let code = app.read_code("once@example.com").await;
    app.finish_register("once@example.com", &code, PASSWORD)
        .await
        .token();
    app.finish_register("once@example.com", &code, PASSWORD)
        .await
        .assert_refused(104, WRONG);
}

#[actix_web::test]
async fn a_wrong_code_is_refused_and_the_right_one_still_works() {
    let app = spawn_app().await;
    app.start_register("wrong@example.com").await.assert_ok();
    let code = app.read_code("wrong@example.com").await;
    app.finish_register("wrong@example.com", &other_code(&code), PASSWORD)
        .await
        .assert_refused(104, WRONG);
    app.post_json(
        "/user/register",
        &json!({ "email": "wrong@example.com", "emailCaptcha": other_code(&code), "password": PASSWORD, "confirm": PASSWORD }),
        ZH,
        None,
    )
    .await
    .assert_refused(104, "驗證碼錯誤");
    app.finish_register("wrong@example.com", &code, PASSWORD)
        .await
        .token();
}

#[actix_web::test]
async fn five_wrong_codes_exhaust_the_code_even_for_the_right_one() {
    let app = spawn_app().await;
    app.start_register("guess@example.com").await.assert_ok();
    let code = app.read_code("guess@example.com").await;
    let wrong = other_code(&code);
    for _ in 0..4 {
        app.finish_register("guess@example.com", &wrong, PASSWORD)
            .await
            .assert_refused(104, WRONG);
    }
    app.finish_register("guess@example.com", &wrong, PASSWORD)
        .await
        .assert_refused(104, EXHAUSTED);
    app.finish_register("guess@example.com", &code, PASSWORD)
        .await
        .assert_refused(104, EXHAUSTED);

    // A new code (after the resend cooldown) works.
    app.advance_ms(60_000);
    resend(&app, "guess@example.com", "register")
        .await
        .assert_ok();
    let fresh = app.read_code("guess@example.com").await;
    app.finish_register("guess@example.com", &fresh, PASSWORD)
        .await
        .token();
}

#[actix_web::test]
async fn a_code_expires_after_ten_minutes() {
    let app = spawn_app().await;
    app.start_register("late@example.com").await.assert_ok();
    let code = app.read_code("late@example.com").await;
    app.advance_minutes(10);
    app.finish_register("late@example.com", &code, PASSWORD)
        .await
        .assert_refused(104, EXPIRED);
}

#[actix_web::test]
async fn a_code_is_good_until_just_before_ten_minutes() {
    let app = spawn_app().await;
    app.start_register("intime@example.com").await.assert_ok();
    let code = app.read_code("intime@example.com").await;
    app.advance_ms(10 * 60_000 - 1);
    app.finish_register("intime@example.com", &code, PASSWORD)
        .await
        .token();
}

#[actix_web::test]
async fn a_new_code_can_be_asked_for_only_once_a_minute() {
    let app = spawn_app().await;
    let email = "again@example.com";
    app.start_register(email).await.assert_ok();
    let first = app.read_code(email).await;

    let cooldown = |s: u64| format!("Please wait {s} seconds before requesting another code");
    assert_wait(&app.start_register(email).await, 60, &cooldown(60));
    app.advance_ms(30_000);
    assert_wait(&resend(&app, email, "register").await, 30, &cooldown(30));
    app.advance_ms(29_500);
    assert_wait(&resend(&app, email, "register").await, 1, &cooldown(1));
    app.assert_no_new_mail(email).await;

    app.advance_ms(500);
    let answer = resend(&app, email, "register").await;
    answer.assert_ok();
    assert_eq!(answer.message(), SENT);
    assert_eq!(
        answer.content(),
        &json!({ "email": true, "mfa": false, "security": false, "resendAfter": 60 })
    );
    let second = app.read_code(email).await;
    // The earlier code stopped working when the new one was issued.
    if first != second {
        app.finish_register(email, &first, PASSWORD)
            .await
            .assert_refused(104, WRONG);
    }
    app.finish_register(email, &second, PASSWORD).await.token();
}

#[actix_web::test]
async fn the_cooldown_is_told_in_the_callers_language() {
    let app = spawn_app().await;
    app.start_register("zh@example.com").await.assert_ok();
    let token = app.solve_captcha().await;
    let answer = app
        .post_json(
            "/user/register",
            &json!({ "email": "zh@example.com", "token": token }),
            ZH,
            None,
        )
        .await;
    answer.assert_refused(429, "請等待 60 秒後再索取驗證碼");
}

#[actix_web::test]
async fn an_address_gets_at_most_five_codes_an_hour() {
    let app = spawn_app().await;
    let email = "busy@example.com";
    app.start_register(email).await.assert_ok();
    for _ in 0..4 {
        app.advance_ms(61_000);
        resend(&app, email, "register").await.assert_ok();
    }
    app.advance_ms(61_000);
    let answer = resend(&app, email, "register").await;
    let left = 3600 - 5 * 61;
    assert_wait(
        &answer,
        left,
        &format!("Too many attempts, please try again in {left} seconds"),
    );
    app.advance_ms(i64::try_from(left).expect("small") * 1000);
    resend(&app, email, "register").await.assert_ok();
}

#[actix_web::test]
async fn a_client_gets_at_most_twenty_codes_an_hour() {
    let app = spawn_app().await;
    for i in 0..20 {
        app.start_register(&format!("user{i}@example.com"))
            .await
            .assert_ok();
    }
    let answer = app.start_register("user20@example.com").await;
    assert_wait(
        &answer,
        3600,
        "Too many attempts, please try again in 3600 seconds",
    );
    app.assert_no_new_mail("user20@example.com").await;
}

#[actix_web::test]
async fn an_address_with_an_account_gets_the_same_answer_and_a_notice_instead_of_a_code() {
    let app = spawn_app().await;
    app.register("taken@example.com", PASSWORD).await;
    app.advance_ms(61_000);

    let fresh = app.start_register("free@example.com").await;
    let taken = app.start_register("taken@example.com").await;
    assert_eq!((taken.http, &taken.body), (fresh.http, &fresh.body));

    let notice = app.next_mail("taken@example.com").await;
    assert_eq!(
        notice.subject,
        "Someone tried to register with your e-mail address"
    );
    assert!(
        notice.body.contains("already has an account"),
        "{}",
        notice.body
    );
    assert!(
        !notice.body.chars().any(|c| c.is_ascii_digit()),
        "no code in a notice: {}",
        notice.body
    );

    // No code the holder could have seen creates a second account.
    for code in ["000000", "123456", "999999"] {
        app.finish_register("taken@example.com", code, "Another pass 2")
            .await
            .assert_refused(104, WRONG);
    }
    app.login("taken@example.com", PASSWORD).await.token();
    app.login("taken@example.com", "Another pass 2")
        .await
        .assert_refused(422, "Incorrect e-mail or password");
}

#[actix_web::test]
async fn a_registration_in_another_language_mails_in_that_language() {
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
    let mail = app.next_mail("zh@example.com").await;
    assert_eq!(
        mail.subject,
        format!("您的 fiscard 驗證碼：{}", mail.code())
    );
    let answer = app
        .post_json(
            "/user/register",
            &json!({ "email": "zh@example.com", "emailCaptcha": mail.code(), "password": PASSWORD, "confirm": PASSWORD }),
            ZH,
            None,
        )
        .await;
    assert_eq!(answer.message(), "註冊成功");
    let me = app.user_self(&answer.token()).await;
    assert_eq!(me.assert_ok()["locale"], "zh-HK");
}

#[actix_web::test]
async fn step_one_checks_the_address_as_the_browser_does() {
    let app = spawn_app().await;
    for (email, code, message) in [
        (
            json!("not-an-address"),
            "email_invalid",
            "Please enter a valid e-mail address",
        ),
        (
            json!("a@b"),
            "email_invalid",
            "Please enter a valid e-mail address",
        ),
        (
            json!(""),
            "email_required",
            "Please enter your e-mail address",
        ),
        (
            json!(null),
            "email_required",
            "Please enter your e-mail address",
        ),
    ] {
        let token = app.solve_captcha().await;
        let body = json!({ "email": email, "token": token });
        let answer = app.post("/user/register", &body).await;
        answer.assert_refused(102, message);
        assert_eq!(
            answer.content(),
            &json!([{ "field": "email", "code": code, "params": {}, "message": message }])
        );
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<EmailForm>(&body, &NoContext)
        );
    }
}

#[actix_web::test]
async fn step_two_checks_the_password_as_the_browser_does() {
    let app = spawn_app().await;
    let email = "rules@example.com";
    app.start_register(email).await.assert_ok();
    let code = app.read_code(email).await;
    let long = format!("{}1", "a".repeat(128));
    let cases = [
        (
            json!("short1"),
            json!("short1"),
            "password",
            "password_too_short",
            json!({ "min": "8" }),
            "The password must have at least 8 characters",
        ),
        (
            json!(long),
            json!(long),
            "password",
            "password_too_long",
            json!({ "max": "128" }),
            "The password must have at most 128 characters",
        ),
        (
            json!("onlyletters"),
            json!("onlyletters"),
            "password",
            "password_too_weak",
            json!({}),
            "The password must contain at least one letter and one digit",
        ),
        (
            json!("1234567890"),
            json!("1234567890"),
            "password",
            "password_too_weak",
            json!({}),
            "The password must contain at least one letter and one digit",
        ),
        (
            json!(""),
            json!(""),
            "password",
            "new_password_required",
            json!({}),
            "The new password cannot be empty",
        ),
        (
            json!(PASSWORD),
            json!("Correct horse 2"),
            "confirm",
            "password_mismatch",
            json!({}),
            "The two passwords do not match",
        ),
        (
            json!(PASSWORD),
            json!(null),
            "confirm",
            "confirm_required",
            json!({}),
            "Please enter the password again",
        ),
        (
            json!(PASSWORD),
            json!(7),
            "confirm",
            "invalid_type",
            json!({}),
            "This value has the wrong format.",
        ),
    ];
    for (password, confirm, field, error, params, message) in cases {
        let body = json!({ "email": email, "emailCaptcha": code, "password": password, "confirm": confirm });
        let answer = app.post("/user/register", &body).await;
        answer.assert_refused(102, message);
        assert_eq!(answer.content()[0]["field"], field, "{}", answer.text);
        assert_eq!(answer.content()[0]["code"], error, "{}", answer.text);
        assert_eq!(answer.content()[0]["params"], params, "{}", answer.text);
        assert_eq!(answer.content()[0]["message"], message, "{}", answer.text);
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<NewPasswordForm>(&body, &NoContext),
            "{}",
            answer.text
        );
    }
    // None of that spent a try of the code: the longest and shortest allowed passwords work.
    let longest = format!("{}1", "b".repeat(127));
    app.finish_register(email, &code, &longest).await.token();
    app.login(email, &longest).await.token();
}

#[actix_web::test]
async fn step_two_checks_the_code_format_and_the_address() {
    let app = spawn_app().await;
    for (body, field, error, message) in [
        (
            json!({ "email": "a@example.com", "emailCaptcha": "12a456", "password": PASSWORD, "confirm": PASSWORD }),
            "emailCaptcha",
            "email_code_format",
            "Please enter the 6-digit code sent to your e-mail",
        ),
        (
            json!({ "email": "a@example.com", "emailCaptcha": "", "password": PASSWORD, "confirm": PASSWORD }),
            "emailCaptcha",
            "email_code_required",
            "Please enter the e-mail verification code",
        ),
        (
            json!({ "email": "a@example.com", "password": PASSWORD, "confirm": PASSWORD }),
            "emailCaptcha",
            "email_code_required",
            "Please enter the e-mail verification code",
        ),
        (
            json!({ "email": "nope", "emailCaptcha": "123456", "password": PASSWORD, "confirm": PASSWORD }),
            "email",
            "email_invalid",
            "Please enter a valid e-mail address",
        ),
    ] {
        let answer = app.post("/user/register", &body).await;
        answer.assert_refused(102, message);
        assert_eq!(
            answer.content(),
            &json!([{ "field": field, "code": error, "params": {}, "message": message }])
        );
    }
}

#[actix_web::test]
async fn a_recovery_code_does_not_complete_a_registration() {
    let app = spawn_app().await;
    app.register("owner@example.com", PASSWORD).await;
    app.start_recovery("owner@example.com").await.assert_ok();
    let recovery = app.read_code("owner@example.com").await;
    app.finish_register("owner@example.com", &recovery, "Brand new 3")
        .await
        .assert_refused(104, WRONG);
    app.login("owner@example.com", PASSWORD).await.token();
}
