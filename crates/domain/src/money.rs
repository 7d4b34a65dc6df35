//! Money in integer minor units: no floats anywhere.
//!
//! An amount is an `i64` count of the asset's smallest unit (cents for USD, scale 2; crypto at
//! most 8 decimals). Rates are basis points (1% = 100 bps). A fee is amount × rate rounded
//! half up at the asset's scale, so the browser's preview and the server's charge agree to
//! the cent.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An asset and the number of decimals of its minor unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    pub code: &'static str,
    pub scale: u8,
}

pub const USD: Asset = Asset {
    code: "USD",
    scale: 2,
};
/// Largest scale any asset may have (crypto).
pub const MAX_SCALE: u8 = 8;
/// Amounts are shown with this many decimals.
pub const DISPLAY_DECIMALS: u8 = 2;
/// The largest amount, in minor units: 2^53 − 1, so every amount is exact as a JavaScript
/// number too (90 trillion dollars; 90 million units of an 8-decimal crypto asset).
pub const MAX_AMOUNT_MINOR: i64 = 9_007_199_254_740_991;

/// Why a typed amount was not understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    Empty,
    Invalid,
    TooManyDecimals,
}

/// Parses a typed amount ("1234.5", "1,234.50", "１００", "-3") into minor units at `scale`.
///
/// Thousands separators must group by three; more decimals than the scale is an error, not a
/// silent rounding.
pub fn parse_amount(text: &str, scale: u8) -> Result<i64, AmountError> {
    let text = crate::text::normalize_digits(text.trim());
    if text.is_empty() {
        return Err(AmountError::Empty);
    }
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(AmountError::Invalid);
    }
    let int_digits = ungroup(int_part).ok_or(AmountError::Invalid)?;
    if !frac_part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AmountError::Invalid);
    }
    if frac_part.len() > usize::from(scale) {
        return Err(AmountError::TooManyDecimals);
    }
    let padding = pow10(scale - u8::try_from(frac_part.len()).unwrap_or(scale));
    let minor = int_digits
        .bytes()
        .chain(frac_part.bytes())
        .try_fold(0_i64, |acc, b| {
            acc.checked_mul(10)?.checked_add(i64::from(b - b'0'))
        })
        .and_then(|m| m.checked_mul(padding))
        .filter(|m| *m <= MAX_AMOUNT_MINOR)
        .ok_or(AmountError::Invalid)?;
    Ok(if negative { -minor } else { minor })
}

/// Digits of an integer part, with "1,234,567" style grouping removed when it is well formed.
fn ungroup(int_part: &str) -> Option<String> {
    if !int_part.contains(',') {
        return int_part
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| int_part.to_owned());
    }
    let groups: Vec<&str> = int_part.split(',').collect();
    let first_ok = (1..=3).contains(&groups[0].len());
    let rest_ok = groups.iter().skip(1).all(|g| g.len() == 3);
    let digits_ok = groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()));
    (first_ok && rest_ok && digits_ok).then(|| groups.concat())
}

fn pow10(exp: u8) -> i64 {
    10_i64.pow(u32::from(exp))
}

/// Minor units at `scale` as exact decimal text, the way the API carries amounts
/// (`123456`, 2 → `1234.56`; `-5`, 2 → `-0.05`; `7`, 0 → `7`).
pub fn amount_text(minor: i64, scale: u8) -> String {
    let abs = minor.unsigned_abs();
    let unit = pow10(scale).unsigned_abs();
    let mut text = String::with_capacity(24);
    if minor < 0 {
        text.push('-');
    }
    push_fixed(&mut text, abs / unit, abs % unit, usize::from(scale));
    text
}

