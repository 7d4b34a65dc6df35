//! Authenticator apps: the binding key behind verification, binding with the app's first code
//! (at the current, previous and next step), replays, expiry (109), the list, removal (never
//! the last one), attempt limits, and another user's authenticators.

use diesel::prelude::*;
use serde_json::json;
use server::db::schema::{authenticator_keys, authenticators};

use crate::helpers::{EN, PASSWORD, ZH, domain_errors, flags, spawn_app, without_messages};

const ME: &str = "me@example.com";

#[actix_web::test]
async fn a_binding_key_needs_the_email_code_and_is_a_scannable_otpauth_secret() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let answer = app.get_api("/user/config/mfa/key", EN, Some(&token)).await;
    answer.assert_refused(103, "Please complete the verification");
    assert_eq!(answer.content(), &flags(true, false, false));

    let code = app.verify_code(&token, ME).await;
    let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    app.get_api(
        &format!("/user/config/mfa/key?emailCaptcha={wrong}"),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(104, "The verification code is incorrect");
    let answer = app
        .get_api(
            &format!("/user/config/mfa/key?emailCaptcha={code}"),
            ZH,
            Some(&token),
        )
        .await;
    let key = answer.assert_ok().clone();
    let secret = key["secretKey"].as_str().unwrap();
    assert_eq!(secret.len(), 32, "160 bits in base32: {secret}");
    assert!(totp::Secret::from_base32(secret).is_some());
    let image = key["codeImgUrl"].as_str().unwrap();
    assert!(image.starts_with("data:image/svg+xml;base64,"), "{image}");
    assert_eq!(key["expireTime"], app.clock.now_ms() + 10 * 60_000);
    assert_eq!(
        answer.message(),
        "請以身份驗證器應用程式掃描二維碼或輸入密鑰"
    );

    // The code was spent; the secret is sealed at rest, never stored as typed.
    app.get_api(
        &format!("/user/config/mfa/key?emailCaptcha={code}"),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(104, "The verification code is incorrect");
    let stored: String = app
        .db
        .read(|conn| {
            authenticator_keys::table
                .select(authenticator_keys::secret_sealed)
                .first(conn)
                .map_err(Into::into)
        })
        .await
        .unwrap();
    assert!(stored.starts_with("v1.") && !stored.contains(secret));
}

#[actix_web::test]
async fn the_apps_code_binds_at_the_current_previous_and_next_step() {
    let app = spawn_app().await;
    for (n, offset) in [(1, 0), (2, -1), (3, 1)] {
        let email = format!("user{n}@example.com");
        let token = app.register(&email, PASSWORD).await;
        let secret = app.issue_authenticator_key(&token, &email, None).await;
        app.next_step();
        let answer = app
            .post_json(
                "/user/config/mfa/key",
                &json!({ "mfaCode": app.totp(&secret, offset), "remark": "Pixel 9" }),
                EN,
                Some(&token),
            )
            .await;
        let bound = answer.assert_ok().clone();
        assert_eq!(answer.message(), "The authenticator has been bound");
        assert_eq!(bound["remark"], "Pixel 9");
        let config = app.security_config(&token).await;
        assert_eq!(config["mfa"][0]["id"], bound["id"]);
        assert_eq!(config["mfa"][0]["remark"], "Pixel 9");
        assert_eq!(config["mfa"][0]["createTime"], app.clock.now_ms());
    }
}

#[actix_web::test]
async fn codes_two_steps_away_and_wrong_codes_do_not_bind() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let secret = app.issue_authenticator_key(&token, ME, None).await;
    for code in [app.totp(&secret, -2), app.totp(&secret, 2)] {
        app.post_json(
            "/user/config/mfa/key",
            &json!({ "mfaCode": code, "remark": "Phone" }),
            EN,
            Some(&token),
        )
        .await
        .assert_refused(
            104,
            "The authenticator code is incorrect or was already used",
        );
    }
    assert_eq!(app.security_config(&token).await["mfa"], json!([]));
}

