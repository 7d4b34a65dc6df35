//! `validator`'s errors as the API's field errors: `{field, code, params}`, in the order of the
//! form's fields, at most one per field.
//!
//! For each field, the first error of its own rules counts (in `validator`'s order: `length`,
//! `required`, `must_match`, `custom`, then the type check), then the form-level rules
//! (`schema`), which name their field with [`on`]. A field's own rules are written so that
//! only one can apply to a value: `length` measures only non-blank text, `required` judges
//! only missing or blank values, and `custom` rules only values of the right type.
//!
//! A list field's items are checked each by their own rules (`validator`'s nested list
//! errors): their errors are named `list[i].field` (`items[2].reason`), item by item, each
//! item's in the order of its fields ([`item_errors`], which a form with a list names as its
//! [`Form::list_errors`]), and come before the list field's own error.
//!
//! [`Form::list_errors`]: super::Form::list_errors

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::Value;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::error::{ErrorCode, FieldError};
use crate::input::TYPE_CHECK;

/// The key under which `validator` files the errors of `schema` rules.
pub(super) const FORM_LEVEL: &str = "__all__";
/// The parameter naming the field a form-level error belongs to (not `field`, which a rule's
/// message may use).
const FIELD: &str = "__field";
/// Parameters `validator` adds on its own (the values compared), never shown.
const AUTOMATIC: [&str; 3] = ["value", "other", FIELD];

/// `validator`'s errors of a list field's items, by index.
pub type ItemsErrors = BTreeMap<usize, Box<ValidationErrors>>;

/// The field errors of the items of the list field named (API name): [`item_errors`] for a
/// form with lists, [`no_lists`] for the others (their wasm modules then carry no list code).
pub type ListErrors = fn(&str, &ItemsErrors) -> Vec<FieldError>;

/// A form-level (`schema`) rule's `error`, shown next to `field`.
pub fn on(field: &'static str, mut error: ValidationError) -> ValidationError {
    error.add_param(Cow::Borrowed(FIELD), &field);
    error
}

/// The field errors of `errors`, for a form whose fields are `fields` (API names, in order)
/// and whose list fields' items' errors `lists` names.
pub fn field_errors(
    fields: &[&str],
    lists_errors: ListErrors,
    errors: &ValidationErrors,
) -> Vec<FieldError> {
    let mut own: Vec<(String, &ValidationError)> = Vec::new();
    let mut form_level: Vec<(String, &ValidationError)> = Vec::new();
    let mut lists: Vec<(String, Vec<FieldError>)> = Vec::new();
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
            ValidationErrorsKind::List(each) => {
                let list = camel_case(key);
                let of_items = lists_errors(&list, each);
                lists.push((list, of_items));
            }
        }
    }
    let first = |field: &str| pick(&own, field).or_else(|| pick(&form_level, field));
    let unknown = lists
        .iter()
        .map(|(f, _)| f.as_str())
        .chain(own.iter().map(|(f, _)| f.as_str()))
        .chain(form_level.iter().map(|(f, _)| f.as_str()))
        .filter(|f| !fields.contains(f));
    let mut order: Vec<&str> = fields.to_vec();
    for field in unknown {
        if !order.contains(&field) {
            order.push(field);
        }
    }
    let mut found = Vec::new();
    for field in order {
        if let Some((_, of_items)) = lists.iter().find(|(f, _)| f == field) {
            found.extend(of_items.iter().cloned());
        }
        found.extend(first(field).map(|e| field_error(field, e)));
    }
    found
}

/// The list errors of a form without list fields: none (`validator` reports none for it).
pub fn no_lists(_: &str, _: &ItemsErrors) -> Vec<FieldError> {
    Vec::new()
}

