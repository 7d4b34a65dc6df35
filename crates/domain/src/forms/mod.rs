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
mod bin;
mod card_freeze;
mod crypto_withdrawal;
mod errors;
mod exchange_quote;
mod fund_redeem;
mod fund_subscribe;
mod identity;
mod investor;
mod ops_auth;
mod payout;
mod questionnaire;
mod recharge;
mod review_decision;
pub mod rules;
mod security;
mod wire;
mod withdrawal;

use std::fmt;

use serde::de::{DeserializeOwned, Deserializer, IgnoredAny};
use serde::{Deserialize, Serialize};
use validator::ValidateArgs;

pub use auth::{ChangePassword, ChangePasswordForm, EmailForm, Login, LoginForm, NewPasswordForm};
pub use bank_account::{BankAccount, BankAccountForm};
pub use bin::{BinForm, BinTerms};
pub use card_freeze::{CardFreeze, CardFreezeForm, FREEZE_NOTE_MAX};
pub use crypto_withdrawal::{CryptoWithdrawal, CryptoWithdrawalContext, CryptoWithdrawalForm};
pub use exchange_quote::{ExchangeQuoteContext, ExchangeQuoteForm, ExchangeQuoteRequest};
pub use fund_redeem::{FundRedeemContext, FundRedeemForm, FundRedemption};
pub use fund_subscribe::{FundBalances, FundSubscribeContext, FundSubscribeForm, FundSubscription};
pub use identity::{
    BasicIdentity, BasicIdentityContext, BasicIdentityStep1Form, BasicIdentityStep2Form,
    IdentityDocuments,
};
pub use investor::{
    COMPANY_DOCUMENTS, CompanyInvestor, CompanyInvestorForm, IndividualInvestor,
    IndividualInvestorContext, IndividualInvestorForm,
};
pub use ops_auth::{OpsEnrolment, OpsEnrolmentForm, OpsLogin, OpsLoginForm};
pub use payout::{PAYOUT_REFERENCE_MAX, PayoutReasonForm, PayoutSentForm};
pub use questionnaire::{Aml, AmlForm, InvestorContext, Qi, QiForm};
pub use recharge::{Recharge, RechargeContext, RechargeForm};
pub use review_decision::{
    ItemDecisionInput, ReviewDecision, ReviewDecisionContext, ReviewDecisionForm,
    ReviewItemDecision, Verdict,
};
pub use security::{
    BindAuthenticator, BindAuthenticatorForm, BindMobile, BindMobileForm, SetPinForm, Switch,
    SwitchForm, Usage, Verification, VerificationForm,
};
pub use wire::{RETURN_REASONS, Wire, WireAssignForm, WireForm, WireReturnForm};
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

    /// The field errors of the items of the list field `list` (`items[2].reason`): a form with
    /// a list of items answers [`errors::item_errors`] with its items' fields; the others none.
    fn list_errors(list: &str, each: &errors::ItemsErrors) -> Vec<FieldError> {
        errors::no_lists(list, each)
    }

    /// Checks the form: the typed result, or the field errors in the order of the form's fields,
    /// at most one per field.
    fn parse(&self, context: &Self::Context) -> Result<Self::Parsed, Vec<FieldError>> {
        self.validate_with_args(context)
            .map_err(|e| errors::field_errors(field_names::<Self>(), Self::list_errors, &e))?;
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
    /// The browser's three wasm modules, built from this one crate (`make pkg`): the core module
    /// (sign-up, security, bank accounts, cards, withdrawals) that the account pages load, the
    /// identity module (basic identity, investor certification, the AML and QI questionnaires,
    /// their uploads, the operator console's forms) that only the profile page and the console
    /// load, and the markets module (wallet,
    /// exchange, fund) that only their pages load.
    pub enum WasmModule {
        Core = "core",
        Identity = "identity",
        Markets = "markets",
    }
}

