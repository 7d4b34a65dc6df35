//! `GET user/info`: the basic identity draft a form opens with (the answers saved so far; after
//! a rejection, the last attempt's).

use domain::review::{RejectionKind, Verification};
use serde_json::{Value, json};

use crate::helpers::{EN, PASSWORD, TestApp, spawn_app};
use crate::identity::{basic_in_review, decide, post, reject, step1};
use crate::uploads::{png, uploaded};

async fn draft(app: &TestApp, token: &str) -> Value {
    app.get_api("/user/info", EN, Some(token))
        .await
        .assert_ok()
        .clone()
}

#[actix_web::test]
async fn a_new_user_has_an_empty_draft() {
    let app = spawn_app().await;
    let token = app.register("new-draft@example.com", PASSWORD).await;
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 0, "answers": {}, "files": {} })
    );
}

#[actix_web::test]
async fn the_steps_saved_come_back_together() {
    let app = spawn_app().await;
    let token = app.register("steps@example.com", PASSWORD).await;
    post(&app, &token, "/user/info", &step1()).await.assert_ok();
    let mut expected = step1();
    expected["idType"] = json!("PASSPORT");
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 0, "answers": expected, "files": {} })
    );

    let image = uploaded(&app, &token, "passport.png", png(900)).await;
    let step2 = json!({ "idCard": "X1234567", "backImg": image });
    post(&app, &token, "/user/info", &step2).await.assert_ok();
    expected["idCard"] = json!("X1234567");
    expected["backImg"] = json!(image);
    // Each document with the name it was uploaded under, for the form to show.
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 0, "answers": expected, "files": { image.as_str(): "passport.png" } })
    );
    // A field sent again replaces its answer and keeps the others.
    post(&app, &token, "/user/info", &json!({ "city": "Bath" }))
        .await
        .assert_ok();
    expected["city"] = json!("Bath");
    assert_eq!(draft(&app, &token).await["answers"], expected);
}

#[actix_web::test]
async fn after_a_rejection_the_draft_is_the_last_attempts_answers() {
    let app = spawn_app().await;
    let email = "rejected-draft@example.com";
    let (token, image) = basic_in_review(&app, email).await;
    let mut committed = step1();
    committed["idType"] = json!("PASSPORT");
    committed["idCard"] = json!("X1234567");
    committed["backImg"] = json!(image);
    // In review: the committed answers, the status 2.
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 2, "answers": committed, "files": { image.as_str(): "passport.png" } })
    );

    decide(
        &app,
        email,
        Verification::Basic,
        reject(RejectionKind::Retry, "backImg"),
    )
    .await;
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 3, "answers": committed, "files": { image.as_str(): "passport.png" } })
    );
    // The retry's first save starts from those answers.
    let new_image = uploaded(&app, &token, "passport-again.png", png(950)).await;
    post(&app, &token, "/user/info", &json!({ "backImg": new_image }))
        .await
        .assert_ok();
    committed["backImg"] = json!(new_image);
    assert_eq!(
        draft(&app, &token).await,
        json!({ "status": 3, "answers": committed, "files": { new_image.as_str(): "passport-again.png" } })
    );
}

#[actix_web::test]
async fn the_draft_needs_a_session() {
    let app = spawn_app().await;
    app.get_api("/user/info", EN, None)
        .await
        .assert_refused(101, "Login has expired");
    app.get_api("/user/info", EN, Some("not-a-token"))
        .await
        .assert_refused(101, "Login has expired");
}
