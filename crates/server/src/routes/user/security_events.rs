//! `GET user/security/events` (paged): the account's security history, newest first.

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, AppError, Page, PageQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::security_log;
use crate::state::AppState;

/// One entry of the security history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventEntry {
    id: String,
    /// registered, login_succeeded, login_failed, login_locked, logout, password_reset,
    /// session_revoked, other_sessions_revoked, pin_set, pin_changed, password_changed,
    /// authenticator_bound, authenticator_removed, switch_changed, mobile_bound, card_issued,
    /// card_revealed, card_frozen, card_unfrozen, card_cancelled, bank_account_added,
    /// bank_account_deleted, withdrawal_requested, withdrawal_cancelled; what an operator did:
    /// card_frozen_by_operator, card_unfrozen_by_operator, session_ended_by_operator,
    /// sessions_ended_by_operator.
    kind: String,
    /// Null for what an operator did (staff's addresses are not shown).
    #[schema(required = true)]
    ip: Option<String>,
    /// The browser's user agent; null for what an operator did.
    #[schema(required = true)]
    device: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    create_time: i64,
}

/// The security history
///
/// The account's logins, changes and card reveals, and what an operator did to the account
/// (without the operator's IP or browser), newest first. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/security/events",
    tag = "user",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<EventEntry>>))
)]
pub async fn list_security_events(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> ApiResult<Page<EventEntry>> {
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
