//! The wallet's records and their states (DESIGN §10): deposits seen on a chain, withdrawals
//! sent out, transfers between users of the platform settled inside the ledger.

use crate::macros::text_enum;

text_enum! {
    /// What a wallet record is.
    pub enum RecordType {
        Deposit = "DEPOSIT",
        Withdraw = "WITHDRAW",
        /// A withdrawal from another user to this user's deposit address, settled inside the
        /// ledger.
        TransferIn = "TRANSFER_IN",
        /// A withdrawal to another user's deposit address, settled inside the ledger.
        TransferOut = "TRANSFER_OUT",
        /// The coin received in an exchange swap.
        SwapIn = "SWAP_IN",
        /// The coin given in an exchange swap.
        SwapOut = "SWAP_OUT",
    }
}

impl RecordType {
    pub fn label_key(self) -> String {
        format!("wallet_record_type.{}", self.as_str().to_ascii_lowercase())
    }
}

text_enum! {
    /// Where a deposit seen on a chain stands: pending (in a block not yet or 0 confirmations)
    /// → confirming (n of N) → credited, or dropped (a reorganisation removed it, or it is
    /// below the minimum deposit).
    pub enum DepositStatus {
        Pending = "PENDING",
        Confirming = "CONFIRMING",
        Credited = "CREDITED",
        Dropped = "DROPPED",
    }
}

impl DepositStatus {
    pub fn label_key(self) -> String {
        format!("deposit_status.{}", self.as_str().to_ascii_lowercase())
    }

    /// The state of a deposit still in the chain with `confirmations` of the `required` ones.
    pub const fn for_confirmations(confirmations: u32, required: u32) -> DepositStatus {
        if confirmations >= required && confirmations > 0 {
            DepositStatus::Credited
        } else if confirmations == 0 {
            DepositStatus::Pending
        } else {
            DepositStatus::Confirming
        }
    }

    pub const fn is_final(self) -> bool {
        matches!(self, Self::Credited | Self::Dropped)
    }

    /// Whether it may move to `next`. A credited deposit stays credited.
    pub const fn can_become(self, next: DepositStatus) -> bool {
        matches!(
            (self, next),
            (
                Self::Pending,
                Self::Confirming | Self::Credited | Self::Dropped
            ) | (Self::Confirming, Self::Credited | Self::Dropped)
        )
    }
}

text_enum! {
    /// Where a crypto withdrawal stands: submitted (the amount and fee held) → reviewing (above
    /// the operator's threshold) → broadcasting → completed, or rejected / failed / cancelled
    /// (released).
    pub enum CryptoWithdrawalStatus {
        Submitted = "SUBMITTED",
        Reviewing = "REVIEWING",
        Broadcasting = "BROADCASTING",
        Completed = "COMPLETED",
        Rejected = "REJECTED",
        Failed = "FAILED",
        Cancelled = "CANCELLED",
    }
}

impl CryptoWithdrawalStatus {
    pub fn label_key(self) -> String {
        format!(
            "crypto_withdrawal_status.{}",
            self.as_str().to_ascii_lowercase()
        )
    }

    /// Whether it may move to `next`. A transfer to another user's deposit address completes
    /// without broadcasting.
    pub const fn can_become(self, next: CryptoWithdrawalStatus) -> bool {
        use CryptoWithdrawalStatus::{
            Broadcasting, Cancelled, Completed, Failed, Rejected, Reviewing, Submitted,
        };
        matches!(
            (self, next),
            (
                Submitted,
                Reviewing | Broadcasting | Completed | Rejected | Cancelled
            ) | (Reviewing, Broadcasting | Completed | Rejected | Cancelled)
                | (Broadcasting, Completed | Failed)
        )
    }

    /// Completed, rejected, failed or cancelled: it changes no more.
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            Self::Completed | Self::Rejected | Self::Failed | Self::Cancelled
        )
    }

    /// Whether its amount and fee are still held (not yet spent, not yet released).
    pub const fn holds_funds(self) -> bool {
        matches!(self, Self::Submitted | Self::Reviewing | Self::Broadcasting)
    }

    /// Whether the user may still cancel it: until it is broadcast.
    pub const fn cancellable(self) -> bool {
        matches!(self, Self::Submitted | Self::Reviewing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_travel_in_screaming_snake_case() {
        assert_eq!(
            serde_json::to_value(RecordType::TransferIn).unwrap(),
            "TRANSFER_IN"
        );
        assert_eq!(
            serde_json::from_value::<DepositStatus>("CONFIRMING".into()).unwrap(),
            DepositStatus::Confirming
        );
        assert_eq!(
            CryptoWithdrawalStatus::Broadcasting.label_key(),
            "crypto_withdrawal_status.broadcasting"
        );
        assert_eq!(
            RecordType::TransferOut.label_key(),
            "wallet_record_type.transfer_out"
        );
        assert_eq!(RecordType::parse("SWAP_IN"), Some(RecordType::SwapIn));
        assert_eq!(
            RecordType::SwapOut.label_key(),
            "wallet_record_type.swap_out"
        );
    }

    #[test]
    fn final_states_go_nowhere_and_held_states_are_the_others() {
        for s in CryptoWithdrawalStatus::ALL.iter().copied() {
            let moves = CryptoWithdrawalStatus::ALL.iter().any(|n| s.can_become(*n));
            assert_eq!(s.is_final(), !moves, "{s:?}");
            assert_eq!(s.holds_funds(), !s.is_final(), "{s:?}");
            assert!(!s.can_become(s), "{s:?}");
            if s.cancellable() {
                assert!(s.can_become(CryptoWithdrawalStatus::Cancelled));
            }
        }
        assert!(!CryptoWithdrawalStatus::Broadcasting.cancellable());
        assert!(
            !CryptoWithdrawalStatus::Broadcasting.can_become(CryptoWithdrawalStatus::Cancelled)
        );
        assert!(!CryptoWithdrawalStatus::Submitted.can_become(CryptoWithdrawalStatus::Failed));
        for s in DepositStatus::ALL.iter().copied() {
            let moves = DepositStatus::ALL.iter().any(|n| s.can_become(*n));
            assert_eq!(s.is_final(), !moves, "{s:?}");
        }
        assert!(!DepositStatus::Credited.can_become(DepositStatus::Dropped));
    }

    #[test]
    fn confirmations_give_the_deposit_state() {
        assert_eq!(
            DepositStatus::for_confirmations(0, 3),
            DepositStatus::Pending
        );
        assert_eq!(
            DepositStatus::for_confirmations(1, 3),
            DepositStatus::Confirming
        );
        assert_eq!(
            DepositStatus::for_confirmations(2, 3),
            DepositStatus::Confirming
        );
        assert_eq!(
            DepositStatus::for_confirmations(3, 3),
            DepositStatus::Credited
        );
        assert_eq!(
            DepositStatus::for_confirmations(9, 3),
            DepositStatus::Credited
        );
        // No confirmation asked for still waits for the transaction to be in a block.
        assert_eq!(
            DepositStatus::for_confirmations(0, 0),
            DepositStatus::Pending
        );
        assert_eq!(
            DepositStatus::for_confirmations(1, 0),
            DepositStatus::Credited
        );
    }
}
