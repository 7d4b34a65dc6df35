//! `GET user/self`: the user's own data (SPEC §3 "User").

use actix_web::web;
use diesel::prelude::*;
use serde::Serialize;

use crate::api::{Api, ApiResult, AppError};
use crate::db::schema::users;
use crate::extract::CurrentUser;
use crate::state::AppState;

#[derive(Debug, Serialize, Queryable)]
#[serde(rename_all = "camelCase")]
struct Profile {
    uuid: String,
    email: String,
    mobile: Option<String>,
    mobile_code: Option<String>,
    mobile_country: Option<String>,
    country: Option<String>,
    last_name: Option<String>,
    first_name: Option<String>,
    /// Basic identity status (0 not started, 1 approved, 2 in review, 3 rejected).
    status: i32,
    #[serde(skip)]
    investor_status: i32,
    aml: i32,
    qualify: i32,
    role: String,
    locale: String,
}

pub async fn show_self(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
    let user_id = user.0.user_id;
    let profile: Profile = state
        .db
        .read(move |conn| {
            users::table
                .find(user_id)
                .select((
                    users::id,
                    users::email,
                    users::mobile,
                    users::mobile_code,
                    users::mobile_country,
                    users::country,
                    users::last_name,
                    users::first_name,
                    users::identity_status,
                    users::investor_status,
                    users::aml_status,
                    users::qi_status,
                    users::role,
                    users::locale,
                ))
                .first(conn)
                .map_err(AppError::from)
        })
        .await?;
    let investor = serde_json::json!({ "status": profile.investor_status });
    let mut content = serde_json::to_value(&profile).map_err(|e| AppError::internal(e.into()))?;
    content["investor"] = investor;
    Ok(Api::ok(content))
}
