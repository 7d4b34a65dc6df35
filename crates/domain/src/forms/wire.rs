//! The operator console's wire forms: a wire the platform's bank received, and the reason a
//! wire is sent back (docs/ops-contract.md, phase 2).

use serde::Deserialize;
use validator::Validate;

use super::rules::{self, Rule, fail};
use super::{Form, NoContext};
use crate::email::Email;
use crate::error::ErrorCode;
use crate::input::{Blank, DecimalText, Input};

/// Why a wire is sent back to the sender's bank.
pub const RETURN_REASONS: [&str; 4] = [
    "unknown_beneficiary",
    "name_mismatch",
    "compliance",
    "sender_request",
];

/// A wire as the bank reported it.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct WireForm {
    /// A positive USD amount, e.g. "1000.00".
    #[validate(required(code = "required_input"), custom(function = usd_amount))]
    pub amount: Input<DecimalText>,
    /// The bank's reference (unique).
    #[validate(required(code = "required_input"))]
    pub reference: Input<String>,
    /// As the bank gave it.
    pub memo: Input<String>,
    pub sender: Input<String>,
}

/// A valid [`WireForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wire {
    /// Cents.
    pub amount_minor: i64,
    /// Trimmed.
    pub reference: String,
    /// As given (the memo rule reads it later).
    pub memo: String,
    /// Trimmed; None when blank.
    pub sender: Option<String>,
}

impl Form for WireForm {
    type Context = NoContext;
    type Parsed = Wire;

    fn build(&self, _: &NoContext) -> Option<Wire> {
        Some(Wire {
            amount_minor: rules::usd_amount(self.amount.value()?, ErrorCode::RequiredInput).ok()?,
            reference: self.reference.text()?.trim().to_owned(),
            memo: self.memo.text().unwrap_or_default().to_owned(),
            sender: self
                .sender
                .text()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        })
    }
}

fn usd_amount(input: &Input<DecimalText>) -> Rule {
    match input.value().filter(|t| !t.is_blank()) {
        Some(text) => rules::usd_amount(text, ErrorCode::RequiredInput).map(|_| ()),
        None => Ok(()),
    }
}

/// Why a wire goes back: one of [`RETURN_REASONS`].
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct WireReturnForm {
    /// `unknown_beneficiary`, `name_mismatch`, `compliance` or `sender_request`.
    #[validate(required(code = "required_choice"), custom(function = return_reason))]
    pub reason: Input<String>,
}

impl Form for WireReturnForm {
    type Context = NoContext;
    /// The reason, one of [`RETURN_REASONS`].
    type Parsed = String;

    fn build(&self, _: &NoContext) -> Option<String> {
        Some(self.reason.text()?.trim().to_owned())
    }
}

fn return_reason(input: &Input<String>) -> Rule {
    match input.text().map(str::trim).filter(|r| !r.is_empty()) {
        Some(reason) if !RETURN_REASONS.contains(&reason) => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

/// The user an unmatched wire is assigned to, by their e-mail address (whether anyone has it
/// is the server's to say).
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct WireAssignForm {
    /// The user's e-mail address.
    #[validate(required(code = "email_required"), custom(function = rules::email))]
    pub email: Input<String>,
}

impl Form for WireAssignForm {
    type Context = NoContext;
    /// The address, trimmed and in lower case as accounts keep it.
    type Parsed = Email;

    fn build(&self, _: &NoContext) -> Option<Email> {
        Email::parse(self.email.text()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes<F: Form<Context = NoContext>>(value: serde_json::Value) -> Vec<(String, ErrorCode)> {
        let form: F = serde_json::from_value(value).expect("a form");
        match form.parse(&NoContext) {
            Ok(_) => vec![],
            Err(errors) => errors.into_iter().map(|e| (e.field, e.code)).collect(),
        }
    }

    #[test]
    fn a_wire_needs_a_positive_usd_amount_and_a_reference() {
        let form: WireForm = serde_json::from_value(
            json!({ "amount": "1000.50", "reference": " R-1 ", "memo": "fc ab", "sender": " " }),
        )
        .expect("a form");
        assert_eq!(
            form.parse(&NoContext),
            Ok(Wire {
                amount_minor: 100_050,
                reference: "R-1".to_owned(),
                memo: "fc ab".to_owned(),
                sender: None,
            })
        );
        let refused = codes::<WireForm>(json!({ "amount": "0", "reference": "  " }));
        assert_eq!(
            refused,
            vec![
                ("amount".to_owned(), ErrorCode::AmountNotPositive),
                ("reference".to_owned(), ErrorCode::RequiredInput),
            ]
        );
        let refused = codes::<WireForm>(json!({ "amount": "1.001", "reference": "R" }));
        assert_eq!(
            refused,
            vec![("amount".to_owned(), ErrorCode::AmountTooManyDecimals)]
        );
        let refused = codes::<WireForm>(json!({ "reference": "R" }));
        assert_eq!(
            refused,
            vec![("amount".to_owned(), ErrorCode::RequiredInput)]
        );
    }

    #[test]
    fn an_assignment_needs_an_email_address() {
        let form: WireAssignForm =
            serde_json::from_value(json!({ "email": " Payee@Example.com " })).expect("a form");
        let parsed = form.parse(&NoContext).expect("valid");
        assert_eq!(parsed.as_str(), "payee@example.com");
        assert_eq!(
            codes::<WireAssignForm>(json!({ "email": "  " })),
            vec![("email".to_owned(), ErrorCode::EmailRequired)]
        );
        assert_eq!(
            codes::<WireAssignForm>(json!({ "email": "nobody" })),
            vec![("email".to_owned(), ErrorCode::EmailInvalid)]
        );
    }

    #[test]
    fn a_return_needs_a_reason_from_the_list() {
        assert!(codes::<WireReturnForm>(json!({ "reason": "compliance" })).is_empty());
        assert_eq!(
            codes::<WireReturnForm>(json!({})),
            vec![("reason".to_owned(), ErrorCode::RequiredChoice)]
        );
        assert_eq!(
            codes::<WireReturnForm>(json!({ "reason": "whim" })),
            vec![("reason".to_owned(), ErrorCode::OptionInvalid)]
        );
    }
}
