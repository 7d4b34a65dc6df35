//! Everything the domain receives from outside goes through one path: a [`Raw`] value (built
//! from JSON by serde on the server, from a `JsValue` by `domain-wasm` in the browser), then a
//! typed value built from it by [`FromRaw`]. One path means the browser and the server read
//! input the same way, and the browser module carries no serde deserialisers.
//!
//! Form fields are lenient: a field that is missing, null, or of the wrong type is still a
//! field-level answer (`required…` or `invalid_type`), never a failure of the whole form.

mod json;

use std::fmt;

pub use json::from_json;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// Any JSON / JavaScript value, as far as the domain cares.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    /// Absent, `null` or `undefined`.
    Missing,
    Str(String),
    /// A number as JSON text ("12", "-0.5", "1e3"): read exactly, never through a float.
    Number(String),
    Bool(bool),
    List(Vec<Raw>),
    Object(RawObject),
    /// Anything else (bytes, functions…): never valid input.
    Other,
}

impl Raw {
    /// Parses a complete JSON text; `None` when it is not JSON.
    pub fn from_json(text: &str) -> Option<Raw> {
        json::from_json(text)
    }
}

/// An object's fields in the order they came.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawObject(pub Vec<(String, Raw)>);

impl RawObject {
    /// Takes the field `key` leniently (the last one when a key repeats).
    pub fn take<T: FromRaw>(&mut self, key: &str) -> Input<T> {
        match self.0.iter().rposition(|(k, _)| k == key) {
            None => Input::Missing,
            Some(i) => match self.0.swap_remove(i).1 {
                Raw::Missing => Input::Missing,
                raw => T::from_raw(raw).map_or(Input::WrongType, Input::Value),
            },
        }
    }

    /// Takes a field that must be present and valid (settings and contexts, not user input).
    pub fn require<T: FromRaw>(&mut self, key: &str) -> Option<T> {
        match self.take(key) {
            Input::Value(v) => Some(v),
            _ => None,
        }
    }
}

/// Types built from a [`Raw`] value; `None` when the value has another shape.
pub trait FromRaw: Sized {
    fn from_raw(raw: Raw) -> Option<Self>;
}

impl FromRaw for Raw {
    fn from_raw(raw: Raw) -> Option<Self> {
        Some(raw)
    }
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
    /// A whole number: "12", "-3", and "1.0" (JSON's way of writing the integer 1); no
    /// exponents, nothing beyond 64 bits.
    fn from_raw(raw: Raw) -> Option<Self> {
        let Raw::Number(text) = raw else { return None };
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        if !frac.bytes().all(|b| b == b'0') {
            return None;
        }
        int.parse().ok()
    }
}

impl<T: FromRaw> FromRaw for Vec<T> {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::List(items) => items.into_iter().map(T::from_raw).collect(),
            _ => None,
        }
    }
}

impl FromRaw for RawObject {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Object(o) => Some(o),
            _ => None,
        }
    }
}

/// What the client sent for one form field.
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

/// A decimal amount typed as text ("12.50") or sent as a number (12.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalText(pub String);

impl FromRaw for DecimalText {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Str(s) | Raw::Number(s) => Some(DecimalText(s)),
            _ => None,
        }
    }
}

/// Most decimals a binary float may carry into a decimal (the largest asset scale).
const FLOAT_DECIMALS: u32 = 8;