/// The field errors of the items of the list field `list`, whose items have the fields
/// `fields` (API names, in order): item by item, each item's in the order of its fields, named
/// `list[i].field` (an item's form-level error without a field: `list[i]`).
pub fn item_errors(list: &str, fields: &[&str], each: &ItemsErrors) -> Vec<FieldError> {
    let mut found = Vec::new();
    for (index, nested) in each {
        let item = format!("{list}[{index}]");
        found.extend(field_errors(fields, no_lists, nested).into_iter().map(|e| {
            let field = if e.field.is_empty() {
                item.clone()
            } else {
                format!("{item}.{}", e.field)
            };
            FieldError { field, ..e }
        }));
    }
    found
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
    use crate::forms::rules;

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
        let list = field_errors(&["cardKey", "amount"], no_lists, &errors);
        assert_eq!(
            list,
            [
                FieldError::new("cardKey", ErrorCode::TextTooLong).with("max", 64),
                FieldError::new("amount", ErrorCode::AmountInvalid),
                FieldError::new("other", ErrorCode::OptionInvalid),
            ]
        );
    }

    fn lists(list: &str, each: &ItemsErrors) -> Vec<FieldError> {
        let fields: &[&str] = match list {
            "items" => &["field", "decision", "reason", "message"],
            _ => &[],
        };
        item_errors(list, fields, each)
    }

    fn nest(errors: &mut ValidationErrors, field: &'static str, kind: ValidationErrorsKind) {
        errors.errors_mut().insert(Cow::Borrowed(field), kind);
    }

    /// An item's errors as `validator` files them: its own rules', the type check's (nested),
    /// and its form-level rules'.
    fn item(errors: &[(&'static str, &'static str)]) -> ValidationErrors {
        let mut item = ValidationErrors::new();
        for &(field, code) in errors {
            match field {
                "message" => item.add(FORM_LEVEL, on("message", ValidationError::new(code))),
                "decision" => {
                    let mut check = ValidationErrors::new();
                    check.add(TYPE_CHECK, ValidationError::new(code));
                    nest(
                        &mut item,
                        field,
                        ValidationErrorsKind::Struct(Box::new(check)),
                    );
                }
                _ => item.add(field, ValidationError::new(code)),
            }
        }
        item
    }

    #[test]
    fn the_items_of_a_list_are_named_by_index_item_by_item_before_the_lists_own_error() {
        let mut errors = ValidationErrors::new();
        errors.add("kind", ValidationError::new("required_choice"));
        errors.add(
            FORM_LEVEL,
            on(
                "items",
                rules::fail_with(ErrorCode::RequiredInput, "field", "backImg"),
            ),
        );
        let each = [
            (
                3,
                item(&[("message", "required_input"), ("reason", "option_invalid")]),
            ),
            (0, item(&[("decision", "invalid_type")])),
            (
                1,
                item(&[("reason", "required_choice"), ("reason", "option_invalid")]),
            ),
        ];
        nest(
            &mut errors,
            "items",
            ValidationErrorsKind::List(each.into_iter().map(|(i, e)| (i, Box::new(e))).collect()),
        );
        assert_eq!(
            field_errors(&["items", "kind"], lists, &errors),
            [
                FieldError::new("items[0].decision", ErrorCode::InvalidType),
                FieldError::new("items[1].reason", ErrorCode::RequiredChoice),
                FieldError::new("items[3].reason", ErrorCode::OptionInvalid),
                FieldError::new("items[3].message", ErrorCode::RequiredInput),
                FieldError::new("items", ErrorCode::RequiredInput).with("field", "backImg"),
                FieldError::new("kind", ErrorCode::RequiredChoice),
            ]
        );
    }

    #[test]
    fn an_items_error_without_a_field_names_the_item() {
        let mut form_level = ValidationErrors::new();
        form_level.add(FORM_LEVEL, ValidationError::new("malformed_input"));
        let mut errors = ValidationErrors::new();
        let each = [(2, Box::new(form_level))].into_iter().collect();
        nest(&mut errors, "pairs", ValidationErrorsKind::List(each));
        assert_eq!(
            field_errors(&["pairs"], lists, &errors),
            [FieldError::new("pairs[2]", ErrorCode::MalformedInput)]
        );
    }
}
