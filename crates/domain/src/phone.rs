//! Mobile numbers: the dial code must be the chosen country's, and the whole number must fit
//! E.164 (at most 15 digits).

use crate::country::Country;

/// Shortest national number accepted (some small territories have 5-digit numbers).
const NATIONAL_MIN: usize = 4;
/// E.164: country code + national number ≤ 15 digits.
const E164_MAX: usize = 15;
/// Countries whose national numbers keep their leading 0 in international form.
const KEEPS_LEADING_ZERO: &[&str] = &["IT", "SM", "VA"];

/// Why a mobile number was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MobileError {
    /// The dial code is not the chosen country's calling code.
    CodeMismatch,
    Invalid,
}

/// A mobile number in E.164 form, e.g. "+85291234567".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct E164(String);

impl E164 {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// "+852", "852" or "００852" style dial codes, reduced to digits.
pub fn dial_code_digits(dial_code: &str) -> String {
    let text = crate::text::normalize_digits(dial_code.trim());
    let text = text.strip_prefix('+').unwrap_or(&text);
    text.trim_start_matches("00").to_owned()
}

/// Checks `number` (spaces, hyphens, brackets allowed) against `country` and `dial_code`.
pub fn parse_mobile(country: &Country, dial_code: &str, number: &str) -> Result<E164, MobileError> {
    if dial_code_digits(dial_code) != country.mobile_code {
        return Err(MobileError::CodeMismatch);
    }
    let number = crate::text::normalize_digits(number.trim());
    let mut digits: String = number
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.'))
        .collect();
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MobileError::Invalid);
    }
    if digits.starts_with('0') && !KEEPS_LEADING_ZERO.contains(&country.code) {
        digits.remove(0);
    }
    let total = country.mobile_code.len() + digits.len();
    if digits.len() < NATIONAL_MIN
        || total > E164_MAX
        || (digits.starts_with('0') && !KEEPS_LEADING_ZERO.contains(&country.code))
    {
        return Err(MobileError::Invalid);
    }
    Ok(E164(format!("+{}{digits}", country.mobile_code)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::country::find;

    #[test]
    fn builds_e164_from_the_picker_and_the_number() {
        let hk = find("HK").unwrap();
        assert_eq!(
            parse_mobile(&hk, "+852", "9123 4567").unwrap().as_str(),
            "+85291234567"
        );
        assert_eq!(
            parse_mobile(&hk, "852", "９１２３４５６７")
                .unwrap()
                .as_str(),
            "+85291234567"
        );
        let gb = find("GB").unwrap();
        assert_eq!(
            parse_mobile(&gb, "+44", "07911 123456").unwrap().as_str(),
            "+447911123456"
        );
        let it = find("IT").unwrap();
        assert_eq!(
            parse_mobile(&it, "+39", "06 1234 5678").unwrap().as_str(),
            "+390612345678"
        );
        let us = find("US").unwrap();
        assert_eq!(
            parse_mobile(&us, "+1", "(415) 555-0100").unwrap().as_str(),
            "+14155550100"
        );
    }

    #[test]
    fn refuses_a_foreign_dial_code_and_impossible_numbers() {
        let hk = find("HK").unwrap();
        assert_eq!(
            parse_mobile(&hk, "+86", "91234567"),
            Err(MobileError::CodeMismatch)
        );
        assert_eq!(parse_mobile(&hk, "+852", "123"), Err(MobileError::Invalid));
        assert_eq!(
            parse_mobile(&hk, "+852", "9123abcd"),
            Err(MobileError::Invalid)
        );
        assert_eq!(
            parse_mobile(&hk, "+852", "1234567890123"),
            Err(MobileError::Invalid)
        );
        assert_eq!(
            parse_mobile(&hk, "+852", "00912345"),
            Err(MobileError::Invalid)
        );
    }
}