/// Appends `whole`, then, when `width` is not 0, a point and `fraction` in `width` digits with
/// leading zeros (`3, 5, 2` → `3.05`). The digits come from `itoa`: every amount and rate of every
/// list goes through here, and `core::fmt`'s padded path cost several times as much (a tenth of
/// the card list's server time went to formatting).
fn push_fixed(text: &mut String, whole: u64, fraction: u64, width: usize) {
    let mut digits = itoa::Buffer::new();
    text.push_str(digits.format(whole));
    if width > 0 {
        let fraction = digits.format(fraction);
        text.push('.');
        text.extend(std::iter::repeat_n(
            '0',
            width.saturating_sub(fraction.len()),
        ));
        text.push_str(fraction);
    }
}

/// Formats minor units at `scale` with 2 decimals and thousands separators
/// (`123456`, 2 → `1,234.56`); finer scales round half away from zero.
pub fn format_amount(minor: i64, scale: u8) -> String {
    let decimals = DISPLAY_DECIMALS;
    let abs = minor.unsigned_abs();
    // Whole units and hundredths, without overflow at any scale.
    let (units, cents) = if scale > decimals {
        let step = pow10(scale - decimals).unsigned_abs();
        let hundredths = abs / step + u64::from(abs % step >= step.div_ceil(2));
        (hundredths / 100, hundredths % 100)
    } else {
        let unit = pow10(scale).unsigned_abs();
        (
            abs / unit,
            (abs % unit) * pow10(decimals - scale).unsigned_abs(),
        )
    };
    let sign = if minor < 0 && (units, cents) != (0, 0) {
        "-"
    } else {
        ""
    };
    format!("{sign}{}.{cents:02}", group_thousands(units))
}

/// Whole units with a comma between each group of three digits (`1234567` → `1,234,567`).
fn group_thousands(units: u64) -> String {
    group_digits(&units.to_string())
}

/// A plain decimal text as the API writes rates ("64869.6088264794") with its whole part
/// grouped by thousands ("64,869.6088264794"), every decimal kept; `None` when it is not
/// digits with at most one point.
pub fn format_decimal_text(text: &str) -> Option<String> {
    let (whole, decimals) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || !digits(whole)
        || !digits(decimals)
        || (text.contains('.') && decimals.is_empty())
    {
        return None;
    }
    let grouped = group_digits(whole);
    Some(if text.contains('.') {
        format!("{grouped}.{decimals}")
    } else {
        grouped
    })
}

