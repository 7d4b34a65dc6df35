//! Message catalogue helpers. The texts themselves are data: `locales/en-US.json` and
//! `locales/zh-HK.json` (flat `key → template`), loaded by the web app and the server alike.

use crate::error::Params;

/// A supported interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Locale {
    #[default]
    EnUs,
    ZhHk,
}

impl Locale {
    pub const ALL: &'static [Locale] = &[Self::EnUs, Self::ZhHk];

    /// The BCP 47 tag ("en-US", "zh-HK").
    pub const fn tag(self) -> &'static str {
        match self {
            Self::EnUs => "en-US",
            Self::ZhHk => "zh-HK",
        }
    }

    /// Picks a locale from a `User-Lang` value; anything unknown falls back to en-US.
    pub fn from_tag(tag: &str) -> Self {
        let tag = tag.trim();
        if tag.eq_ignore_ascii_case("zh-HK")
            || tag.eq_ignore_ascii_case("zh-TW")
            || tag.eq_ignore_ascii_case("zh-Hant")
        {
            Self::ZhHk
        } else {
            Self::EnUs
        }
    }
}

/// The catalogue key of an error code's message.
pub fn error_key(code: crate::ErrorCode) -> String {
    format!("error.{}", code.as_str())
}

/// Fills `{name}` placeholders of `template` from `params`; unknown placeholders stay as
/// they are so a missing parameter is visible rather than silently empty.
pub fn fill(template: &str, params: &Params) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if params.get(&after[..close]).is_some() => {
                out.push_str(&params[&after[..close]]);
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_known_placeholders_only() {
        let params: Params = [("name", "a.png"), ("max", "50")].into_iter().collect();
        assert_eq!(
            fill("{name}: longer than {max}", &params),
            "a.png: longer than 50"
        );
        assert_eq!(fill("{missing} {name}", &params), "{missing} a.png");
        assert_eq!(fill("no {placeholder", &params), "no {placeholder");
    }

    #[test]
    fn unknown_languages_fall_back_to_english() {
        assert_eq!(Locale::from_tag("zh-HK"), Locale::ZhHk);
        assert_eq!(Locale::from_tag("fr-FR"), Locale::EnUs);
        assert_eq!(Locale::from_tag(""), Locale::EnUs);
    }
}
