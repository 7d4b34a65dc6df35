//! `POST user/mobile/bind`: the domain's mobile rules (dial code of the country, E.164), the
//! codes the policy asks for as form fields, one account per number, and what `user/self`
//! and the account holder's mail show afterwards.

use domain::security::Factors;
use serde_json::{Value, json};

use crate::helpers::{EN, PASSWORD, ZH, domain_errors, spawn_app, without_messages};

const ME: &str = "me@example.com";

fn hong_kong(code: &str) -> Value {
    json!({
        "mobileCountry": "HK", "mobileCode": "+852", "mobile": "9123 4567", "emailCaptcha": code,
    })
}

#[actix_web::test]
async fn a_mobile_is_bound_in_e164_and_shown_by_user_self() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    assert_eq!(app.security_config(&token).await["mobile"], false);
    let code = app.verify_code(&token, ME).await;
    let answer = app
        .post_json("/user/mobile/bind", &hong_kong(&code), ZH, Some(&token))
        .await;
    assert_eq!(
        answer.assert_ok(),
        &json!({ "mobile": "+85291234567", "mobileCode": "852", "mobileCountry": "HK" })
    );
    assert_eq!(answer.message(), "您的手機號碼已綁定");
    let me = app.user_self(&token).await.assert_ok().clone();
    assert_eq!(me["mobile"], "+85291234567");
    assert_eq!(app.security_config(&token).await["mobile"], true);
    assert_eq!(me["mobileCode"], "852");
    assert_eq!(me["mobileCountry"], "HK");
    let user_id = app.user_id(ME).await;
    assert!(
        app.security_events(Some(&user_id))
            .await
            .contains(&"mobile_bound".to_owned())
    );
    let notice = app.next_mail(ME).await;
    assert_eq!(
        notice.subject,
        "A mobile number was bound to your fiscard account"
    );
    assert!(notice.body.contains("+852 ****4567"), "{}", notice.body);
    assert!(!notice.body.contains("91234567"));
}

#[actix_web::test]
async fn the_form_is_checked_by_the_domain_rules_codes_included() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let email_only = Factors {
        email: true,
        mfa: false,
        security: false,
    };
    for body in [
        json!({}),
        json!({ "mobileCountry": "HK", "mobileCode": "+852", "mobile": "9123 4567" }),
        json!({ "mobileCountry": "HK", "mobileCode": "+44", "mobile": "9123 4567", "emailCaptcha": "123456" }),
        json!({ "mobileCountry": "HK", "mobileCode": "+852", "mobile": "12", "emailCaptcha": "123456" }),
        json!({ "mobileCountry": "XX", "mobileCode": "+852", "mobile": "91234567", "emailCaptcha": "123456" }),
        json!({ "mobileCountry": "HK", "mobileCode": "+852", "mobile": "91234567", "emailCaptcha": "12345" }),
    ] {
        let answer = app
            .post_json("/user/mobile/bind", &body, EN, Some(&token))
            .await;
        assert_eq!(answer.code(), 102, "{body}: {}", answer.text);
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<domain::forms::BindMobileForm>(&body, &email_only),
            "{body}"
        );
    }
}

#[actix_web::test]
async fn with_an_authenticator_bound_the_form_needs_its_code_too() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (secret, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    let code = app.verify_code(&token, ME).await;
    let answer = app
        .post_json("/user/mobile/bind", &hong_kong(&code), EN, Some(&token))
        .await;
    assert_eq!(answer.code(), 102);
    assert_eq!(answer.content()[0]["field"], "mfaCode");
    assert_eq!(
        answer.message(),
        "Dynamic verification code cannot be empty"
    );
    app.next_step();
    let mut body = hong_kong(&code);
    body["mfaCode"] = json!(app.totp(&secret, 0));
    app.post_json("/user/mobile/bind", &body, EN, Some(&token))
        .await
        .assert_ok();
}

#[actix_web::test]
async fn a_number_belongs_to_one_account_and_can_be_replaced_by_its_own() {
    let app = spawn_app().await;
    let alice = app.register("alice@example.com", PASSWORD).await;
    let code = app.verify_code(&alice, "alice@example.com").await;
    app.post_json("/user/mobile/bind", &hong_kong(&code), EN, Some(&alice))
        .await
        .assert_ok();

    let bob = app.register("bob@example.com", PASSWORD).await;
    let code = app.verify_code(&bob, "bob@example.com").await;
    app.post_json("/user/mobile/bind", &hong_kong(&code), EN, Some(&bob))
        .await
        .assert_refused(409, "This mobile number is bound to another account");
    assert_eq!(app.user_self(&bob).await.assert_ok()["mobile"], Value::Null);

    // Alice may bind the same number again, or replace it.
    let code = app.verify_code(&alice, "alice@example.com").await;
    app.post_json(
        "/user/mobile/bind",
        &json!({ "mobileCountry": "US", "mobileCode": "1", "mobile": "(415) 555-0123", "emailCaptcha": code }),
        EN,
        Some(&alice),
    )
    .await
    .assert_ok();
    assert_eq!(
        app.user_self(&alice).await.assert_ok()["mobile"],
        "+14155550123"
    );
    // Now free, the Hong Kong number can be Bob's.
    let code = app.verify_code(&bob, "bob@example.com").await;
    app.post_json("/user/mobile/bind", &hong_kong(&code), EN, Some(&bob))
        .await
        .assert_ok();
}
