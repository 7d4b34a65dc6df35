//! Display labels of every status and type, as catalogue keys.

use crate::macros::text_enum;

use crate::card::CardStatus;
use crate::card_transaction::TransactionState;
use crate::gates::Gate;
use crate::identity::IdentityStatus;
use crate::orders::{OrderStatus, OrderType, TransactionStatus, TransactionType};
use crate::wallet::{CryptoWithdrawalStatus, DepositStatus, RecordType};
use crate::withdrawal::{WithdrawalReason, WithdrawalStatus};

text_enum! {
    /// What kind of value a label is wanted for.
    pub enum LabelKind {
        CardStatus = "cardStatus",
        OrderType = "orderType",
        /// The API's numeric order status (0–5).
        OrderStatus = "orderStatus",
        TransactionType = "transactionType",
        TransactionStatus = "transactionStatus",
        /// What a transaction came to for the cardholder (`card_transaction`).
        TransactionState = "transactionState",
        /// The API's numeric identity status (0–3).
        IdentityStatus = "identityStatus",
        /// A gate (`basicIdentity`, `mobile`…): its confirm prompt.
        Gate = "gate",
        WithdrawalStatus = "withdrawalStatus",
        WithdrawalReason = "withdrawalReason",
        /// A wallet record's `type` (`DEPOSIT`, `WITHDRAW`, …).
        WalletRecordType = "walletRecordType",
        DepositStatus = "depositStatus",
        CryptoWithdrawalStatus = "cryptoWithdrawalStatus",
    }
}

/// The value as the API carries it: text for names, a number for numeric codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelValue<'a> {
    Text(&'a str),
    Code(i64),
}

/// The catalogue key of the label of `value`, or `None` for a value the product does not
/// know (or of the wrong kind: a numeric status given as text, say).
pub fn label_key(kind: LabelKind, value: LabelValue<'_>) -> Option<String> {
    match (kind, value) {
        (LabelKind::CardStatus, LabelValue::Text(s)) => {
            CardStatus::parse(s).map(CardStatus::label_key)
        }
        (LabelKind::OrderType, LabelValue::Text("DEPOSIT")) => {
            Some(OrderType::Deposit.label_key().to_owned())
        }
        (LabelKind::OrderType, LabelValue::Text("CANCEL")) => {
            Some(OrderType::Cancel.label_key().to_owned())
        }
        (LabelKind::OrderStatus, LabelValue::Code(code)) => {
            OrderStatus::from_code(code).map(|s| s.label_key().to_owned())
        }
        (LabelKind::TransactionType, LabelValue::Text(s)) => {
            TransactionType::parse(s).map(TransactionType::label_key)
        }
        (LabelKind::TransactionStatus, LabelValue::Text(s)) => {
            TransactionStatus::parse(s).map(TransactionStatus::label_key)
        }
        (LabelKind::TransactionState, LabelValue::Text(s)) => {
            TransactionState::parse(s).map(TransactionState::label_key)
        }
        (LabelKind::IdentityStatus, LabelValue::Code(code)) => {
            IdentityStatus::from_code(code).map(|s| s.label_key().to_owned())
        }
        (LabelKind::Gate, LabelValue::Text(s)) => Gate::parse(s).map(|g| g.prompt_key().to_owned()),
        (LabelKind::WithdrawalStatus, LabelValue::Text(s)) => {
            WithdrawalStatus::parse(s).map(WithdrawalStatus::label_key)
        }
        (LabelKind::WithdrawalReason, LabelValue::Text(s)) => {
            WithdrawalReason::parse(s).map(WithdrawalReason::label_key)
        }
        (LabelKind::WalletRecordType, LabelValue::Text(s)) => {
            RecordType::parse(s).map(RecordType::label_key)
        }
        (LabelKind::DepositStatus, LabelValue::Text(s)) => {
            DepositStatus::parse(s).map(DepositStatus::label_key)
        }
        (LabelKind::CryptoWithdrawalStatus, LabelValue::Text(s)) => {
            CryptoWithdrawalStatus::parse(s).map(CryptoWithdrawalStatus::label_key)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_statuses_need_numbers_and_names_need_text() {
        assert_eq!(
            label_key(LabelKind::OrderStatus, LabelValue::Code(5)).as_deref(),
            Some("order_status.processing")
        );
        assert_eq!(
            label_key(LabelKind::OrderStatus, LabelValue::Text("5")),
            None
        );
        assert_eq!(
            label_key(LabelKind::CardStatus, LabelValue::Text("frozen")).as_deref(),
            Some("card_status.frozen")
        );
        assert_eq!(
            label_key(LabelKind::OrderType, LabelValue::Text("deposit")),
            None
        );
    }
}
