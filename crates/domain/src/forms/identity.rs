//! Basic identity: step 1 personal data, step 2 the passport and its images.

use serde::Deserialize;
use validator::Validate;

use super::rules::{self, Rule, fail, fail_with};
use super::{Form, NoContext};
use crate::constants::{ADDRESS_MAX, ADULT_AGE, NAME_MAX, PLACE_MAX, POSTCODE_MAX};
use crate::country::Country;
use crate::date::Date;
use crate::error::ErrorCode;
use crate::input::Input;
use crate::text::strip_separators;

/// Longest passport number as typed, separators included.
const PASSPORT_TEXT_MAX: usize = 64;

/// Fields in the order their errors are listed.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = BasicIdentityContext, nest_all_fields)]
pub struct BasicIdentityStep1Form {
    #[validate(
        required(code = "required_input"),
        length(max = NAME_MAX, code = "text_too_long"),
        custom(function = name)
    )]
    pub first_name: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = NAME_MAX, code = "text_too_long"),
        custom(function = name)
    )]
    pub last_name: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = rules::country))]
    pub country: Input<String>,
    /// YYYY-MM-DD.
    #[validate(required(code = "required_input"), custom(function = birthday, use_context))]
    pub birthday: Input<String>,
    #[validate(length(max = POSTCODE_MAX, code = "text_too_long"))]
    pub postcode: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = PLACE_MAX, code = "text_too_long")
    )]
    pub province: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = PLACE_MAX, code = "text_too_long")
    )]
    pub city: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = ADDRESS_MAX, code = "text_too_long")
    )]
    pub address: Input<String>,
}

/// Today's date where the user is, which decides "not in the future" and "adult".
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct BasicIdentityContext {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    pub today: Date,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BasicIdentity {
    pub first_name: String,
    pub last_name: String,
    pub birthday: Date,
    pub postcode: Option<String>,
    pub province: String,
    pub city: String,
    pub address: String,
    pub country: Country,
}

impl Form for BasicIdentityStep1Form {
    type Context = BasicIdentityContext;
    type Parsed = BasicIdentity;

    fn build(&self, _: &BasicIdentityContext) -> Option<BasicIdentity> {
        let text = |input: &Input<String>| input.text().map(str::to_owned);
        Some(BasicIdentity {
            first_name: text(&self.first_name)?,
            last_name: text(&self.last_name)?,
            birthday: Date::parse(self.birthday.text()?)?,
            postcode: text(&self.postcode),
            province: text(&self.province)?,
            city: text(&self.city)?,
            address: text(&self.address)?,
            country: rules::country_of(&self.country)?,
        })
    }
}

/// A name as printed in a passport's machine-readable zone needs Latin letters; other
/// scripts may accompany them. Digits, symbols and emoji are refused.
fn name(input: &Input<String>) -> Rule {
    input.text().map_or(Ok(()), person_name)
}

/// A person's name (trimmed, not blank) by the rule of [`name`]: the basic identity's names and
/// a company investor's directors.
pub(super) fn person_name(value: &str) -> Rule {
    let allowed = |ch: char| {
        ch.is_alphabetic() || matches!(ch, ' ' | '-' | '\'' | '’' | '.' | '\u{0300}'..='\u{036F}')
    };
    if !value.chars().all(allowed) {
        return Err(fail(ErrorCode::NameInvalidCharacters));
    }
    if !value.chars().any(is_latin_letter) {
        return Err(fail(ErrorCode::NameNeedsLatin));
    }
    Ok(())
}

/// Basic Latin, Latin-1, Latin Extended-A/B and Latin Extended Additional letters.
fn is_latin_letter(ch: char) -> bool {
    ch.is_ascii_alphabetic()
        || (ch.is_alphabetic()
            && matches!(ch, '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}')
            && !matches!(ch, '×' | '÷'))
}

/// A calendar date, not in the future, of someone of age. Any text that is not exactly a date,
/// long or short, is an invalid date.
fn birthday(input: &Input<String>, context: &BasicIdentityContext) -> Rule {
    let Some(text) = input.text() else {
        return Ok(());
    };
    let date = Date::parse(text).ok_or(fail(ErrorCode::DateInvalid))?;
    if date > context.today {
        return Err(fail(ErrorCode::BirthdayInFuture));
    }
    if date.years_until(context.today) < ADULT_AGE {
        return Err(fail_with(ErrorCode::Underage, "min", ADULT_AGE));
    }
    Ok(())
}

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct BasicIdentityStep2Form {
    /// The passport number.
    #[validate(
        required(code = "required_input"),
        length(max = PASSPORT_TEXT_MAX, code = "text_too_long"),
        custom(function = passport)
    )]
    pub id_card: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::one_file))]
    pub back_img: Input<String>,
    #[validate(custom(function = rules::one_file))]
    pub other_img: Input<String>,
}

/// The passport (the only accepted document: idType is always PASSPORT).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityDocuments {
    pub passport_number: String,
    pub back_img: String,
    pub other_img: Option<String>,
}

impl Form for BasicIdentityStep2Form {
    type Context = NoContext;
    type Parsed = IdentityDocuments;

    fn build(&self, _: &NoContext) -> Option<IdentityDocuments> {
        let file = |input: &Input<String>| {
            input
                .text()
                .and_then(|v| rules::file_paths(v).into_iter().next())
        };
        Some(IdentityDocuments {
            passport_number: passport_number(self.id_card.text()?)?,
            back_img: file(&self.back_img)?,
            other_img: file(&self.other_img),
        })
    }
}

/// Passport numbers: 5 to 20 letters or digits (ICAO 9303 allows up to 9 in the MRZ; national
/// formats vary, some longer).
fn passport_number(text: &str) -> Option<String> {
    let number = strip_separators(text).to_ascii_uppercase();
    ((5..=20).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(number)
}

fn passport(input: &Input<String>) -> Rule {
    match input.text() {
        Some(text) if passport_number(text).is_none() => {
            Err(fail(ErrorCode::PassportNumberInvalid))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_letters_include_accented_ones() {
        assert!(
            is_latin_letter('a')
                && is_latin_letter('É')
                && is_latin_letter('ř')
                && is_latin_letter('ẞ')
        );
        assert!(
            !is_latin_letter('陳')
                && !is_latin_letter('Ж')
                && !is_latin_letter('Ｊ')
                && !is_latin_letter('×')
        );
    }

    #[test]
    fn the_passport_images_keep_one_file_as_the_upload_picker_does() {
        for field in ["backImg", "otherImg"] {
            assert_eq!(crate::upload::max_files(field), 1, "{field}");
        }
    }
}
