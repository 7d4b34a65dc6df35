//! Security forms: set the security code (PIN), bind a mobile, bind an authenticator, turn a
//! protection on or off, and the step-up verification every sensitive action carries.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use validator::Validate;

use super::errors::on;
use super::rules::{self, Rule, fail, given};
use super::{Form, NoContext};
use crate::constants::DEVICE_NAME_MAX;
use crate::country::Country;
use crate::error::ErrorCode;
use crate::input::{Code, Input};
use crate::phone::{E164, MobileError, parse_mobile};
use crate::security::{
    Factors, SecurityConfig, SwitchModule, SwitchTarget, apply_switch, check_switch,
};

/// Longest dial code as typed ("+852", "00852").
const DIAL_CODE_MAX: usize = 8;
/// Longest mobile number as typed, separators included.
const MOBILE_TEXT_MAX: usize = 32;

/// Set or change the 6-digit security code.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = confirmed, skip_on_field_errors = false)
)]
pub struct SetPinForm {
    #[validate(required(code = "pin_required"), custom(function = new_pin))]
    pub password: Input<Code>,
    /// The PIN again, as typed (full-width digits count as the same digits).
    #[validate(required(code = "confirm_required"))]
    pub confirm: Input<Code>,
}

impl Form for SetPinForm {
    type Context = NoContext;
    /// The PIN (6 ASCII digits).
    type Parsed = String;

    fn build(&self, _: &NoContext) -> Option<String> {
        self.password.value().map(|p| p.as_str().to_owned())
    }
}

fn confirmed(form: &SetPinForm) -> Rule {
    rules::confirms("confirm", &form.confirm, &form.password)
}

/// Six digits that are not guessed first.
fn new_pin(input: &Input<Code>) -> Rule {
    rules::pin(input)?;
    match input.value() {
        Some(pin) if too_simple(pin.as_str()) => Err(fail(ErrorCode::PinTooSimple)),
        _ => Ok(()),
    }
}

/// Six equal digits or a run up or down (`111111`, `123456`, `987654`) is guessed first.
fn too_simple(pin: &str) -> bool {
    let d: Vec<i16> = pin
        .bytes()
        .map(|b| i16::from(b) - i16::from(b'0'))
        .collect();
    let steps: Vec<i16> = d.windows(2).map(|w| w[1] - w[0]).collect();
    [0, 1, -1].iter().any(|s| steps.iter().all(|x| x == s))
}

/// Bind a mobile number.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = Factors,
    nest_all_fields,
    schema(function = number_of_the_country, skip_on_field_errors = false),
    schema(function = mobile_mfa_code, use_context, skip_on_field_errors = false),
    schema(function = mobile_email_code, use_context, skip_on_field_errors = false)
)]
pub struct BindMobileForm {
    #[validate(required(code = "required_choice"), custom(function = rules::country))]
    pub mobile_country: Input<String>,
    #[validate(
        required(code = "required_choice"),
        length(max = DIAL_CODE_MAX, code = "text_too_long")
    )]
    pub mobile_code: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = MOBILE_TEXT_MAX, code = "text_too_long")
    )]
    pub mobile: Input<String>,
    /// When the authenticator is asked for.
    #[validate(skip)]
    pub mfa_code: Input<Code>,
    /// When the e-mail code is asked for.
    #[validate(skip)]
    pub email_captcha: Input<Code>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindMobile {
    pub country: Country,
    pub mobile: E164,
    pub verification: Verification,
}

impl Form for BindMobileForm {
    /// Which codes the policy asks for (e-mail, authenticator).
    type Context = Factors;
    type Parsed = BindMobile;

    fn build(&self, factors: &Factors) -> Option<BindMobile> {
        let country = rules::country_of(&self.mobile_country)?;
        Some(BindMobile {
            country,
            mobile: parse_mobile(&country, self.mobile_code.text()?, self.mobile.text()?).ok()?,
            verification: Verification::asked(
                *factors,
                &self.mfa_code,
                &self.email_captcha,
                &Input::Missing,
            ),
        })
    }
}

impl BindMobileForm {
    /// The form's codes, as the step-up check reads them.
    pub fn codes(&self) -> VerificationForm {
        VerificationForm {
            mfa_code: self.mfa_code.clone(),
            email_captcha: self.email_captcha.clone(),
            security_password: Input::Missing,
        }
    }
}

