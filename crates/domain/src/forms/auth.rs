//! Login, register and recover (e-mail; new password and its confirmation), change password.

use crate::input::form_input;

use super::fields::Check;
use super::{Form, NoContext};
use crate::constants::{PASSWORD_MAX, PASSWORD_MIN};
use crate::email::Email;
use crate::error::{ErrorCode, FieldError};
use crate::input::Input;
use crate::text::char_len;

form_input! {
    /// `POST user/login`: e-mail and password.
    pub struct LoginForm {
        pub email: Input<String> = "email",
        pub password: Input<String> = "password",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub email: Email,
    pub password: String,
}

impl Form for LoginForm {
    type Context = NoContext;
    type Parsed = Login;

    fn parse(&self, _: &NoContext) -> Result<Login, Vec<FieldError>> {
        let mut c = Check::default();
        let email = email(&mut c, &self.email);
        let password = c.secret("password", &self.password, ErrorCode::PasswordRequired);
        c.build(|| {
            Some(Login {
                email: email?,
                password: password?,
            })
        })
    }
}

form_input! {
    /// Register and recover, step 1: the e-mail address.
    pub struct EmailForm {
        pub email: Input<String> = "email",
    }
}

impl Form for EmailForm {
    type Context = NoContext;
    type Parsed = Email;

    fn parse(&self, _: &NoContext) -> Result<Email, Vec<FieldError>> {
        let mut c = Check::default();
        let email = email(&mut c, &self.email);
        c.build(|| email)
    }
}

form_input! {
    /// Register and recover, password step: the new password twice.
    pub struct NewPasswordForm {
        pub password: Input<String> = "password",
        pub confirm: Input<String> = "confirm",
    }
}

impl Form for NewPasswordForm {
    type Context = NoContext;
    /// The new password.
    type Parsed = String;

    fn parse(&self, _: &NoContext) -> Result<String, Vec<FieldError>> {
        let mut c = Check::default();
        let password = new_password(&mut c, "password", &self.password);
        confirm(&mut c, &self.confirm, &self.password);
        c.build(|| password)
    }
}

form_input! {
    /// Change password: the current one, the new one and its confirmation (client side only).
    pub struct ChangePasswordForm {
        pub old_password: Input<String> = "oldPassword",
        pub password: Input<String> = "password",
        /// Checked when present; the API call itself carries only the two passwords.
        pub confirm: Input<String> = "confirm",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangePassword {
    pub old_password: String,
    pub password: String,
}

impl Form for ChangePasswordForm {
    type Context = NoContext;
    type Parsed = ChangePassword;

    fn parse(&self, _: &NoContext) -> Result<ChangePassword, Vec<FieldError>> {
        let mut c = Check::default();
        let old = c.secret(
            "oldPassword",
            &self.old_password,
            ErrorCode::OldPasswordRequired,
        );
        let mut password = new_password(&mut c, "password", &self.password);
        if password.is_some() && password == old {
            c.reject("password", ErrorCode::PasswordSameAsOld);
            password = None;
        }
        if self.confirm != Input::Missing {
            confirm(&mut c, &self.confirm, &self.password);
        }
        c.build(|| {
            Some(ChangePassword {
                old_password: old?,
                password: password?,
            })
        })
    }
}

/// A required, valid e-mail address in field `email`.
fn email(c: &mut Check, input: &Input<String>) -> Option<Email> {
    let text = c.text("email", input, ErrorCode::EmailRequired, usize::MAX)?;
    let email = Email::parse(&text);
    if email.is_none() {
        c.reject("email", ErrorCode::EmailInvalid);
    }
    email
}

/// A new password: 8–128 characters with at least one letter and one digit.
pub(super) fn new_password(c: &mut Check, field: &str, input: &Input<String>) -> Option<String> {
    let password = c.secret(field, input, ErrorCode::NewPasswordRequired)?;
    let len = char_len(&password);
    if len < PASSWORD_MIN {
        c.reject_with(
            FieldError::new(field, ErrorCode::PasswordTooShort).with("min", PASSWORD_MIN),
        );
        return None;
    }
    if len > PASSWORD_MAX {
        c.reject_with(FieldError::new(field, ErrorCode::PasswordTooLong).with("max", PASSWORD_MAX));
        return None;
    }
    if !password.chars().any(char::is_alphabetic) || !password.chars().any(|ch| ch.is_ascii_digit())
    {
        c.reject(field, ErrorCode::PasswordTooWeak);
        return None;
    }
    Some(password)
}

/// The confirmation must be given and equal the password as typed.
fn confirm(c: &mut Check, confirm: &Input<String>, password: &Input<String>) {
    let Some(value) = c.secret("confirm", confirm, ErrorCode::ConfirmRequired) else {
        return;
    };
    if password.value() != Some(&value) {
        c.reject("confirm", ErrorCode::PasswordMismatch);
    }
}
