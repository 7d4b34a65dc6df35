//! Small text primitives shared by the rules: lengths count characters, not bytes, and
//! numeric fields accept the full-width digits East Asian input methods type.

/// Number of Unicode scalar values (what a person counts as characters).
pub fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// Maps full-width digits and the full-width `.`, `,`, `+`, `-` to ASCII; keeps the rest.
pub fn normalize_digits(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '０'..='９' => {
                char::from(b'0' + u8::try_from(u32::from(c) - u32::from('０')).unwrap_or(0))
            }
            '．' => '.',
            '，' => ',',
            '＋' => '+',
            '－' => '-',
            other => other,
        })
        .collect()
}

/// True when `s` is exactly `len` ASCII digits.
pub fn is_digits(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_digit())
}

/// A one-time code or PIN as typed: trimmed, full-width digits folded to ASCII.
pub fn code_text(s: &str) -> String {
    normalize_digits(s.trim())
}

/// Removes spaces and hyphens people type to group digits ("4111 1111", "555-0100").
pub fn strip_separators(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '\u{3000}'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_digits_become_ascii() {
        assert_eq!(normalize_digits("１２３．５"), "123.5");
        assert_eq!(normalize_digits("ab１"), "ab1");
    }

    #[test]
    fn lengths_count_characters() {
        assert_eq!(char_len("陳大文"), 3);
        assert_eq!(char_len("👍🏽"), 2);
    }

    #[test]
    fn digit_checks_are_exact() {
        assert!(is_digits("123456", 6));
        assert!(!is_digits("12345", 6));
        assert!(!is_digits("12345a", 6));
        assert!(!is_digits("１２３４５６", 6));
        assert_eq!(code_text(" １２３４５６ "), "123456");
    }
}
