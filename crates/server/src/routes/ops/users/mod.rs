//! Search and users (`reviewer`, `finance` or `admin`): find a user by e-mail, wire memo or a
//! card's last four digits, read their page, and end their sessions (`finance` or `admin`).
//! Every read and every action is in the audit trail.

use actix_web::web;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::entry;
use crate::api::{Api, ApiCode, ApiResult, AppError, Reply};
use crate::db::DbConnection;
use crate::extract::{Client, CurrentOperator};
use crate::services::audit::{self, Entry};
use crate::services::operators::Role;
use crate::services::ops_users;
use crate::services::security_log::{self, Event};
use crate::services::sessions::{self, Lifetimes};
use crate::state::AppState;

mod shape;

pub use shape::{
    OpsBalance, OpsCard, OpsCardHit, OpsSecurityEvent, OpsSession, OpsUser, OpsUserHit,
    OpsVerification,
};

/// Who may search and read users.
const READERS: [Role; 3] = [Role::Reviewer, Role::Finance, Role::Admin];
/// Who may end a user's sessions.
const SESSION_ENDERS: [Role; 2] = [Role::Finance, Role::Admin];

fn user_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.ops_user_not_found")
}

/// What to search for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// An e-mail prefix (at least 3 characters), a wire memo, or a card's last four digits.
    #[serde(default)]
    q: String,
}

/// Search users
///
/// By e-mail (case-insensitive prefix, at least 3 characters), wire memo (as the domain reads
/// memos: case, spaces and hyphens do not matter) or a card's last four digits (exactly 4),
/// at most 20, by e-mail. Audited as `search`. Roles `reviewer`, `finance` or `admin`.
/// statusCodes: 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/search",
    tag = "ops",
    params(SearchQuery),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Vec<OpsUserHit>>))
)]
pub async fn search_users(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    query: web::Query<SearchQuery>,
) -> ApiResult<Vec<OpsUserHit>> {
    operator.require(&READERS)?;
    let query = query.into_inner().q.trim().to_owned();
    let now = state.clock.now_ms();
    let hits = state
        .db
        .write(move |conn| {
            let hits = ops_users::search(conn, &query, now)?;
            let after = json!({ "hits": hits.len() }).to_string();
            audit::append(
                conn,
                &Entry {
                    after: Some(after),
                    ..entry(&operator, &client, "search", &query)
                },
                now,
            )?;
            Ok(hits)
        })
        .await?;
    Ok(Api::ok(hits.into_iter().map(OpsUserHit::of).collect()))
}

/// The page of user `id`, audited as `action` (with `after`, when `change` gives one) in the
/// same transaction as `change`, which runs first; 404 when there is no such user, and
/// `change`'s refusal (nothing written) when it refuses.
async fn page_after(
    state: &AppState,
    operator: CurrentOperator,
    client: Client,
    id: String,
    action: &'static str,
    change: impl FnOnce(&mut DbConnection, i64) -> Result<Option<String>, AppError> + Send + 'static,
) -> ApiResult<OpsUser> {
    let now = state.clock.now_ms();
    let lifetimes: Lifetimes = state.session_lifetimes();
    let page = state
        .db
        .write(move |conn| {
            if ops_users::person(conn, &id)?.is_none() {
                return Err(user_not_found());
            }
            let after = change(conn, now)?;
            let page = ops_users::page(conn, &id, lifetimes, now)?.ok_or_else(user_not_found)?;
            let subject = format!("user:{id}");
            audit::append(
                conn,
                &Entry {
                    after,
                    ..entry(&operator, &client, action, &subject)
                },
                now,
            )?;
            Ok(page)
        })
        .await?;
    Ok(Api::ok(OpsUser::of(page)))
}

/// A user's page
///
/// The user's verifications (each one's newest attempt, with its case id), cards (cancelled
/// ones too, with balances and the operator's freeze reason), balances, live sessions and
/// newest 50 security events. Audited as `user.read`. Roles `reviewer`, `finance` or `admin`.
/// statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    get,
    path = "/ops/users/{id}",
    tag = "ops",
    params(("id" = String, Path, description = "The user's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsUser>))
)]
pub async fn show_user(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<OpsUser> {
    operator.require(&READERS)?;
    page_after(
        &state,
        operator,
        client,
        id.into_inner(),
        "user.read",
        |_, _| Ok(None),
    )
    .await
}

/// End one of a user's sessions
///
/// The live session `sessionId` of user `id` ends at once; answers the user's page. The user's
/// security log says `session_ended_by_operator` (without the operator's address). Audited as
/// `user.session.end`. Roles `finance` or `admin`. statusCodes: 200, 101, 403, 404 (no such
/// user, or no such live session of theirs).
#[utoipa::path(
    post,
    path = "/ops/users/{id}/sessions/{sessionId}/end",
    tag = "ops",
    params(
        ("id" = String, Path, description = "The user's id."),
        ("sessionId" = String, Path, description = "The session's id."),
    ),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsUser>))
)]
pub async fn end_session(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    path: web::Path<(String, String)>,
) -> ApiResult<OpsUser> {
    operator.require(&SESSION_ENDERS)?;
    let (id, session) = path.into_inner();
    let owner = id.clone();
    page_after(
        &state,
        operator,
        client,
        id,
        "user.session.end",
        move |conn, now| {
            if !sessions::revoke_owned(conn, &owner, &session, now)? {
                return Err(AppError::new(
                    ApiCode::NotFound,
                    "api.ops_session_not_found",
                ));
            }
            security_log::record_by_operator(conn, &owner, Event::SessionEndedByOperator, now)?;
            Ok(Some(json!({ "session": session }).to_string()))
        },
    )
    .await
}

/// End all of a user's sessions
///
/// Every session of user `id` ends at once; answers the user's page. The user's security log
/// says `sessions_ended_by_operator` when any ended (without the operator's address). Audited
/// as `user.sessions.end`. Roles `finance` or `admin`. statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    post,
    path = "/ops/users/{id}/sessions/end",
    tag = "ops",
    params(("id" = String, Path, description = "The user's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsUser>))
)]
pub async fn end_sessions(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<OpsUser> {
    operator.require(&SESSION_ENDERS)?;
    let id = id.into_inner();
    let owner = id.clone();
    page_after(
        &state,
        operator,
        client,
        id,
        "user.sessions.end",
        move |conn, now| {
            let ended = sessions::revoke_all(conn, &owner, now)?;
            if ended > 0 {
                security_log::record_by_operator(
                    conn,
                    &owner,
                    Event::SessionsEndedByOperator,
                    now,
                )?;
            }
            Ok(Some(json!({ "ended": ended }).to_string()))
        },
    )
    .await
}
