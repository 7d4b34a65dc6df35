//! `POST user/mobile/bind {mobileCountry, mobileCode, mobile, mfaCode, emailCaptcha}`: bind or
//! replace the user's mobile. The dial code must be the country's; the number is stored in
//! E.164. The codes are part of the form (SPEC §5): which ones it needs follows the policy, so
//! a missing one is a field error like any other.

use actix_web::web;
use domain::forms::{BindMobileForm, Form};
use domain::security::{SecureAction, required_factors};
use serde::Serialize;
use utoipa::ToSchema;

use super::notify;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::db::insert_unless_taken;
use crate::extract::{Client, CurrentUser};
use crate::services::security_log::{self, Event};
use crate::services::{accounts, verification};
use crate::state::AppState;

/// The bound mobile.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MobileBound {
    /// E.164, e.g. "+85291234567".
    mobile: String,
    /// Calling code, digits only.
    mobile_code: &'static str,
    /// ISO 3166-1 alpha-2.
    mobile_country: &'static str,
}

/// Bind or replace the mobile
///
/// The dial code must be the country's; the number is stored in E.164. The codes are part of
/// the form (SPEC §5): which ones it needs follows the policy, so a missing one is a field
/// error like any other. statusCodes: 200, 101, 102, 104, 409 (another account's number), 429.
#[utoipa::path(
    post,
    path = "/user/mobile/bind",
    tag = "user",
    request_body = BindMobileForm,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<MobileBound>))
)]
pub async fn bind_mobile(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<BindMobileForm>,
) -> ApiResult<MobileBound> {
    let CurrentUser(user) = user;
    let config = verification::security_config(&state, &user.user_id).await?;
    let factors = required_factors(SecureAction::MobileBind, &config);
    let bind = body.parse(&factors)?;
    verification::verify(&state, &user, SecureAction::MobileBind, &body.codes()).await?;

    let (now, user_id, mobile) = (
        state.clock.now_ms(),
        user.user_id.clone(),
        bind.mobile.clone(),
    );
    state
        .db
        .write(move |conn| {
            // Checked after the codes, so the check tells nothing to someone without them.
            if accounts::mobile_holder(conn, &mobile)?.is_some_and(|holder| holder != user_id) {
                return Ok(Err(taken()));
            }
            // Two accounts binding one number at once: the unique index refuses the second.
            let bound = insert_unless_taken(conn, |conn| {
                accounts::set_mobile(conn, &user_id, &bind.country, &mobile, now)
            })?;
            if !bound {
                return Ok(Err(taken()));
            }
            security_log::record(
                conn,
                Some(&user_id),
                Event::MobileBound,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(Ok(()))
        })
        .await??;
    let masked = domain::mask::mask_mobile(bind.country.mobile_code, bind.mobile.as_str());
    notify(&state, &user, "mobile_bound", [("mobile", masked.as_str())]);
    Ok(Api::ok(MobileBound {
        mobile: bind.mobile.as_str().to_owned(),
        mobile_code: bind.country.mobile_code,
        mobile_country: bind.country.code,
    })
    .saying("api.mobile_bound"))
}

fn taken() -> AppError {
    AppError::new(ApiCode::Conflict, "api.mobile_taken")
}
