//! `GET /healthz`: the process answers and the database answers.

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::state::AppState;

pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    if state.db.healthy().await {
        HttpResponse::Ok()
            .insert_header(("Cache-Control", "no-store"))
            .json(json!({ "status": "ok", "database": "ok" }))
    } else {
        HttpResponse::ServiceUnavailable()
            .insert_header(("Cache-Control", "no-store"))
            .json(json!({ "status": "error", "database": "unreachable" }))
    }
}
