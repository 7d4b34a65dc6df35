//! Identity verification states and investor types.

use serde::Serialize;

use crate::input::{FromRaw, Raw, deserialize_via_raw};

/// The state of a verification (basic identity, investor identity, AML, QI).
/// Carried as its numeric code (0 not started, 1 approved, 2 in review, 3 rejected).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvestorType {
    Individual,
    Company,
}

impl InvestorType {
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

impl Serialize for IdentityStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.code())
    }
}

impl FromRaw for IdentityStatus {
    fn from_raw(raw: Raw) -> Option<Self> {
        Self::from_code(i64::from_raw(raw)?)
    }
}

impl FromRaw for InvestorType {
    fn from_raw(raw: Raw) -> Option<Self> {
        Self::from_code(i64::from_raw(raw)?)
    }
}

deserialize_via_raw!(IdentityStatus, InvestorType);

impl Serialize for InvestorType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.code())
    }
}

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
