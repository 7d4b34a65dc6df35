//! Lenient form inputs: a field that is missing, null, or of the wrong JSON type is still a
//! field-level answer (`required…` or `invalid_type`), never a failure of the whole form.
//!
//! Deserialisation goes through `deserialize_any`, so `serde_json` on the server and
//! `serde-wasm-bindgen` in the browser see the same shapes and give the same errors.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// What the client sent for one field.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Input<T> {
    /// Absent, `null` or `undefined`.
    #[default]
    Missing,
    Value(T),
    /// Present but of another type than the field takes.
    WrongType,
}

impl<T> Input<T> {
    pub fn value(&self) -> Option<&T> {
        match self {
            Input::Value(v) => Some(v),
            _ => None,
        }
    }
}

impl<T> From<T> for Input<T> {
    fn from(value: T) -> Self {
        Input::Value(value)
    }
}

impl From<&str> for Input<String> {
    fn from(value: &str) -> Self {
        Input::Value(value.to_owned())
    }
}

/// The shape of any JSON / JS value, as far as forms care.
#[derive(Debug, Clone, PartialEq)]
enum Raw {
    Missing,
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    List(Vec<Raw>),
    Other,
}

/// Types a form field can hold, built from a [`Raw`] value.
trait FromRaw: Sized {
    fn from_raw(raw: Raw) -> Option<Self>;
}

impl FromRaw for String {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Str(s) => Some(s),
            _ => None,
        }
    }
}

impl FromRaw for bool {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Bool(b) => Some(b),
            _ => None,
        }
    }
}

impl FromRaw for i64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Int(i) => Some(i),
            // JavaScript has only doubles: 1.0 is the integer 1.
            Raw::Float(f) if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_991.0 => {
                Some(f as i64)
            }
            _ => None,
        }
    }
}

impl FromRaw for Vec<String> {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::List(items) => items.into_iter().map(String::from_raw).collect(),
            _ => None,
        }
    }
}

/// A decimal amount typed as text ("12.50") or sent as a JSON number (12.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalText(pub String);

impl FromRaw for DecimalText {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Str(s) => Some(DecimalText(s)),
            Raw::Int(i) => Some(DecimalText(i.to_string())),
            Raw::Float(f) if f.is_finite() => Some(DecimalText(f.to_string())),
            _ => None,
        }
    }
}

impl<'de, T: FromRaw> Deserialize<'de> for Input<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = deserializer.deserialize_any(RawVisitor)?;
        Ok(match raw {
            Raw::Missing => Input::Missing,
            raw => T::from_raw(raw).map_or(Input::WrongType, Input::Value),
        })
    }
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Raw, E> {
        Ok(Raw::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Raw, E> {
        Ok(Raw::Int(v))
    }

    #[allow(clippy::cast_precision_loss)]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Raw, E> {
        Ok(i64::try_from(v).map_or(Raw::Float(v as f64), Raw::Int))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Raw, E> {
        Ok(Raw::Float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Raw, E> {
        Ok(Raw::Str(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Raw, E> {
        Ok(Raw::Str(v))
    }

    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Raw, E> {
        Ok(Raw::Other)
    }

    fn visit_none<E: de::Error>(self) -> Result<Raw, E> {
        Ok(Raw::Missing)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Raw, E> {
        Ok(Raw::Missing)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Raw, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Raw>()? {
            items.push(item);
        }
        Ok(Raw::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Raw::Other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse<T: FromRaw>(json: &str) -> Input<T> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn text_fields_take_only_strings() {
        assert_eq!(parse::<String>(r#""a""#), Input::Value("a".into()));
        assert_eq!(parse::<String>("null"), Input::Missing);
        assert_eq!(parse::<String>("12"), Input::WrongType);
        assert_eq!(parse::<String>("true"), Input::WrongType);
        assert_eq!(parse::<String>("[\"a\"]"), Input::WrongType);
        assert_eq!(parse::<String>("{\"a\":1}"), Input::WrongType);
    }

    #[test]
    fn amounts_take_text_or_numbers() {
        assert_eq!(
            parse::<DecimalText>("12.5"),
            Input::Value(DecimalText("12.5".into()))
        );
        assert_eq!(
            parse::<DecimalText>("12"),
            Input::Value(DecimalText("12".into()))
        );
        assert_eq!(
            parse::<DecimalText>(r#""12.50""#),
            Input::Value(DecimalText("12.50".into()))
        );
        assert_eq!(parse::<DecimalText>("false"), Input::WrongType);
    }

    #[test]
    fn integers_accept_whole_doubles_only() {
        assert_eq!(parse::<i64>("1"), Input::Value(1));
        assert_eq!(parse::<i64>("1.0"), Input::Value(1));
        assert_eq!(parse::<i64>("1.5"), Input::WrongType);
        assert_eq!(parse::<i64>(r#""1""#), Input::WrongType);
    }

    #[test]
    fn lists_need_every_item_to_be_text() {
        assert_eq!(
            parse::<Vec<String>>(r#"["US","HK"]"#),
            Input::Value(vec!["US".into(), "HK".into()])
        );
        assert_eq!(parse::<Vec<String>>(r#"["US",1]"#), Input::WrongType);
        assert_eq!(parse::<Vec<String>>(r#""US""#), Input::WrongType);
    }
}
