//! Identity verification states and investor types.

use serde::{Deserialize, Serialize};

/// The state of a verification (basic identity, investor identity, AML, QI).
/// Carried as its numeric code (0 not started, 1 approved, 2 in review, 3 rejected).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i64", try_from = "i64")]
pub enum IdentityStatus {
    NotStarted,
    Approved,
    InReview,
    Rejected,
}

impl IdentityStatus {
    pub const ALL: &'static [IdentityStatus] = &[
        Self::NotStarted,
        Self::Approved,
        Self::InReview,
        Self::Rejected,
    ];

    /// 0 not started, 1 approved, 2 in review, 3 rejected.
    pub const fn from_code(code: i64) -> Option<Self> {
        match code {
            0 => Some(Self::NotStarted),
            1 => Some(Self::Approved),
            2 => Some(Self::InReview),
            3 => Some(Self::Rejected),
            _ => None,
        }
    }

    pub const fn code(self) -> i64 {
        match self {
            Self::NotStarted => 0,
            Self::Approved => 1,
            Self::InReview => 2,
            Self::Rejected => 3,
        }
    }

    pub fn label_key(self) -> &'static str {
        match self {
            Self::NotStarted => "identity_status.not_started",
            Self::Approved => "identity_status.approved",
            Self::InReview => "identity_status.in_review",
            Self::Rejected => "identity_status.rejected",
        }
    }
}

/// Investor type: 0 individual, 1 company.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i64", try_from = "i64")]
pub enum InvestorType {
    Individual,
    Company,
}

impl InvestorType {
    pub const ALL: &'static [InvestorType] = &[Self::Individual, Self::Company];

    pub const fn from_code(code: i64) -> Option<Self> {
        match code {
            0 => Some(Self::Individual),
            1 => Some(Self::Company),
            _ => None,
        }
    }

    pub const fn code(self) -> i64 {
        match self {
            Self::Individual => 0,
            Self::Company => 1,
        }
    }
}

/// Both travel as their numeric codes (`serde(into, try_from)` through `i64`).
macro_rules! numeric_serde {
    ($($t:ident: $what:literal),*) => {$(
        impl From<$t> for i64 {
            fn from(value: $t) -> i64 {
                value.code()
            }
        }

        impl TryFrom<i64> for $t {
            type Error = String;

            fn try_from(code: i64) -> Result<Self, String> {
                Self::from_code(code).ok_or_else(|| format!("{code} is not {}", $what))
            }
        }
    )*};
}

numeric_serde!(IdentityStatus: "an identity status", InvestorType: "an investor type");

/// Documented as the integers they travel as.
#[cfg(feature = "openapi")]
macro_rules! numeric_schema {
    ($($t:ident: $description:literal),*) => {$(
        impl utoipa::PartialSchema for $t {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::Type::Integer)
                    .enum_values(Some(Self::ALL.iter().map(|v| v.code())))
                    .description(Some($description))
                    .into()
            }
        }

        impl utoipa::ToSchema for $t {}
    )*};
}

#[cfg(feature = "openapi")]
numeric_schema!(
    IdentityStatus: "0 not started, 1 approved, 2 in review, 3 rejected.",
    InvestorType: "0 individual, 1 company."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_codes_round_trip() {
        for s in IdentityStatus::ALL {
            assert_eq!(IdentityStatus::from_code(s.code()), Some(*s));
        }
        assert_eq!(IdentityStatus::from_code(4), None);
        assert_eq!(
            serde_json::from_str::<InvestorType>("1").unwrap(),
            InvestorType::Company
        );
        assert!(serde_json::from_str::<InvestorType>("2").is_err());
    }
}
