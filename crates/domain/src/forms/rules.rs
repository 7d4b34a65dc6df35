//! The field rules the forms name in their `#[validate(custom(...))]` attributes: the real
//! formats (e-mail, passwords, codes, countries, choices, uploaded-file values).
//!
//! A rule judges a value of the right type that is not blank; a missing or blank value is
//! `required`'s to answer and a value of the wrong type the type check's, so every rule lets
//! those pass. Rules for fields that only some users fill in ([`given`]) answer all three
//! themselves, since they run as form-level (`schema`) rules.

use std::borrow::Cow;

use serde::Serialize;
use validator::ValidationError;

use super::errors::on;

use crate::constants::{CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN};
use crate::country::{self, Country};
use crate::email::Email;
use crate::error::ErrorCode;
use crate::identity::InvestorType;
use crate::input::{Blank, Code, DecimalText, Input};
use crate::money::{AmountError, USD, parse_amount};
use crate::options::Question;
use crate::text::{char_len, is_digits};
use crate::upload::UPLOAD_MAX_FILES;

/// What a rule answers.
pub type Rule = Result<(), ValidationError>;

/// Longest stored path of one uploaded file.
const FILE_PATH_MAX: usize = 255;

/// A rejection with `code`.
pub fn fail(code: ErrorCode) -> ValidationError {
    ValidationError::new(code.as_str())
}

/// A rejection with `code` and one parameter of its message.
pub fn fail_with(code: ErrorCode, name: &'static str, value: impl Serialize) -> ValidationError {
    let mut error = fail(code);
    error.add_param(Cow::Borrowed(name), &value);
    error
}

/// The non-blank value of a field only some users fill in: `required` when it is missing or
/// blank, `invalid_type` when it has another type.
pub fn given<T: Blank>(input: &Input<T>, required: ErrorCode) -> Result<&T, ValidationError> {
    match input {
        Input::Value(v) if !v.is_blank() => Ok(v),
        Input::Missing | Input::Value(_) => Err(fail(required)),
        Input::WrongType => Err(fail(ErrorCode::InvalidType)),
    }
}

/// Runs `check` on the trimmed text when there is some.
fn on_text(input: &Input<String>, check: impl FnOnce(&str) -> Rule) -> Rule {
    input.text().map_or(Ok(()), check)
}

/// A valid e-mail address.
pub fn email(input: &Input<String>) -> Rule {
    on_text(input, |t| {
        Email::parse(t)
            .map(drop)
            .ok_or(fail(ErrorCode::EmailInvalid))
    })
}

/// A new password, exactly as typed (not trimmed): 8 to 128 characters with at least one
/// letter and one digit.
pub fn new_password(input: &Input<String>) -> Rule {
    let Some(password) = input.value().filter(|p| !p.is_blank()) else {
        return Ok(());
    };
    let len = char_len(password);
    if len < PASSWORD_MIN {
        return Err(fail_with(ErrorCode::PasswordTooShort, "min", PASSWORD_MIN));
    }
    if len > PASSWORD_MAX {
        return Err(fail_with(ErrorCode::PasswordTooLong, "max", PASSWORD_MAX));
    }
    if !password.chars().any(char::is_alphabetic) || !password.chars().any(|c| c.is_ascii_digit()) {
        return Err(fail(ErrorCode::PasswordTooWeak));
    }
    Ok(())
}

/// An authenticator code: 6 digits.
pub fn mfa_code(input: &Input<Code>) -> Rule {
    six_digits(input, ErrorCode::MfaCodeFormat)
}

/// An e-mail code: 6 digits.
pub fn email_code(input: &Input<Code>) -> Rule {
    six_digits(input, ErrorCode::EmailCodeFormat)
}

/// The security PIN: 6 digits.
pub fn pin(input: &Input<Code>) -> Rule {
    six_digits(input, ErrorCode::PinFormat)
}

fn six_digits(input: &Input<Code>, format: ErrorCode) -> Rule {
    match input.value() {
        Some(code) if !code.is_blank() && !is_digits(code.as_str(), CODE_LENGTH) => {
            Err(fail(format))
        }
        _ => Ok(()),
    }
}

/// A positive USD amount: minor units, or why the text is not one. `required` is the code for
/// text that holds nothing (a separator alone, say).
pub fn usd_amount(amount: &DecimalText, required: ErrorCode) -> Result<i64, ValidationError> {
    positive_amount(amount, USD.scale, required)
}

/// A positive amount in minor units at `scale` (a coin's), or why the text is not one: nothing
/// in it (`required`), not a number, more decimals than the scale (never rounded), not above 0.
pub fn positive_amount(
    amount: &DecimalText,
    scale: u8,
    required: ErrorCode,
) -> Result<i64, ValidationError> {
    match parse_amount(&amount.0, scale) {
        Ok(minor) if minor > 0 => Ok(minor),
        Ok(_) => Err(fail(ErrorCode::AmountNotPositive)),
        Err(AmountError::Empty) => Err(fail(required)),
        Err(AmountError::Invalid) => Err(fail(ErrorCode::AmountInvalid)),
        Err(AmountError::TooManyDecimals) => {
            Err(fail_with(ErrorCode::AmountTooManyDecimals, "scale", scale))
        }
    }
}

