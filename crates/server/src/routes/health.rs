//! `GET /healthz`: the process answers and the database answers. `GET /readyz`: the instance
//! can serve — its database answers with every migration applied, and its object store answers.

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::Readiness as DbReadiness;
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

/// Whether the instance can take traffic, and if not, why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready` or `not_ready`.
    status: &'static str,
    /// `ok` or `unreachable`.
    database: &'static str,
    /// `applied`, `pending` (this binary knows migrations the database lacks) or `unknown`
    /// (the database does not answer).
    migrations: &'static str,
    /// `ok` or `unreachable`: the uploads' store (a local folder or S3).
    object_store: &'static str,
    /// Why the instance is not ready, in words; absent when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// Readiness for traffic (outside /api)
///
/// Served at `/readyz`, outside `/api`, for a load balancer's health check: 200 when the
/// database answers with every migration of this binary applied and the uploads' store answers;
/// 503 with the reason otherwise. Answers a bare object, not the envelope.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "system",
    responses(
        (status = 200, description = "Ready.", body = Readiness),
        (status = 503, description = "Not ready; `reason` says why.", body = Readiness),
    )
)]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let (database, store) = futures_util::join!(state.db.readiness(), state.uploads.reachable());
    let mut reasons = Vec::new();
    let (database_word, migrations) = match &database {
        DbReadiness::Ready => ("ok", "applied"),
        DbReadiness::Pending(count) => {
            reasons.push(format!("{count} migration(s) not applied"));
            ("ok", "pending")
        }
        DbReadiness::Unreachable(why) => {
            // The details go to the log only: this answer is public.
            tracing::warn!(error = %why, "readiness: the database does not answer");
            reasons.push("the database does not answer".to_owned());
            ("unreachable", "unknown")
        }
    };
    let object_store = match &store {
        Ok(()) => "ok",
        Err(why) => {
            tracing::warn!(error = %why, "readiness: the object store does not answer");
            reasons.push("the object store does not answer".to_owned());
            "unreachable"
        }
    };
    let ready = reasons.is_empty();
    let body = Readiness {
        status: if ready { "ready" } else { "not_ready" },
        database: database_word,
        migrations,
        object_store,
        reason: (!ready).then(|| reasons.join("; ")),
    };
    let mut response = if ready {
        HttpResponse::Ok()
    } else {
        HttpResponse::ServiceUnavailable()
    };
    response
        .insert_header(("Cache-Control", "no-store"))
        .json(body)
}