/// The form registry: every form by the name the browser uses, the struct that checks it, and
/// the wasm module whose `validate` checks it in the browser. [`FormName`],
/// [`FormName::module`] and the dispatch of [`validate`] and [`validate_in`] all come from it.
macro_rules! registry {
    ($($(#[$meta:meta])* $name:ident = $text:literal => $form:ty, $module:ident;)*) => {
        text_enum! {
            /// Every form, by the name the browser uses.
            pub enum FormName {
                $($(#[$meta])* $name = $text,)*
            }
        }

        impl FormName {
            /// The wasm module that checks this form in the browser.
            pub const fn module(self) -> WasmModule {
                match self {
                    $(Self::$name => WasmModule::$module,)*
                }
            }
        }

        /// Checks `input` as `form` if `module` checks it. Inlined, so that with `module` a
        /// constant (each wasm module passes its own) the other module's forms are not compiled
        /// in.
        #[allow(clippy::inline_always)] // the constant must reach the match for that
        #[inline(always)]
        fn dispatch<'de, D: Deserializer<'de>>(
            module: WasmModule,
            form: FormName,
            input: D,
            context: D,
        ) -> Result<Vec<FieldError>, ValidateError> {
            match form {
                $(FormName::$name if module == WasmModule::$module => {
                    run::<$form, D>(input, context)
                })*
                _ => Err(ValidateError::OtherModule(form)),
            }
        }
    };
}

registry! {
    Login = "login" => LoginForm, Core;
    /// Register and recover, step 1.
    Email = "email" => EmailForm, Core;
    /// Register and recover, password step.
    NewPassword = "newPassword" => NewPasswordForm, Core;
    ChangePassword = "changePassword" => ChangePasswordForm, Core;
    SetPin = "setPin" => SetPinForm, Core;
    BindMobile = "bindMobile" => BindMobileForm, Core;
    BindAuthenticator = "bindAuthenticator" => BindAuthenticatorForm, Core;
    Verification = "verification" => VerificationForm, Core;
    Switch = "switch" => SwitchForm, Core;
    Recharge = "recharge" => RechargeForm, Core;
    BankAccount = "bankAccount" => BankAccountForm, Core;
    BasicIdentityStep1 = "basicIdentityStep1" => BasicIdentityStep1Form, Identity;
    BasicIdentityStep2 = "basicIdentityStep2" => BasicIdentityStep2Form, Identity;
    IndividualInvestor = "individualInvestor" => IndividualInvestorForm, Identity;
    CompanyInvestor = "companyInvestor" => CompanyInvestorForm, Identity;
    Aml = "aml" => AmlForm, Identity;
    Qi = "qi" => QiForm, Identity;
    Withdrawal = "withdrawal" => WithdrawalForm, Core;
    CryptoWithdrawal = "cryptoWithdrawal" => CryptoWithdrawalForm, Markets;
    ExchangeQuote = "exchangeQuote" => ExchangeQuoteForm, Markets;
    FundSubscribe = "fundSubscribe" => FundSubscribeForm, Markets;
    FundRedeem = "fundRedeem" => FundRedeemForm, Markets;
    /// The operator console's forms (docs/ops-contract.md, phase 2): a wire received, its
    /// assignment to a user and its return, a card's freeze or unfreeze, a withdrawal's reject
    /// or return reason and its bank reference, a BIN's terms, a review case's decision. In the
    /// identity module, which already carries the country rules the BIN form needs: in the core
    /// module they would put the first visit's module over its size budget, for pages no user
    /// opens.
    Wire = "wire" => WireForm, Identity;
    WireAssign = "wireAssign" => WireAssignForm, Identity;
    WireReturn = "wireReturn" => WireReturnForm, Identity;
    CardFreeze = "cardFreeze" => CardFreezeForm, Identity;
    PayoutReason = "payoutReason" => PayoutReasonForm, Identity;
    PayoutSent = "payoutSent" => PayoutSentForm, Identity;
    Bin = "bin" => BinForm, Identity;
    /// The console's login and the end of an operator's enrolment.
    OpsLogin = "opsLogin" => OpsLoginForm, Identity;
    OpsEnrolment = "opsEnrolment" => OpsEnrolmentForm, Identity;
    ReviewDecision = "reviewDecision" => ReviewDecisionForm, Identity;
}

/// A call of [`validate`] the caller got wrong: a programming error, not a user's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValidateError {
    /// The context is not one the form can use; holds the name of the context type expected.
    Context(&'static str),
    /// The form is checked by another wasm module ([`FormName::module`]).
    OtherModule(FormName),
}

impl fmt::Display for ValidateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Context(expected) => write!(f, "invalid validation context, expected {expected}"),
            Self::OtherModule(form) => write!(
                f,
                "the form {} is checked by the {} module",
                form.as_str(),
                form.module().as_str()
            ),
        }
    }
}

impl std::error::Error for ValidateError {}

/// Checks `input` as `form`, with `context` (each read by its deserializer: a JSON value on the
/// server and in the vectors, a JavaScript value in the browser); answers the field errors
/// (empty when valid).
///
/// An input that is not an object at all answers one form-level `malformed_input` error.
pub fn validate<'de, D: Deserializer<'de>>(
    form: FormName,
    input: D,
    context: D,
) -> Result<Vec<FieldError>, ValidateError> {
    dispatch(form.module(), form, input, context)
}

/// [`validate`] as the wasm module `module` runs it: only its own forms ([`FormName::module`]);
/// another module's form is refused ([`ValidateError::OtherModule`]), and its rules are not
/// compiled into the module.
#[allow(clippy::inline_always)] // see `dispatch`
#[inline(always)]
pub fn validate_in<'de, D: Deserializer<'de>>(
    module: WasmModule,
    form: FormName,
    input: D,
    context: D,
) -> Result<Vec<FieldError>, ValidateError> {
    dispatch(module, form, input, context)
}

fn run<'de, F: Form, D: Deserializer<'de>>(
    input: D,
    context: D,
) -> Result<Vec<FieldError>, ValidateError> {
    let context = F::Context::deserialize(context)
        .map_err(|_| ValidateError::Context(core::any::type_name::<F::Context>()))?;
    let Ok(Object(form)) = Object::<F>::deserialize(input) else {
        return Ok(vec![FieldError::new("", ErrorCode::MalformedInput)]);
    };
    Ok(form.parse(&context).err().unwrap_or_default())
}
