//! The user's own data: `user/self`, `user/config`, `user/country/list`.

use serde_json::json;

use crate::helpers::{EN, PASSWORD, ZH, spawn_app};

#[actix_web::test]
async fn self_shows_the_users_own_data() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let answer = app.user_self(&token).await;
    answer.assert_ok();
    assert_eq!(answer.message(), "Success");
    let uuid = answer.content()["uuid"].as_str().expect("uuid").to_owned();
    assert_eq!(uuid, app.user_id("me@example.com").await);
    assert_eq!(
        answer.content(),
        &json!({
            "uuid": uuid,
            "email": "me@example.com",
            "mobile": null,
            "mobileCode": null,
            "mobileCountry": null,
            "country": null,
            "lastName": null,
            "firstName": null,
            "status": 0,
            "investor": { "status": 0 },
            "aml": 0,
            "qualify": 0,
            "role": "user",
            "locale": "en-US",
        })
    );
    app.get_api("/user/self", ZH, Some(&token))
        .await
        .assert_ok();
}

#[actix_web::test]
async fn config_shows_the_default_security_settings() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    let answer = app.get_api("/user/config", EN, Some(&token)).await;
    assert_eq!(
        answer.assert_ok(),
        &json!({
            "security": false,
            "mfa": [],
            "login": { "email": false, "mfa": false },
            "trade": { "email": true, "mfa": false, "security": false },
            "mobile": false,
        })
    );
}

#[actix_web::test]
async fn config_shows_the_login_email_switch() {
    let app = spawn_app().await;
    let token = app.register("me@example.com", PASSWORD).await;
    app.set_login_email("me@example.com", true).await;
    let answer = app.get_api("/user/config", EN, Some(&token)).await;
    assert_eq!(
        answer.assert_ok()["login"],
        json!({ "email": true, "mfa": false })
    );
}

#[actix_web::test]
async fn self_and_config_need_a_session() {
    let app = spawn_app().await;
    for path in ["/user/self", "/user/config"] {
        app.get_api(path, EN, None)
            .await
            .assert_refused(101, "Login has expired");
    }
}

#[actix_web::test]
async fn the_country_list_holds_every_iso_country_with_its_names() {
    let app = spawn_app().await;
    let answer = app.get_api("/user/country/list", EN, None).await;
    let list = answer.assert_ok().as_array().expect("a list");
    assert_eq!(list.len(), 249);
    for country in list {
        let fields = country.as_object().expect("an object");
        for key in ["code", "code2", "name", "simplifiedCN", "mobileCode"] {
            assert!(
                fields
                    .get(key)
                    .and_then(|v| v.as_str())
                    .is_some_and(|s| !s.is_empty()),
                "{key} of {country}"
            );
        }
    }
    let hk = list.iter().find(|c| c["code"] == "HK").expect("Hong Kong");
    assert_eq!(
        (
            &hk["code2"],
            &hk["name"],
            &hk["simplifiedCN"],
            &hk["mobileCode"]
        ),
        (
            &json!("HKG"),
            &json!("Hong Kong"),
            &json!("香港"),
            &json!("852")
        )
    );
    let us = list.iter().find(|c| c["code"] == "US").expect("US");
    assert_eq!(us["simplifiedCN"], "美国");
    assert_eq!(us["mobileCode"], "1");
}
