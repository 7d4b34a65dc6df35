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
    BindAuthenticator, BindAuthenticatorForm, BindMobile, BindMobileForm, SetPinForm, Switch,
    SwitchForm, Verification, VerificationForm,
};

use crate::error::{ErrorCode, FieldError};
use crate::input::{FromRaw, Raw, text_enum};

/// A form that can be checked: its lenient input, the facts it needs from outside, and the
/// typed result.
pub trait Form: FromRaw {
    /// What the caller supplies besides the user's input (balances, settings, today's date).
    type Context: FromRaw;
    /// The valid, typed form.
    type Parsed;

    fn parse(&self, context: &Self::Context) -> Result<Self::Parsed, Vec<FieldError>>;
}

/// The context of forms that need none; accepts (and ignores) whatever is passed.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoContext;

impl FromRaw for NoContext {
    fn from_raw(_: Raw) -> Option<Self> {
        Some(NoContext)
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

/// Checks `input` as `form`, with `context`; answers the field errors (empty when valid).
///
/// An input that is not an object at all answers one form-level `malformed_input` error.
pub fn validate(form: FormName, input: Raw, context: Raw) -> Result<Vec<FieldError>, ContextError> {
    match form {
        FormName::Login => run::<LoginForm>(input, context),
        FormName::Email => run::<EmailForm>(input, context),
        FormName::NewPassword => run::<NewPasswordForm>(input, context),
        FormName::ChangePassword => run::<ChangePasswordForm>(input, context),
        FormName::SetPin => run::<SetPinForm>(input, context),
        FormName::BindMobile => run::<BindMobileForm>(input, context),
        FormName::BindAuthenticator => run::<BindAuthenticatorForm>(input, context),
        FormName::Verification => run::<VerificationForm>(input, context),
        FormName::Switch => run::<SwitchForm>(input, context),
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

fn run<F: Form>(input: Raw, context: Raw) -> Result<Vec<FieldError>, ContextError> {
    let context = F::Context::from_raw(context)
        .ok_or_else(|| ContextError(core::any::type_name::<F::Context>()))?;
    let Some(form) = F::from_raw(input) else {
        return Ok(vec![FieldError::new("", ErrorCode::MalformedInput)]);
    };
    Ok(form.parse(&context).err().unwrap_or_default())
}