fn group_digits(int_part: &str) -> String {
    let mut grouped = String::with_capacity(int_part.len() + int_part.len() / 3);
    for (i, c) in int_part.chars().enumerate() {
        if i > 0 && (int_part.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    grouped
}

/// Minor units at `scale` with every decimal of the scale kept and thousands separators
/// (`1234550000000`, 8 → `12,345.50000000`): how a coin amount is shown, where rounding to
/// two decimals would hide its smallest units.
pub fn format_exact_amount(minor: i64, scale: u8) -> String {
    let abs = minor.unsigned_abs();
    let sign = if minor < 0 { "-" } else { "" };
    let unit = pow10(scale).unsigned_abs();
    let whole = group_thousands(abs / unit);
    if scale == 0 {
        return format!("{sign}{whole}");
    }
    format!(
        "{sign}{whole}.{:0width$}",
        abs % unit,
        width = usize::from(scale)
    )
}

/// The minor-unit scale of an ISO 4217 currency code (`None` when it is not three capital
/// letters): 0 for currencies without minor units, 3 for the dinars and rials with three, 2 for
/// the rest.
pub fn currency_scale(code: &str) -> Option<u8> {
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    Some(match code {
        "BIF" | "CLP" | "DJF" | "GNF" | "ISK" | "JPY" | "KMF" | "KRW" | "PYG" | "RWF" | "UGX"
        | "UYI" | "VND" | "VUV" | "XAF" | "XOF" | "XPF" => 0,
        "BHD" | "IQD" | "JOD" | "KWD" | "LYD" | "OMR" | "TND" => 3,
        _ => 2,
    })
}

/// `minor` as exact decimal text in `currency`'s scale (USD's when the code is not one).
pub fn currency_amount_text(minor: i64, currency: &str) -> String {
    amount_text(minor, currency_scale(currency).unwrap_or(USD.scale))
}

/// A rate in basis points: 1% = 100, 0.15% = 15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Rate(pub u32);

/// Rates above 100% make no sense for a fee.
pub const MAX_RATE_BPS: u32 = 10_000;

impl Rate {
    /// Reads a fraction as the API sends it ("0.01", "0.0015", "1"); only what basis points
    /// can hold exactly, between 0 and 1.
    pub fn from_fraction(text: &str) -> Option<Rate> {
        let bps = parse_amount(text, 4).ok()?;
        u32::try_from(bps)
            .ok()
            .filter(|b| *b <= MAX_RATE_BPS)
            .map(Rate)
    }

    /// The fraction as the API writes it: "0.01", "0.0015", "0".
    pub fn to_fraction(self) -> String {
        let mut text = String::with_capacity(8);
        push_fixed(
            &mut text,
            u64::from(self.0 / 10_000),
            u64::from(self.0 % 10_000),
            4,
        );
        trim_decimal(&text)
    }

    /// The rate as people read it: "1%", "0.15%", "1.5%".
    pub fn to_percent(self) -> String {
        format!(
            "{}%",
            trim_decimal(&format!("{}.{:02}", self.0 / 100, self.0 % 100))
        )
    }

    /// `amount × rate`, rounded half up at the amount's own scale (half away from zero for
    /// negative amounts). Splits the amount so no product can overflow.
    pub fn fee(self, amount_minor: i64) -> i64 {
        const BPS_UNIT: u64 = 10_000;
        let abs = amount_minor.unsigned_abs();
        let bps = u64::from(self.0);
        let fee = (abs / BPS_UNIT) * bps + ((abs % BPS_UNIT) * bps + BPS_UNIT / 2) / BPS_UNIT;
        let fee = i64::try_from(fee).unwrap_or(i64::MAX);
        if amount_minor < 0 { -fee } else { fee }
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_percent())
    }
}

fn trim_decimal(s: &str) -> String {
    let trimmed = s.trim_end_matches('0').trim_end_matches('.');
    trimmed.to_owned()
}

/// What a card recharge costs: the fee comes out of the amount taken from the USD account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RechargeQuote {
    /// Debited from the USD bank account.
    pub amount_minor: i64,
    pub fee_minor: i64,
    /// Credited to the card: amount − fee.
    pub credited_minor: i64,
}

/// The quote for recharging `amount_minor` at `rate`.
pub fn recharge_quote(amount_minor: i64, rate: Rate) -> RechargeQuote {
    let fee_minor = rate.fee(amount_minor);
    RechargeQuote {
        amount_minor,
        fee_minor,
        credited_minor: amount_minor - fee_minor,
    }
}

