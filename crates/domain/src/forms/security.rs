//! Security forms: set the security code (PIN), bind a mobile, bind an authenticator, and the
//! step-up verification every sensitive action carries.

use crate::input::form_input;

use super::fields::Check;
use super::{Form, NoContext};
use crate::constants::DEVICE_NAME_MAX;
use crate::country::Country;
use crate::error::{ErrorCode, FieldError};
use crate::input::Input;
use crate::input::Raw;
use crate::phone::{E164, MobileError, parse_mobile};
use crate::security::{
    Factors, SecurityConfig, SwitchModule, SwitchTarget, apply_switch, check_switch,
};
use crate::text::{char_len, code_text};

form_input! {
    /// Set or change the 6-digit security code.
    pub struct SetPinForm {
        pub password: Input<String> = "password",
        pub confirm: Input<String> = "confirm",
    }
}

impl Form for SetPinForm {
    type Context = NoContext;
    /// The PIN (6 ASCII digits).
    type Parsed = String;

    fn parse(&self, _: &NoContext) -> Result<String, Vec<FieldError>> {
        let mut c = Check::default();
        let mut pin = c.six_digits(
            "password",
            &self.password,
            ErrorCode::PinRequired,
            ErrorCode::PinFormat,
        );
        if pin.as_deref().is_some_and(too_simple) {
            c.reject("password", ErrorCode::PinTooSimple);
            pin = None;
        }
        if let Some(confirm) = c.secret("confirm", &self.confirm, ErrorCode::ConfirmRequired) {
            let typed = self.password.value().map(|p| code_text(p));
            if typed.as_deref() != Some(code_text(&confirm).as_str()) {
                c.reject("confirm", ErrorCode::PasswordMismatch);
            }
        }
        c.build(|| pin)
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

form_input! {
    /// Bind a mobile number.
    pub struct BindMobileForm {
        pub mobile_country: Input<String> = "mobileCountry",
        pub mobile_code: Input<String> = "mobileCode",
        pub mobile: Input<String> = "mobile",
        pub mfa_code: Input<String> = "mfaCode",
        pub email_captcha: Input<String> = "emailCaptcha",
    }
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

    fn parse(&self, factors: &Factors) -> Result<BindMobile, Vec<FieldError>> {
        let mut c = Check::default();
        let country = c.country("mobileCountry", &self.mobile_country);
        let dial = c.text(
            "mobileCode",
            &self.mobile_code,
            ErrorCode::RequiredChoice,
            8,
        );
        let number = c.text("mobile", &self.mobile, ErrorCode::RequiredInput, 32);
        let mut mobile = None;
        if let (Some(country), Some(dial), Some(number)) = (country, &dial, &number) {
            match parse_mobile(&country, dial, number) {
                Ok(m) => mobile = Some(m),
                Err(MobileError::CodeMismatch) => {
                    c.reject("mobileCode", ErrorCode::MobileCodeMismatch);
                }
                Err(MobileError::Invalid) => c.reject("mobile", ErrorCode::MobileInvalid),
            }
        }
        let verification = verify(
            &mut c,
            *factors,
            &self.mfa_code,
            &self.email_captcha,
            &Input::Missing,
        );
        c.build(|| {
            Some(BindMobile {
                country: country?,
                mobile: mobile?,
                verification,
            })
        })
    }
}

form_input! {
    /// Bind an authenticator: its first code and a device name.
    pub struct BindAuthenticatorForm {
        pub mfa_code: Input<String> = "mfaCode",
        pub remark: Input<String> = "remark",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindAuthenticator {
    pub mfa_code: String,
    pub remark: String,
}

impl Form for BindAuthenticatorForm {
    type Context = NoContext;
    type Parsed = BindAuthenticator;

    fn parse(&self, _: &NoContext) -> Result<BindAuthenticator, Vec<FieldError>> {
        let mut c = Check::default();
        let code = c.six_digits(
            "mfaCode",
            &self.mfa_code,
            ErrorCode::MfaCodeRequired,
            ErrorCode::MfaCodeFormat,
        );
        let remark = c.text(
            "remark",
            &self.remark,
            ErrorCode::DeviceNameRequired,
            usize::MAX,
        );
        let remark = remark.filter(|r| {
            let fits = char_len(r) <= DEVICE_NAME_MAX;
            if !fits {
                c.reject_with(
                    FieldError::new("remark", ErrorCode::DeviceNameTooLong)
                        .with("max", DEVICE_NAME_MAX),
                );
            }
            fits
        });
        c.build(|| {
            Some(BindAuthenticator {
                mfa_code: code?,
                remark: remark?,
            })
        })
    }
}

form_input! {
    /// Turn one protection of login or trade checks on (`usage` 1) or off (`usage` 0).
    pub struct SwitchForm {
        pub usage: Input<Raw> = "usage",
        pub module: Input<String> = "module",
        pub target: Input<String> = "target",
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

    fn parse(&self, config: &SecurityConfig) -> Result<Switch, Vec<FieldError>> {
        let mut c = Check::default();
        let on = match &self.usage {
            Input::Missing => {
                c.reject("usage", ErrorCode::RequiredChoice);
                None
            }
            Input::Value(raw @ (Raw::Number(_) | Raw::Str(_) | Raw::Bool(_))) => {
                let on = usage_of(raw);
                if on.is_none() {
                    c.reject("usage", ErrorCode::OptionInvalid);
                }
                on
            }
            Input::Value(_) | Input::WrongType => {
                c.reject("usage", ErrorCode::InvalidType);
                None
            }
        };
        let module = c.text(
            "module",
            &self.module,
            ErrorCode::RequiredChoice,
            usize::MAX,
        );
        let module = module.and_then(|m| {
            let known = SwitchModule::parse(&m);
            if known.is_none() {
                c.reject("module", ErrorCode::OptionInvalid);
            }
            known
        });
        let target = c.text(
            "target",
            &self.target,
            ErrorCode::RequiredChoice,
            usize::MAX,
        );
        let target = target.and_then(|t| {
            let known = SwitchTarget::parse(&t);
            if known.is_none() {
                c.reject("target", ErrorCode::OptionInvalid);
            }
            known
        });
        if let (Some(on), Some(module), Some(target)) = (on, module, target) {
            if let Err(code) = check_switch(config, module, target, on) {
                c.reject("target", code);
            }
        }
        c.build(|| {
            let (on, module, target) = (on?, module?, target?);
            Some(Switch { module, target, on })
        })
    }
}

/// `usage`: 1 or 0, as a number or its text; `true`/`false` are read the same way.
fn usage_of(raw: &Raw) -> Option<bool> {
    match raw {
        Raw::Number(n) | Raw::Str(n) => match n.trim() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        },
        Raw::Bool(b) => Some(*b),
        _ => None,
    }
}

form_input! {
    /// The step-up verification fields; each is required only when the policy asks for it.
    pub struct VerificationForm {
        pub mfa_code: Input<String> = "mfaCode",
        pub email_captcha: Input<String> = "emailCaptcha",
        pub security_password: Input<String> = "securityPassword",
    }
}

/// The codes that were asked for; the others are dropped even when sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    pub mfa_code: Option<String>,
    pub email_code: Option<String>,
    pub pin: Option<String>,
}

impl Form for VerificationForm {
    type Context = Factors;
    type Parsed = Verification;

    fn parse(&self, factors: &Factors) -> Result<Verification, Vec<FieldError>> {
        let mut c = Check::default();
        let v = verify(
            &mut c,
            *factors,
            &self.mfa_code,
            &self.email_captcha,
            &self.security_password,
        );
        c.build(|| Some(v))
    }
}

fn verify(
    c: &mut Check,
    factors: Factors,
    mfa: &Input<String>,
    email: &Input<String>,
    pin: &Input<String>,
) -> Verification {
    let mut v = Verification::default();
    if factors.mfa {
        v.mfa_code = c.six_digits(
            "mfaCode",
            mfa,
            ErrorCode::MfaCodeRequired,
            ErrorCode::MfaCodeFormat,
        );
    }
    if factors.email {
        v.email_code = c.six_digits(
            "emailCaptcha",
            email,
            ErrorCode::EmailCodeRequired,
            ErrorCode::EmailCodeFormat,
        );
    }
    if factors.security {
        v.pin = c.six_digits(
            "securityPassword",
            pin,
            ErrorCode::PinRequired,
            ErrorCode::PinFormat,
        );
    }
    v
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