/// The number must belong to the chosen country and its dial code.
fn number_of_the_country(form: &BindMobileForm) -> Rule {
    let (Some(country), Some(dial), Some(number)) = (
        rules::country_of(&form.mobile_country),
        form.mobile_code.text(),
        form.mobile.text(),
    ) else {
        return Ok(());
    };
    match parse_mobile(&country, dial, number) {
        Ok(_) => Ok(()),
        Err(MobileError::CodeMismatch) => {
            Err(on("mobileCode", fail(ErrorCode::MobileCodeMismatch)))
        }
        Err(MobileError::Invalid) => Err(on("mobile", fail(ErrorCode::MobileInvalid))),
    }
}

fn mobile_mfa_code(form: &BindMobileForm, factors: &Factors) -> Rule {
    mfa_code(&form.mfa_code, factors)
}

fn mobile_email_code(form: &BindMobileForm, factors: &Factors) -> Rule {
    email_code(&form.email_captcha, factors)
}

/// Bind an authenticator: its first code and a device name.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct BindAuthenticatorForm {
    #[validate(required(code = "mfa_code_required"), custom(function = rules::mfa_code))]
    pub mfa_code: Input<Code>,
    /// The device's name.
    #[validate(
        required(code = "device_name_required"),
        length(max = DEVICE_NAME_MAX, code = "device_name_too_long")
    )]
    pub remark: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindAuthenticator {
    pub mfa_code: String,
    pub remark: String,
}

impl Form for BindAuthenticatorForm {
    type Context = NoContext;
    type Parsed = BindAuthenticator;

    fn build(&self, _: &NoContext) -> Option<BindAuthenticator> {
        Some(BindAuthenticator {
            mfa_code: self.mfa_code.value()?.as_str().to_owned(),
            remark: self.remark.text()?.to_owned(),
        })
    }
}

/// Turn one protection of login or trade checks on (`usage` 1) or off (`usage` 0).
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = SecurityConfig,
    nest_all_fields,
    schema(function = allowed_by_config, use_context, skip_on_field_errors = false)
)]
pub struct SwitchForm {
    #[validate(required(code = "required_choice"), custom(function = known_usage))]
    #[cfg_attr(feature = "ts", tsify(type = "Input<0 | 1 | \"0\" | \"1\" | boolean>"))]
    pub usage: Input<Usage>,
    #[validate(required(code = "required_choice"), custom(function = known_module))]
    pub module: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = known_target))]
    pub target: Input<String>,
}

/// `usage` as sent: 1 or 0, as a number or its text, or `true`/`false`; `None` for any other
/// number or text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Usage(pub Option<bool>);

impl crate::input::Blank for Usage {
    /// An empty text is an unknown usage, not a missing one.
    fn is_blank(&self) -> bool {
        false
    }
}

impl Usage {
    fn of_text(text: &str) -> Usage {
        Usage(match text.trim() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        })
    }
}

