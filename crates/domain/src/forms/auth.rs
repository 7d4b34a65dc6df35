//! Login, register and recover (e-mail; new password and its confirmation), change password.

use serde::Deserialize;
use validator::Validate;

use super::errors::on;
use super::rules::{self, Rule, fail, given};
use super::{Form, NoContext};
use crate::email::Email;
use crate::error::ErrorCode;
use crate::input::{Blank, Input};

/// `POST user/login`: e-mail and password.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct LoginForm {
    #[validate(required(code = "email_required"), custom(function = rules::email))]
    pub email: Input<String>,
    /// Kept as typed; login does not judge its strength.
    #[validate(required(code = "password_required"))]
    pub password: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub email: Email,
    pub password: String,
}

impl Form for LoginForm {
    type Context = NoContext;
    type Parsed = Login;

    fn build(&self, _: &NoContext) -> Option<Login> {
        Some(Login {
            email: Email::parse(self.email.text()?)?,
            password: self.password.value()?.clone(),
        })
    }
}

/// Register and recover, step 1: the e-mail address.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct EmailForm {
    #[validate(required(code = "email_required"), custom(function = rules::email))]
    pub email: Input<String>,
}

impl Form for EmailForm {
    type Context = NoContext;
    type Parsed = Email;

    fn build(&self, _: &NoContext) -> Option<Email> {
        Email::parse(self.email.text()?)
    }
}

/// Register and recover, password step: the new password twice.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = confirmed, skip_on_field_errors = false)
)]
pub struct NewPasswordForm {
    #[validate(
        required(code = "new_password_required"),
        custom(function = rules::new_password)
    )]
    pub password: Input<String>,
    /// Equal to `password` as typed.
    #[validate(required(code = "confirm_required"))]
    pub confirm: Input<String>,
}

impl Form for NewPasswordForm {
    type Context = NoContext;
    /// The new password.
    type Parsed = String;

    fn build(&self, _: &NoContext) -> Option<String> {
        self.password.value().cloned()
    }
}

fn confirmed(form: &NewPasswordForm) -> Rule {
    rules::confirms("confirm", &form.confirm, &form.password)
}

/// Change password: the current one, the new one and its confirmation (client side only).
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = not_the_old_password, skip_on_field_errors = false),
    schema(function = confirmed_when_given, skip_on_field_errors = false)
)]
pub struct ChangePasswordForm {
    #[validate(required(code = "old_password_required"))]
    pub old_password: Input<String>,
    #[validate(
        required(code = "new_password_required"),
        custom(function = rules::new_password)
    )]
    pub password: Input<String>,
    /// Checked when present; the API call itself carries only the two passwords.
    #[validate(skip)]
    pub confirm: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangePassword {
    pub old_password: String,
    pub password: String,
}

impl Form for ChangePasswordForm {
    type Context = NoContext;
    type Parsed = ChangePassword;

    fn build(&self, _: &NoContext) -> Option<ChangePassword> {
        Some(ChangePassword {
            old_password: self.old_password.value()?.clone(),
            password: self.password.value()?.clone(),
        })
    }
}

/// A new password that is the current one changes nothing.
fn not_the_old_password(form: &ChangePasswordForm) -> Rule {
    let (Input::Value(old), Input::Value(new)) = (&form.old_password, &form.password) else {
        return Ok(());
    };
    if !old.is_blank() && old == new && rules::new_password(&form.password).is_ok() {
        return Err(on("password", fail(ErrorCode::PasswordSameAsOld)));
    }
    Ok(())
}

/// The confirmation, when sent, equals the new password as typed.
fn confirmed_when_given(form: &ChangePasswordForm) -> Rule {
    if form.confirm == Input::Missing {
        return Ok(());
    }
    given(&form.confirm, ErrorCode::ConfirmRequired).map_err(|e| on("confirm", e))?;
    rules::confirms("confirm", &form.confirm, &form.password)
}
