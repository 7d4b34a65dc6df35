//! What the domain receives from outside, read with serde: JSON bodies on the server
//! (`serde_json`), JavaScript values in the browser (`serde-wasm-bindgen`). One set of
//! `Deserialize` impls, so both sides read input the same way.
//!
//! Form fields are lenient: a field that is missing, null, or of the wrong type is still a
//! field-level answer (`required…` or `invalid_type`), never a failure of the whole form. Only
//! a form that is not an object at all fails ([`Object`]), as `malformed_input`.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::{Serialize, Serializer};
use validator::{Validate, ValidateLength, ValidateRequired, ValidationError, ValidationErrors};

use crate::error::ErrorCode;
use crate::text::{char_len, code_text};

/// What the client sent for one form field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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

impl Input<String> {
    /// The text trimmed, `None` when missing, blank or of the wrong type.
    pub fn text(&self) -> Option<&str> {
        self.value().map(|v| v.trim()).filter(|v| !v.is_empty())
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

impl<'de, T: DeserializeOwned> Deserialize<'de> for Input<T> {
    /// Never fails: the value is read into a JSON value, then as `T` when it is neither null
    /// nor of another type. (A `T` that refuses the value answers with `serde_json`'s error,
    /// which costs nothing to make; the browser's would build a JavaScript `Error`, stack and
    /// all, for every field.)
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::Null => Input::Missing,
            value => T::deserialize(value).map_or(Input::WrongType, Input::Value),
        })
    }
}

impl<T: Serialize> Serialize for Input<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Input::Value(v) => v.serialize(serializer),
            Input::Missing | Input::WrongType => serializer.serialize_none(),
        }
    }
}

/// In the OpenAPI document a field is documented as its type, or null (the field is optional:
/// forms read a missing field as one left empty). (`ComposeSchema` is how utoipa's derive builds
/// the schema of a generic field type.)
#[cfg(feature = "openapi")]
impl<T: utoipa::__dev::ComposeSchema> utoipa::__dev::ComposeSchema for Input<T> {
    fn compose(
        generics: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        let value = generics
            .into_iter()
            .next()
            .unwrap_or_else(|| T::compose(Vec::new()));
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .item(value)
            .into()
    }
}

#[cfg(feature = "openapi")]
impl<T: utoipa::__dev::ComposeSchema> utoipa::ToSchema for Input<T> {}

/// The schemas of the field types: what a client may send.
#[cfg(feature = "openapi")]
mod schemas {
    use utoipa::__dev::ComposeSchema;
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};

    use super::{Code, DecimalText};
    use crate::forms::Usage;

    fn string() -> ObjectBuilder {
        ObjectBuilder::new().schema_type(Type::String)
    }

    impl ComposeSchema for DecimalText {
        fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
            OneOfBuilder::new()
                .item(string().examples(["12.50"]))
                .item(ObjectBuilder::new().schema_type(Type::Number))
                .description(Some(
                    "An amount as typed (decimal text), or a number read as JavaScript writes it.",
                ))
                .into()
        }
    }

    impl utoipa::ToSchema for DecimalText {}

    impl ComposeSchema for Code {
        fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
            string()
                .description(Some(
                    "A 6-digit code as typed (full-width digits accepted).",
                ))
                .into()
        }
    }

    impl utoipa::ToSchema for Code {}

    impl ComposeSchema for Usage {
        fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
            OneOfBuilder::new()
                .item(
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .enum_values(Some([0, 1])),
                )
                .item(string().enum_values(Some(["0", "1"])))
                .item(ObjectBuilder::new().schema_type(Type::Boolean))
                .description(Some(
                    "1 (on) or 0 (off), as a number, its text, or a boolean.",
                ))
                .into()
        }
    }

    impl utoipa::ToSchema for Usage {}
}

/// Values that can be present but empty: what `required` refuses besides a missing value.
pub trait Blank {
    fn is_blank(&self) -> bool;
}

impl Blank for String {
    /// Blank text (spaces only) counts as empty, passwords included.
    fn is_blank(&self) -> bool {
        self.trim().is_empty()
    }
}

impl<T> Blank for Vec<T> {
    fn is_blank(&self) -> bool {
        self.is_empty()
    }
}

/// `required`: a value that is neither missing nor blank. A value of the wrong type counts as
/// given: it answers `invalid_type` (see the `Validate` impl below), not "please enter".
impl<T: Blank> ValidateRequired for Input<T> {
    fn is_some(&self) -> bool {
        match self {
            Input::Missing => false,
            Input::Value(v) => !v.is_blank(),
            Input::WrongType => true,
        }
    }
}

/// `length`: characters of the trimmed text (not bytes); nothing to measure when it is missing
/// or blank, which `required` answers.
impl ValidateLength<usize> for Input<String> {
    fn length(&self) -> Option<usize> {
        self.text().map(char_len)
    }
}

/// The type check every form field gets (`#[validate(nest_all_fields)]` on each form): a value
/// of the wrong type is `invalid_type`. It runs only when the field's own rules found nothing,
/// and they find nothing in a wrong-typed value.
impl<T> Validate for Input<T> {
    fn validate(&self) -> Result<(), ValidationErrors> {
        if let Input::WrongType = self {
            let mut errors = ValidationErrors::new();
            errors.add(
                TYPE_CHECK,
                ValidationError::new(ErrorCode::InvalidType.as_str()),
            );
            return Err(errors);
        }
        Ok(())
    }
}

/// Where [`Input`]'s type check files its error inside the field's nested errors.
pub(crate) const TYPE_CHECK: &str = "type";

/// A decimal amount typed as text ("12.50") or sent as a number (12.5).
///
/// A number is read through its shortest round-trip decimal form as JavaScript writes it
/// (`String(n)`: `12.5`, `1e-7`, `1e+21`), so a script's number means what the page would
/// show, and the server reads a JSON number as the browser does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DecimalText(pub String);

