//! `GET user/firstSteps`: the new user's checklist, ticked from the user's real state.

use serde_json::{Value, json};

use crate::cards::{apply, holder, recharge};
use crate::helpers::{EN, PASSWORD, TestApp, spawn_app};

async fn steps(app: &TestApp, token: &str) -> Value {
    app.get_api("/user/firstSteps", EN, Some(token))
        .await
        .assert_ok()
        .clone()
}

fn done(steps: &Value) -> Vec<(&str, bool)> {
    steps["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| (s["step"].as_str().unwrap(), s["done"].as_bool().unwrap()))
        .collect()
}

#[actix_web::test]
async fn a_new_user_has_every_step_ahead() {
    let app = spawn_app().await;
    let token = app.register("new@example.com", PASSWORD).await;
    let answer = steps(&app, &token).await;
    assert_eq!(
        done(&answer),
        [
            ("secureAccount", false),
            ("verifyIdentity", false),
            ("applyCard", false),
            ("fundCard", false),
        ]
    );
    assert_eq!(answer["done"], json!(false));
}

#[actix_web::test]
async fn each_step_ticks_itself_as_the_user_takes_it() {
    let app = spawn_app().await;
    // A PIN set and identity approved (the holder), then a card, then money on it.
    let h = holder(&app, "steps@example.com", 100_000).await;
    assert_eq!(
        done(&steps(&app, &h.token).await),
        [
            ("secureAccount", true),
            ("verifyIdentity", true),
            ("applyCard", false),
            ("fundCard", false),
        ]
    );
    let card = apply(&app, &h).await;
    assert_eq!(done(&steps(&app, &h.token).await)[2], ("applyCard", true));
    recharge(&app, &h, &card, "100.00").await.assert_ok();
    let answer = steps(&app, &h.token).await;
    assert_eq!(done(&answer)[3], ("fundCard", true));
    assert_eq!(answer["done"], json!(true));
}
