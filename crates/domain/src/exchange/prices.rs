//! Prices: USD per whole unit of an asset, in units of 10⁻⁸ USD ([`PRICE_SCALE`]). The exchange
//! quotes with them and the wallet values balances with them; they are shown grouped with at
//! least two decimals ("65,000.00", "0.9998") and carried as plain text ("65000.00").

use crate::money::{MAX_AMOUNT_MINOR, amount_text, format_exact_amount, parse_amount};

/// Decimals of a price: a price is an `i64` count of 10⁻⁸ USD per whole unit.
pub const PRICE_SCALE: u8 = 8;
/// USD's own price: one dollar.
pub const USD_PRICE: i64 = 100_000_000;
/// The highest price (90 million USD per unit): like an amount, exact as a JavaScript number.
pub const MAX_PRICE: i64 = MAX_AMOUNT_MINOR;

/// A price as an operator types it ("65000", "65,000.5", "0.99985"): positive, at most
/// [`PRICE_SCALE`] decimals (never rounded), at most [`MAX_PRICE`]; `None` otherwise.
pub fn parse_price(text: &str) -> Option<i64> {
    parse_amount(text, PRICE_SCALE)
        .ok()
        .filter(|p| (1..=MAX_PRICE).contains(p))
}

/// A price as the API carries it: plain decimal text, trailing zeros after the second decimal
/// left out ("65000.00", "0.9998", "0.00000001").
pub fn price_text(price: i64) -> String {
    at_least_two_decimals(amount_text(price, PRICE_SCALE))
}

/// A price as people read it: thousands grouped, at least two decimals ("65,000.00",
/// "0.9998").
pub fn format_price(price: i64) -> String {
    at_least_two_decimals(format_exact_amount(price, PRICE_SCALE))
}

/// `text` (with more than two decimals) without the zeros that end it after the second one.
pub(super) fn at_least_two_decimals(mut text: String) -> String {
    let Some(point) = text.find('.') else {
        return text;
    };
    let keep = text.trim_end_matches('0').len().max(point + 3);
    text.truncate(keep);
    text
}

/// USD cents `amount_minor` units of an asset with `scale` are worth at `price`, rounded half
/// up (the wallet's values; saturates at the ends of `i64`, far beyond any real balance).
pub fn usd_value(amount_minor: i64, scale: u8, price: i64) -> i64 {
    // cents = amount · price / 10^scale / 10^(PRICE_SCALE − 2); the product fits i128.
    let unit = 10_i128.pow(u32::from(scale) + u32::from(PRICE_SCALE - 2));
    let value = (i128::from(amount_minor) * i128::from(price) + unit / 2).div_euclid(unit);
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn prices_read_as_operators_type_them() {
        assert_eq!(parse_price("65000"), Some(6_500_000_000_000));
        assert_eq!(parse_price("65,000.5"), Some(6_500_050_000_000));
        assert_eq!(parse_price("0.99985"), Some(99_985_000));
        assert_eq!(parse_price("0.00000001"), Some(1));
        assert_eq!(parse_price("90071992.54740991"), Some(MAX_PRICE));
        for bad in ["0", "-1", "0.000000001", "90071992.54740992", "abc", ""] {
            assert_eq!(parse_price(bad), None, "{bad}");
        }
    }

    #[test]
    fn prices_show_at_least_two_decimals() {
        assert_eq!(price_text(6_500_000_000_000), "65000.00");
        assert_eq!(format_price(6_500_000_000_000), "65,000.00");
        assert_eq!(price_text(99_980_000), "0.9998");
        assert_eq!(format_price(99_980_000), "0.9998");
        assert_eq!(price_text(USD_PRICE), "1.00");
        assert_eq!(price_text(1), "0.00000001");
        assert_eq!(format_price(123_456_789_012_345), "1,234,567.89012345");
        assert_eq!(price_text(150_000_000), "1.50");
        assert_eq!(price_text(0), "0.00");
    }

    #[test]
    fn values_round_half_up_to_the_cent() {
        let btc = 6_500_000_000_000; // 65 000.00 USD
        // 0.5 BTC at 65 000.00 USD.
        assert_eq!(usd_value(50_000_000, 8, btc), 3_250_000);
        // 1 sat at 65 000.00 USD is 0.065 cents: 0.
        assert_eq!(usd_value(1, 8, btc), 0);
        // 1 USDT unit (0.000001) at 1.00: 0.0001 cents → 0; 5 000 units: 0.5 cent → 1.
        assert_eq!(usd_value(5_000, 6, USD_PRICE), 1);
        assert_eq!(usd_value(4_999, 6, USD_PRICE), 0);
        // USD values itself.
        assert_eq!(usd_value(12_345, 2, USD_PRICE), 12_345);
        // Prices finer than a cent count: 3 USDT at 0.99985 is 2.99955 → 3.00.
        assert_eq!(usd_value(3_000_000, 6, 99_985_000), 300);
        assert_eq!(usd_value(i64::MAX, 0, MAX_PRICE), i64::MAX);
    }

    proptest! {
        /// The wallet's values before prices moved to 10⁻⁸ USD (cents per coin, rounded half up)
        /// are unchanged for a cent price stored × 1 000 000.
        #[test]
        fn cent_prices_moved_to_the_price_scale_value_the_same(amount in 0..=MAX_AMOUNT_MINOR, cents in 1_i64..=MAX_PRICE / 1_000_000, scale in 0_u8..=8) {
            let unit = 10_i128.pow(u32::from(scale));
            let before = (i128::from(amount) * i128::from(cents) + unit / 2).div_euclid(unit);
            prop_assume!(before <= i128::from(i64::MAX));
            prop_assert_eq!(i128::from(usd_value(amount, scale, cents * 1_000_000)), before);
        }

        #[test]
        fn price_texts_read_back_as_the_same_price(price in 1..=MAX_PRICE) {
            prop_assert_eq!(parse_price(&price_text(price)), Some(price));
            prop_assert_eq!(parse_price(&format_price(price)), Some(price));
        }

        #[test]
        fn a_value_is_within_half_a_cent(amount in 0..=MAX_AMOUNT_MINOR, price in 1..=MAX_PRICE, scale in 0_u8..=8) {
            let exact = i128::from(amount) * i128::from(price);
            let unit = 10_i128.pow(u32::from(scale) + 6);
            let cents = usd_value(amount, scale, price);
            prop_assume!(cents < i64::MAX);
            let cents = i128::from(cents);
            prop_assert!((cents * unit - exact) * 2 <= unit);
            prop_assert!((exact - cents * unit) * 2 < unit);
        }
    }
}
