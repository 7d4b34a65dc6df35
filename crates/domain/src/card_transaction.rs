//! What a card transaction means to its cardholder: the state they care about (a pending hold,
//! settled, reversed, refunded, declined), which way the money went, and the amount the card's
//! account moved, as the sum of its parts (the merchant's amount converted, plus the transaction
//! fee, plus the exchange fee and any cross-border fee, less a refund fee).

use crate::macros::text_enum;
use crate::orders::{TransactionStatus, TransactionType};

text_enum! {
    /// The state a cardholder reads beside the network's type label.
    pub enum TransactionState {
        /// An authorization not cleared yet: the money is held, not taken.
        PendingHold = "pendingHold",
        /// Cleared: the money was taken (or a verification passed).
        Settled = "settled",
        /// Released again: a voided or reversed authorization, or the void or reversal itself.
        Reversed = "reversed",
        /// Money given back to the card.
        Refunded = "refunded",
        /// Refused: nothing was taken.
        Declined = "declined",
        /// An authorization never cleared nor voided: its hold expired and went back to the card.
        Expired = "expired",
    }
}

impl TransactionState {
    pub fn label_key(self) -> String {
        format!("transaction_state.{}", self.as_str())
    }

    /// Whether a transaction in this state moved the card's money: a payment held or settled,
    /// a refund. A declined payment, or one released again (voided, reversed, its hold
    /// expired), took nothing; the
    /// void or reversal that released it moved nothing either (it gave back only what was never
    /// taken). What moved is shown signed (see [`MoneyDirection`]); the rest without a sign.
    pub const fn moves_money(self) -> bool {
        matches!(self, Self::PendingHold | Self::Settled | Self::Refunded)
    }
}

text_enum! {
    /// Which way the money went for the card's account.
    pub enum MoneyDirection {
        /// Taken from the card (shown with a minus).
        Out = "out",
        /// Given back to the card (shown with a plus).
        In = "in",
    }
}

/// The state of a transaction of `kind` whose status is `status`.
pub const fn state_of(kind: TransactionType, status: TransactionStatus) -> TransactionState {
    use TransactionState as S;
    if matches!(status, TransactionStatus::Failed) {
        return S::Declined;
    }
    match kind {
        TransactionType::Auth | TransactionType::Verification => match status {
            TransactionStatus::Pending | TransactionStatus::Authorized => S::PendingHold,
            TransactionStatus::Void => S::Reversed,
            TransactionStatus::Expired => S::Expired,
            _ => S::Settled,
        },
        TransactionType::Void | TransactionType::CorrectiveAuth => S::Reversed,
        TransactionType::Refund => S::Refunded,
    }
}

/// Which way a transaction of `kind` moves money: payments take it, the rest give it back.
pub const fn direction_of(kind: TransactionType) -> MoneyDirection {
    match kind {
        TransactionType::Auth | TransactionType::Verification => MoneyDirection::Out,
        TransactionType::Void | TransactionType::CorrectiveAuth | TransactionType::Refund => {
            MoneyDirection::In
        }
    }
}

/// A transaction's amounts in the card's currency, in minor units, as the network reported them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AccountAmounts {
    /// The merchant's amount converted to the card's currency.
    pub converted: i64,
    pub transaction_fee: i64,
    /// The exchange fee (a payment not in the card's currency).
    pub exchange_fee: i64,
    pub cross_border_fee: i64,
    pub refund_fee: i64,
}

impl AccountAmounts {
    /// What the card's account moved, unsigned: a payment takes the converted amount and its
    /// fees; a refund gives back the converted amount less its fee; a void or reversal releases
    /// the converted amount.
    pub const fn total(&self, kind: TransactionType) -> i64 {
        match direction_of(kind) {
            MoneyDirection::Out => {
                self.converted + self.transaction_fee + self.exchange_fee + self.cross_border_fee
            }
            MoneyDirection::In => self.converted - self.refund_fee,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TransactionStatus as St;
    use TransactionType as Ty;

    #[test]
    fn a_cleared_purchase_is_settled_and_a_held_one_pending() {
        assert_eq!(state_of(Ty::Auth, St::Succeed), TransactionState::Settled);
        assert_eq!(
            state_of(Ty::Auth, St::Authorized),
            TransactionState::PendingHold
        );
        assert_eq!(state_of(Ty::Auth, St::Void), TransactionState::Reversed);
        assert_eq!(state_of(Ty::Auth, St::Failed), TransactionState::Declined);
        assert_eq!(state_of(Ty::Auth, St::Expired), TransactionState::Expired);
        assert_eq!(
            state_of(Ty::Refund, St::Succeed),
            TransactionState::Refunded
        );
        assert_eq!(state_of(Ty::Void, St::Succeed), TransactionState::Reversed);
        assert_eq!(
            state_of(Ty::CorrectiveAuth, St::Succeed),
            TransactionState::Reversed
        );
    }

    #[test]
    fn held_settled_and_refunded_move_money_declined_and_reversed_do_not() {
        let moving = |kind, status| state_of(kind, status).moves_money();
        assert!(moving(Ty::Auth, St::Authorized));
        assert!(moving(Ty::Auth, St::Succeed));
        assert!(moving(Ty::Refund, St::Succeed));
        assert!(!moving(Ty::Auth, St::Failed));
        assert!(!moving(Ty::Auth, St::Void));
        assert!(!moving(Ty::Auth, St::Expired));
        assert!(!moving(Ty::Void, St::Succeed));
        assert!(!moving(Ty::CorrectiveAuth, St::Succeed));
        assert!(!moving(Ty::Refund, St::Failed));
    }

    #[test]
    fn purchases_take_money_and_refunds_give_it_back() {
        assert_eq!(direction_of(Ty::Auth), MoneyDirection::Out);
        assert_eq!(direction_of(Ty::Refund), MoneyDirection::In);
        assert_eq!(direction_of(Ty::Void), MoneyDirection::In);
    }

    #[test]
    fn the_total_is_the_sum_of_its_parts() {
        let eur = AccountAmounts {
            converted: 2_174,
            transaction_fee: 22,
            exchange_fee: 3,
            ..AccountAmounts::default()
        };
        assert_eq!(eur.total(Ty::Auth), 2_199);
        let refund = AccountAmounts {
            converted: 1_000,
            refund_fee: 10,
            ..AccountAmounts::default()
        };
        assert_eq!(refund.total(Ty::Refund), 990);
    }
}
