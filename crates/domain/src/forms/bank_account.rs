//! Save a bank account for withdrawals and fund redemptions.

use serde::Deserialize;
use validator::Validate;

use super::errors::on;
use super::rules::{self, Rule, fail, fail_with, given};
use super::{Form, NoContext};
use crate::bank::{AccountNumberError, is_aba_routing_number, is_swift_code, parse_account_number};
use crate::constants::{ADDRESS_MAX, BANK_NAME_MAX, NICKNAME_MAX};
use crate::country::{Country, US};
use crate::error::ErrorCode;
use crate::input::Input;
use crate::text::{char_len, normalize_digits, strip_separators};

/// Longest identifier field before normalisation (spaces included).
const IDENTIFIER_MAX: usize = 64;

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = routing_number_of_us_banks, skip_on_field_errors = false)
)]
pub struct BankAccountForm {
    #[validate(
        required(code = "required_input"),
        length(max = NICKNAME_MAX, code = "text_too_long")
    )]
    pub nickname: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = rules::country))]
    pub bank_country: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = BANK_NAME_MAX, code = "text_too_long")
    )]
    pub bank_name: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = ADDRESS_MAX, code = "text_too_long")
    )]
    pub bank_address: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = IDENTIFIER_MAX, code = "text_too_long"),
        custom(function = account_number)
    )]
    pub account_number: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = IDENTIFIER_MAX, code = "text_too_long"),
        custom(function = swift_code)
    )]
    pub swift_code: Input<String>,
    /// Only for banks in the US.
    #[validate(skip)]
    pub routing_number: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = ADDRESS_MAX, code = "text_too_long")
    )]
    pub account_address: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    pub nickname: String,
    pub bank_country: Country,
    pub bank_name: String,
    pub bank_address: String,
    /// Upper case, without spaces or hyphens.
    pub account_number: String,
    /// Upper case BIC.
    pub swift_code: String,
    /// Present exactly when the bank is in the US.
    pub routing_number: Option<String>,
    pub account_address: String,
}

impl Form for BankAccountForm {
    type Context = NoContext;
    type Parsed = BankAccount;

    fn build(&self, _: &NoContext) -> Option<BankAccount> {
        let text = |input: &Input<String>| input.text().map(str::to_owned);
        let bank_country = rules::country_of(&self.bank_country)?;
        Some(BankAccount {
            nickname: text(&self.nickname)?,
            bank_country,
            bank_name: text(&self.bank_name)?,
            bank_address: text(&self.bank_address)?,
            account_number: parse_account_number(self.account_number.text()?).ok()?,
            swift_code: bic(self.swift_code.text()?)?,
            routing_number: if bank_country.code == US {
                Some(aba(self.routing_number.text()?)?)
            } else {
                None
            },
            account_address: text(&self.account_address)?,
        })
    }
}

fn account_number(input: &Input<String>) -> Rule {
    match input.text().map(parse_account_number) {
        Some(Err(AccountNumberError::Invalid)) => Err(fail(ErrorCode::AccountNumberInvalid)),
        Some(Err(AccountNumberError::IbanInvalid)) => Err(fail(ErrorCode::IbanInvalid)),
        _ => Ok(()),
    }
}

/// The BIC in upper case, without separators (ISO 9362).
fn bic(text: &str) -> Option<String> {
    let bic = strip_separators(text).to_ascii_uppercase();
    is_swift_code(&bic).then_some(bic)
}

fn swift_code(input: &Input<String>) -> Rule {
    match input.text() {
        Some(text) if bic(text).is_none() => Err(fail(ErrorCode::SwiftInvalid)),
        _ => Ok(()),
    }
}

/// The ABA routing number, digits only, when its checksum holds.
fn aba(text: &str) -> Option<String> {
    let aba = strip_separators(&normalize_digits(text));
    is_aba_routing_number(&aba).then_some(aba)
}

/// US banks need an ABA routing number; for other banks the field is ignored, whatever it holds.
fn routing_number_of_us_banks(form: &BankAccountForm) -> Rule {
    if rules::country_of(&form.bank_country).is_none_or(|c| c.code != US) {
        return Ok(());
    }
    let check = || {
        let text = given(&form.routing_number, ErrorCode::RequiredInput)?.trim();
        if char_len(text) > IDENTIFIER_MAX {
            return Err(fail_with(ErrorCode::TextTooLong, "max", IDENTIFIER_MAX));
        }
        aba(text)
            .map(drop)
            .ok_or(fail(ErrorCode::RoutingNumberInvalid))
    };
    check().map_err(|e| on("routingNumber", e))
}