impl<'de> Deserialize<'de> for Usage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct UsageVisitor;
        impl Visitor<'_> for UsageVisitor {
            type Value = Usage;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("1 or 0")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Usage, E> {
                Ok(Usage(Some(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Usage, E> {
                Ok(Usage::of_text(&v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Usage, E> {
                Ok(Usage::of_text(&v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Usage, E> {
                Ok(Usage::of_text(ryu_js::Buffer::new().format(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Usage, E> {
                Ok(Usage::of_text(v))
            }
        }
        deserializer.deserialize_any(UsageVisitor)
    }
}

/// A switch change the user's configuration allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Switch {
    pub module: SwitchModule,
    pub target: SwitchTarget,
    pub on: bool,
}

impl Switch {
    /// `config` with this switch applied.
    pub fn apply(&self, config: &SecurityConfig) -> SecurityConfig {
        apply_switch(config, self.module, self.target, self.on)
    }
}

impl Form for SwitchForm {
    /// The user's current security configuration.
    type Context = SecurityConfig;
    type Parsed = Switch;

    fn build(&self, _: &SecurityConfig) -> Option<Switch> {
        Some(Switch {
            module: SwitchModule::parse(self.module.text()?)?,
            target: SwitchTarget::parse(self.target.text()?)?,
            on: self.usage.value()?.0?,
        })
    }
}

fn known_usage(input: &Input<Usage>) -> Rule {
    match input.value() {
        Some(Usage(None)) => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

fn known_module(input: &Input<String>) -> Rule {
    match input.text() {
        Some(m) if SwitchModule::parse(m).is_none() => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

fn known_target(input: &Input<String>) -> Rule {
    match input.text() {
        Some(t) if SwitchTarget::parse(t).is_none() => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

/// The PIN has no login switch, and a switch turns on only a factor the user has set up.
fn allowed_by_config(form: &SwitchForm, config: &SecurityConfig) -> Rule {
    let Some(switch) = form.build(config) else {
        return Ok(());
    };
    check_switch(config, switch.module, switch.target, switch.on)
        .map_err(|code| on("target", fail(code)))
}

/// The step-up verification fields; each is required only when the policy asks for it.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    into_params(parameter_in = Query)
)]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = Factors,
    schema(function = verification_mfa_code, use_context, skip_on_field_errors = false),
    schema(function = verification_email_code, use_context, skip_on_field_errors = false),
    schema(function = verification_pin, use_context, skip_on_field_errors = false)
)]
pub struct VerificationForm {
    /// The authenticator code (6 digits), when `mfa` is asked for.
    #[validate(skip)]
    #[cfg_attr(feature = "openapi", param(value_type = Option<String>))]
    pub mfa_code: Input<Code>,
    /// The e-mail code (6 digits), when `email` is asked for.
    #[validate(skip)]
    #[cfg_attr(feature = "openapi", param(value_type = Option<String>))]
    pub email_captcha: Input<Code>,
    /// The security PIN (6 digits), when `security` is asked for.
    #[validate(skip)]
    #[cfg_attr(
        feature = "openapi",
        schema(format = Password),
        param(value_type = Option<String>, format = Password)
    )]
    pub security_password: Input<Code>,
}

/// The codes that were asked for; the others are dropped even when sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    pub mfa_code: Option<String>,
    pub email_code: Option<String>,
    pub pin: Option<String>,
}

impl VerificationForm {
    /// Whether a code `factors` asks for was not sent at all (missing, blank or not text): such a
    /// request is answered with the factors to send (103), not with field errors.
    pub fn lacks(&self, factors: Factors) -> bool {
        let absent = |input: &Input<Code>| input.value().is_none_or(|c| c.as_str().is_empty());
        (factors.email && absent(&self.email_captcha))
            || (factors.mfa && absent(&self.mfa_code))
            || (factors.security && absent(&self.security_password))
    }
}

impl Verification {
    fn asked(factors: Factors, mfa: &Input<Code>, email: &Input<Code>, pin: &Input<Code>) -> Self {
        let code = |asked: bool, input: &Input<Code>| {
            asked
                .then(|| input.value().map(|c| c.as_str().to_owned()))
                .flatten()
        };
        Verification {
            mfa_code: code(factors.mfa, mfa),
            email_code: code(factors.email, email),
            pin: code(factors.security, pin),
        }
    }
}

impl Form for VerificationForm {
    type Context = Factors;
    type Parsed = Verification;

    fn build(&self, factors: &Factors) -> Option<Verification> {
        Some(Verification::asked(
            *factors,
            &self.mfa_code,
            &self.email_captcha,
            &self.security_password,
        ))
    }
}

fn verification_mfa_code(form: &VerificationForm, factors: &Factors) -> Rule {
    mfa_code(&form.mfa_code, factors)
}

fn verification_email_code(form: &VerificationForm, factors: &Factors) -> Rule {
    email_code(&form.email_captcha, factors)
}

fn verification_pin(form: &VerificationForm, factors: &Factors) -> Rule {
    asked_code(
        "securityPassword",
        &form.security_password,
        factors.security,
        ErrorCode::PinRequired,
        rules::pin,
    )
}

fn mfa_code(input: &Input<Code>, factors: &Factors) -> Rule {
    asked_code(
        "mfaCode",
        input,
        factors.mfa,
        ErrorCode::MfaCodeRequired,
        rules::mfa_code,
    )
}

fn email_code(input: &Input<Code>, factors: &Factors) -> Rule {
    asked_code(
        "emailCaptcha",
        input,
        factors.email,
        ErrorCode::EmailCodeRequired,
        rules::email_code,
    )
}

/// A code the policy asks for: given, of the right type and format; one it does not ask for
/// is ignored, whatever it holds.
fn asked_code(
    field: &'static str,
    input: &Input<Code>,
    asked: bool,
    required: ErrorCode,
    format: fn(&Input<Code>) -> Rule,
) -> Rule {
    if !asked {
        return Ok(());
    }
    given(input, required)
        .map(drop)
        .and_then(|()| format(input))
        .map_err(|e| on(field, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_pins_are_refused() {
        for pin in ["000000", "111111", "123456", "345678", "987654", "654321"] {
            assert!(too_simple(pin), "{pin}");
        }
        for pin in ["135790", "112233", "123457", "908172"] {
            assert!(!too_simple(pin), "{pin}");
        }
    }
}