impl Blank for DecimalText {
    fn is_blank(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl<'de> Deserialize<'de> for DecimalText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DecimalVisitor;
        impl Visitor<'_> for DecimalVisitor {
            type Value = DecimalText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a decimal as text or a number")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DecimalText, E> {
                Ok(DecimalText(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<DecimalText, E> {
                Ok(DecimalText(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<DecimalText, E> {
                Ok(DecimalText(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<DecimalText, E> {
                Ok(DecimalText(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<DecimalText, E> {
                Ok(DecimalText(ryu_js::Buffer::new().format(v).to_owned()))
            }
        }
        deserializer.deserialize_any(DecimalVisitor)
    }
}

/// A one-time code or PIN as typed: trimmed, full-width digits folded to ASCII, so that
/// comparing two of them (a PIN and its confirmation) compares what the person typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Code(String);

impl Code {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Blank for Code {
    fn is_blank(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Ok(Code(code_text(&text)))
    }
}

impl From<&str> for Input<Code> {
    fn from(value: &str) -> Self {
        Input::Value(Code(code_text(value)))
    }
}

/// A value that must be an object (a form, a request body): anything else, arrays included,
/// fails to deserialize. (serde's derived structs also accept sequences, and serde-wasm-bindgen
/// reads a JavaScript array's indices as keys.)
#[derive(Debug)]
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(Object)
            }
        }
        deserializer.deserialize_any(ObjectVisitor(PhantomData))
    }
}

/// The API names of a struct's fields, in declaration order, as its derived `Deserialize` hands
/// them to the deserializer (after `rename_all`). Forms list their fields in the order their
/// errors are reported.
pub fn field_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    struct Names(Option<&'static [&'static str]>);

    impl<'de> Deserializer<'de> for &mut Names {
        type Error = de::value::Error;

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0 = Some(fields);
            Err(de::Error::custom("field names read"))
        }

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }

    let mut names = Names(None);
    let _ = T::deserialize(&mut names);
    names.0.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input<T: for<'de> Deserialize<'de>>(value: serde_json::Value) -> Input<T> {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn text_fields_take_only_strings() {
        assert_eq!(input::<String>(json!("a")), Input::Value("a".into()));
        assert_eq!(input::<String>(json!(null)), Input::Missing);
        assert_eq!(input::<String>(json!(12)), Input::WrongType);
        assert_eq!(input::<String>(json!(true)), Input::WrongType);
        assert_eq!(input::<String>(json!(["a"])), Input::WrongType);
        assert_eq!(input::<String>(json!({"a": 1})), Input::WrongType);
    }

    #[test]
    fn amounts_take_text_or_a_number_as_javascript_writes_it() {
        let amount = |v| input::<DecimalText>(v).value().map(|d| d.0.clone());
        assert_eq!(amount(json!(12.5)).as_deref(), Some("12.5"));
        assert_eq!(amount(json!(100.0)).as_deref(), Some("100"));
        assert_eq!(amount(json!(100)).as_deref(), Some("100"));
        assert_eq!(amount(json!(-5)).as_deref(), Some("-5"));
        assert_eq!(amount(json!(0.1)).as_deref(), Some("0.1"));
        assert_eq!(amount(json!(1e-7)).as_deref(), Some("1e-7"));
        assert_eq!(amount(json!(1e21)).as_deref(), Some("1e+21"));
        assert_eq!(amount(json!("12.50")).as_deref(), Some("12.50"));
        assert_eq!(input::<DecimalText>(json!(false)), Input::WrongType);
    }

    #[test]
    fn codes_are_trimmed_and_fold_full_width_digits() {
        assert_eq!(
            input::<Code>(json!(" １２３４５６ ")),
            Input::from("123456")
        );
        assert_eq!(input::<Code>(json!(123_456)), Input::WrongType);
    }

    #[test]
    fn lists_need_every_item_to_be_of_the_type() {
        assert_eq!(
            input::<Vec<String>>(json!(["US", "HK"])),
            Input::Value(vec!["US".into(), "HK".into()])
        );
        assert_eq!(input::<Vec<String>>(json!(["US", 1])), Input::WrongType);
        assert_eq!(input::<Vec<String>>(json!("US")), Input::WrongType);
    }

    #[test]
    fn only_objects_are_objects() {
        #[derive(Debug, Default, serde::Deserialize)]
        #[serde(default, rename_all = "camelCase")]
        struct Form {
            first_name: Input<String>,
        }
        let object = |v| serde_json::from_value::<Object<Form>>(v).map(|o| o.0.first_name);
        assert_eq!(object(json!({"firstName": "a"})).unwrap(), Input::from("a"));
        assert_eq!(object(json!({})).unwrap(), Input::Missing);
        for not_an_object in [json!([]), json!(["a"]), json!("a"), json!(null), json!(1)] {
            assert!(object(not_an_object).is_err());
        }
        assert_eq!(field_names::<Form>(), ["firstName"]);
    }

    #[test]
    fn required_refuses_missing_and_blank_but_not_a_wrong_type() {
        assert!(!Input::<String>::Missing.validate_required());
        assert!(!Input::<String>::from("  ").validate_required());
        assert!(Input::<String>::from("a").validate_required());
        assert!(Input::<String>::WrongType.validate_required());
        assert!(!Input::Value(Vec::<String>::new()).validate_required());
    }

    #[test]
    fn lengths_count_characters_of_the_trimmed_text() {
        assert_eq!(Input::<String>::from(" 陳大文 ").length(), Some(3));
        assert_eq!(Input::<String>::from("   ").length(), None);
    }
}
