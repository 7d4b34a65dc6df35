//! The ISO 3166-1 country list with calling codes and Chinese names.

mod table;

use serde::Serialize;

pub use table::COUNTRIES;

/// One ISO 3166-1 country or territory, as the country pickers and the API show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Country {
    /// ISO 3166-1 alpha-2, e.g. "US" (the code every API field carries).
    pub code: &'static str,
    /// ISO 3166-1 alpha-3, e.g. "USA".
    pub code2: &'static str,
    pub name: &'static str,
    #[serde(rename = "simplifiedCN")]
    pub simplified_cn: &'static str,
    #[serde(rename = "traditionalCN")]
    pub traditional_cn: &'static str,
    /// ITU calling code, digits only ("1", "852").
    pub mobile_code: &'static str,
}

/// The country with this alpha-2 code (exact, upper case).
pub fn find(code: &str) -> Option<&'static Country> {
    COUNTRIES
        .binary_search_by(|c| c.code.cmp(code))
        .ok()
        .map(|i| &COUNTRIES[i])
}

/// The United States, whose bank accounts carry an ABA routing number and whose residents
/// give an SSN.
pub const US: &str = "US";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_complete_sorted_and_unique() {
        assert_eq!(COUNTRIES.len(), 249);
        assert!(COUNTRIES.windows(2).all(|w| w[0].code < w[1].code));
        let mut alpha3: Vec<_> = COUNTRIES.iter().map(|c| c.code2).collect();
        alpha3.sort_unstable();
        alpha3.dedup();
        assert_eq!(alpha3.len(), 249);
        for c in COUNTRIES {
            assert!(c.code.len() == 2 && c.code2.len() == 3, "{c:?}");
            assert!(
                !c.name.is_empty() && !c.simplified_cn.is_empty() && !c.traditional_cn.is_empty()
            );
            assert!(
                (1..=4).contains(&c.mobile_code.len())
                    && c.mobile_code.bytes().all(|b| b.is_ascii_digit())
            );
        }
    }

    #[test]
    fn finds_by_alpha_two() {
        let hk = find("HK").unwrap();
        assert_eq!(
            (hk.code2, hk.name, hk.simplified_cn, hk.mobile_code),
            ("HKG", "Hong Kong", "香港", "852")
        );
        assert_eq!(find("US").unwrap().mobile_code, "1");
        assert!(find("us").is_none());
        assert!(find("XK").is_none());
    }
}
