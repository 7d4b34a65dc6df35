//! The annual rate of a fund product and the day's interest it gives (DESIGN §12).
//!
//! A rate is a count of millionths (0.0001 % steps): 3.65 % is 36 500. The day count is 365
//! days a year in every year (a leap year's 366 days each earn 1/365 of the rate), so a day's
//! interest on `shares` minor units is exactly `shares × rate / 365 000 000`; at 3.65 % that is
//! exactly 0.0001 of the shares. It is rounded down at the asset's scale; what rounding keeps
//! back is carried in 1/365 000 000ths of a minor unit and handed over in whole minor units, so
//! nothing is lost and the server can post it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::constants::DEFAULT_ANNUAL_RATE_BPS;
use crate::money::{amount_text, parse_amount};

/// Days in the interest year, whatever the calendar year.
pub const DAY_COUNT: i64 = 365;
/// Millionths in a whole (the rate's unit: 0.0001 %).
pub const RATE_UNIT: i64 = 1_000_000;
/// A day's interest is `shares × rate / DAY_DENOMINATOR`; carries are counted in its parts.
pub const DAY_DENOMINATOR: i64 = DAY_COUNT * RATE_UNIT;

/// An annual rate in millionths (3.65 % = 36 500), from 0 to 100 %. Travels as percent text
/// ("3.65"), at most 4 decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AnnualRate(u32);

/// The current product's rate unless an operator sets another (SPEC §9): the constants'
/// basis points, in millionths.
pub const DEFAULT_ANNUAL_RATE: AnnualRate = AnnualRate(DEFAULT_ANNUAL_RATE_BPS * 100);

impl AnnualRate {
    /// The rate of `millionths` (0.0001 % steps); `None` above 100 %.
    pub fn from_millionths(millionths: u32) -> Option<AnnualRate> {
        (i64::from(millionths) <= RATE_UNIT).then_some(AnnualRate(millionths))
    }

    pub const fn millionths(self) -> u32 {
        self.0
    }

    /// Reads percent text as operators and the API write it ("3.65", "4", "0.0001"):
    /// 0 to 100, at most 4 decimals (never rounded).
    pub fn parse_percent(text: &str) -> Option<AnnualRate> {
        let millionths = parse_amount(text, 4).ok()?;
        u32::try_from(millionths)
            .ok()
            .and_then(Self::from_millionths)
    }

    /// Percent text with at least 2 decimals and no trailing zeros past them ("3.65",
    /// "4.00", "3.6525").
    pub fn percent_text(self) -> String {
        let text = amount_text(i64::from(self.0), 4);
        let trimmed = text.trim_end_matches('0');
        let decimals = trimmed.len() - trimmed.find('.').unwrap_or(trimmed.len()) - 1;
        if decimals < 2 {
            text[..text.len() - 2].to_owned()
        } else {
            trimmed.to_owned()
        }
    }
}

impl Serialize for AnnualRate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.percent_text())
    }
}

impl<'de> Deserialize<'de> for AnnualRate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        AnnualRate::parse_percent(&text)
            .ok_or_else(|| serde::de::Error::custom("a percent from 0 to 100, 4 decimals at most"))
    }
}

/// One day's interest of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DayInterest {
    /// Paid to the holder: the exact interest rounded down at the asset's scale (minor units).
    pub interest: i64,
    /// Whole minor units the rounding kept back, once the carried parts add up to one: the
    /// server posts them to the fund's rounding account.
    pub rounding: i64,
    /// What is still carried, in 1/365 000 000ths of a minor unit (below one minor unit).
    pub carry: i64,
}

/// The day's interest on `shares` (minor units) at `rate`, with `carry` parts carried from
/// earlier days of the same position (0 for its first). Exact for any shares up to
/// `money::MAX_AMOUNT_MINOR` in 64-bit integers: shares = q·D + r, so shares·rate/D =
/// q·rate + r·rate/D with r·rate < D·100 %.
pub fn day_interest(shares: i64, rate: AnnualRate, carry: i64) -> DayInterest {
    let shares = shares.max(0);
    let rate = i64::from(rate.0);
    let (whole, part) = (shares / DAY_DENOMINATOR, shares % DAY_DENOMINATOR);
    let interest = whole * rate + part * rate / DAY_DENOMINATOR;
    let carried = carry.clamp(0, DAY_DENOMINATOR - 1) + part * rate % DAY_DENOMINATOR;
    DayInterest {
        interest,
        rounding: carried / DAY_DENOMINATOR,
        carry: carried % DAY_DENOMINATOR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_default_rate_a_day_pays_exactly_a_ten_thousandth() {
        for shares in [
            0,
            1,
            9_999,
            10_000,
            123_456,
            1_000_000_000,
            9_007_199_254_740_991,
        ] {
            let day = day_interest(shares, DEFAULT_ANNUAL_RATE, 0);
            assert_eq!(day.interest, shares / 10_000, "{shares}");
            // The kept-back part, in 365 000 000ths: (shares mod 10 000) × 36 500.
            assert_eq!(day.carry, shares % 10_000 * 36_500, "{shares}");
            assert_eq!(day.rounding, 0);
        }
    }

    #[test]
    fn carried_parts_are_handed_over_in_whole_units() {
        // 9 999 shares keep back 0.9999 units a day: the second day hands one unit over.
        let first = day_interest(9_999, DEFAULT_ANNUAL_RATE, 0);
        assert_eq!((first.interest, first.rounding), (0, 0));
        let second = day_interest(9_999, DEFAULT_ANNUAL_RATE, first.carry);
        assert_eq!(second.rounding, 1);
        assert_eq!(second.carry, 2 * 9_999 * 36_500 - DAY_DENOMINATOR);
    }

    #[test]
    fn the_exact_interest_is_paid_plus_rounding_plus_carry() {
        let rates = [0, 1, 36_500, 52_500, 1_000_000];
        for rate in rates.map(|r| AnnualRate::from_millionths(r).unwrap()) {
            for shares in [1, 7, 364_999, 365_000_001, 4_503_599_627_370_496] {
                let day = day_interest(shares, rate, 0);
                let exact = i128::from(shares) * i128::from(rate.0);
                let paid =
                    i128::from(day.interest) * i128::from(DAY_DENOMINATOR) + i128::from(day.carry);
                assert_eq!(paid, exact, "{shares} at {rate:?}");
            }
        }
    }

    #[test]
    fn rates_read_and_write_as_percent_text() {
        assert_eq!(AnnualRate::parse_percent("3.65"), Some(DEFAULT_ANNUAL_RATE));
        assert_eq!(DEFAULT_ANNUAL_RATE.millionths(), 36_500);
        assert_eq!(
            AnnualRate::parse_percent("100").map(AnnualRate::millionths),
            Some(1_000_000)
        );
        assert_eq!(AnnualRate::parse_percent("100.0001"), None);
        assert_eq!(AnnualRate::parse_percent("3.65001"), None);
        assert_eq!(AnnualRate::parse_percent("-1"), None);
        assert_eq!(DEFAULT_ANNUAL_RATE.percent_text(), "3.65");
        let text = |t: &str| AnnualRate::parse_percent(t).unwrap().percent_text();
        assert_eq!(text("4"), "4.00");
        assert_eq!(text("3.6525"), "3.6525");
        assert_eq!(text("0.0001"), "0.0001");
        assert_eq!(text("0"), "0.00");
        assert_eq!(text("12.5"), "12.50");
    }
}