/// The shortest decimal text with at most 8 decimals that reads back as exactly `f`
/// (`0.1` → "0.1", `1.005` → "1.005"): how a float that a serde deserialiser already made
/// becomes the same text JSON carried. `None` for floats no amount can be (too many
/// decimals, too large, not finite). Integer arithmetic only.
// Exact float equality is the point: the decimal must read back as exactly `f`.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::float_cmp
)]
fn float_text(f: f64) -> Option<String> {
    const LIMIT: f64 = 1e15;
    if !f.is_finite() || f.abs() >= LIMIT {
        return None;
    }
    (0..=FLOAT_DECIMALS).find_map(|decimals| {
        let unit = 10_i64.pow(decimals);
        let scaled = (f * unit as f64).round();
        (scaled / unit as f64 == f).then(|| {
            let scaled = scaled as i64;
            let (int, frac) = (
                scaled.unsigned_abs() / unit.unsigned_abs(),
                scaled.unsigned_abs() % unit.unsigned_abs(),
            );
            let sign = if scaled < 0 { "-" } else { "" };
            if decimals == 0 {
                format!("{sign}{int}")
            } else {
                format!("{sign}{int}.{frac:0width$}", width = decimals as usize)
            }
        })
    })
}

/// Declares a form's lenient input struct: every field an [`Input`] taken from a
/// [`RawObject`] by its API name, with TypeScript declarations for the browser.
macro_rules! form_input {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident: Input<$ty:ty> = $key:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default)]
        #[cfg_attr(feature = "ts", derive(tsify::Tsify), serde(default, rename_all = "camelCase"))]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $crate::input::Input<$ty>,)*
        }

        impl $crate::input::FromRaw for $name {
            fn from_raw(raw: $crate::input::Raw) -> Option<Self> {
                let mut object = <$crate::input::RawObject as $crate::input::FromRaw>::from_raw(raw)?;
                Some(Self { $($field: object.take($key),)* })
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::input::from_raw_de(deserializer, stringify!($name))
            }
        }
    };
}
pub(crate) use form_input;

