//! `GET user/verification/factors?action=…`: which factors an action needs for this user now
//! (`{email, mfa, security}`), from the same policy every verified action applies. The browser
//! can ask before it shows a form; the answer is what a 103 for that action would say.

use actix_web::web;
use domain::security::{SecureAction, required_factors};

use crate::api::{Api, ApiResult, AppError, Fields};
use crate::extract::CurrentUser;
use crate::services::verification;
use crate::state::AppState;

pub async fn show_factors(
    state: web::Data<AppState>,
    user: CurrentUser,
    fields: Fields,
) -> ApiResult {
    let action = fields.0.text("action");
    let Some(action) = action.as_deref().and_then(SecureAction::parse) else {
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
