//! `GET user/config`: the security configuration `{security, mfa[], login, trade}`.

use actix_web::web;

use crate::api::{Api, ApiResult, AppError};
use crate::extract::CurrentUser;
use crate::services::accounts;
use crate::state::AppState;

pub async fn show_config(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
    let user_id = user.0.user_id;
    let config = state
        .db
        .read(move |conn| accounts::security_config(conn, &user_id).map_err(AppError::from))
        .await?;
    Ok(Api::ok(config))
}
