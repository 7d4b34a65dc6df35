//! Card orders and card transactions: types, statuses and their display labels.

use crate::macros::text_enum;

text_enum! {
    /// What a card order did.
    pub enum OrderType {
        /// A recharge of the card from the USD account.
        Deposit = "DEPOSIT",
        /// The card was cancelled and its balance returned.
        Cancel = "CANCEL",
    }
}

impl OrderType {
    pub fn label_key(self) -> &'static str {
        match self {
            Self::Deposit => "order_type.deposit",
            Self::Cancel => "order_type.cancel",
        }
    }
}

text_enum! {
    /// The four states people see; the API's numeric codes map onto them.
    pub enum OrderStatus {
        Processing = "processing",
        Completed = "completed",
        Failed = "failed",
        Cancelled = "cancelled",
    }
}

impl OrderStatus {
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

text_enum! {
    /// A card transaction's type as the card network names it (spelling included).
    pub enum TransactionType {
        Auth = "auth",
        Void = "void",
        Refund = "refund",
        /// The network's own spelling.
        Verification = "verfication",
        CorrectiveAuth = "corrective_auth",
    }
}

impl TransactionType {
    /// Authorized Transaction, Reverse Transaction, Transaction Refund, Authorization
    /// Verification, Reverse Authorization.
    pub fn label_key(self) -> String {
        format!("transaction_type.{}", self.as_str())
    }
}

text_enum! {
    /// A card transaction's status.
    pub enum TransactionStatus {
        Pending = "pending",
        Authorized = "authorized",
        Succeed = "succeed",
        Failed = "failed",
        Void = "void",
        /// An authorization the network neither cleared nor voided in time: its hold was
        /// released to the card (a clearing may still come, late, and take the money).
        Expired = "expired",
    }
}

impl TransactionStatus {
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
