//! The identity review (role `reviewer`): the queue, claims, the case with its documents, and
//! decisions item by item with the two-person rule for investor certifications.

pub mod case;
pub mod decision;
pub mod documents;
pub mod queue;

use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{ApiCode, AppError};
use crate::services::identity::AttemptRow;
use crate::services::review::Claim;

/// Who holds a case, until when.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseClaim {
    pub operator_id: String,
    /// The holder's e-mail address.
    pub operator: String,
    /// UTC milliseconds since the Unix epoch.
    pub expires_at: i64,
}

impl From<Claim> for CaseClaim {
    fn from(c: Claim) -> Self {
        CaseClaim {
            operator_id: c.operator_id,
            operator: c.operator,
            expires_at: c.expires_at,
        }
    }
}

/// `INDIVIDUAL` or `COMPANY` for an investor certification, else null.
pub fn investor_type(attempt: &AttemptRow) -> Option<String> {
    attempt.investor_type().map(|t| {
        match t {
            domain::identity::InvestorType::Company => "COMPANY",
            domain::identity::InvestorType::Individual => "INDIVIDUAL",
        }
        .to_owned()
    })
}

/// How many screening hits the attempt was held for.
pub fn screening_hits(attempt: &AttemptRow) -> usize {
    attempt
        .screening
        .as_deref()
        .and_then(|s| serde_json::from_str::<Vec<serde_json::Value>>(s).ok())
        .map_or(0, |hits| hits.len())
}

pub fn case_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.ops_case_not_found")
}
