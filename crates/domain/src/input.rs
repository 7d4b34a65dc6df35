//! Everything the domain receives from outside goes through one path: a [`Raw`] value (built
//! from JSON by serde on the server, from a `JsValue` by `domain-wasm` in the browser), then a
//! typed value built from it by [`FromRaw`]. One path means the browser and the server read
//! input the same way, and the browser module carries no serde deserialisers.
//!
//! Form fields are lenient: a field that is missing, null, or of the wrong type is still a
//! field-level answer (`required…` or `invalid_type`), never a failure of the whole form.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// Any JSON / JavaScript value, as far as the domain cares.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    /// Absent, `null` or `undefined`.
    Missing,
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    List(Vec<Raw>),
    Object(RawObject),
    /// Anything else (bytes, functions…): never valid input.
    Other,
}

impl Raw {
    /// A JavaScript number: whole numbers within 2^53 are integers, like JSON's `1`.
    #[allow(clippy::cast_possible_truncation)]
    pub fn number(n: f64) -> Raw {
        if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER {
            Raw::Int(n as i64)
        } else {
            Raw::Float(n)
        }
    }
}

/// 2^53 − 1: the largest integer every JavaScript number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

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
    #[allow(clippy::cast_possible_truncation)]
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Int(i) => Some(i),
            // JSON's `1.0` is the integer 1, as in JavaScript.
            Raw::Float(f) if f.fract() == 0.0 && f.abs() <= MAX_SAFE_INTEGER => Some(f as i64),
            _ => None,
        }
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
            Raw::Str(s) => Some(DecimalText(s)),
            Raw::Int(i) => Some(DecimalText(i.to_string())),
            Raw::Float(f) => Some(DecimalText(float_text(f))),
            _ => None,
        }
    }
}

/// Most decimals a number can carry into an amount (the largest asset scale).
const FLOAT_DECIMALS: u32 = 8;

/// The shortest decimal text with at most 8 decimals that reads back as exactly `f`
/// (`0.1` → "0.1", `1.005` → "1.005"). Numbers that need more decimals, or are too large to
/// be an amount, become text the amount parser refuses. Integer arithmetic only, so the
/// browser and the server agree, and no float formatter is shipped to the browser.
// Exact float equality is the point: the decimal must read back as exactly `f`.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::float_cmp
)]
fn float_text(f: f64) -> String {
    const LIMIT: f64 = 1e15;
    if !f.is_finite() || f.abs() >= LIMIT {
        return String::from("invalid");
    }
    for decimals in 0..=FLOAT_DECIMALS {
        let unit = 10_i64.pow(decimals);
        let scaled = (f * unit as f64).round();
        if scaled / unit as f64 == f {
            let scaled = scaled as i64;
            let (int, frac) = (
                scaled.unsigned_abs() / unit.unsigned_abs(),
                scaled.unsigned_abs() % unit.unsigned_abs(),
            );
            let sign = if scaled < 0 { "-" } else { "" };
            return if decimals == 0 {
                format!("{sign}{int}")
            } else {
                format!("{sign}{int}.{frac:0width$}", width = decimals as usize)
            };
        }
    }
    // Needs more decimals than any asset has: the amount parser says so.
    String::from("0.000000001")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn input<T: FromRaw>(json: &str) -> Input<T> {
        let mut o: RawObject =
            RawObject::from_raw(serde_json::from_str(&format!(r#"{{"f":{json}}}"#)).unwrap())
                .unwrap();
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
    fn amounts_take_text_or_numbers() {
        assert_eq!(
            input::<DecimalText>("12.5"),
            Input::Value(DecimalText("12.5".into()))
        );
        assert_eq!(
            input::<DecimalText>("12"),
            Input::Value(DecimalText("12".into()))
        );
        assert_eq!(
            input::<DecimalText>(r#""12.50""#),
            Input::Value(DecimalText("12.50".into()))
        );
        assert_eq!(input::<DecimalText>("false"), Input::WrongType);
        assert_eq!(
            input::<DecimalText>("0.1"),
            Input::Value(DecimalText("0.1".into()))
        );
        assert_eq!(
            input::<DecimalText>("1.005"),
            Input::Value(DecimalText("1.005".into()))
        );
        assert_eq!(
            input::<DecimalText>("-2.5"),
            Input::Value(DecimalText("-2.5".into()))
        );
        assert_eq!(
            input::<DecimalText>("100.0"),
            Input::Value(DecimalText("100".into()))
        );
        assert_eq!(
            input::<DecimalText>("0.000000001"),
            Input::Value(DecimalText("0.000000001".into()))
        );
        assert_eq!(
            input::<DecimalText>("1e300"),
            Input::Value(DecimalText("invalid".into()))
        );
    }

    #[test]
    fn integers_accept_whole_doubles_only() {
        assert_eq!(input::<i64>("1"), Input::Value(1));
        assert_eq!(input::<i64>("1.0"), Input::Value(1));
        assert_eq!(input::<i64>("1.5"), Input::WrongType);
        assert_eq!(input::<i64>(r#""1""#), Input::WrongType);
        assert_eq!(Raw::number(3.0), Raw::Int(3));
        assert_eq!(Raw::number(3.5), Raw::Float(3.5));
    }

    #[test]
    fn objects_are_read_field_by_field() {
        let raw: Raw = serde_json::from_str(r#"{"a":"x","b":1,"c":null,"a":"y"}"#).unwrap();
        let mut o = RawObject::from_raw(raw).unwrap();
        assert_eq!(o.take::<String>("a"), Input::Value("y".into()));
        assert_eq!(o.take::<String>("b"), Input::WrongType);
        assert_eq!(o.take::<String>("c"), Input::Missing);
        assert_eq!(o.require::<String>("d"), None);
        assert!(RawObject::from_raw(serde_json::from_str("[1]").unwrap()).is_none());
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
