//! Basic identity: step 1 personal data, step 2 the passport and its images.

use crate::input::{form_input, from_raw_struct};

use super::fields::Check;
use super::{Form, NoContext};
use crate::constants::{ADDRESS_MAX, ADULT_AGE, NAME_MAX, PLACE_MAX, POSTCODE_MAX};
use crate::country::Country;
use crate::date::Date;
use crate::error::{ErrorCode, FieldError};
use crate::input::Input;

form_input! {
    pub struct BasicIdentityStep1Form {
        pub first_name: Input<String> = "firstName",
        pub last_name: Input<String> = "lastName",
        /// YYYY-MM-DD.
        pub birthday: Input<String> = "birthday",
        pub postcode: Input<String> = "postcode",
        pub province: Input<String> = "province",
        pub city: Input<String> = "city",
        pub address: Input<String> = "address",
        pub country: Input<String> = "country",
    }
}

/// Today's date where the user is, which decides "not in the future" and "adult".
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct BasicIdentityContext {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    pub today: Date,
}

from_raw_struct!(BasicIdentityContext { today: "today" });

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

    fn parse(&self, context: &BasicIdentityContext) -> Result<BasicIdentity, Vec<FieldError>> {
        let mut c = Check::default();
        let first_name = name(&mut c, "firstName", &self.first_name);
        let last_name = name(&mut c, "lastName", &self.last_name);
        let country = c.country("country", &self.country);
        let birthday = birthday(&mut c, &self.birthday, context.today);
        let postcode = c.optional_text("postcode", &self.postcode, POSTCODE_MAX);
        let province = c.text(
            "province",
            &self.province,
            ErrorCode::RequiredInput,
            PLACE_MAX,
        );
        let city = c.text("city", &self.city, ErrorCode::RequiredInput, PLACE_MAX);
        let address = c.text(
            "address",
            &self.address,
            ErrorCode::RequiredInput,
            ADDRESS_MAX,
        );
        c.build(|| {
            Some(BasicIdentity {
                first_name: first_name?,
                last_name: last_name?,
                birthday: birthday?,
                postcode: postcode?,
                province: province?,
                city: city?,
                address: address?,
                country: country?,
            })
        })
    }
}

/// A name as printed in a passport's machine-readable zone needs Latin letters; other
/// scripts may accompany them. Digits, symbols and emoji are refused.
fn name(c: &mut Check, field: &str, input: &Input<String>) -> Option<String> {
    let value = c.text(field, input, ErrorCode::RequiredInput, NAME_MAX)?;
    let allowed = |ch: char| {
        ch.is_alphabetic() || matches!(ch, ' ' | '-' | '\'' | '’' | '.' | '\u{0300}'..='\u{036F}')
    };
    if !value.chars().all(allowed) {
        c.reject(field, ErrorCode::NameInvalidCharacters);
        return None;
    }
    if !value.chars().any(is_latin_letter) {
        c.reject(field, ErrorCode::NameNeedsLatin);
        return None;
    }
    Some(value)
}

/// Basic Latin, Latin-1, Latin Extended-A/B and Latin Extended Additional letters.
fn is_latin_letter(ch: char) -> bool {
    ch.is_ascii_alphabetic()
        || (ch.is_alphabetic()
            && matches!(ch, '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}')
            && !matches!(ch, '×' | '÷'))
}

fn birthday(c: &mut Check, input: &Input<String>, today: Date) -> Option<Date> {
    // Any text that is not exactly a date, long or short, is an invalid date.
    let text = c.text("birthday", input, ErrorCode::RequiredInput, usize::MAX)?;
    let Some(date) = Date::parse(&text) else {
        c.reject("birthday", ErrorCode::DateInvalid);
        return None;
    };
    if date > today {
        c.reject("birthday", ErrorCode::BirthdayInFuture);
        return None;
    }
    if date.years_until(today) < ADULT_AGE {
        c.reject_with(FieldError::new("birthday", ErrorCode::Underage).with("min", ADULT_AGE));
        return None;
    }
    Some(date)
}

form_input! {
    pub struct BasicIdentityStep2Form {
        /// The passport number.
        pub id_card: Input<String> = "idCard",
        pub back_img: Input<String> = "backImg",
        pub other_img: Input<String> = "otherImg",
    }
}

/// The passport (the only accepted document: idType is always PASSPORT).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityDocuments {
    pub passport_number: String,
    pub back_img: String,
    pub other_img: Option<String>,
}

/// Passport numbers: 5 to 20 letters or digits (ICAO 9303 allows up to 9 in the MRZ; national
/// formats vary, some longer).
fn passport_number(c: &mut Check, input: &Input<String>) -> Option<String> {
    let text = c.text("idCard", input, ErrorCode::RequiredInput, 64)?;
    let number = crate::text::strip_separators(&text).to_ascii_uppercase();
    if (5..=20).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Some(number)
    } else {
        c.reject("idCard", ErrorCode::PassportNumberInvalid);
        None
    }
}

impl Form for BasicIdentityStep2Form {
    type Context = NoContext;
    type Parsed = IdentityDocuments;

    fn parse(&self, _: &NoContext) -> Result<IdentityDocuments, Vec<FieldError>> {
        let mut c = Check::default();
        let number = passport_number(&mut c, &self.id_card);
        let back = c.files("backImg", &self.back_img, true);
        let other = c.files("otherImg", &self.other_img, false);
        c.build(|| {
            Some(IdentityDocuments {
                passport_number: number?,
                back_img: back?.into_iter().next()?,
                other_img: other?.into_iter().next(),
            })
        })
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
}
