//! Checks of single fields, shared by every form. Each records at most one error per field
//! and answers the clean value when the field is valid.

use crate::country::{self, Country};
use crate::error::{ErrorCode, Errors, FieldError};
use crate::identity::InvestorType;
use crate::input::Input;
use crate::options::Question;
use crate::text::{char_len, code_text, is_digits};
use crate::upload::max_files;

/// Longest stored path of one uploaded file.
const FILE_PATH_MAX: usize = 255;

/// Accumulates a form's errors.
#[derive(Debug, Default)]
pub struct Check {
    errors: Errors,
}

impl Check {
    pub fn reject(&mut self, field: &str, code: ErrorCode) {
        self.errors.add(field, code);
    }

    pub fn reject_with(&mut self, error: FieldError) {
        self.errors.push(error);
    }

    /// The typed form when no field was rejected.
    pub fn build<T>(self, make: impl FnOnce() -> Option<T>) -> Result<T, Vec<FieldError>> {
        if !self.errors.is_empty() {
            return Err(self.errors.into_vec());
        }
        make().ok_or_else(|| vec![FieldError::new("", ErrorCode::MalformedInput)])
    }

    /// The raw value of a text field: `None` (and an `invalid_type` error) for a wrong type,
    /// `Some("")` for missing.
    fn raw<'a>(&mut self, field: &str, input: &'a Input<String>) -> Option<&'a str> {
        match input {
            Input::Missing => Some(""),
            Input::Value(v) => Some(v),
            Input::WrongType => {
                self.reject(field, ErrorCode::InvalidType);
                None
            }
        }
    }

    /// A required text, trimmed; `required` is the code for an empty value.
    pub fn text(
        &mut self,
        field: &str,
        input: &Input<String>,
        required: ErrorCode,
        max: usize,
    ) -> Option<String> {
        let value = self.raw(field, input)?.trim();
        if value.is_empty() {
            self.reject(field, required);
            return None;
        }
        if char_len(value) > max {
            self.reject_with(FieldError::new(field, ErrorCode::TextTooLong).with("max", max));
            return None;
        }
        Some(value.to_owned())
    }

    /// An optional text, trimmed; `Some(None)` when empty (the outer `None`: rejected).
    #[allow(clippy::option_option)]
    pub fn optional_text(
        &mut self,
        field: &str,
        input: &Input<String>,
        max: usize,
    ) -> Option<Option<String>> {
        let value = self.raw(field, input)?.trim();
        if value.is_empty() {
            return Some(None);
        }
        if char_len(value) > max {
            self.reject_with(FieldError::new(field, ErrorCode::TextTooLong).with("max", max));
            return None;
        }
        Some(Some(value.to_owned()))
    }

    /// A secret (password) exactly as typed: not trimmed, but blank counts as empty.
    pub fn secret(
        &mut self,
        field: &str,
        input: &Input<String>,
        required: ErrorCode,
    ) -> Option<String> {
        let value = self.raw(field, input)?;
        if value.trim().is_empty() {
            self.reject(field, required);
            return None;
        }
        Some(value.to_owned())
    }

    /// A 6-digit code (one-time code or PIN), full-width digits accepted.
    pub fn six_digits(
        &mut self,
        field: &str,
        input: &Input<String>,
        required: ErrorCode,
        format: ErrorCode,
    ) -> Option<String> {
        let value = code_text(self.raw(field, input)?);
        if value.is_empty() {
            self.reject(field, required);
            return None;
        }
        if !is_digits(&value, crate::constants::CODE_LENGTH) {
            self.reject(field, format);
            return None;
        }
        Some(value)
    }

    /// A country chosen from the list, by alpha-2 code.
    pub fn country(&mut self, field: &str, input: &Input<String>) -> Option<Country> {
        let code = self.raw(field, input)?.trim();
        if code.is_empty() {
            self.reject(field, ErrorCode::RequiredChoice);
            return None;
        }
        let found = country::find(code);
        if found.is_none() {
            self.reject(field, ErrorCode::CountryInvalid);
        }
        found
    }

    /// A non-empty list of distinct countries.
    pub fn countries(&mut self, field: &str, input: &Input<Vec<String>>) -> Option<Vec<Country>> {
        let codes = self.list(field, input)?;
        let mut found: Vec<Country> = Vec::with_capacity(codes.len());
        for code in &codes {
            match country::find(code.trim()) {
                Some(c) if !found.iter().any(|f| f.code == c.code) => found.push(c),
                _ => {
                    self.reject(field, ErrorCode::CountryInvalid);
                    return None;
                }
            }
        }
        Some(found)
    }

    /// A non-empty list of text values.
    fn list(&mut self, field: &str, input: &Input<Vec<String>>) -> Option<Vec<String>> {
        match input {
            Input::WrongType => {
                self.reject(field, ErrorCode::InvalidType);
                None
            }
            Input::Missing => {
                self.reject(field, ErrorCode::RequiredChoice);
                None
            }
            Input::Value(v) if v.is_empty() => {
                self.reject(field, ErrorCode::RequiredChoice);
                None
            }
            Input::Value(v) => Some(v.clone()),
        }
    }

    /// One answer of `question` that `investor` may give.
    pub fn choice(
        &mut self,
        input: &Input<String>,
        question: &Question,
        investor: InvestorType,
    ) -> Option<String> {
        let field = question.field;
        let value = self.raw(field, input)?.trim();
        if value.is_empty() {
            self.reject(field, ErrorCode::RequiredChoice);
            return None;
        }
        if !question.allows(value, investor) {
            self.reject(field, ErrorCode::OptionInvalid);
            return None;
        }
        Some(value.to_owned())
    }

    /// One or more distinct answers of `question` that `investor` may give.
    pub fn choices(
        &mut self,
        input: &Input<Vec<String>>,
        question: &Question,
        investor: InvestorType,
    ) -> Option<Vec<String>> {
        let field = question.field;
        let values = self.list(field, input)?;
        let mut picked: Vec<String> = Vec::with_capacity(values.len());
        for v in values.iter().map(|v| v.trim().to_owned()) {
            if !question.allows(&v, investor) || picked.contains(&v) {
                self.reject(field, ErrorCode::OptionInvalid);
                return None;
            }
            picked.push(v);
        }
        Some(picked)
    }

    /// An uploaded-file value: comma-separated paths returned by the upload call, at most as
    /// many as the field keeps. `Some(vec![])` when optional and empty.
    pub fn files(
        &mut self,
        field: &str,
        input: &Input<String>,
        required: bool,
    ) -> Option<Vec<String>> {
        let value = self.raw(field, input)?.trim();
        if value.is_empty() {
            if required {
                self.reject(field, ErrorCode::RequiredFile);
                return None;
            }
            return Some(Vec::new());
        }
        let paths: Vec<String> = value.split(',').map(|p| p.trim().to_owned()).collect();
        if !paths.iter().all(|p| valid_file_path(p)) {
            self.reject(field, ErrorCode::FileValueInvalid);
            return None;
        }
        let max = max_files(field);
        if paths.len() > max {
            let extra = paths
                .get(max)
                .and_then(|p| p.rsplit('/').next())
                .unwrap_or_default();
            self.reject_with(
                FieldError::new(field, ErrorCode::FileTooMany)
                    .with("name", extra)
                    .with("max", max),
            );
            return None;
        }
        Some(paths)
    }
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
}
