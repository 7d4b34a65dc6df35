//! `GET user/verification/factors?action=…`: which factors an action needs for this user now
//! (`{email, mfa, security}`), from the same policy every verified action applies. The browser
//! can ask before it shows a form; the answer is what a 103 for that action would say.

use actix_web::web;
use domain::Input;
use domain::security::{Factors, SecureAction, required_factors};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::{Api, ApiResult, AppError, BodyOrQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::verification;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FactorsQuery {
    /// A verified action: login, recharge, revealCard, cardUnfreeze, cardCancel,
    /// bankAccountAdd, bankAccountDelete, withdraw, switchChange, authenticatorBind,
    /// authenticatorRemove, pinSet, pinChange, passwordChange, mobileBind, fundSubscribe,
    /// fundRedeem.
    #[param(value_type = String)]
    #[serde(default)]
    action: Input<String>,
}

/// The factors an action needs
///
/// For this user now (`{email, mfa, security}`), from the same policy every verified action
/// applies: what a 103 for that action would say, so the browser can ask before it shows a
/// form. statusCodes: 200, 101, 102 (no or unknown `action`).
#[utoipa::path(
    get,
    path = "/user/verification/factors",
    tag = "user",
    params(FactorsQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Factors>))
)]
pub async fn show_factors(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: BodyOrQuery<FactorsQuery>,
) -> ApiResult<Factors> {
    let action = query.action.text();
    let Some(action) = action.and_then(SecureAction::parse) else {
        let code = if action.is_some() {
            domain::ErrorCode::OptionInvalid
        } else {
            domain::ErrorCode::RequiredChoice
        };
        return Err(AppError::validation(&[domain::FieldError::new(
            "action", code,
        )]));
    };
    let config = verification::security_config(&state, &user.0.user_id).await?;
    Ok(Api::ok(required_factors(action, &config)))
}
