//! Coin amounts: what a withdrawal may take at most, and amounts as messages show them.
//! Amounts are integers in the coin's minor unit; the withdrawal fee is on top of the amount
//! the destination receives.

use super::coins::Coin;
use crate::exchange::asset_amount_text;

/// The most a withdrawal may send (what the destination receives) when `available` is in the
/// wallet and each withdrawal costs `fee` on top: the largest multiple of `multiple` that the
/// balance covers with the fee, and at most `maximum`; never below 0. A `multiple` below 1
/// counts as 1 (any amount).
pub fn max_withdrawal(available: i64, fee: i64, multiple: i64, maximum: i64) -> i64 {
    let multiple = multiple.max(1);
    let covered = available.saturating_sub(fee.max(0)).max(0);
    (covered / multiple * multiple).min(maximum).max(0)
}

/// What the wallet is debited for sending `amount`: the amount and the fee; `None` when it
/// overflows.
pub fn debit(amount: i64, fee: i64) -> Option<i64> {
    amount.checked_add(fee)
}

/// An amount of `coin` as messages show it: exact, without trailing zeros, with the coin's
/// code (`100000` BTC → `0.001 BTC`).
pub fn coin_amount_text(minor: i64, coin: Coin) -> String {
    asset_amount_text(minor, coin.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_is_the_balance_less_the_fee_in_whole_multiples_up_to_the_maximum() {
        // 1 BTC available, 0.0005 fee, multiples of 0.0001, at most 10 BTC.
        assert_eq!(
            max_withdrawal(100_000_000, 50_000, 10_000, 1_000_000_000),
            99_950_000
        );
        // A balance that is not a whole number of multiples once the fee is taken.
        assert_eq!(
            max_withdrawal(100_012_345, 50_000, 10_000, i64::MAX),
            99_960_000
        );
        // The maximum caps it.
        assert_eq!(
            max_withdrawal(100_000_000, 50_000, 1, 20_000_000),
            20_000_000
        );
        // Any amount when no multiple is set.
        assert_eq!(max_withdrawal(1_000, 7, 0, i64::MAX), 993);
        assert_eq!(max_withdrawal(1_000, 7, -5, i64::MAX), 993);
    }

    #[test]
    fn max_is_never_below_zero() {
        assert_eq!(max_withdrawal(40_000, 50_000, 10_000, 1_000_000), 0);
        assert_eq!(max_withdrawal(50_000, 50_000, 10_000, 1_000_000), 0);
        assert_eq!(max_withdrawal(59_999, 50_000, 10_000, 1_000_000), 0);
        assert_eq!(max_withdrawal(-1, 0, 1, 1_000_000), 0);
        assert_eq!(max_withdrawal(1_000, 0, 1, -1), 0);
        assert_eq!(max_withdrawal(i64::MIN, i64::MAX, 1, i64::MAX), 0);
    }

    #[test]
    fn the_max_plus_the_fee_is_always_covered() {
        for available in [0, 1, 9_999, 10_000, 60_000, 123_456_789] {
            for fee in [0, 1, 50_000] {
                for multiple in [1, 3, 10_000] {
                    let max = max_withdrawal(available, fee, multiple, i64::MAX);
                    assert!(max == 0 || max + fee <= available);
                    assert_eq!(max % multiple, 0);
                    // One more multiple would not be covered.
                    assert!(max + multiple + fee > available);
                }
            }
        }
    }

    #[test]
    fn amounts_read_as_people_write_them() {
        assert_eq!(coin_amount_text(100_000, Coin::Btc), "0.001 BTC");
        assert_eq!(coin_amount_text(100_000_000, Coin::Eth), "1 ETH");
        assert_eq!(coin_amount_text(10_500_000, Coin::Usdt), "10.5 USDT");
        assert_eq!(coin_amount_text(0, Coin::Usdt), "0 USDT");
        assert_eq!(debit(5, 2), Some(7));
        assert_eq!(debit(i64::MAX, 1), None);
    }
}
