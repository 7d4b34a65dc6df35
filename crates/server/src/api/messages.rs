//! The texts of every `message` the API sends, in the caller's language (`User-Lang`).
//!
//! Two catalogues, both data: the server's own (`crates/server/locales`, keys `api.*`) and the
//! domain crate's (`crates/domain/locales`: field errors, gate prompts, labels), the same files
//! the web app loads.

use std::collections::HashMap;
use std::sync::LazyLock;

use domain::error::Params;
use domain::i18n::{Locale, fill};

type Catalogue = HashMap<String, String>;

fn parse(name: &str, text: &str) -> Catalogue {
    serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("catalogue {name} is not a flat string map: {e}"))
}

static CATALOGUES: LazyLock<[Catalogue; 2]> = LazyLock::new(|| {
    let mut en = parse("server en-US", include_str!("../../locales/en-US.json"));
    en.extend(parse(
        "domain en-US",
        include_str!("../../../domain/locales/en-US.json"),
    ));
    let mut zh = parse("server zh-HK", include_str!("../../locales/zh-HK.json"));
    zh.extend(parse(
        "domain zh-HK",
        include_str!("../../../domain/locales/zh-HK.json"),
    ));
    [en, zh]
});

fn catalogue(locale: Locale) -> &'static Catalogue {
    match locale {
        Locale::EnUs => &CATALOGUES[0],
        Locale::ZhHk => &CATALOGUES[1],
    }
}

/// The text of `key` in `locale` with `params` filled in; the English text when a language
/// lacks it (a test keeps that from happening), the key itself as a last resort.
pub fn text(locale: Locale, key: &str, params: &Params) -> String {
    let template = catalogue(locale)
        .get(key)
        .or_else(|| catalogue(Locale::EnUs).get(key));
    template.map_or_else(|| key.to_owned(), |t| fill(t, params))
}

/// Every key the server's own catalogue holds, for completeness tests.
pub fn server_keys(locale: Locale) -> Vec<String> {
    let text = match locale {
        Locale::EnUs => include_str!("../../locales/en-US.json"),
        Locale::ZhHk => include_str!("../../locales/zh-HK.json"),
    };
    parse("server", text).into_keys().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_hold_the_same_server_keys() {
        let mut en = server_keys(Locale::EnUs);
        let mut zh = server_keys(Locale::ZhHk);
        en.sort();
        zh.sort();
        assert_eq!(en, zh);
    }

    #[test]
    fn texts_come_in_the_chosen_language_with_parameters() {
        let params: Params = [("seconds", "42")].into_iter().collect();
        assert_eq!(
            text(Locale::EnUs, "api.too_many_attempts", &params),
            "Too many attempts, please try again in 42 seconds"
        );
        assert_eq!(
            text(Locale::ZhHk, "api.too_many_attempts", &params),
            "嘗試次數過多，請於 42 秒後再試"
        );
        assert_eq!(
            text(
                Locale::ZhHk,
                "error.insufficient_balance",
                &Params::default()
            ),
            "餘額不足"
        );
    }
}
