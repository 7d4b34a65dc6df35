//! Card orders and card transactions: types, statuses and their display labels.

use serde::{Deserialize, Serialize};

/// What a card order did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "UPPERCASE")]
pub enum OrderType {
    /// A recharge of the card from the USD account.
    Deposit,
    /// The card was cancelled and its balance returned.
    Cancel,
}

impl OrderType {
    pub fn label_key(self) -> &'static str {
        match self {
            Self::Deposit => "order_type.deposit",
            Self::Cancel => "order_type.cancel",
        }
    }
}

/// The four states people see; the API's numeric codes map onto them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum OrderStatus {
    Processing,
    Completed,
    Failed,
    Cancelled,
}

impl OrderStatus {
    pub const ALL: &'static [OrderStatus] = &[
        Self::Processing,
        Self::Completed,
        Self::Failed,
        Self::Cancelled,
    ];

    /// 0, 1 and 5 are all still processing; 2 completed; 3 failed; 4 cancelled.
    pub const fn from_code(code: i64) -> Option<Self> {
        match code {
            0 | 1 | 5 => Some(Self::Processing),
            2 => Some(Self::Completed),
            3 => Some(Self::Failed),
            4 => Some(Self::Cancelled),
            _ => None,
        }
    }

    /// The code the server writes for this status.
    pub const fn code(self) -> i64 {
        match self {
            Self::Processing => 0,
            Self::Completed => 2,
            Self::Failed => 3,
            Self::Cancelled => 4,
        }
    }

    pub fn label_key(self) -> &'static str {
        match self {
            Self::Processing => "order_status.processing",
            Self::Completed => "order_status.completed",
            Self::Failed => "order_status.failed",
            Self::Cancelled => "order_status.cancelled",
        }
    }
}

/// A card transaction's type as the card network names it (spelling included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum TransactionType {
    #[serde(rename = "auth")]
    Auth,
    #[serde(rename = "void")]
    Void,
    #[serde(rename = "refund")]
    Refund,
    /// The network's own spelling.
    #[serde(rename = "verfication")]
    Verification,
    #[serde(rename = "corrective_auth")]
    CorrectiveAuth,
}

impl TransactionType {
    pub const ALL: &'static [TransactionType] = &[
        Self::Auth,
        Self::Void,
        Self::Refund,
        Self::Verification,
        Self::CorrectiveAuth,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Auth => "auth",
            Self::Void => "void",
            Self::Refund => "refund",
            Self::Verification => "verfication",
            Self::CorrectiveAuth => "corrective_auth",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.as_str() == s)
    }

    /// Authorized Transaction, Reverse Transaction, Transaction Refund, Authorization
    /// Verification, Reverse Authorization.
    pub fn label_key(self) -> String {
        format!("transaction_type.{}", self.as_str())
    }
}

/// A card transaction's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum TransactionStatus {
    Pending,
    Authorized,
    Succeed,
    Failed,
    Void,
}

impl TransactionStatus {
    pub const ALL: &'static [TransactionStatus] = &[
        Self::Pending,
        Self::Authorized,
        Self::Succeed,
        Self::Failed,
        Self::Void,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Authorized => "authorized",
            Self::Succeed => "succeed",
            Self::Failed => "failed",
            Self::Void => "void",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.as_str() == s)
    }

    pub fn label_key(self) -> String {
        format!("transaction_status.{}", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_codes_map_to_four_labels() {
        for code in [0, 1, 5] {
            assert_eq!(OrderStatus::from_code(code), Some(OrderStatus::Processing));
        }
        assert_eq!(OrderStatus::from_code(2), Some(OrderStatus::Completed));
        assert_eq!(OrderStatus::from_code(3), Some(OrderStatus::Failed));
        assert_eq!(OrderStatus::from_code(4), Some(OrderStatus::Cancelled));
        assert_eq!(OrderStatus::from_code(6), None);
        assert_eq!(OrderStatus::from_code(-1), None);
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::from_code(s.code()), Some(*s));
        }
    }

    #[test]
    fn transaction_types_keep_the_networks_spelling() {
        assert_eq!(
            TransactionType::parse("verfication"),
            Some(TransactionType::Verification)
        );
        assert_eq!(TransactionType::parse("verification"), None);
        assert_eq!(
            serde_json::to_value(TransactionType::CorrectiveAuth).unwrap(),
            "corrective_auth"
        );
        assert_eq!(serde_json::to_value(OrderType::Deposit).unwrap(), "DEPOSIT");
    }
}
