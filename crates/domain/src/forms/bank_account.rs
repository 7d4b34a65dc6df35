//! Save a bank account for withdrawals and fund redemptions.

use crate::input::form_input;

use super::fields::Check;
use super::{Form, NoContext};
use crate::bank::{AccountNumberError, is_aba_routing_number, is_swift_code, parse_account_number};
use crate::constants::{ADDRESS_MAX, BANK_NAME_MAX, NICKNAME_MAX};
use crate::country::{Country, US};
use crate::error::{ErrorCode, FieldError};
use crate::text::{normalize_digits, strip_separators};

form_input! {
    pub struct BankAccountForm {
        pub nickname: Input<String> = "nickname",
        pub bank_country: Input<String> = "bankCountry",
        pub bank_name: Input<String> = "bankName",
        pub bank_address: Input<String> = "bankAddress",
        pub account_number: Input<String> = "accountNumber",
        pub swift_code: Input<String> = "swiftCode",
        /// Only for banks in the US.
        pub routing_number: Input<String> = "routingNumber",
        pub account_address: Input<String> = "accountAddress",
    }
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

/// Longest identifier field before normalisation (spaces included).
const IDENTIFIER_MAX: usize = 64;

impl Form for BankAccountForm {
    type Context = NoContext;
    type Parsed = BankAccount;

    fn parse(&self, _: &NoContext) -> Result<BankAccount, Vec<FieldError>> {
        let mut c = Check::default();
        let nickname = c.text(
            "nickname",
            &self.nickname,
            ErrorCode::RequiredInput,
            NICKNAME_MAX,
        );
        let country = c.country("bankCountry", &self.bank_country);
        let bank_name = c.text(
            "bankName",
            &self.bank_name,
            ErrorCode::RequiredInput,
            BANK_NAME_MAX,
        );
        let bank_address = c.text(
            "bankAddress",
            &self.bank_address,
            ErrorCode::RequiredInput,
            ADDRESS_MAX,
        );
        let account_number = c
            .text(
                "accountNumber",
                &self.account_number,
                ErrorCode::RequiredInput,
                IDENTIFIER_MAX,
            )
            .and_then(|n| match parse_account_number(&n) {
                Ok(n) => Some(n),
                Err(AccountNumberError::Invalid) => {
                    c.reject("accountNumber", ErrorCode::AccountNumberInvalid);
                    None
                }
                Err(AccountNumberError::IbanChecksum) => {
                    c.reject("accountNumber", ErrorCode::IbanInvalid);
                    None
                }
            });
        let swift_code = c
            .text(
                "swiftCode",
                &self.swift_code,
                ErrorCode::RequiredInput,
                IDENTIFIER_MAX,
            )
            .and_then(|s| {
                let bic = strip_separators(&s).to_ascii_uppercase();
                if is_swift_code(&bic) {
                    Some(bic)
                } else {
                    c.reject("swiftCode", ErrorCode::SwiftInvalid);
                    None
                }
            });
        let in_us = country.is_some_and(|c| c.code == US);
        let routing_number = if in_us {
            c.text(
                "routingNumber",
                &self.routing_number,
                ErrorCode::RequiredInput,
                IDENTIFIER_MAX,
            )
            .and_then(|r| {
                let aba = strip_separators(&normalize_digits(&r));
                if is_aba_routing_number(&aba) {
                    Some(Some(aba))
                } else {
                    c.reject("routingNumber", ErrorCode::RoutingNumberInvalid);
                    None
                }
            })
        } else {
            Some(None)
        };
        let account_address = c.text(
            "accountAddress",
            &self.account_address,
            ErrorCode::RequiredInput,
            ADDRESS_MAX,
        );
        c.build(|| {
            Some(BankAccount {
                nickname: nickname?,
                bank_country: country?,
                bank_name: bank_name?,
                bank_address: bank_address?,
                account_number: account_number?,
                swift_code: swift_code?,
                routing_number: routing_number?,
                account_address: account_address?,
            })
        })
    }
}
