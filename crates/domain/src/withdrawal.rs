//! USD withdrawals to a saved bank account (DESIGN §9): the fee and the amount received (the
//! browser's preview and the server's charge are this one function), and how long a newly saved
//! account still waits before it can receive a payout.

use serde::{Deserialize, Serialize};

use crate::macros::text_enum;
use crate::money::{Rate, USD, parse_amount};

text_enum! {
    /// Where a USD withdrawal stands (DESIGN §9).
    pub enum WithdrawalStatus {
        /// Asked for; the amount is held.
        Requested = "requested",
        /// Approved (automatically below the review threshold, by a finance operator above it);
        /// waiting to be sent.
        Approved = "approved",
        /// Sent to the bank (the operator recorded the bank's reference).
        Sent = "sent",
        /// The bank confirmed the payout.
        Completed = "completed",
        /// Refused by an operator; the amount is back in the USD account.
        Rejected = "rejected",
        /// Cancelled by the user before it was sent; the amount is back.
        Cancelled = "cancelled",
        /// The bank sent the payout back; the amount (fee included) is back, and the account
        /// needs new details.
        Returned = "returned",
    }
}

impl WithdrawalStatus {
    pub fn label_key(self) -> String {
        format!("withdrawal_status.{}", self.as_str())
    }

    /// Whether it counts against the daily and monthly limits (what was asked for and not
    /// given back).
    pub const fn counts_against_limits(self) -> bool {
        matches!(
            self,
            Self::Requested | Self::Approved | Self::Sent | Self::Completed
        )
    }

    /// Whether the user may still cancel it: until it is sent.
    pub const fn cancellable(self) -> bool {
        matches!(self, Self::Requested | Self::Approved)
    }

    /// The states it may move to next.
    pub const fn next(self) -> &'static [WithdrawalStatus] {
        match self {
            Self::Requested => &[Self::Approved, Self::Rejected, Self::Cancelled],
            Self::Approved => &[Self::Sent, Self::Rejected, Self::Cancelled],
            Self::Sent => &[Self::Completed, Self::Returned],
            // A bank can return a payout after confirming it.
            Self::Completed => &[Self::Returned],
            Self::Rejected | Self::Cancelled | Self::Returned => &[],
        }
    }
}

text_enum! {
    /// Why an operator rejected a withdrawal or the bank returned a payout; the user reads it
    /// in their language.
    pub enum WithdrawalReason {
        /// The bank reports the account closed.
        AccountClosed = "account_closed",
        /// The bank does not know the account number, routing number or BIC.
        InvalidAccount = "invalid_account",
        /// The name on the account is not the holder's.
        NameMismatch = "name_mismatch",
        /// The bank refused the payment without saying why.
        BankRefused = "bank_refused",
        /// The platform's compliance review did not allow it.
        Compliance = "compliance",
        /// The user asked for it to be stopped.
        UserRequest = "user_request",
    }
}

impl WithdrawalReason {
    pub fn label_key(self) -> String {
        format!("withdrawal_reason.{}", self.as_str())
    }
}

/// Whether a withdrawal of `amount_minor` waits for a finance operator: above the review
/// threshold it does; up to it, it is approved at once.
pub const fn needs_review(amount_minor: i64, review_above: i64) -> bool {
    amount_minor > review_above
}

/// What an account's first-payout cap still allows, given the withdrawals made to it (state and
/// amount): `None` once one has completed (the cap no longer applies), else the cap less what
/// the payouts under way take (never below zero). Returned, rejected and cancelled ones take
/// nothing.
pub fn first_payout_cap_left(
    cap: i64,
    payouts: impl IntoIterator<Item = (WithdrawalStatus, i64)>,
) -> Option<i64> {
    let mut under_way = 0_i64;
    for (status, amount) in payouts {
        if status == WithdrawalStatus::Completed {
            return None;
        }
        if status.counts_against_limits() {
            under_way = under_way.saturating_add(amount);
        }
    }
    Some((cap - under_way).max(0))
}

/// What a withdrawal costs: a fixed fee plus a share of the amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalFee {
    /// USD cents charged on every withdrawal.
    pub fixed_minor: i64,
    pub rate: Rate,
}

/// A withdrawal's money: the fee comes out of the amount taken from the USD account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalQuote {
    /// Taken from the USD account.
    pub amount_minor: i64,
    /// The fixed fee plus the rate of the amount (rounded half up to the cent).
    pub fee_minor: i64,
    /// Sent to the bank account: amount − fee (never below zero).
    pub received_minor: i64,
}

impl WithdrawalFee {
    /// The quote for withdrawing `amount_minor`.
    pub fn quote(self, amount_minor: i64) -> WithdrawalQuote {
        let fee_minor = self
            .fixed_minor
            .saturating_add(self.rate.fee(amount_minor))
            .min(amount_minor.max(0));
        WithdrawalQuote {
            amount_minor,
            fee_minor,
            received_minor: amount_minor - fee_minor,
        }
    }
}

