//! The operator console's sign-in forms (docs/ops-contract.md): the login and the end of an
//! enrolment. Their fields follow the users' rules: the login's e-mail and password, a new
//! password's strength and its confirmation, an authenticator's six-digit code.

use serde::Deserialize;
use validator::Validate;

use super::rules::{self, Rule};
use super::{Form, NoContext};
use crate::email::Email;
use crate::input::{Code, Input};

/// `POST ops/login`: e-mail, password and the authenticator's code, all three always.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct OpsLoginForm {
    #[validate(required(code = "email_required"), custom(function = rules::email))]
    pub email: Input<String>,
    /// Kept as typed.
    #[validate(required(code = "password_required"))]
    pub password: Input<String>,
    /// The authenticator's current code (6 digits).
    #[validate(required(code = "mfa_code_required"), custom(function = rules::mfa_code))]
    pub code: Input<Code>,
}

/// A valid [`OpsLoginForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpsLogin {
    pub email: Email,
    pub password: String,
    pub code: String,
}

impl Form for OpsLoginForm {
    type Context = NoContext;
    type Parsed = OpsLogin;

    fn build(&self, _: &NoContext) -> Option<OpsLogin> {
        Some(OpsLogin {
            email: Email::parse(self.email.text()?)?,
            password: self.password.value()?.clone(),
            code: self.code.value()?.as_str().to_owned(),
        })
    }
}

/// `POST ops/enrolment/finish`: the link's token, the new password twice and the first code of
/// the authenticator just bound.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = confirmed, skip_on_field_errors = false)
)]
pub struct OpsEnrolmentForm {
    /// The enrolment link's token (after `#`).
    #[validate(required(code = "required_input"))]
    pub token: Input<String>,
    #[validate(
        required(code = "new_password_required"),
        custom(function = rules::new_password)
    )]
    pub password: Input<String>,
    /// Equal to `password` as typed.
    #[validate(required(code = "confirm_required"))]
    pub confirm: Input<String>,
    /// The authenticator's current code (6 digits).
    #[validate(required(code = "mfa_code_required"), custom(function = rules::mfa_code))]
    pub code: Input<Code>,
}

/// A valid [`OpsEnrolmentForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpsEnrolment {
    /// Trimmed.
    pub token: String,
    pub password: String,
    pub code: String,
}

impl Form for OpsEnrolmentForm {
    type Context = NoContext;
    type Parsed = OpsEnrolment;

    fn build(&self, _: &NoContext) -> Option<OpsEnrolment> {
        Some(OpsEnrolment {
            token: self.token.text()?.trim().to_owned(),
            password: self.password.value()?.clone(),
            code: self.code.value()?.as_str().to_owned(),
        })
    }
}

fn confirmed(form: &OpsEnrolmentForm) -> Rule {
    rules::confirms("confirm", &form.confirm, &form.password)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::error::FieldError;

    fn fields(errors: &[FieldError]) -> Vec<(&str, &str)> {
        errors
            .iter()
            .map(|e| (e.field.as_str(), e.code.as_str()))
            .collect()
    }

    #[test]
    fn a_login_needs_all_three_and_a_six_digit_code() {
        let form: OpsLoginForm =
            serde_json::from_value(json!({"email": "ops@example.com"})).unwrap();
        let errors = form.parse(&NoContext).unwrap_err();
        assert_eq!(
            fields(&errors),
            [
                ("password", "password_required"),
                ("code", "mfa_code_required")
            ]
        );
        let form: OpsLoginForm = serde_json::from_value(
            json!({"email": "Ops@Example.com", "password": " p w ", "code": "12345"}),
        )
        .unwrap();
        assert_eq!(
            fields(&form.parse(&NoContext).unwrap_err()),
            [("code", "mfa_code_format")]
        );
        let form: OpsLoginForm = serde_json::from_value(
            json!({"email": "Ops@Example.com", "password": " p w ", "code": "123456"}),
        )
        .unwrap();
        let login = form.parse(&NoContext).unwrap();
        assert_eq!(
            (
                login.email.as_str(),
                login.password.as_str(),
                login.code.as_str()
            ),
            ("ops@example.com", " p w ", "123456")
        );
    }

    #[test]
    fn an_enrolment_checks_the_token_the_new_password_its_confirmation_and_the_code() {
        let form: OpsEnrolmentForm = serde_json::from_value(
            json!({"token": " ", "password": "short", "confirm": "other", "code": ""}),
        )
        .unwrap();
        let errors = form.parse(&NoContext).unwrap_err();
        assert_eq!(
            fields(&errors),
            [
                ("token", "required_input"),
                ("password", "password_too_short"),
                ("confirm", "password_mismatch"),
                ("code", "mfa_code_required")
            ]
        );
        let form: OpsEnrolmentForm = serde_json::from_value(
            json!({"token": " abc ", "password": "Correct horse 1", "confirm": "Correct horse 1", "code": "654321"}),
        )
        .unwrap();
        let done = form.parse(&NoContext).unwrap();
        assert_eq!((done.token.as_str(), done.code.as_str()), ("abc", "654321"));
    }
}
