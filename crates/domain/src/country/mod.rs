//! The ISO 3166-1 country list: codes and calling codes for the rules, names for the lists
//! people pick from.

mod table;

use std::sync::LazyLock;

use serde::Serialize;

/// A country as the rules need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Country {
    /// ISO 3166-1 alpha-2, e.g. "US" (the code every API field carries).
    pub code: &'static str,
    /// ISO 3166-1 alpha-3, e.g. "USA".
    pub code2: &'static str,
    /// ITU calling code, digits only ("1", "852").
    pub mobile_code: &'static str,
}

/// A country as the country list (`user/country/list`, pickers) shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CountryEntry {
    /// Alpha-2, e.g. "US": the code every API field carries.
    pub code: &'static str,
    /// Alpha-3, e.g. "USA".
    pub code2: &'static str,
    /// The English name.
    pub name: &'static str,
    #[serde(rename = "simplifiedCN")]
    pub simplified_cn: &'static str,
    #[serde(rename = "traditionalCN")]
    pub traditional_cn: &'static str,
    /// Calling code, digits only ("1", "852").
    pub mobile_code: &'static str,
}

impl Country {
    /// One line of the codes table: `alpha-2|alpha-3|calling code`.
    fn from_line(line: &'static str) -> Option<Self> {
        let mut f = line.split('|');
        Some(Country {
            code: f.next()?,
            code2: f.next()?,
            mobile_code: f.next()?,
        })
    }
}

/// The codes table, parsed once (sorted by alpha-2, as generated).
static BY_CODE: LazyLock<Vec<Country>> = LazyLock::new(|| {
    table::CODES
        .lines()
        .filter_map(Country::from_line)
        .collect()
});

/// The country with this alpha-2 code (exact, upper case).
pub fn find(code: &str) -> Option<Country> {
    BY_CODE
        .binary_search_by(|c| c.code.cmp(code))
        .ok()
        .map(|i| BY_CODE[i])
}

/// Every ISO 3166-1 country with its names, sorted by alpha-2 code.
pub fn list() -> impl Iterator<Item = CountryEntry> {
    table::CODES
        .lines()
        .zip(table::NAMES.lines())
        .filter_map(|(codes, names)| {
            let c = Country::from_line(codes)?;
            let mut n = names.split('|');
            Some(CountryEntry {
                code: c.code,
                code2: c.code2,
                name: n.next()?,
                simplified_cn: n.next()?,
                traditional_cn: n.next()?,
                mobile_code: c.mobile_code,
            })
        })
}

/// The United States, whose bank accounts carry an ABA routing number and whose residents
/// give an SSN.
pub const US: &str = "US";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_complete_sorted_and_unique() {
        let countries: Vec<CountryEntry> = list().collect();
        assert_eq!(countries.len(), 249);
        assert_eq!(table::CODES.lines().count(), 249);
        assert_eq!(
            table::NAMES.lines().count(),
            249,
            "every code has its names"
        );
        assert!(countries.windows(2).all(|w| w[0].code < w[1].code));
        let mut alpha3: Vec<_> = countries.iter().map(|c| c.code2).collect();
        alpha3.sort_unstable();
        alpha3.dedup();
        assert_eq!(alpha3.len(), 249);
        for c in &countries {
            assert!(c.code.len() == 2 && c.code2.len() == 3, "{c:?}");
            assert!(
                !c.name.is_empty() && !c.simplified_cn.is_empty() && !c.traditional_cn.is_empty()
            );
            assert!(
                (1..=4).contains(&c.mobile_code.len())
                    && c.mobile_code.bytes().all(|b| b.is_ascii_digit())
            );
            assert_eq!(find(c.code).map(|f| f.code2), Some(c.code2));
        }
    }

    #[test]
    fn finds_by_alpha_two_and_lists_names() {
        let hk = find("HK").unwrap();
        assert_eq!((hk.code2, hk.mobile_code), ("HKG", "852"));
        assert_eq!(find("US").unwrap().mobile_code, "1");
        assert!(find("us").is_none());
        assert!(find("XK").is_none());
        assert!(find("H").is_none());
        let us = list().find(|c| c.code == "US").unwrap();
        assert_eq!(
            (us.name, us.simplified_cn, us.traditional_cn),
            ("United States", "美国", "美國")
        );
        let json = serde_json::to_value(us).unwrap();
        assert_eq!(json["simplifiedCN"], "美国");
        assert_eq!(json["mobileCode"], "1");
    }
}
