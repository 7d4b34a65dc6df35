//! `POST user/logout` (silent): ends the current session.

use actix_web::web;

use crate::api::{Api, ApiResult, Empty, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::sessions;
use crate::state::AppState;

/// Log out (silent)
///
/// Ends the current session. No body. statusCodes: 200, 101.
#[utoipa::path(
    post,
    path = "/user/logout",
    tag = "auth",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn logout(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
) -> ApiResult<Empty> {
    let now = state.clock.now_ms();
    let CurrentUser(user) = user;
    state
        .db
        .write(move |conn| {
            sessions::revoke(conn, &user.session_id, now)?;
            security_log::record(
                conn,
                Some(&user.user_id),
                Event::Logout,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(())
        })
        .await?;
    Ok(Api::ok(Empty).saying("api.logged_out"))
}
