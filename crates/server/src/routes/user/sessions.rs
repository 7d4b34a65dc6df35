//! The user's sessions (beyond the spec; users of exchanges expect it): `GET user/sessions`,
//! `POST user/sessions/revoke {id}`, `POST user/sessions/revokeOthers`.

use actix_web::web;
use domain::Input;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::sessions;
use crate::state::AppState;

/// A live session of the user.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionEntry {
    id: String,
    /// The browser's user agent.
    device: String,
    ip: String,
    /// UTC milliseconds since the Unix epoch.
    create_time: i64,
    /// UTC milliseconds since the Unix epoch.
    last_seen_time: i64,
    /// The session making this request.
    current: bool,
}

/// Which session to sign out.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SessionId {
    #[serde(default)]
    id: Input<String>,
}

/// How many sessions were signed out.
#[derive(Debug, Serialize, ToSchema)]
pub struct Revoked {
    revoked: usize,
}

/// The user's live sessions
///
/// Each with its device, address and times; `current` marks the one asking. statusCodes: 200,
/// 101.
#[utoipa::path(
    get,
    path = "/user/sessions",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Vec<SessionEntry>>))
)]
pub async fn list_sessions(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Vec<SessionEntry>> {
    let (now, lifetimes) = (state.clock.now_ms(), state.session_lifetimes());
    let CurrentUser(user) = user;
    let user_id = user.user_id.clone();
    let live = state
        .db
        .read(move |conn| {
            sessions::list_live(conn, &user_id, lifetimes, now).map_err(AppError::from)
        })
        .await?;
    let list: Vec<SessionEntry> = live
        .into_iter()
        .map(|s| SessionEntry {
            current: s.id == user.session_id,
            id: s.id,
            device: s.user_agent,
            ip: s.ip,
            create_time: s.created_at,
            last_seen_time: s.last_seen_at,
        })
        .collect();
    Ok(Api::ok(list))
}

/// Sign one session out
///
/// Another user's session answers as one that does not exist. statusCodes: 200, 101, 400 (no
/// `id`), 404.
#[utoipa::path(
    post,
    path = "/user/sessions/revoke",
    tag = "user",
    request_body = SessionId,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn revoke_session(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<SessionId>,
) -> ApiResult<Empty> {
    let Some(id) = body.id.text().map(str::to_owned) else {
        return Err(AppError::new(ApiCode::BadRequest, "api.bad_request"));
    };
    let now = state.clock.now_ms();
    let CurrentUser(user) = user;
    let revoked = state
        .db
        .write(move |conn| {
            let revoked = sessions::revoke_owned(conn, &user.user_id, &id, now)?;
            if revoked {
                security_log::record(
                    conn,
                    Some(&user.user_id),
                    Event::SessionRevoked,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
            }
            Ok(revoked)
        })
        .await?;
    // Another user's session is as unknown as a session that never existed.
    if !revoked {
        return Err(AppError::new(ApiCode::NotFound, "api.session_unknown"));
    }
    Ok(Api::ok(Empty).saying("api.session_revoked"))
}

/// Sign every other session out
///
/// No body. statusCodes: 200, 101.
#[utoipa::path(
    post,
    path = "/user/sessions/revokeOthers",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Revoked>))
)]
pub async fn revoke_other_sessions(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
) -> ApiResult<Revoked> {
    let now = state.clock.now_ms();
    let CurrentUser(user) = user;
    let count = state
        .db
        .write(move |conn| {
            let count = sessions::revoke_others(conn, &user.user_id, &user.session_id, now)?;
            security_log::record(
                conn,
                Some(&user.user_id),
                Event::OtherSessionsRevoked,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(count)
        })
        .await?;
    Ok(Api::ok(Revoked { revoked: count }).saying("api.other_sessions_revoked"))
}
