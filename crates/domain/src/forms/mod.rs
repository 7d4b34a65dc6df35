//! The forms of SPEC §5. Each form is a lenient input struct (every field an [`Input`]) that
//! serde reads and `validator` checks: its rules are declared on its fields (`required`,
//! `length` in characters, `must_match`, `custom` for the real formats in [`rules`]) and across
//! fields (`schema`, with the context the caller supplies). A valid form converts into its
//! typed result ([`Form::parse`]); handlers hold only typed values.
//!
//! [`validate`] is the single entry point the browser (through wasm) and the test vectors use;
//! the server calls each form's `parse` directly and keeps the typed result.
//!
//! [`Input`]: crate::Input

// `validator` hands rules their field and the form's context by reference, whatever its size.
#![allow(clippy::trivially_copy_pass_by_ref)]

mod auth;
mod bank_account;
mod crypto_withdrawal;
mod errors;
mod exchange_quote;
mod identity;
mod investor;
mod questionnaire;
mod recharge;
pub mod rules;
mod security;
mod withdrawal;

use std::fmt;

use serde::de::{DeserializeOwned, Deserializer, IgnoredAny};
use serde::{Deserialize, Serialize};
use validator::ValidateArgs;

pub use auth::{ChangePassword, ChangePasswordForm, EmailForm, Login, LoginForm, NewPasswordForm};
pub use bank_account::{BankAccount, BankAccountForm};
pub use crypto_withdrawal::{CryptoWithdrawal, CryptoWithdrawalContext, CryptoWithdrawalForm};
pub use exchange_quote::{ExchangeQuoteContext, ExchangeQuoteForm, ExchangeQuoteRequest};
pub use identity::{
    BasicIdentity, BasicIdentityContext, BasicIdentityStep1Form, BasicIdentityStep2Form,
    IdentityDocuments,
};
pub use investor::{
    COMPANY_DOCUMENTS, CompanyInvestor, CompanyInvestorForm, IndividualInvestor,
    IndividualInvestorContext, IndividualInvestorForm,
};
pub use questionnaire::{Aml, AmlForm, InvestorContext, Qi, QiForm};
pub use recharge::{Recharge, RechargeContext, RechargeForm};
pub use security::{
    BindAuthenticator, BindAuthenticatorForm, BindMobile, BindMobileForm, SetPinForm, Switch,
    SwitchForm, Usage, Verification, VerificationForm,
};
pub use withdrawal::{Destination, Withdrawal, WithdrawalContext, WithdrawalForm};

use crate::error::{ErrorCode, FieldError};
use crate::input::{Object, field_names};
use crate::macros::text_enum;

/// A form that can be checked: its lenient input, the facts it needs from outside, and the
/// typed result.
pub trait Form: DeserializeOwned + for<'a> ValidateArgs<'a, Args = &'a Self::Context> {
    /// What the caller supplies besides the user's input (balances, settings, today's date).
    type Context: DeserializeOwned;
    /// The valid, typed form.
    type Parsed;

    /// The typed form, once the rules found nothing. (`None` only if the rules let through a
    /// value the form cannot build: a bug, answered as `malformed_input`.)
    fn build(&self, context: &Self::Context) -> Option<Self::Parsed>;

    /// Checks the form: the typed result, or the field errors in the order of the form's fields,
    /// at most one per field.
    fn parse(&self, context: &Self::Context) -> Result<Self::Parsed, Vec<FieldError>> {
        self.validate_with_args(context)
            .map_err(|e| errors::field_errors(field_names::<Self>(), &e))?;
        self.build(context)
            .ok_or_else(|| vec![FieldError::new("", ErrorCode::MalformedInput)])
    }
}

/// The context of forms that need none; accepts (and ignores) whatever is passed.
#[derive(Debug, Clone, Copy, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct NoContext;

impl<'de> Deserialize<'de> for NoContext {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        IgnoredAny::deserialize(deserializer).map(|_| NoContext)
    }
}

text_enum! {
    /// Every form, by the name the browser uses.
    pub enum FormName {
        Login = "login",
        /// Register and recover, step 1.
        Email = "email",
        /// Register and recover, password step.
        NewPassword = "newPassword",
        ChangePassword = "changePassword",
        SetPin = "setPin",
        BindMobile = "bindMobile",
        BindAuthenticator = "bindAuthenticator",
        Verification = "verification",
        Switch = "switch",
        Recharge = "recharge",
        BankAccount = "bankAccount",
        BasicIdentityStep1 = "basicIdentityStep1",
        BasicIdentityStep2 = "basicIdentityStep2",
        IndividualInvestor = "individualInvestor",
        CompanyInvestor = "companyInvestor",
        Aml = "aml",
        Qi = "qi",
        Withdrawal = "withdrawal",
        CryptoWithdrawal = "cryptoWithdrawal",
        ExchangeQuote = "exchangeQuote",
    }
}

/// The caller passed a context the form cannot use: a programming error, not a user's.
/// Holds the name of the context type that was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextError(pub &'static str);

impl fmt::Display for ContextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid validation context, expected {}", self.0)
    }
}

impl std::error::Error for ContextError {}

/// Checks `input` as `form`, with `context` (each read by its deserializer: a JSON value on the
/// server and in the vectors, a JavaScript value in the browser); answers the field errors
/// (empty when valid).
///
/// An input that is not an object at all answers one form-level `malformed_input` error.
pub fn validate<'de, D: Deserializer<'de>>(
    form: FormName,
    input: D,
    context: D,
) -> Result<Vec<FieldError>, ContextError> {
    match form {
        FormName::Login => run::<LoginForm, D>(input, context),
        FormName::Email => run::<EmailForm, D>(input, context),
        FormName::NewPassword => run::<NewPasswordForm, D>(input, context),
        FormName::ChangePassword => run::<ChangePasswordForm, D>(input, context),
        FormName::SetPin => run::<SetPinForm, D>(input, context),
        FormName::BindMobile => run::<BindMobileForm, D>(input, context),
        FormName::BindAuthenticator => run::<BindAuthenticatorForm, D>(input, context),
        FormName::Verification => run::<VerificationForm, D>(input, context),
        FormName::Switch => run::<SwitchForm, D>(input, context),
        FormName::Recharge => run::<RechargeForm, D>(input, context),
        FormName::BankAccount => run::<BankAccountForm, D>(input, context),
        FormName::BasicIdentityStep1 => run::<BasicIdentityStep1Form, D>(input, context),
        FormName::BasicIdentityStep2 => run::<BasicIdentityStep2Form, D>(input, context),
        FormName::IndividualInvestor => run::<IndividualInvestorForm, D>(input, context),
        FormName::CompanyInvestor => run::<CompanyInvestorForm, D>(input, context),
        FormName::Aml => run::<AmlForm, D>(input, context),
        FormName::Qi => run::<QiForm, D>(input, context),
        FormName::Withdrawal => run::<WithdrawalForm, D>(input, context),
        FormName::CryptoWithdrawal => run::<CryptoWithdrawalForm, D>(input, context),
        FormName::ExchangeQuote => run::<ExchangeQuoteForm, D>(input, context),
    }
}

fn run<'de, F: Form, D: Deserializer<'de>>(
    input: D,
    context: D,
) -> Result<Vec<FieldError>, ContextError> {
    let context = F::Context::deserialize(context)
        .map_err(|_| ContextError(core::any::type_name::<F::Context>()))?;
    let Ok(Object(form)) = Object::<F>::deserialize(input) else {
        return Ok(vec![FieldError::new("", ErrorCode::MalformedInput)]);
    };
    Ok(form.parse(&context).err().unwrap_or_default())
}