/// The quote for a typed USD amount and an API rate fraction; `None` until the amount is a
/// positive USD amount and the rate a valid fraction (what a live preview shows).
pub fn recharge_quote_for(amount: &str, rate: &str) -> Option<RechargeQuote> {
    let amount = parse_amount(amount, USD.scale).ok().filter(|a| *a > 0)?;
    Some(recharge_quote(amount, Rate::from_fraction(rate)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The text says what `core::fmt` says.
        #[test]
        fn amount_text_is_the_formatters_text(minor: i64, scale in 0_u8..=18) {
            let (abs, sign) = (minor.unsigned_abs(), if minor < 0 { "-" } else { "" });
            let unit = pow10(scale).unsigned_abs();
            let expected = if scale == 0 {
                format!("{sign}{abs}")
            } else {
                format!("{sign}{}.{:0width$}", abs / unit, abs % unit, width = usize::from(scale))
            };
            proptest::prop_assert_eq!(amount_text(minor, scale), expected);
        }

        #[test]
        fn a_fraction_is_the_formatters_text(bps in 0_u32..=2_000_000) {
            let expected = format!("{}.{:04}", bps / 10_000, bps % 10_000);
            let expected = expected.trim_end_matches('0').trim_end_matches('.');
            proptest::prop_assert_eq!(Rate(bps).to_fraction(), expected);
        }
    }

    #[test]
    fn amounts_as_api_text_are_exact() {
        assert_eq!(amount_text(123_456, 2), "1234.56");
        assert_eq!(amount_text(5, 2), "0.05");
        assert_eq!(amount_text(-5, 2), "-0.05");
        assert_eq!(amount_text(0, 2), "0.00");
        assert_eq!(amount_text(7, 0), "7");
        assert_eq!(amount_text(1, 8), "0.00000001");
        assert_eq!(amount_text(MAX_AMOUNT_MINOR, 2), "90071992547409.91");
        assert_eq!(parse_amount(&amount_text(123_456, 2), 2), Ok(123_456));
    }
    use proptest::prelude::*;

    #[test]
    fn exact_amounts_keep_every_decimal_and_group_the_whole_part() {
        assert_eq!(format_exact_amount(1_234_550_000_000, 8), "12,345.50000000");
        assert_eq!(format_exact_amount(1, 8), "0.00000001");
        assert_eq!(format_exact_amount(1_234_567, 0), "1,234,567");
        assert_eq!(format_exact_amount(-100_050, 2), "-1,000.50");
        assert_eq!(format_exact_amount(999, 0), "999");
        assert_eq!(format_exact_amount(0, 6), "0.000000");
        assert_eq!(format_exact_amount(12_345, 4), "1.2345");
    }

    #[test]
    fn currencies_have_their_iso_scale() {
        assert_eq!(currency_scale("USD"), Some(2));
        assert_eq!(currency_scale("EUR"), Some(2));
        assert_eq!(currency_scale("JPY"), Some(0));
        assert_eq!(currency_scale("KWD"), Some(3));
        assert_eq!(currency_scale("usd"), None);
        assert_eq!(currency_scale("US"), None);
        assert_eq!(currency_amount_text(1_005, "JPY"), "1005");
        assert_eq!(currency_amount_text(1_005, "EUR"), "10.05");
    }

    #[test]
    fn parses_what_people_type() {
        assert_eq!(parse_amount("1234.5", 2), Ok(123_450));
        assert_eq!(parse_amount("1,234.50", 2), Ok(123_450));
        assert_eq!(parse_amount(" １００ ", 2), Ok(10_000));
        assert_eq!(parse_amount(".5", 2), Ok(50));
        assert_eq!(parse_amount("5.", 2), Ok(500));
        assert_eq!(parse_amount("-3", 2), Ok(-300));
        assert_eq!(parse_amount("0.00000001", 8), Ok(1));
    }

    #[test]
    fn refuses_what_is_not_an_amount() {
        assert_eq!(parse_amount("", 2), Err(AmountError::Empty));
        assert_eq!(parse_amount("  ", 2), Err(AmountError::Empty));
        assert_eq!(parse_amount("1.234", 2), Err(AmountError::TooManyDecimals));
        for bad in [
            ".", "-", "1e3", "12,34", "1,2345", ",123", "1.2.3", "abc", "+5", "1 000", "NaN", "١٢",
        ] {
            assert_eq!(parse_amount(bad, 2), Err(AmountError::Invalid), "{bad}");
        }
        assert_eq!(
            parse_amount("1000000000000000", 2),
            Err(AmountError::Invalid)
        );
        assert_eq!(parse_amount("90071992547409.91", 2), Ok(MAX_AMOUNT_MINOR));
        assert_eq!(
            parse_amount("90071992547409.92", 2),
            Err(AmountError::Invalid)
        );
        assert_eq!(parse_amount("100000000000", 8), Err(AmountError::Invalid));
        assert_eq!(
            parse_amount("99999999999999999999999", 2),
            Err(AmountError::Invalid)
        );
        assert_eq!(Rate::from_fraction("999999999999999"), None);
    }

    #[test]
    fn formats_with_two_decimals_and_separators() {
        assert_eq!(format_amount(123_456, 2), "1,234.56");
        assert_eq!(format_amount(0, 2), "0.00");
        assert_eq!(format_amount(-5, 2), "-0.05");
        assert_eq!(format_amount(100_000_000, 2), "1,000,000.00");
        assert_eq!(format_amount(123_456_789, 8), "1.23");
        assert_eq!(format_amount(125_000_000, 8), "1.25");
        assert_eq!(format_amount(100_500_000, 8), "1.01");
        assert_eq!(format_amount(7, 0), "7.00");
        assert_eq!(format_amount(-1, 8), "0.00");
        assert_eq!(format_amount(-150_000_000, 8), "-1.50");
        assert_eq!(format_amount(i64::MIN, 2), "-92,233,720,368,547,758.08");
        assert_eq!(format_amount(i64::MAX, 8), "92,233,720,368.55");
        assert_eq!(format_amount(-1, 8), "0.00");
        assert_eq!(format_amount(-150_000_000, 8), "-1.50");
        assert_eq!(format_amount(i64::MIN, 2), "-92,233,720,368,547,758.08");
        assert_eq!(format_amount(i64::MAX, 8), "92,233,720,368.55");
    }

    #[test]
    fn fees_round_half_up_to_the_cent() {
        assert_eq!(Rate(100).fee(12_345), 123); // 123.45 → 1.2345 → 1.23
        assert_eq!(Rate(100).fee(12_350), 124); // 1.235 → 1.24
        assert_eq!(Rate(15).fee(10_000), 15);
        assert_eq!(Rate(15).fee(3_333), 5); // 0.49995 → 0.50
        assert_eq!(Rate(0).fee(10_000), 0);
        assert_eq!(
            recharge_quote(10_000, Rate(100)),
            RechargeQuote {
                amount_minor: 10_000,
                fee_minor: 100,
                credited_minor: 9_900
            }
        );
    }

    #[test]
    fn rates_read_and_print_as_fractions_and_percent() {
        assert_eq!(Rate::from_fraction("0.01"), Some(Rate(100)));
        assert_eq!(Rate::from_fraction("0.0015"), Some(Rate(15)));
        assert_eq!(Rate::from_fraction("1"), Some(Rate(10_000)));
        assert_eq!(Rate::from_fraction("0.00015"), None);
        assert_eq!(Rate::from_fraction("1.01"), None);
        assert_eq!(Rate::from_fraction("-0.01"), None);
        assert_eq!(Rate(100).to_percent(), "1%");
        assert_eq!(Rate(15).to_percent(), "0.15%");
        assert_eq!(Rate(150).to_percent(), "1.5%");
        assert_eq!(Rate(0).to_percent(), "0%");
        assert_eq!(Rate(15).to_fraction(), "0.0015");
        assert_eq!(Rate(10_000).to_fraction(), "1");
    }

    proptest! {
        #[test]
        fn a_fee_is_never_negative_nor_above_the_amount(amount in 0_i64..1_000_000_000_000, bps in 0_u32..=10_000) {
            let fee = Rate(bps).fee(amount);
            prop_assert!(fee >= 0 && fee <= amount);
            let quote = recharge_quote(amount, Rate(bps));
            prop_assert_eq!(quote.fee_minor + quote.credited_minor, amount);
        }

        #[test]
        fn a_fee_is_within_half_a_cent_of_the_exact_value(amount in 0_i64..=i64::MAX, bps in 0_u32..=10_000) {
            let fee = i128::from(Rate(bps).fee(amount));
            let exact_times_10000 = i128::from(amount) * i128::from(bps);
            prop_assert!((fee * 10_000 - exact_times_10000).abs() <= 5_000);
        }

        #[test]
        fn formatting_round_trips_through_parsing(minor in -MAX_AMOUNT_MINOR..=MAX_AMOUNT_MINOR) {
            prop_assert_eq!(parse_amount(&format_amount(minor, 2), 2), Ok(minor));
        }

        #[test]
        fn rates_round_trip_as_fractions(bps in 0_u32..=10_000) {
            prop_assert_eq!(Rate::from_fraction(&Rate(bps).to_fraction()), Some(Rate(bps)));
        }
    }
}
