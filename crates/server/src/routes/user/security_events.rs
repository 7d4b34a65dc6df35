//! `GET user/security/events` (paged): the account's security history, newest first.

use actix_web::web;
use serde::Serialize;

use crate::api::{Api, ApiResult, AppError, Page, PageQuery};
use crate::extract::CurrentUser;
use crate::services::security_log;
use crate::state::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventEntry {
    id: String,
    /// e.g. `login_succeeded`, `login_failed`, `password_reset`, `session_revoked`.
    kind: String,
    ip: String,
    device: String,
    create_time: i64,
}

pub async fn list_security_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> ApiResult {
    let query = query.into_inner();
    let (offset, limit) = (query.offset(), i64::from(query.size()));
    let user_id = user.0.user_id;
    let (entries, total) = state
        .db
        .read(move |conn| security_log::page(conn, &user_id, offset, limit).map_err(AppError::from))
        .await?;
    let list = entries
        .into_iter()
        .map(|e| EventEntry {
            id: e.id,
            kind: e.kind,
            ip: e.ip,
            device: e.user_agent,
            create_time: e.created_at,
        })
        .collect();
    Ok(Api::ok(Page::new(list, total, &query)))
}
