//! The wire memo: the short reference a user writes on a wire so the operator knows whose it is.
//!
//! Nine characters of Crockford's Base32 (digits and capitals without I, L, O and U, so nothing
//! looks like something else): eight that carry 40 random bits the server picks, then a check
//! character (Luhn mod 32), so a mistyped memo is recognised as mistyped instead of naming
//! another user: every single wrong character is caught, and every swap of two neighbours but
//! 0 and Z. It fits a bank's 35-character reference line with room to spare. Reading is
//! forgiving as Crockford's is: lower case, spaces and hyphens are accepted, O reads as 0 and
//! I and L as 1.

use serde::{Deserialize, Serialize};

/// Crockford's Base32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters that carry the memo's bits.
pub const DATA_LENGTH: usize = 8;
/// The whole memo, check character included.
pub const LENGTH: usize = DATA_LENGTH + 1;
/// How many random bits a memo carries (five a character).
pub const BITS: u32 = 40;
const _: () = assert!(BITS as usize == 5 * DATA_LENGTH);

/// A well-formed memo (its check character agrees), in its canonical spelling.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct WireMemo(String);

/// Why a text is not a memo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MemoError {
    /// Not nine characters (after spaces and hyphens are dropped).
    Length,
    /// A character outside Crockford's Base32 (U, or punctuation).
    Character,
    /// The check character does not agree: a character was mistyped.
    Check,
}

/// The value (0–31) of a Crockford character, with its look-alikes; `None` outside the alphabet.
fn value_of(c: char) -> Option<u32> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    };
    ALPHABET
        .iter()
        .position(|&a| char::from(a) == c)
        .and_then(|i| u32::try_from(i).ok())
}

fn char_of(value: u32) -> char {
    let index = usize::try_from(value % 32).unwrap_or(0);
    char::from(ALPHABET[index])
}

/// Luhn mod 32 over `values`, the rightmost doubled first (as if a check character followed).
fn check_value(values: &[u32]) -> u32 {
    let mut sum = 0;
    for (i, v) in values.iter().rev().enumerate() {
        let code = if i % 2 == 0 { v * 2 } else { *v };
        sum += code / 32 + code % 32;
    }
    (32 - sum % 32) % 32
}

impl WireMemo {
    /// The memo carrying the low 40 bits of `bits` (the server draws them at random).
    pub fn from_bits(bits: u64) -> WireMemo {
        let values: Vec<u32> = (0..DATA_LENGTH)
            .rev()
            .map(|i| u32::try_from((bits >> (5 * i)) & 31).unwrap_or(0))
            .collect();
        let mut text: String = values.iter().map(|v| char_of(*v)).collect();
        text.push(char_of(check_value(&values)));
        WireMemo(text)
    }

    /// Reads a memo as a person typed it.
    ///
    /// # Errors
    /// The wrong length, a character outside the alphabet, or a check character that does not
    /// agree (a mistyped memo).
    pub fn parse(text: &str) -> Result<WireMemo, MemoError> {
        let kept: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        if kept.len() != LENGTH {
            return Err(MemoError::Length);
        }
        let values = kept
            .iter()
            .map(|c| value_of(*c))
            .collect::<Option<Vec<u32>>>()
            .ok_or(MemoError::Character)?;
        let (data, check) = values.split_at(DATA_LENGTH);
        if check_value(data) != check[0] {
            return Err(MemoError::Check);
        }
        Ok(WireMemo(values.iter().map(|v| char_of(*v)).collect()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for WireMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for WireMemo {
    type Error = MemoError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        WireMemo::parse(&text)
    }
}

impl From<WireMemo> for String {
    fn from(memo: WireMemo) -> String {
        memo.0
    }
}

impl MemoError {
    /// Its name as serde writes it (`length`, `character`, `check`).
    pub const fn code(self) -> &'static str {
        match self {
            MemoError::Length => "length",
            MemoError::Character => "character",
            MemoError::Check => "check",
        }
    }
}

impl std::fmt::Display for MemoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MemoError::Length => "a memo has 9 characters",
            MemoError::Character => {
                "a memo has only digits and the letters A–Z without I, L, O and U"
            }
            MemoError::Check => "the memo's check character does not match: it was mistyped",
        })
    }
}

impl std::error::Error for MemoError {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_error_is_named_as_serde_writes_it() {
        for e in [MemoError::Length, MemoError::Character, MemoError::Check] {
            assert_eq!(serde_json::to_value(e).unwrap(), e.code());
        }
    }

    #[test]
    fn a_memo_is_nine_unambiguous_characters() {
        let memo = WireMemo::from_bits(0);
        assert_eq!(memo.as_str(), "000000000");
        let memo = WireMemo::from_bits((1 << 40) - 1);
        assert_eq!(memo.as_str().len(), LENGTH);
        assert!(!memo.as_str().contains(['I', 'L', 'O', 'U']));
    }

    #[test]
    fn look_alikes_and_separators_read_as_meant() {
        let memo = WireMemo::from_bits(0x00_1234_5678);
        let typed = memo
            .as_str()
            .to_lowercase()
            .replace('0', "o")
            .replace('1', "l");
        assert_eq!(WireMemo::parse(&typed), Ok(memo.clone()));
        let spaced = format!(
            "{}-{} {}",
            &memo.as_str()[..3],
            &memo.as_str()[3..6],
            &memo.as_str()[6..]
        );
        assert_eq!(WireMemo::parse(&spaced), Ok(memo));
    }

    proptest! {
        #[test]
        fn every_single_mistyped_character_is_caught(bits in 0u64..(1 << 40), at in 0usize..LENGTH, by in 1u32..32) {
            let memo = WireMemo::from_bits(bits);
            prop_assert_eq!(WireMemo::parse(memo.as_str()), Ok(memo.clone()));
            let mut chars: Vec<char> = memo.as_str().chars().collect();
            chars[at] = char_of((value_of(chars[at]).unwrap() + by) % 32);
            let typo: String = chars.into_iter().collect();
            prop_assert_eq!(WireMemo::parse(&typo), Err(MemoError::Check));
        }

        #[test]
        fn swapping_two_neighbours_is_caught(bits in 0u64..(1 << 40), at in 0usize..LENGTH - 1) {
            let memo = WireMemo::from_bits(bits);
            let mut chars: Vec<char> = memo.as_str().chars().collect();
            // Luhn mod 32 misses one swap alone: 0 and Z (0 + 31 equals 31 doubled and folded).
            let pair = [chars[at], chars[at + 1]];
            prop_assume!(pair[0] != pair[1] && pair != ['0', 'Z'] && pair != ['Z', '0']);
            chars.swap(at, at + 1);
            let swapped: String = chars.into_iter().collect();
            prop_assert_eq!(WireMemo::parse(&swapped), Err(MemoError::Check));
        }
    }
}
