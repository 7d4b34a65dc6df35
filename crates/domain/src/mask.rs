//! What is shown of private values: e-mail addresses, mobile numbers, card numbers and bank
//! account numbers.

/// Keeps 2 characters at each end of the local part (1 when it has 4 or fewer) and hides
/// the rest behind a fixed `****`, so the length is not revealed either.
pub fn mask_email(email: &str) -> String {
    let email = email.trim();
    let Some((local, domain)) = email.rsplit_once('@') else {
        return mask_local(email);
    };
    format!("{}@{domain}", mask_local(local))
}

fn mask_local(local: &str) -> String {
    let chars: Vec<char> = local.chars().collect();
    let keep = if chars.len() > 4 { 2 } else { 1 };
    if chars.is_empty() {
        return String::new();
    }
    let head: String = chars.iter().take(keep).collect();
    let tail: String = chars
        .iter()
        .skip(keep.max(chars.len().saturating_sub(keep)))
        .collect();
    format!("{head}****{tail}")
}

/// A mobile number (E.164) as `+<dial code> ****<last 4 digits>`, hiding how long the
/// national number is. `dial_code` is the calling code's digits ("852").
pub fn mask_mobile(dial_code: &str, e164: &str) -> String {
    let digits: Vec<char> = e164.chars().filter(char::is_ascii_digit).collect();
    let national = digits.len().saturating_sub(dial_code.len());
    let tail: String = digits[digits.len() - national.min(4)..].iter().collect();
    format!("+{dial_code} ****{tail}")
}

/// Shows at most the first 6 and last 4 digits of a card number, grouped by 4.
///
/// Numbers shorter than 13 digits show only the last 4; a number that arrives already
/// masked (`411111******1111`) is only grouped.
pub fn mask_card_number(card_number: &str) -> String {
    let symbols: Vec<char> = card_number
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '*')
        .collect();
    let n = symbols.len();
    let (first, last) = match n {
        13.. => (6, 4),
        5..=12 => (0, 4),
        _ => (0, 0),
    };
    let masked: String = symbols
        .iter()
        .enumerate()
        .map(|(i, &c)| if i < first || i >= n - last { c } else { '*' })
        .collect();
    group_by_four(&masked)
}

/// A bank account number (or IBAN) as `****` and its last 4 characters, hiding how long it is;
/// a number of 4 characters or fewer shows none of them.
pub fn mask_account_number(account_number: &str) -> String {
    let symbols: Vec<char> = account_number
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let shown = if symbols.len() > 4 {
        &symbols[symbols.len() - 4..]
    } else {
        &[][..]
    };
    format!("****{}", shown.iter().collect::<String>())
}

/// "4111111111111111" → "4111 1111 1111 1111".
pub fn group_by_four(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 4);
    for (i, c) in s.chars().filter(|c| !c.is_whitespace()).enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn account_numbers_show_only_their_last_four_characters() {
        assert_eq!(mask_account_number("123456789012"), "****9012");
        assert_eq!(
            mask_account_number("GB82 WEST 1234 5698 7654 32"),
            "****5432"
        );
        assert_eq!(mask_account_number("012-345678-001"), "****8001");
        assert_eq!(mask_account_number("12345"), "****2345");
        assert_eq!(mask_account_number("1234"), "****");
        assert_eq!(mask_account_number(""), "****");
    }

    #[test]
    fn mobiles_show_the_dial_code_and_the_last_four_digits() {
        assert_eq!(mask_mobile("852", "+85291234567"), "+852 ****4567");
        assert_eq!(mask_mobile("1", "+14155550123"), "+1 ****0123");
        assert_eq!(mask_mobile("44", "+447911123456"), "+44 ****3456");
        // Too short to hide anything but the length: still never more than 4 digits shown.
        assert_eq!(mask_mobile("852", "+852123"), "+852 ****123");
    }

    #[test]
    fn email_keeps_two_or_one_characters_at_each_end() {
        assert_eq!(mask_email("johnsmith@example.com"), "jo****th@example.com");
        assert_eq!(mask_email("abcde@x.io"), "ab****de@x.io");
        assert_eq!(mask_email("abcd@x.io"), "a****d@x.io");
        assert_eq!(mask_email("ab@x.io"), "a****b@x.io");
        assert_eq!(mask_email("a@x.io"), "a****@x.io");
    }

    #[test]
    fn card_shows_first_six_and_last_four() {
        assert_eq!(mask_card_number("4111111111111111"), "4111 11** **** 1111");
        assert_eq!(
            mask_card_number("4111 1111 1111 1111"),
            "4111 11** **** 1111"
        );
        assert_eq!(mask_card_number("378282246310005"), "3782 82** ***0 005");
        assert_eq!(mask_card_number("411111******1111"), "4111 11** **** 1111");
        assert_eq!(mask_card_number("123456789"), "**** *678 9");
        assert_eq!(mask_card_number("1234"), "****");
    }

    proptest! {
        #[test]
        fn a_masked_card_never_shows_more_than_ten_digits(digits in "[0-9]{0,19}") {
            let masked = mask_card_number(&digits);
            let shown = masked.chars().filter(char::is_ascii_digit).count();
            prop_assert!(shown <= 10);
            let bare: String = masked.chars().filter(|c| *c != ' ').collect();
            prop_assert_eq!(bare.len(), digits.len());
            for (m, d) in bare.chars().zip(digits.chars()) {
                prop_assert!(m == '*' || m == d);
            }
        }

        #[test]
        fn a_masked_email_keeps_the_domain_and_hides_the_middle(local in "[a-z0-9.]{1,30}", domain in "[a-z]{1,10}\\.com") {
            let masked = mask_email(&format!("{local}@{domain}"));
            let expected_suffix = format!("@{domain}");
            prop_assert!(masked.ends_with(&expected_suffix));
            prop_assert!(masked.contains("****"));
            let shown = masked.len() - domain.len() - 1 - 4;
            prop_assert!(shown <= 4 && shown <= local.len());
        }
    }
}
