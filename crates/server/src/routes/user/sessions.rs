//! The user's sessions (beyond the spec; users of exchanges expect it): `GET user/sessions`,
//! `POST user/sessions/revoke {id}`, `POST user/sessions/revokeOthers`.

use actix_web::web;
use serde::Serialize;

use crate::api::{Api, ApiCode, ApiResult, AppError, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::sessions;
use crate::state::AppState;

/// A session as the list shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionEntry {
    id: String,
    /// The browser's user agent.
    device: String,
    ip: String,
    create_time: i64,
    last_seen_time: i64,
    /// The session making this request.
    current: bool,
}

pub async fn list_sessions(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
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

pub async fn revoke_session(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> ApiResult {
    let Some(id) = body.text("id") else {
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
    Ok(Api::ok(serde_json::Value::Null).saying("api.session_revoked"))
}

pub async fn revoke_other_sessions(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
) -> ApiResult {
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
    Ok(Api::ok(serde_json::json!({ "revoked": count })).saying("api.other_sessions_revoked"))
}
