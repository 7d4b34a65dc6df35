//! `GET user/self`: the user's own data (SPEC §3 "User"), loaded with the session.

use actix_web::web;
use domain::identity::IdentityStatus;
use domain::review::{RejectionItem, RejectionKind, RejectionReason, Verification};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::accounts::Profile;
use crate::services::identity;
use crate::state::AppState;

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
    /// The rejected verifications' items (the newest attempt's); absent when none is rejected.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    rejections: Vec<VerificationRejection>,
    /// The verified name bank accounts are held in: the company's for a company investor, else
    /// the person's; absent before basic identity is approved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    account_holder: Option<String>,
}

/// Why a verification was rejected.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationRejection {
    verification: Verification,
    /// `retry`: answer again, changing the items; `final`: no resubmission.
    kind: RejectionKind,
    items: Vec<RejectionItem>,
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
            rejections: Vec::new(),
            account_holder: None,
        }
    }
}

/// The user's own data
///
/// Verification states: 0 not started, 1 approved, 2 in review, 3 rejected; a rejected one's
/// items in `rejections`; the verified name in `accountHolder`. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/self",
    tag = "user",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<UserSelf>))
)]
pub async fn show_self(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<UserSelf> {
    let profile = user.0.profile;
    let rejected: Vec<Verification> = [
        (Verification::Basic, profile.identity_status),
        (Verification::Investor, profile.investor_status),
        (Verification::Aml, profile.aml_status),
        (Verification::Qualify, profile.qi_status),
    ]
    .into_iter()
    .filter(|(_, s)| status(*s) == IdentityStatus::Rejected)
    .map(|(v, _)| v)
    .collect();
    let investor_approved = status(profile.investor_status) == IdentityStatus::Approved;
    let person = (status(profile.identity_status) == IdentityStatus::Approved)
        .then(|| identity::person_name(&profile));
    let user_id = profile.id.clone();
    let (rejections, company) = if rejected.is_empty() && !investor_approved {
        (Vec::new(), None)
    } else {
        state
            .db
            .read(move |conn| {
                let mut rejections = Vec::new();
                for verification in rejected {
                    let Some(attempt) = identity::last_attempt(conn, &user_id, verification)?
                    else {
                        continue;
                    };
                    let items = identity::items(conn, &attempt.id)?
                        .into_iter()
                        .map(|i| RejectionItem {
                            field: i.field,
                            reason: RejectionReason::parse(&i.reason)
                                .unwrap_or(RejectionReason::Other),
                            message: i.message,
                        })
                        .collect();
                    rejections.push(VerificationRejection {
                        verification,
                        kind: attempt.kind().unwrap_or(RejectionKind::Retry),
                        items,
                    });
                }
                let company = if investor_approved {
                    identity::company_name(conn, &user_id)?
                } else {
                    None
                };
                Ok((rejections, company))
            })
            .await?
    };
    let mut answer = UserSelf::from(profile);
    answer.rejections = rejections;
    answer.account_holder = company.or(person);
    Ok(Api::ok(answer))
}
