//! `GET user/config`: the security configuration.

use actix_web::web;
use domain::security::{LoginSwitches, TradeSwitches};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::accounts;
use crate::state::AppState;

/// The security configuration (SPEC §3 "Security config").
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfigView {
    /// A security PIN is set.
    security: bool,
    /// Bound authenticators.
    mfa: Vec<AuthenticatorView>,
    /// What a login asks for besides the password.
    login: LoginSwitches,
    /// What a trade asks for.
    trade: TradeSwitches,
    /// A mobile is bound (beyond the spec; the number is in `user/self`).
    mobile: bool,
}

/// A bound authenticator.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatorView {
    pub(super) id: String,
    /// The device name.
    pub(super) remark: String,
    /// UTC milliseconds since the Unix epoch.
    pub(super) create_time: i64,
}

/// The security configuration
///
/// `{security, mfa[], login, trade}`: whether a PIN is set, each bound authenticator, and
/// which factors a login and a trade ask for; beyond the spec's fields, `mobile` says whether
/// a mobile is bound. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/config",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<ConfigView>))
)]
pub async fn show_config(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<ConfigView> {
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
