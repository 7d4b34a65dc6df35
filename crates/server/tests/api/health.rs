use reqwest::StatusCode;
use serde_json::json;

use server::db::Backend;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn healthz_answers_ok_when_the_database_answers() {
    let app = spawn_app().await;
    let answer = app.send(app.client.get(app.url("/healthz"))).await;
    assert_eq!(answer.http, StatusCode::OK);
    assert_eq!(answer.body, json!({ "status": "ok", "database": "ok" }));
    assert_eq!(answer.header("cache-control"), Some("no-store"));
    assert!(answer.header("x-request-id").is_some());
}

#[actix_web::test]
async fn the_suite_runs_on_the_database_it_is_given() {
    let app = spawn_app().await;
    let postgres = std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.trim().is_empty());
    assert_eq!(
        app.db.backend(),
        if postgres {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    );
}
