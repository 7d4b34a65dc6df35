//! `GET user/config`: the security configuration `{security, mfa[], login, trade}`; each bound
//! authenticator as `{id, remark, createTime}`; beyond the spec's fields, `mobile` says
//! whether a mobile is bound (the number itself is in `user/self`).

use actix_web::web;
use domain::security::{LoginSwitches, TradeSwitches};
use serde::Serialize;

use crate::api::{Api, ApiResult};
use crate::extract::CurrentUser;
use crate::services::accounts;
use crate::state::AppState;

#[derive(Serialize)]
struct ConfigView {
    security: bool,
    mfa: Vec<AuthenticatorView>,
    login: LoginSwitches,
    trade: TradeSwitches,
    mobile: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AuthenticatorView {
    id: String,
    remark: String,
    create_time: i64,
}

pub async fn show_config(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
    let mobile = user.0.profile.mobile.is_some();
    let user_id = user.0.user_id;
    let (config, bound) = state
        .db
        .read(move |conn| Ok(accounts::security_settings(conn, &user_id)?))
        .await?;
    Ok(Api::ok(ConfigView {
        security: config.security,
        mfa: bound
            .into_iter()
            .map(|e| AuthenticatorView {
                id: e.id,
                remark: e.remark,
                create_time: e.created_at,
            })
            .collect(),
        login: config.login,
        trade: config.trade,
        mobile,
    }))
}
