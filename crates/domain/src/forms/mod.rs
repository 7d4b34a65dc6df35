//! The forms of SPEC §5. Each form is a lenient input struct (every field an [`Input`]) with a
//! `parse` that turns it into typed, valid data or into the list of field errors.
//!
//! [`validate`] is the single entry point the browser (through wasm) and the test vectors
//! use; the server calls each form's `parse` directly and keeps the typed result.
//!
//! [`Input`]: crate::Input

mod auth;
mod bank_account;
mod fields;
mod identity;
mod investor;
mod questionnaire;
mod recharge;
mod security;

use std::fmt;

use serde::de::{DeserializeOwned, Deserializer, IgnoredAny};
use serde::{Deserialize, Serialize};

pub use auth::{ChangePassword, ChangePasswordForm, EmailForm, Login, LoginForm, NewPasswordForm};
pub use bank_account::{BankAccount, BankAccountForm};
pub use identity::{
    BasicIdentity, BasicIdentityContext, BasicIdentityStep1Form, BasicIdentityStep2Form,
    IdentityDocuments,
};
pub use investor::{
    CompanyInvestor, CompanyInvestorForm, IndividualInvestor, IndividualInvestorContext,
    IndividualInvestorForm,
};
pub use questionnaire::{Aml, AmlForm, InvestorContext, Qi, QiForm};
pub use recharge::{Recharge, RechargeContext, RechargeForm};
pub use security::{
    BindAuthenticator, BindAuthenticatorForm, BindMobile, BindMobileForm, SetPinForm, Verification,
    VerificationForm,
};

use crate::error::{ErrorCode, FieldError};

/// A form that can be checked: its lenient input, the facts it needs from outside, and the
/// typed result.
pub trait Form: DeserializeOwned {
    /// What the caller supplies besides the user's input (balances, settings, today's date).
    type Context: DeserializeOwned;
    /// The valid, typed form.
    type Parsed;

    fn parse(&self, context: &Self::Context) -> Result<Self::Parsed, Vec<FieldError>>;
}

/// The context of forms that need none; accepts (and ignores) whatever is passed.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoContext;

impl<'de> Deserialize<'de> for NoContext {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        IgnoredAny::deserialize(deserializer)?;
        Ok(NoContext)
    }
}

/// Every form, by the name the browser uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum FormName {
    Login,
    /// Register and recover, step 1.
    Email,
    /// Register and recover, password step.
    NewPassword,
    ChangePassword,
    SetPin,
    BindMobile,
    BindAuthenticator,
    Verification,
    Recharge,
    BankAccount,
    BasicIdentityStep1,
    BasicIdentityStep2,
    IndividualInvestor,
    CompanyInvestor,
    Aml,
    Qi,
}

/// The caller passed a context the form cannot use: a programming error, not a user's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextError(pub String);

impl fmt::Display for ContextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid validation context: {}", self.0)
    }
}

impl std::error::Error for ContextError {}

/// Checks `input` as `form`, with `context`; answers the field errors (empty when valid).
///
/// An input that is not an object at all answers one form-level `malformed_input` error.
pub fn validate<'a, 'b>(
    form: FormName,
    input: impl Deserializer<'a>,
    context: impl Deserializer<'b>,
) -> Result<Vec<FieldError>, ContextError> {
    match form {
        FormName::Login => run::<LoginForm>(input, context),
        FormName::Email => run::<EmailForm>(input, context),
        FormName::NewPassword => run::<NewPasswordForm>(input, context),
        FormName::ChangePassword => run::<ChangePasswordForm>(input, context),
        FormName::SetPin => run::<SetPinForm>(input, context),
        FormName::BindMobile => run::<BindMobileForm>(input, context),
        FormName::BindAuthenticator => run::<BindAuthenticatorForm>(input, context),
        FormName::Verification => run::<VerificationForm>(input, context),
        FormName::Recharge => run::<RechargeForm>(input, context),
        FormName::BankAccount => run::<BankAccountForm>(input, context),
        FormName::BasicIdentityStep1 => run::<BasicIdentityStep1Form>(input, context),
        FormName::BasicIdentityStep2 => run::<BasicIdentityStep2Form>(input, context),
        FormName::IndividualInvestor => run::<IndividualInvestorForm>(input, context),
        FormName::CompanyInvestor => run::<CompanyInvestorForm>(input, context),
        FormName::Aml => run::<AmlForm>(input, context),
        FormName::Qi => run::<QiForm>(input, context),
    }
}

fn run<'a, 'b, F: Form>(
    input: impl Deserializer<'a>,
    context: impl Deserializer<'b>,
) -> Result<Vec<FieldError>, ContextError> {
    let context = F::Context::deserialize(context).map_err(|e| ContextError(e.to_string()))?;
    let Ok(form) = F::deserialize(input) else {
        return Ok(vec![FieldError::new("", ErrorCode::MalformedInput)]);
    };
    Ok(form.parse(&context).err().unwrap_or_default())
}
