//! `POST /api/test/clock`: served only by a server started with `FISCARD_TEST_CLOCK` (the
//! browser tests'), which moves the clock every rule reads. Production mode refuses the
//! setting (`config.rs`).

use serde_json::json;

use crate::helpers::{START_MS, TestApp, spawn_app, spawn_app_with};

async fn move_clock(app: &TestApp, advance_ms: i64) -> reqwest::Response {
    app.client
        .post(app.url("/api/test/clock"))
        .json(&json!({ "advanceMs": advance_ms }))
        .send()
        .await
        .expect("the server answers")
}

#[actix_web::test]
async fn a_server_not_started_for_tests_has_no_clock_to_move() {
    let app = spawn_app().await;
    let answer = move_clock(&app, 60_000).await;
    assert_eq!(answer.status(), 404);
    assert_eq!(app.clock.now_ms(), START_MS);
}

#[actix_web::test]
async fn the_tests_move_the_clock_every_rule_reads() {
    let app = spawn_app_with(&[("FISCARD_TEST_CLOCK", "true")]).await;
    app.start_register("me@example.com").await.assert_ok();
    app.read_code("me@example.com").await;
    // A second code within the minute is refused…
    let token = app.solve_captcha().await;
    let again = json!({ "email": "me@example.com", "token": token, "purpose": "register" });
    assert_eq!(app.post("/user/captcha", &again).await.code(), 429);

    let moved = move_clock(&app, 60_000).await;
    assert_eq!(moved.status(), 200);
    let moved: serde_json::Value = moved.json().await.expect("JSON");
    assert_eq!(moved, json!({ "nowMs": START_MS + 60_000 }));
    // …and allowed a minute later, by the moved clock.
    let token = app.solve_captcha().await;
    let again = json!({ "email": "me@example.com", "token": token, "purpose": "register" });
    app.post("/user/captcha", &again).await.assert_ok();
}

#[actix_web::test]
async fn the_clock_only_moves_forward_and_at_most_a_day() {
    let app = spawn_app_with(&[("FISCARD_TEST_CLOCK", "true")]).await;
    for refused in [-1, 24 * 3_600_000 + 1] {
        assert_eq!(move_clock(&app, refused).await.status(), 400);
    }
    assert_eq!(app.clock.now_ms(), START_MS);
}