/// A confirmation (of a password or PIN) equals what it confirms. Judged when the confirmation
/// is there and of the right type (`required` and the type check answer the rest), so this is
/// a form-level rule rather than `must_match`, which would call a wrong-typed confirmation a
/// mismatch.
pub fn confirms<T: Blank + PartialEq>(
    field: &'static str,
    confirmation: &Input<T>,
    original: &Input<T>,
) -> Rule {
    match confirmation.value() {
        Some(c) if !c.is_blank() && original.value() != Some(c) => {
            Err(on(field, fail(ErrorCode::PasswordMismatch)))
        }
        _ => Ok(()),
    }
}

/// A country of the list, by alpha-2 code.
pub fn country(input: &Input<String>) -> Rule {
    on_text(input, |code| {
        country::find(code)
            .map(drop)
            .ok_or(fail(ErrorCode::CountryInvalid))
    })
}

/// The country of a valid [`country`] field.
pub fn country_of(input: &Input<String>) -> Option<Country> {
    input.text().and_then(country::find)
}

/// A list of distinct countries of the list.
pub fn countries(input: &Input<Vec<String>>) -> Rule {
    match input.value() {
        Some(codes) if countries_of(codes).is_none() => Err(fail(ErrorCode::CountryInvalid)),
        _ => Ok(()),
    }
}

/// The countries of a valid [`countries`] field (`None` when one is unknown or repeated).
pub fn countries_of(codes: &[String]) -> Option<Vec<Country>> {
    let mut found: Vec<Country> = Vec::with_capacity(codes.len());
    for code in codes {
        let country = country::find(code.trim())?;
        if found.iter().any(|f| f.code == country.code) {
            return None;
        }
        found.push(country);
    }
    Some(found)
}

/// One answer of `question` that `investor` may give.
pub fn choice(input: &Input<String>, question: &Question, investor: InvestorType) -> Rule {
    on_text(input, |answer| {
        if question.allows(answer, investor) {
            Ok(())
        } else {
            Err(fail(ErrorCode::OptionInvalid))
        }
    })
}

/// One or more distinct answers of `question` that `investor` may give (each trimmed).
pub fn choices(input: &Input<Vec<String>>, question: &Question, investor: InvestorType) -> Rule {
    let Some(answers) = input.value() else {
        return Ok(());
    };
    let mut picked: Vec<&str> = Vec::with_capacity(answers.len());
    for answer in answers.iter().map(|a| a.trim()) {
        if !question.allows(answer, investor) || picked.contains(&answer) {
            return Err(fail(ErrorCode::OptionInvalid));
        }
        picked.push(answer);
    }
    Ok(())
}

/// An uploaded-file value (the comma-separated references the upload call answered) of a
/// field that keeps one file (the passport images: see
/// [`max_files`](crate::upload::max_files)).
pub fn one_file(input: &Input<String>) -> Rule {
    files_up_to(1, input)
}

/// An uploaded-file value of a field that keeps up to [`UPLOAD_MAX_FILES`] files.
pub fn files(input: &Input<String>) -> Rule {
    files_up_to(UPLOAD_MAX_FILES, input)
}

fn files_up_to(max: usize, input: &Input<String>) -> Rule {
    on_text(input, |value| {
        let paths = file_paths(value);
        if !paths.iter().all(|p| valid_file_path(p)) {
            return Err(fail(ErrorCode::FileValueInvalid));
        }
        match paths.get(max) {
            None => Ok(()),
            Some(extra) => {
                let mut error = fail_with(ErrorCode::FileTooMany, "max", max);
                let name = extra.rsplit('/').next().unwrap_or_default();
                error.add_param(Cow::Borrowed("name"), &name);
                Err(error)
            }
        }
    })
}

/// The references of an uploaded-file value (empty when there are none).
pub fn file_paths(value: &str) -> Vec<String> {
    let value = value.trim();
    if value.is_empty() {
        return Vec::new();
    }
    value.split(',').map(|p| p.trim().to_owned()).collect()
}

/// A relative path inside the upload area: no empty, `.` or `..` segments, no backslashes or
/// control characters.
fn valid_file_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= FILE_PATH_MAX
        && !path.starts_with('/')
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && path
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_paths_stay_inside_the_upload_area() {
        assert!(valid_file_path("u/2026/ab12_passport.png"));
        assert!(!valid_file_path("/etc/passwd"));
        assert!(!valid_file_path("u/../secret.png"));
        assert!(!valid_file_path("u//a.png"));
        assert!(!valid_file_path("u\\a.png"));
    }

    #[test]
    fn rules_leave_missing_blank_and_wrong_typed_values_to_others() {
        for input in [Input::Missing, Input::from("  "), Input::WrongType] {
            assert!(email(&input).is_ok());
            assert!(country(&input).is_ok());
            assert!(files(&input).is_ok());
        }
        assert!(email(&Input::from("x")).is_err());
    }
}
