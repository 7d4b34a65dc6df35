//! The operator of a live console session (`Ops-Token`); 101 without one. The user's
//! `Access-Token` is never looked at here.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use crate::api::{ApiCode, AppError};
use crate::services::operator_sessions;
use crate::services::operators::Role;
use crate::state::AppState;

/// The header an operator's session token travels in.
pub const OPS_TOKEN: &str = "Ops-Token";

/// The operator of a live session.
#[derive(Debug, Clone)]
pub struct CurrentOperator {
    pub id: String,
    pub email: String,
    pub roles: Vec<Role>,
    pub session_id: String,
}

impl CurrentOperator {
    /// Whether the operator holds one of `roles`; 403 otherwise.
    ///
    /// # Errors
    /// 403 when the operator holds none of them.
    pub fn require(&self, roles: &[Role]) -> Result<(), AppError> {
        if self.roles.iter().any(|r| roles.contains(r)) {
            Ok(())
        } else {
            Err(AppError::new(ApiCode::Forbidden, "api.ops_role_required"))
        }
    }
}

/// The request's `Ops-Token`, if any.
pub fn ops_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(OPS_TOKEN)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

impl FromRequest for CurrentOperator {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<CurrentOperator, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = ops_token(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (Some(token), Some(state)) = (token, state) else {
                return Err(AppError::not_logged_in());
            };
            let now = state.clock.now_ms();
            let lifetimes = state.ops_lifetimes();
            let found = state
                .db
                .read(move |conn| {
                    operator_sessions::resolve(conn, &token, lifetimes, now).map_err(AppError::from)
                })
                .await?;
            let found = found.ok_or_else(AppError::not_logged_in)?;
            Ok(CurrentOperator {
                id: found.id,
                email: found.email,
                roles: found.roles,
                session_id: found.session_id,
            })
        })
    }
}
