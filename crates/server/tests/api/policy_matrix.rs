//! The step-up policy, exhaustively over the security configuration: for every combination of
//! PIN set, authenticator bound, the two login switches and the three trade switches (128),
//! what the server asks for each of the 13 actions is what the domain's policy says; and for
//! each combination a login and the account-change endpoints ask for exactly that (103).

use domain::security::{
    AuthenticatorEntry, Factors, LoginSwitches, SecureAction, SecurityConfig, TradeSwitches,
    required_factors,
};
use serde_json::{Value, json};

use crate::helpers::{EN, PASSWORD, TestApp, spawn_app};

fn factors_json(f: Factors) -> Value {
    json!({ "email": f.email, "mfa": f.mfa, "security": f.security })
}

/// A user with the PIN set and/or an authenticator bound, through the API.
async fn user_with(app: &TestApp, email: &str, pin: bool, bound: bool) -> String {
    let token = app.register(email, PASSWORD).await;
    let mut secret = None;
    if bound {
        secret = Some(app.bind_authenticator(&token, email, "Phone", None).await.0);
    }
    if pin {
        let code = app.verify_code(&token, email).await;
        let mut body = json!({ "password": "135790", "confirm": "135790", "emailCaptcha": code });
        if let Some(secret) = &secret {
            app.next_step();
            body["mfaCode"] = json!(app.totp(secret, 0));
        }
        app.post_json("/user/security/password", &body, EN, Some(&token))
            .await
            .assert_ok();
    }
    token
}

fn bits<const N: usize>(n: usize) -> [bool; N] {
    std::array::from_fn(|i| n & (1 << i) != 0)
}

#[actix_web::test]
async fn every_action_asks_for_what_the_policy_says_over_all_128_configurations() {
    let app = spawn_app().await;
    let mut checked = 0;
    for (n, (pin, bound)) in [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .enumerate()
    {
        let email = format!("user{n}@example.com");
        let token = user_with(&app, &email, pin, bound).await;
        for switches in 0..32 {
            let [
                login_email,
                login_mfa,
                trade_email,
                trade_mfa,
                trade_security,
            ] = bits::<5>(switches);
            app.set_switches(
                &email,
                [login_email, login_mfa],
                [trade_email, trade_mfa, trade_security],
            )
            .await;
            let config = SecurityConfig {
                security: pin,
                mfa: if bound {
                    vec![AuthenticatorEntry {
                        id: String::new(),
                        remark: String::new(),
                    }]
                } else {
                    Vec::new()
                },
                login: LoginSwitches {
                    email: login_email,
                    mfa: login_mfa,
                },
                trade: TradeSwitches {
                    email: trade_email,
                    mfa: trade_mfa,
                    security: trade_security,
                },
            };
            for action in SecureAction::ALL {
                let answer = app
                    .get_api(
                        &format!("/user/verification/factors?action={}", action.as_str()),
                        EN,
                        Some(&token),
                    )
                    .await;
                assert_eq!(
                    answer.assert_ok(),
                    &factors_json(required_factors(*action, &config)),
                    "{action:?} with {config:?}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 4 * 32 * SecureAction::ALL.len());
}

#[actix_web::test]
async fn a_login_asks_for_what_the_login_switches_and_the_bound_authenticator_say() {
    let app = spawn_app().await;
    for (n, bound) in [false, true].into_iter().enumerate() {
        let email = format!("user{n}@example.com");
        let token = user_with(&app, &email, false, bound).await;
        for switches in 0..4 {
            let [login_email, login_mfa] = bits::<2>(switches);
            app.set_switches(&email, [login_email, login_mfa], [true, false, false])
                .await;
            let step1 = app.login(&email, PASSWORD).await.assert_ok().clone();
            let expected = Factors {
                email: login_email,
                mfa: login_mfa && bound,
                security: false,
            };
            assert_eq!(
                json!({ "email": step1["email"], "mfa": step1["mfa"], "security": step1["security"] }),
                factors_json(expected),
                "bound {bound}, switches {switches}"
            );
            assert_eq!(step1["token"].is_string(), expected.none());
            assert_eq!(step1["accountId"].is_string(), !expected.none());
        }
        drop(token);
    }
}

#[actix_web::test]
async fn every_account_change_answers_103_with_the_policys_factors() {
    let app = spawn_app().await;
    for (n, (pin, bound)) in [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .enumerate()
    {
        let email = format!("user{n}@example.com");
        let token = user_with(&app, &email, pin, bound).await;
        let config: SecurityConfig =
            serde_json::from_value(app.security_config(&token).await).unwrap();
        let pin_action = if pin {
            SecureAction::PinChange
        } else {
            SecureAction::PinSet
        };
        let requests = [
            (
                "POST",
                "/user/security/password",
                json!({ "password": "246801", "confirm": "246801" }),
                pin_action,
            ),
            (
                "POST",
                "/user/password",
                json!({ "oldPassword": PASSWORD, "password": "Another horse 2", "confirm": "Another horse 2" }),
                SecureAction::PasswordChange,
            ),
            (
                "POST",
                "/user/config/switch",
                json!({ "usage": 0, "module": "trade", "target": "email" }),
                SecureAction::SwitchChange,
            ),
            (
                "GET",
                "/user/config/mfa/key",
                json!({}),
                SecureAction::AuthenticatorBind,
            ),
        ];
        for (method, path, body, action) in requests {
            let answer = if method == "GET" {
                app.get_api(path, EN, Some(&token)).await
            } else {
                app.post_json(path, &body, EN, Some(&token)).await
            };
            assert_eq!(
                answer.code(),
                103,
                "{path} ({pin}, {bound}): {}",
                answer.text
            );
            assert_eq!(
                answer.content(),
                &factors_json(required_factors(action, &config)),
                "{path} ({pin}, {bound})"
            );
        }
    }
}
