//! `GET user/self`: the user's own data (SPEC §3 "User"), loaded with the session.

use domain::identity::IdentityStatus;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::accounts::Profile;

/// The user's own data (SPEC §3 "User").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSelf {
    uuid: String,
    email: String,
    /// E.164, e.g. "+85291234567".
    #[schema(required = true)]
    mobile: Option<String>,
    /// Calling code, digits only.
    #[schema(required = true)]
    mobile_code: Option<String>,
    /// ISO 3166-1 alpha-2.
    #[schema(required = true)]
    mobile_country: Option<String>,
    /// ISO 3166-1 alpha-2.
    #[schema(required = true)]
    country: Option<String>,
    #[schema(required = true)]
    last_name: Option<String>,
    #[schema(required = true)]
    first_name: Option<String>,
    /// Basic identity.
    status: IdentityStatus,
    investor: Investor,
    /// The AML questionnaire.
    aml: IdentityStatus,
    /// The qualified-investor questionnaire.
    qualify: IdentityStatus,
    /// `user` or `operator`.
    role: String,
    /// The user's language (`en-US` or `zh-HK`).
    locale: String,
}

/// Investor certification.
#[derive(Debug, Serialize, ToSchema)]
pub struct Investor {
    status: IdentityStatus,
}

fn status(code: i32) -> IdentityStatus {
    IdentityStatus::from_code(i64::from(code)).unwrap_or(IdentityStatus::NotStarted)
}

impl From<Profile> for UserSelf {
    fn from(p: Profile) -> Self {
        UserSelf {
            uuid: p.id,
            email: p.email,
            mobile: p.mobile,
            mobile_code: p.mobile_code,
            mobile_country: p.mobile_country,
            country: p.country,
            last_name: p.last_name,
            first_name: p.first_name,
            status: status(p.identity_status),
            investor: Investor {
                status: status(p.investor_status),
            },
            aml: status(p.aml_status),
            qualify: status(p.qi_status),
            role: p.role,
            locale: p.locale,
        }
    }
}

/// The user's own data
///
/// Verification states: 0 not started, 1 approved, 2 in review, 3 rejected. statusCodes: 200,
/// 101.
#[utoipa::path(
    get,
    path = "/user/self",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<UserSelf>))
)]
pub async fn show_self(user: CurrentUser) -> ApiResult<UserSelf> {
    Ok(Api::ok(UserSelf::from(user.0.profile)))
}
