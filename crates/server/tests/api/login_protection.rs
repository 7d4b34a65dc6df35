//! Nobody can lock an owner out of their own account (OWASP Authentication Cheat Sheet): an
//! attacker's failures lock the attacker's client; an account tried from many clients asks
//! the clients its owner has not used for a harder proof of work and tells the owner; a
//! remembered device (the login's cookie) is never asked for more because of others.

use serde_json::json;

use crate::helpers::{Answer, PASSWORD, TestApp, spawn_app_with};

const FAILED: &str = "Incorrect e-mail or password";
const OWNER: &str = "owner@example.com";
const WRONG: &str = "Not the password 9";

async fn app() -> TestApp {
    let app = spawn_app_with(&[("FISCARD_TRUST_PROXY", "true")]).await;
    app.register(OWNER, PASSWORD).await;
    app
}

/// A login step 1 from the client at `ip`, with `device` (a `fiscard_device` cookie's value)
/// and a `token` (an ordinary captcha solution unless given).
async fn login_from(
    app: &TestApp,
    ip: &str,
    password: &str,
    device: Option<&str>,
    token: Option<String>,
) -> Answer {
    let token = match token {
        Some(token) => token,
        None => app.solve_captcha().await,
    };
    let mut request = app
        .client
        .post(app.url("/api/user/login"))
        .header("X-Forwarded-For", ip)
        .json(&json!({ "email": OWNER, "password": password, "token": token }));
    if let Some(device) = device {
        request = request.header("Cookie", format!("fiscard_device={device}"));
    }
    app.send(request).await
}

/// The remembered-device cookie a successful login set: its value, after checking its flags.
fn device_cookie(answer: &Answer) -> String {
    let header = answer
        .header("set-cookie")
        .expect("a login sets the device cookie");
    for flag in [
        "HttpOnly",
        "SameSite=Strict",
        "Path=/api/user/login",
        "Max-Age=15552000",
    ] {
        assert!(header.contains(flag), "{header} lacks {flag}");
    }
    let pair = header.split(';').next().expect("a name=value");
    pair.strip_prefix("fiscard_device=")
        .expect("the device cookie")
        .to_owned()
}

/// Ten clients, one wrong password each: the account is under attack.
async fn attack(app: &TestApp) {
    for i in 1..=10 {
        login_from(app, &format!("203.0.113.{i}"), WRONG, None, None)
            .await
            .assert_refused(422, FAILED);
    }
}

#[actix_web::test]
async fn an_attackers_failures_lock_the_attacker_not_the_owner() {
    let app = app().await;
    for _ in 0..4 {
        login_from(&app, "203.0.113.66", WRONG, None, None)
            .await
            .assert_refused(422, FAILED);
    }
    let locked = "Too many attempts, please try again in 900 seconds";
    login_from(&app, "203.0.113.66", WRONG, None, None)
        .await
        .assert_refused(429, locked);
    // The attacker's client is locked out of the account, even with the right password…
    login_from(&app, "203.0.113.66", PASSWORD, None, None)
        .await
        .assert_refused(429, locked);
    // …and the owner, elsewhere, is not.
    login_from(&app, "198.51.100.1", PASSWORD, None, None)
        .await
        .token();
}

#[actix_web::test]
async fn an_account_tried_from_many_clients_asks_unknown_ones_for_a_harder_proof_and_tells_its_owner()
 {
    let app = app().await;
    let first = login_from(&app, "198.51.100.1", PASSWORD, None, None).await;
    first.token();
    let device = device_cookie(&first);
    attack(&app).await;
    assert_eq!(
        app.next_mail(OWNER).await.subject,
        "Someone is trying to sign in to your fiscard account"
    );

    // A client the owner has not used: first a harder proof of work, then the login.
    let asked = login_from(&app, "198.51.100.2", PASSWORD, None, None).await;
    asked.assert_refused(
        428,
        "This account is being tried from many places, so this device must pass a longer check first. It takes a few seconds.",
    );
    let challenge: altcha::Challenge =
        serde_json::from_value(asked.content().clone()).expect("a challenge");
    assert_eq!(
        challenge.maxnumber,
        20 * 1000,
        "twenty times the usual work"
    );
    let hard = altcha::solve(&challenge).expect("solvable");
    login_from(&app, "198.51.100.2", PASSWORD, None, Some(hard))
        .await
        .token();

    // The owner's remembered device, from yet another network: no harder proof.
    let again = login_from(&app, "192.0.2.9", PASSWORD, Some(&device), None).await;
    again.token();
    assert_eq!(
        device_cookie(&again),
        device,
        "the same device, remembered longer"
    );

    // More failures do not mail the owner again in the same window.
    login_from(&app, "203.0.113.50", WRONG, None, None)
        .await
        .assert_refused(428, asked.message());
    app.assert_no_new_mail(OWNER).await;

    // Once the window has passed, an ordinary proof is enough again.
    app.advance_minutes(15);
    login_from(&app, "198.51.100.3", PASSWORD, None, None)
        .await
        .token();
}

#[actix_web::test]
async fn a_remembered_device_has_its_own_count_and_others_cookies_count_for_nothing() {
    let app = app().await;
    let device = device_cookie(&login_from(&app, "198.51.100.1", PASSWORD, None, None).await);
    // Five wrong passwords on the remembered device lock that device…
    for _ in 0..4 {
        login_from(&app, "198.51.100.1", WRONG, Some(&device), None)
            .await
            .assert_refused(422, FAILED);
    }
    let locked = "Too many attempts, please try again in 900 seconds";
    login_from(&app, "198.51.100.1", WRONG, Some(&device), None)
        .await
        .assert_refused(429, locked);
    login_from(&app, "198.51.100.1", PASSWORD, Some(&device), None)
        .await
        .assert_refused(429, locked);
    // …not the owner on another device.
    login_from(&app, "198.51.100.7", PASSWORD, None, None)
        .await
        .token();

    // Another account's device cookie, or a forged one, is no remembered device here.
    app.register("other@example.com", PASSWORD).await;
    let token = app.solve_captcha().await;
    let other = app
        .send(
            app.client
                .post(app.url("/api/user/login"))
                .header("X-Forwarded-For", "198.51.100.9")
                .json(
                    &json!({ "email": "other@example.com", "password": PASSWORD, "token": token }),
                ),
        )
        .await;
    let others_device = device_cookie(&other);
    attack(&app).await;
    for cookie in [
        others_device.as_str(),
        "forged.AAAA",
        &device.replace('.', "x."),
    ] {
        login_from(&app, "198.51.100.20", PASSWORD, Some(cookie), None)
            .await
            .assert_refused(428, "This account is being tried from many places, so this device must pass a longer check first. It takes a few seconds.");
    }
}
