//! `GET user/self`: the user's own data (SPEC §3 "User"), loaded with the session.

use serde::Serialize;

use crate::api::{Api, ApiResult};
use crate::extract::CurrentUser;
use crate::services::accounts::Profile;

/// Verification states: 0 not started, 1 approved, 2 in review, 3 rejected.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UserSelf<'a> {
    uuid: &'a str,
    email: &'a str,
    mobile: Option<&'a str>,
    mobile_code: Option<&'a str>,
    mobile_country: Option<&'a str>,
    country: Option<&'a str>,
    last_name: Option<&'a str>,
    first_name: Option<&'a str>,
    status: i32,
    investor: Investor,
    aml: i32,
    qualify: i32,
    role: &'a str,
    locale: &'a str,
}

#[derive(Serialize)]
struct Investor {
    status: i32,
}

impl<'a> From<&'a Profile> for UserSelf<'a> {
    fn from(p: &'a Profile) -> Self {
        UserSelf {
            uuid: &p.id,
            email: &p.email,
            mobile: p.mobile.as_deref(),
            mobile_code: p.mobile_code.as_deref(),
            mobile_country: p.mobile_country.as_deref(),
            country: p.country.as_deref(),
            last_name: p.last_name.as_deref(),
            first_name: p.first_name.as_deref(),
            status: p.identity_status,
            investor: Investor {
                status: p.investor_status,
            },
            aml: p.aml_status,
            qualify: p.qi_status,
            role: &p.role,
            locale: &p.locale,
        }
    }
}

pub async fn show_self(user: CurrentUser) -> ApiResult {
    Ok(Api::ok(UserSelf::from(&user.0.profile)))
}