#[actix_web::test]
async fn a_key_expires_after_ten_minutes_and_binding_without_one_is_109() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let bind = |code: String| json!({ "mfaCode": code, "remark": "Phone" });
    app.post_json(
        "/user/config/mfa/key",
        &bind("123456".into()),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(109, "The binding key has expired, please start again");
    let secret = app.issue_authenticator_key(&token, ME, None).await;
    app.advance_minutes(10);
    app.post_json(
        "/user/config/mfa/key",
        &bind(app.totp(&secret, 0)),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(109, "The binding key has expired, please start again");
}

#[actix_web::test]
async fn a_new_key_replaces_the_previous_one_and_a_key_binds_once() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let first = app.issue_authenticator_key(&token, ME, None).await;
    let second = app.issue_authenticator_key(&token, ME, None).await;
    assert_ne!(first, second);
    let bind = |code: String| json!({ "mfaCode": code, "remark": "Phone" });
    app.post_json(
        "/user/config/mfa/key",
        &bind(app.totp(&first, 0)),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(
        104,
        "The authenticator code is incorrect or was already used",
    );
    app.post_json(
        "/user/config/mfa/key",
        &bind(app.totp(&second, 0)),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
    app.next_step();
    app.post_json(
        "/user/config/mfa/key",
        &bind(app.totp(&second, 0)),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(109, "The binding key has expired, please start again");
}

#[actix_web::test]
async fn the_bind_form_is_checked_by_the_domain_rules() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    app.issue_authenticator_key(&token, ME, None).await;
    for body in [
        json!({}),
        json!({ "mfaCode": "12345", "remark": "Phone" }),
        json!({ "mfaCode": "123456", "remark": "A very long device name" }),
        json!({ "mfaCode": "123456", "remark": "   " }),
    ] {
        let answer = app
            .post_json("/user/config/mfa/key", &body, EN, Some(&token))
            .await;
        assert_eq!(answer.code(), 102, "{body}");
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<domain::forms::BindAuthenticatorForm>(&body, &domain::forms::NoContext),
            "{body}"
        );
    }
    let answer = app
        .post_json(
            "/user/config/mfa/key",
            &json!({ "mfaCode": "123456", "remark": "A very long device name" }),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(
        answer.message(),
        "Device name is too long, please less than 16 characters"
    );
}

#[actix_web::test]
async fn once_bound_every_account_change_also_asks_for_an_authenticator_code() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (secret, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    let answer = app.get_api("/user/config/mfa/key", EN, Some(&token)).await;
    assert_eq!(answer.content(), &flags(true, true, false));

    // The bound app's code opens a second key; the same code is refused the second time.
    let code = app.verify_code(&token, ME).await;
    app.next_step();
    let mfa = app.totp(&secret, 0);
    app.get_api(
        &format!("/user/config/mfa/key?emailCaptcha={code}&mfaCode={mfa}"),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
    let code = app.verify_code(&token, ME).await;
    app.get_api(
        &format!("/user/config/mfa/key?emailCaptcha={code}&mfaCode={mfa}"),
        EN,
        Some(&token),
    )
    .await
    .assert_refused(
        104,
        "The authenticator code is incorrect or was already used",
    );
}

#[actix_web::test]
async fn any_bound_authenticators_code_satisfies_and_each_code_works_once() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (phone, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    let (tablet, _) = app
        .bind_authenticator(&token, ME, "Tablet", Some(&phone))
        .await;
    assert_eq!(
        app.security_config(&token).await["mfa"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // The tablet's code opens a key as well as the phone's did (which bound the tablet).
    let code = app.verify_code(&token, ME).await;
    app.next_step();
    let with = |mfa: String| format!("/user/config/mfa/key?emailCaptcha={code}&mfaCode={mfa}");
    app.get_api(&with(app.totp(&tablet, 0)), EN, Some(&token))
        .await
        .assert_ok();
    // Then neither the same code nor the previous step's (still inside the ±1 window) is
    // accepted: the authenticator code is checked first, so the e-mail code spent above does
    // not hide the refusal.
    for offset in [0, -1] {
        app.get_api(&with(app.totp(&tablet, offset)), EN, Some(&token))
            .await
            .assert_refused(
                104,
                "The authenticator code is incorrect or was already used",
            );
    }
    // The phone's own code of this step is still fresh for the phone.
    let code = app.verify_code(&token, ME).await;
    app.get_api(
        &format!(
            "/user/config/mfa/key?emailCaptcha={code}&mfaCode={}",
            app.totp(&phone, 0)
        ),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
}

#[actix_web::test]
async fn five_wrong_authenticator_codes_lock_the_factor_for_fifteen_minutes() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (secret, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    let right = app.totp(&secret, 0);
    let wrong = format!(
        "{:06}",
        (right.parse::<u32>().unwrap() + 500_000) % 1_000_000
    );
    // The authenticator code is checked before the e-mail code, which a wrong one leaves
    // unspent: one e-mail code serves every try.
    let code = app.verify_code(&token, ME).await;
    let with = |mfa: &str| format!("/user/config/mfa/key?emailCaptcha={code}&mfaCode={mfa}");
    for _ in 0..5 {
        app.get_api(&with(&wrong), EN, Some(&token))
            .await
            .assert_refused(
                104,
                "The authenticator code is incorrect or was already used",
            );
    }
    let locked = app
        .get_api(&with(&app.totp(&secret, 0)), EN, Some(&token))
        .await;
    assert_eq!(locked.code(), 429);
    assert!(locked.content()["retryAfter"].as_u64().unwrap() > 0);
    app.advance_minutes(15);
    let code = app.verify_code(&token, ME).await;
    app.get_api(
        &format!(
            "/user/config/mfa/key?emailCaptcha={code}&mfaCode={}",
            app.totp(&secret, 0)
        ),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
}

#[actix_web::test]
async fn the_only_authenticator_cannot_be_removed_and_a_second_one_can() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (phone, phone_id) = app.bind_authenticator(&token, ME, "Phone", None).await;
    app.delete_json(
        "/user/config/mfa/key",
        &json!({ "mfaId": phone_id }),
        &token,
    )
    .await
    .assert_refused(422, "At least one binding must remain");

    let (_, tablet_id) = app
        .bind_authenticator(&token, ME, "Tablet", Some(&phone))
        .await;
    let answer = app
        .delete_json(
            "/user/config/mfa/key",
            &json!({ "mfaId": tablet_id }),
            &token,
        )
        .await;
    assert_eq!(answer.content(), &flags(true, true, false));
    let code = app.verify_code(&token, ME).await;
    app.next_step();
    let answer = app
        .delete_json(
            "/user/config/mfa/key",
            &json!({ "mfaId": tablet_id, "emailCaptcha": code, "mfaCode": app.totp(&phone, 0) }),
            &token,
        )
        .await;
    answer.assert_ok();
    assert_eq!(answer.message(), "The authenticator has been removed");
    let config = app.security_config(&token).await;
    assert_eq!(config["mfa"].as_array().unwrap().len(), 1);
    assert_eq!(config["mfa"][0]["id"], phone_id.as_str());
    let user_id = app.user_id(ME).await;
    let events = app.security_events(Some(&user_id)).await;
    assert_eq!(
        events
            .iter()
            .filter(|e| *e == "authenticator_bound")
            .count(),
        2
    );
    assert!(events.contains(&"authenticator_removed".to_owned()));
    // Mails: the code mails, then notices of each binding and the removal.
    let notices: Vec<String> = app
        .mails_to(ME)
        .into_iter()
        .map(|m| m.subject)
        .filter(|s| s.contains("authenticator"))
        .collect();
    assert_eq!(notices.len(), 3, "{notices:?}");
}

#[actix_web::test]
async fn removal_also_works_with_the_fields_in_the_query() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (phone, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    let (_, tablet_id) = app
        .bind_authenticator(&token, ME, "Tablet", Some(&phone))
        .await;
    let code = app.verify_code(&token, ME).await;
    app.next_step();
    let url = app.url(&format!(
        "/api/user/config/mfa/key?mfaId={tablet_id}&emailCaptcha={code}&mfaCode={}",
        app.totp(&phone, 0)
    ));
    app.send(app.client.delete(url).header("Access-Token", &token))
        .await
        .assert_ok();
    assert_eq!(
        app.security_config(&token).await["mfa"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[actix_web::test]
async fn nobody_can_touch_another_users_authenticators() {
    let app = spawn_app().await;
    let alice = app.register("alice@example.com", PASSWORD).await;
    let (alice_secret, alice_phone) = app
        .bind_authenticator(&alice, "alice@example.com", "Phone", None)
        .await;
    app.bind_authenticator(&alice, "alice@example.com", "Tablet", Some(&alice_secret))
        .await;

    let mallory = app.register("mallory@example.com", PASSWORD).await;
    let (mallory_secret, _) = app
        .bind_authenticator(&mallory, "mallory@example.com", "Mine", None)
        .await;
    // Another user's id is unknown, before any code is asked for or spent.
    app.delete_json(
        "/user/config/mfa/key",
        &json!({ "mfaId": alice_phone }),
        &mallory,
    )
    .await
    .assert_refused(404, "There is no such authenticator");
    // Alice's app codes are not Mallory's, and Mallory's are not Alice's.
    let code = app.verify_code(&mallory, "mallory@example.com").await;
    app.next_step();
    app.get_api(
        &format!(
            "/user/config/mfa/key?emailCaptcha={code}&mfaCode={}",
            app.totp(&alice_secret, 0)
        ),
        EN,
        Some(&mallory),
    )
    .await
    .assert_refused(
        104,
        "The authenticator code is incorrect or was already used",
    );
    let code = app.verify_code(&alice, "alice@example.com").await;
    app.get_api(
        &format!(
            "/user/config/mfa/key?emailCaptcha={code}&mfaCode={}",
            app.totp(&mallory_secret, 0)
        ),
        EN,
        Some(&alice),
    )
    .await
    .assert_refused(
        104,
        "The authenticator code is incorrect or was already used",
    );
    assert_eq!(
        app.security_config(&alice).await["mfa"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // Sealed for its owner: a secret copied into another user's row does not open.
    let alice_id = app.user_id("alice@example.com").await;
    let mallory_id = app.user_id("mallory@example.com").await;
    app.db
        .write(move |conn| {
            let sealed: String = authenticators::table
                .filter(authenticators::user_id.eq(&alice_id))
                .select(authenticators::secret_sealed)
                .first(conn)?;
            diesel::update(authenticators::table.filter(authenticators::user_id.eq(&mallory_id)))
                .set(authenticators::secret_sealed.eq(sealed))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let code = app.verify_code(&mallory, "mallory@example.com").await;
    app.next_step();
    let answer = app
        .get_api(
            &format!(
                "/user/config/mfa/key?emailCaptcha={code}&mfaCode={}",
                app.totp(&alice_secret, 0)
            ),
            EN,
            Some(&mallory),
        )
        .await;
    assert_eq!(answer.code(), 500);
}

#[actix_web::test]
async fn the_same_code_sent_at_once_is_accepted_once() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let (secret, _) = app.bind_authenticator(&token, ME, "Phone", None).await;
    // Two switch changes carrying the same codes, at once: one passes, one is refused.
    let code = app.verify_code(&token, ME).await;
    app.next_step();
    let mfa = app.totp(&secret, 0);
    let body = |target: &str| json!({ "usage": 1, "module": "login", "target": target, "emailCaptcha": code, "mfaCode": mfa });
    let (first, second) = (body("email"), body("mfa"));
    let (a, b) = tokio::join!(
        app.post_json("/user/config/switch", &first, EN, Some(&token)),
        app.post_json("/user/config/switch", &second, EN, Some(&token)),
    );
    let mut codes = [a.code(), b.code()];
    codes.sort_unstable();
    assert_eq!(codes, [104, 200], "{} / {}", a.text, b.text);
}
