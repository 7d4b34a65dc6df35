//! `GET /healthz`: the process answers and the database answers.

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// The health of the process and its database.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` or `error`.
    status: &'static str,
    /// `ok` or `unreachable`.
    database: &'static str,
}

/// Liveness and database health (outside /api)
///
/// Served at `/healthz`, outside `/api`. Answers a bare object, not the envelope.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "system",
    responses(
        (status = 200, description = "Healthy.", body = Health),
        (status = 503, description = "The database does not answer.", body = Health),
    )
)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let (mut response, health) = if state.db.healthy().await {
        let ok = Health {
            status: "ok",
            database: "ok",
        };
        (HttpResponse::Ok(), ok)
    } else {
        let down = Health {
            status: "error",
            database: "unreachable",
        };
        (HttpResponse::ServiceUnavailable(), down)
    };
    response
        .insert_header(("Cache-Control", "no-store"))
        .json(health)
}
