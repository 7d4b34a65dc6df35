//! Card BINs: the rules of a BIN's terms as an operator gives them (the console's form and
//! `fiscard admin bin add` alike), and their standard values.

/// Longest card scheme name, in characters.
pub const SCHEME_MAX: usize = 32;

/// The standard spending limits of a BIN's cards, in USD cents: per transaction, daily,
/// monthly (10,000 / 20,000 / 50,000).
pub const STANDARD_LIMITS: [i64; 3] = [1_000_000, 2_000_000, 5_000_000];

/// A BIN is 6 to 8 digits.
pub fn number_valid(bin: &str) -> bool {
    (6..=8).contains(&bin.len()) && bin.bytes().all(|b| b.is_ascii_digit())
}

/// A card scheme (VISA, Mastercard…): not blank, at most [`SCHEME_MAX`] characters.
pub fn scheme_valid(org: &str) -> bool {
    !org.trim().is_empty() && org.chars().count() <= SCHEME_MAX
}

/// Limits above zero, and per transaction ≤ daily ≤ monthly.
pub const fn limits_valid([per_transaction, daily, monthly]: [i64; 3]) -> bool {
    per_transaction > 0 && per_transaction <= daily && daily <= monthly
}

/// A time zone offset in minutes east of UTC: a whole quarter hour from -12:00 to +14:00.
pub const fn utc_offset_valid(minutes: i32) -> bool {
    minutes >= -720 && minutes <= 840 && minutes % 15 == 0
}

/// `+08:00`, `-05:30`, `08:00`, `Z` or `UTC` as minutes east of UTC (not yet checked with
/// [`utc_offset_valid`]); `None` when it is none of these.
pub fn parse_utc_offset(text: &str) -> Option<i32> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("z") || text.eq_ignore_ascii_case("utc") {
        return Some(0);
    }
    let (sign, rest) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    let (h, m) = rest.split_once(':')?;
    let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !(two_digits(h) && two_digits(m)) {
        return None;
    }
    Some(sign * (h.parse::<i32>().ok()? * 60 + m.parse::<i32>().ok()?))
}

/// Minutes east of UTC as `+08:00`, `-05:30`, `+00:00`.
pub fn utc_offset_text(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let abs = minutes.unsigned_abs();
    format!("{sign}{:02}:{:02}", abs / 60, abs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bin_is_six_to_eight_digits() {
        assert!(number_valid("485932"));
        assert!(number_valid("12345678"));
        assert!(!number_valid("12345"));
        assert!(!number_valid("123456789"));
        assert!(!number_valid("48593a"));
    }

    #[test]
    fn limits_grow_from_transaction_to_month() {
        assert!(limits_valid(STANDARD_LIMITS));
        assert!(limits_valid([1, 1, 1]));
        assert!(!limits_valid([0, 1, 1]));
        assert!(!limits_valid([2, 1, 3]));
        assert!(!limits_valid([1, 3, 2]));
    }

    #[test]
    fn offsets_read_and_written_back() {
        assert_eq!(parse_utc_offset("+08:00"), Some(480));
        assert_eq!(parse_utc_offset("-05:30"), Some(-330));
        assert_eq!(parse_utc_offset("00:00"), Some(0));
        assert_eq!(parse_utc_offset(" z "), Some(0));
        assert_eq!(parse_utc_offset("8"), None);
        assert_eq!(parse_utc_offset("+8:00"), None);
        assert_eq!(utc_offset_text(480), "+08:00");
        assert_eq!(utc_offset_text(-330), "-05:30");
        assert_eq!(utc_offset_text(0), "+00:00");
        assert!(utc_offset_valid(840));
        assert!(!utc_offset_valid(845));
        assert!(!utc_offset_valid(-735));
        assert!(!utc_offset_valid(10));
    }
}
