//! `validator`'s errors as the API's field errors: `{field, code, params}`, in the order of the
//! form's fields, at most one per field.
//!
//! For each field, the first error of its own rules counts (in `validator`'s order: `length`,
//! `required`, `must_match`, `custom`, then the type check), then the form-level rules
//! (`schema`), which name their field with [`on`]. A field's own rules are written so that
//! only one can apply to a value: `length` measures only non-blank text, `required` judges
//! only missing or blank values, and `custom` rules only values of the right type.

use std::borrow::Cow;

use serde_json::Value;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::error::{ErrorCode, FieldError};
use crate::input::TYPE_CHECK;

/// The key under which `validator` files the errors of `schema` rules.
const FORM_LEVEL: &str = "__all__";
/// The parameter naming the field a form-level error belongs to.
const FIELD: &str = "field";
/// Parameters `validator` adds on its own (the values compared), never shown.
const AUTOMATIC: [&str; 3] = ["value", "other", FIELD];

/// A form-level (`schema`) rule's `error`, shown next to `field`.
pub fn on(field: &'static str, mut error: ValidationError) -> ValidationError {
    error.add_param(Cow::Borrowed(FIELD), &field);
    error
}

/// The field errors of `errors`, for a form whose fields are `fields` (API names, in order).
pub fn field_errors(fields: &[&str], errors: &ValidationErrors) -> Vec<FieldError> {
    let mut own: Vec<(String, &ValidationError)> = Vec::new();
    let mut form_level: Vec<(String, &ValidationError)> = Vec::new();
    for (key, kind) in errors.errors() {
        match kind {
            ValidationErrorsKind::Field(list) if key == FORM_LEVEL => {
                form_level.extend(list.iter().map(|e| (param(e, FIELD), e)));
            }
            ValidationErrorsKind::Field(list) => {
                own.extend(list.iter().map(|e| (camel_case(key), e)));
            }
            ValidationErrorsKind::Struct(nested) => {
                let checks = nested.field_errors();
                let found = checks.get(TYPE_CHECK).into_iter().flat_map(|l| l.iter());
                own.extend(found.map(|e| (camel_case(key), e)));
            }
            ValidationErrorsKind::List(_) => {}
        }
    }
    let first = |field: &str| pick(&own, field).or_else(|| pick(&form_level, field));
    let unknown = own
        .iter()
        .chain(&form_level)
        .map(|(f, _)| f.as_str())
        .filter(|f| !fields.contains(f));
    let mut order: Vec<&str> = fields.to_vec();
    for field in unknown {
        if !order.contains(&field) {
            order.push(field);
        }
    }
    order
        .into_iter()
        .filter_map(|field| first(field).map(|e| field_error(field, e)))
        .collect()
}

fn pick<'a>(list: &[(String, &'a ValidationError)], field: &str) -> Option<&'a ValidationError> {
    list.iter().find(|(f, _)| f == field).map(|(_, e)| *e)
}

fn field_error(field: &str, error: &ValidationError) -> FieldError {
    let code = ErrorCode::ALL
        .iter()
        .copied()
        .find(|c| c.as_str() == error.code)
        .unwrap_or_else(|| {
            debug_assert!(false, "a rule answered the unknown code {}", error.code);
            ErrorCode::MalformedInput
        });
    let mut params: Vec<(&str, String)> = error
        .params
        .iter()
        .filter(|(name, _)| !AUTOMATIC.contains(&name.as_ref()))
        .map(|(name, value)| (name.as_ref(), text(value)))
        .collect();
    params.sort();
    params
        .into_iter()
        .fold(FieldError::new(field, code), |e, (name, value)| {
            e.with(name, value)
        })
}

/// A parameter as the message shows it: text as it is, numbers in decimal. (Rules give only
/// text and numbers; written without serde_json's JSON writer, which the wasm modules would
/// otherwise carry for this alone.)
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null | Value::Array(_) | Value::Object(_) => String::new(),
    }
}

fn param(error: &ValidationError, name: &str) -> String {
    error.params.get(name).map(text).unwrap_or_default()
}

/// `id_card` → `idCard`: the API name of a Rust field (forms rename their fields camelCase).
fn camel_case(ident: &str) -> String {
    let mut out = String::with_capacity(ident.len());
    let mut upper = false;
    for ch in ident.chars() {
        if ch == '_' {
            upper = true;
        } else if upper {
            out.push(ch.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_field_names_become_api_names() {
        assert_eq!(camel_case("id_card"), "idCard");
        assert_eq!(
            camel_case("have_been_politically_exposed_person"),
            "haveBeenPoliticallyExposedPerson"
        );
        assert_eq!(camel_case("email"), "email");
    }

    #[test]
    fn errors_follow_the_form_order_one_per_field() {
        let mut errors = ValidationErrors::new();
        let mut too_long = ValidationError::new("text_too_long");
        too_long.add_param(Cow::Borrowed("max"), &64);
        too_long.add_param(Cow::Borrowed("value"), &"xxxx");
        errors.add("card_key", too_long);
        errors.add("card_key", ValidationError::new("required_choice"));
        errors.add("amount", ValidationError::new("amount_invalid"));
        errors.add(
            FORM_LEVEL,
            on("amount", ValidationError::new("insufficient_balance")),
        );
        errors.add(
            FORM_LEVEL,
            on("other", ValidationError::new("option_invalid")),
        );
        let list = field_errors(&["cardKey", "amount"], &errors);
        assert_eq!(
            list,
            [
                FieldError::new("cardKey", ErrorCode::TextTooLong).with("max", 64),
                FieldError::new("amount", ErrorCode::AmountInvalid),
                FieldError::new("other", ErrorCode::OptionInvalid),
            ]
        );
    }
}
