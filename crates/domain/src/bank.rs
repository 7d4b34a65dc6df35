//! Bank identifiers: ABA routing numbers (US), SWIFT/BIC codes (ISO 9362), account numbers
//! and IBANs (ISO 13616: each country's length and BBAN format from the SWIFT registry, and the
//! check digits, by the `iban_validate` crate).

/// A US ABA routing number: 9 digits, a Federal Reserve prefix and a valid checksum.
pub fn is_aba_routing_number(s: &str) -> bool {
    let d: Vec<u32> = s.bytes().map(|b| u32::from(b.wrapping_sub(b'0'))).collect();
    if d.len() != 9 || d.iter().any(|&x| x > 9) {
        return false;
    }
    let prefix = d[0] * 10 + d[1];
    let prefix_ok = matches!(prefix, 0..=12 | 21..=32 | 61..=72 | 80);
    let sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
    prefix_ok && sum % 10 == 0
}

/// An ISO 9362 BIC: 4 letters (institution), a country, 2 letters or digits (location) and
/// an optional 3-character branch. Expects upper case.
pub fn is_swift_code(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 8 && b.len() != 11 {
        return false;
    }
    let alnum = |x: &u8| x.is_ascii_uppercase() || x.is_ascii_digit();
    // Kosovo (XK) has BICs though it has no ISO 3166 code.
    let country = s.get(4..6).unwrap_or_default();
    b.iter().take(4).all(u8::is_ascii_uppercase)
        && (crate::country::find(country).is_some() || country == "XK")
        && b.iter().skip(6).all(alnum)
}

/// Why an account number was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountNumberError {
    Invalid,
    /// Starts like an IBAN (a country's code and two digits) but is not one: wrong check
    /// digits, the wrong length or format for its country, or a country without IBANs.
    IbanInvalid,
}

const ACCOUNT_MIN: usize = 4;
const ACCOUNT_MAX: usize = 34;

/// Normalises an account number (spaces and hyphens removed, upper case) and checks it:
/// 4–34 letters or digits; one that starts like an IBAN (a country's two-letter code and two
/// digits) must be a valid IBAN of that country.
pub fn parse_account_number(s: &str) -> Result<String, AccountNumberError> {
    let n = crate::text::strip_separators(&crate::text::normalize_digits(s.trim()))
        .to_ascii_uppercase();
    if !(ACCOUNT_MIN..=ACCOUNT_MAX).contains(&n.len())
        || !n.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(AccountNumberError::Invalid);
    }
    let b = n.as_bytes();
    let looks_like_iban = b[0].is_ascii_uppercase()
        && b[1].is_ascii_uppercase()
        && b[2].is_ascii_digit()
        && b[3].is_ascii_digit()
        && crate::country::find(n.get(..2).unwrap_or_default()).is_some();
    if looks_like_iban && n.parse::<iban::Iban>().is_err() {
        return Err(AccountNumberError::IbanInvalid);
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aba_numbers_need_checksum_and_prefix() {
        assert!(is_aba_routing_number("021000021")); // JPMorgan Chase NY
        assert!(is_aba_routing_number("011000015")); // Federal Reserve Boston
        assert!(is_aba_routing_number("121000358")); // Bank of America CA
        assert!(!is_aba_routing_number("021000022"));
        assert!(!is_aba_routing_number("02100002"));
        assert!(!is_aba_routing_number("0210000210"));
        assert!(!is_aba_routing_number("02100002a"));
        assert!(!is_aba_routing_number("990000000")); // checksum ok, no such prefix
    }

    #[test]
    fn swift_codes_follow_iso_9362() {
        assert!(is_swift_code("HSBCHKHH"));
        assert!(is_swift_code("HSBCHKHHHKH"));
        assert!(is_swift_code("CHASUS33XXX"));
        assert!(is_swift_code("DEUTDEFF500"));
        assert!(!is_swift_code("HSBCHKH"));
        assert!(!is_swift_code("HSBCZZHH"));
        assert!(!is_swift_code("HSB1HKHH"));
        assert!(!is_swift_code("hsbchkhh"));
        assert!(!is_swift_code("HSBCHKHH1"));
    }

    #[test]
    fn account_numbers_and_ibans() {
        assert_eq!(
            parse_account_number("GB82 WEST 1234 5698 7654 32"),
            Ok("GB82WEST12345698765432".into())
        );
        assert_eq!(
            parse_account_number("DE89370400440532013000"),
            Ok("DE89370400440532013000".into())
        );
        assert_eq!(
            parse_account_number("GB82WEST12345698765433"),
            Err(AccountNumberError::IbanInvalid)
        );
        assert_eq!(
            parse_account_number("012-345678-001"),
            Ok("012345678001".into())
        );
        assert_eq!(
            parse_account_number("123"),
            Err(AccountNumberError::Invalid)
        );
        assert_eq!(
            parse_account_number("12#456"),
            Err(AccountNumberError::Invalid)
        );
        assert_eq!(
            parse_account_number(&"1".repeat(35)),
            Err(AccountNumberError::Invalid)
        );
    }
}