/// The quote for a typed USD amount, the fixed fee as API text ("10.00") and the rate as an
/// API fraction ("0.001"); `None` until the amount is a positive USD amount and the fee terms
/// are valid (what a live preview shows).
pub fn withdrawal_quote_for(amount: &str, fixed: &str, rate: &str) -> Option<WithdrawalQuote> {
    let amount = parse_amount(amount, USD.scale).ok().filter(|a| *a > 0)?;
    let fee = WithdrawalFee {
        fixed_minor: parse_amount(fixed, USD.scale).ok().filter(|f| *f >= 0)?,
        rate: Rate::from_fraction(rate)?,
    };
    Some(fee.quote(amount))
}

/// How long a saved account still waits before it can receive payouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoolingOffLeft {
    pub hours: i64,
    /// 0 to 59; the wait is rounded up to the minute.
    pub minutes: i64,
}

/// The wait left at `now` for an account usable from `usable_from` (milliseconds since the
/// epoch); `None` once it has passed.
pub fn cooling_off_left(usable_from: i64, now: i64) -> Option<CoolingOffLeft> {
    const MINUTE_MS: i64 = 60_000;
    let left = usable_from.checked_sub(now).filter(|ms| *ms > 0)?;
    let minutes = (left + MINUTE_MS - 1) / MINUTE_MS;
    Some(CoolingOffLeft {
        hours: minutes / 60,
        minutes: minutes % 60,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_states_go_nowhere_and_only_unsent_ones_can_be_cancelled() {
        for status in WithdrawalStatus::ALL {
            let closed = matches!(
                status,
                WithdrawalStatus::Rejected
                    | WithdrawalStatus::Cancelled
                    | WithdrawalStatus::Returned
            );
            assert_eq!(status.next().is_empty(), closed, "{status:?}");
            assert_eq!(
                status.cancellable(),
                status.next().contains(&WithdrawalStatus::Cancelled),
                "{status:?}"
            );
        }
    }

    const FEE: WithdrawalFee = WithdrawalFee {
        fixed_minor: 1_000,
        rate: Rate(10),
    };

    #[test]
    fn the_first_payout_cap_counts_payouts_under_way_until_one_completes() {
        use WithdrawalStatus::{Approved, Cancelled, Completed, Requested, Returned, Sent};
        assert_eq!(first_payout_cap_left(100_000, []), Some(100_000));
        assert_eq!(
            first_payout_cap_left(
                100_000,
                [(Requested, 30_000), (Approved, 20_000), (Sent, 10_000)]
            ),
            Some(40_000)
        );
        assert_eq!(
            first_payout_cap_left(
                100_000,
                [(Cancelled, 90_000), (Returned, 90_000), (Requested, 1_000)]
            ),
            Some(99_000)
        );
        assert_eq!(
            first_payout_cap_left(100_000, [(Requested, 150_000)]),
            Some(0)
        );
        assert_eq!(
            first_payout_cap_left(100_000, [(Requested, 1), (Completed, 5_000)]),
            None
        );
    }

    #[test]
    fn the_review_threshold_itself_is_approved_at_once() {
        assert!(!needs_review(100_000, 100_000));
        assert!(needs_review(100_001, 100_000));
    }

    #[test]
    fn the_fee_is_fixed_plus_the_rate_rounded_half_up() {
        // 1,000.00 × 0.1% = 1.00; + 10.00 fixed.
        assert_eq!(
            FEE.quote(100_000),
            WithdrawalQuote {
                amount_minor: 100_000,
                fee_minor: 1_100,
                received_minor: 98_900,
            }
        );
        // 55.55 × 0.1% = 0.05555 → 0.06.
        assert_eq!(FEE.quote(5_555).fee_minor, 1_006);
        // 54.99 × 0.1% = 0.05499 → 0.05.
        assert_eq!(FEE.quote(5_499).fee_minor, 1_005);
    }

    #[test]
    fn the_fee_never_exceeds_the_amount() {
        assert_eq!(FEE.quote(500).received_minor, 0);
        assert_eq!(FEE.quote(500).fee_minor, 500);
    }

    #[test]
    fn the_wait_is_rounded_up_to_the_minute() {
        let hour = 3_600_000;
        assert_eq!(
            cooling_off_left(24 * hour, 0),
            Some(CoolingOffLeft {
                hours: 24,
                minutes: 0
            })
        );
        // One millisecond short of 24 h still reads 24 h 0 min.
        assert_eq!(
            cooling_off_left(24 * hour, 1),
            Some(CoolingOffLeft {
                hours: 24,
                minutes: 0
            })
        );
        assert_eq!(
            cooling_off_left(hour + 61_000, 0),
            Some(CoolingOffLeft {
                hours: 1,
                minutes: 2
            })
        );
        assert_eq!(cooling_off_left(1_000, 1_000), None);
        assert_eq!(cooling_off_left(1_000, 2_000), None);
    }
}