/// Deserialises any [`FromRaw`] type through [`Raw`] (for the server's JSON bodies).
pub fn from_raw_de<'de, T: FromRaw, D: Deserializer<'de>>(
    deserializer: D,
    what: &'static str,
) -> Result<T, D::Error> {
    T::from_raw(Raw::deserialize(deserializer)?)
        .ok_or_else(|| de::Error::custom(format_args!("invalid {what}")))
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
        Ok(Raw::Number(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Raw, E> {
        Ok(Raw::Number(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Raw, E> {
        Ok(float_text(v).map_or(Raw::Other, Raw::Number))
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
        let mut fields = Vec::new();
        while let Some(entry) = map.next_entry::<String, Raw>()? {
            fields.push(entry);
        }
        Ok(Raw::Object(RawObject(fields)))
    }
}

/// Declares a string-valued enum (`"normal"`, `"applyCard"`…) with its text, parser, list,
/// serde and TypeScript forms written once.
macro_rules! text_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "ts", derive(tsify::Tsify))]
        pub enum $name {
            $($(#[$vmeta])* #[cfg_attr(feature = "ts", serde(rename = $text))] $variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The text the API carries.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }

            /// The value for its exact text.
            pub fn parse(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == text)
            }
        }

        impl $crate::input::FromRaw for $name {
            fn from_raw(raw: $crate::input::Raw) -> Option<Self> {
                match raw {
                    $crate::input::Raw::Str(s) => Self::parse(&s),
                    _ => None,
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::input::from_raw_de(deserializer, stringify!($name))
            }
        }
    };
}
pub(crate) use text_enum;

/// Implements serde's `Deserialize` through [`FromRaw`], so JSON bodies on the server are read
/// by exactly the code that reads the browser's values.
macro_rules! deserialize_via_raw {
    ($($t:ident),*) => {$(
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::input::from_raw_de(deserializer, stringify!($t))
            }
        }
    )*};
}
pub(crate) use deserialize_via_raw;

/// Reads a settings or context struct from an object whose fields must all be present and
/// valid (`field: "apiKey"` pairs), and gives it serde's `Deserialize` the same way.
macro_rules! from_raw_struct {
    ($t:ident { $($field:ident: $key:literal),* $(,)? }) => {
        impl $crate::input::FromRaw for $t {
            fn from_raw(raw: $crate::input::Raw) -> Option<Self> {
                let mut object = <$crate::input::RawObject as $crate::input::FromRaw>::from_raw(raw)?;
                Some(Self { $($field: object.require($key)?,)* })
            }
        }
        $crate::input::deserialize_via_raw!($t);
    };
}
pub(crate) use from_raw_struct;

#[cfg(test)]
mod tests {
    use super::*;

    fn input<T: FromRaw>(json: &str) -> Input<T> {
        let mut o =
            RawObject::from_raw(Raw::from_json(&format!(r#"{{"f":{json}}}"#)).unwrap()).unwrap();
        o.take("f")
    }

    #[test]
    fn text_fields_take_only_strings() {
        assert_eq!(input::<String>(r#""a""#), Input::Value("a".into()));
        assert_eq!(input::<String>("null"), Input::Missing);
        assert_eq!(input::<String>("12"), Input::WrongType);
        assert_eq!(input::<String>("true"), Input::WrongType);
        assert_eq!(input::<String>("[\"a\"]"), Input::WrongType);
        assert_eq!(input::<String>("{\"a\":1}"), Input::WrongType);
    }

    #[test]
    fn amounts_take_text_or_the_exact_number_text() {
        assert_eq!(
            input::<DecimalText>("12.5"),
            Input::Value(DecimalText("12.5".into()))
        );
        assert_eq!(
            input::<DecimalText>("100.0"),
            Input::Value(DecimalText("100.0".into()))
        );
        assert_eq!(
            input::<DecimalText>(r#""12.50""#),
            Input::Value(DecimalText("12.50".into()))
        );
        assert_eq!(
            input::<DecimalText>("1e300"),
            Input::Value(DecimalText("1e300".into()))
        );
        assert_eq!(input::<DecimalText>("false"), Input::WrongType);
    }

    #[test]
    fn integers_accept_whole_numbers_only() {
        assert_eq!(input::<i64>("1"), Input::Value(1));
        assert_eq!(input::<i64>("-7"), Input::Value(-7));
        assert_eq!(input::<i64>("1.0"), Input::Value(1));
        assert_eq!(input::<i64>("1.5"), Input::WrongType);
        assert_eq!(input::<i64>("1e3"), Input::WrongType);
        assert_eq!(input::<i64>("99999999999999999999"), Input::WrongType);
        assert_eq!(input::<i64>(r#""1""#), Input::WrongType);
    }

    #[test]
    fn floats_from_serde_become_the_decimal_json_would_carry() {
        let raw = |json: &str| serde_json::from_str::<Raw>(json).unwrap();
        assert_eq!(raw("0.1"), Raw::Number("0.1".into()));
        assert_eq!(raw("1.005"), Raw::Number("1.005".into()));
        assert_eq!(raw("-2.5"), Raw::Number("-2.5".into()));
        assert_eq!(raw("100.0"), Raw::Number("100".into()));
        assert_eq!(raw("12"), Raw::Number("12".into()));
        assert_eq!(raw("1e300"), Raw::Other);
        assert_eq!(raw("0.000000001"), Raw::Other);
    }

    #[test]
    fn objects_are_read_field_by_field() {
        let mut o =
            RawObject::from_raw(Raw::from_json(r#"{"a":"x","b":1,"c":null,"a":"y"}"#).unwrap())
                .unwrap();
        assert_eq!(o.take::<String>("a"), Input::Value("y".into()));
        assert_eq!(o.take::<String>("b"), Input::WrongType);
        assert_eq!(o.take::<String>("c"), Input::Missing);
        assert_eq!(o.require::<String>("d"), None);
        assert!(RawObject::from_raw(Raw::from_json("[1]").unwrap()).is_none());
    }

    #[test]
    fn lists_need_every_item_to_be_of_the_type() {
        assert_eq!(
            input::<Vec<String>>(r#"["US","HK"]"#),
            Input::Value(vec!["US".into(), "HK".into()])
        );
        assert_eq!(input::<Vec<String>>(r#"["US",1]"#), Input::WrongType);
        assert_eq!(input::<Vec<String>>(r#""US""#), Input::WrongType);
    }
}
