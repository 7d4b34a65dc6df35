//! The operator console's withdrawal steps that take something: the reason of a rejection or
//! of a payout the bank returned (`domain::withdrawal::WithdrawalReason`), and the bank's
//! reference of a payout sent (docs/ops-contract.md, phase 2, withdrawals).

use serde::Deserialize;
use validator::Validate;

use super::rules::{Rule, fail};
use super::{Form, NoContext};
use crate::error::ErrorCode;
use crate::input::Input;
use crate::withdrawal::WithdrawalReason;

/// Longest bank reference, in characters.
pub const PAYOUT_REFERENCE_MAX: usize = 100;

/// Why a withdrawal is rejected, or why the bank returned its payout.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct PayoutReasonForm {
    /// `account_closed`, `invalid_account`, `name_mismatch`, `bank_refused`, `compliance` or
    /// `user_request`.
    #[validate(required(code = "required_choice"), custom(function = reason))]
    pub reason: Input<String>,
}

impl Form for PayoutReasonForm {
    type Context = NoContext;
    type Parsed = WithdrawalReason;

    fn build(&self, _: &NoContext) -> Option<WithdrawalReason> {
        WithdrawalReason::parse(self.reason.text()?.trim())
    }
}

fn reason(input: &Input<String>) -> Rule {
    match input.text().map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) if WithdrawalReason::parse(r).is_none() => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

/// The bank's reference of a payout sent.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct PayoutSentForm {
    /// As the bank gave it.
    #[validate(
        length(max = PAYOUT_REFERENCE_MAX, code = "text_too_long"),
        required(code = "required_input")
    )]
    pub reference: Input<String>,
}

impl Form for PayoutSentForm {
    type Context = NoContext;
    /// The reference, trimmed.
    type Parsed = String;

    fn build(&self, _: &NoContext) -> Option<String> {
        Some(self.reference.text()?.trim().to_owned())
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
    fn a_reason_comes_from_the_withdrawal_reasons() {
        let form: PayoutReasonForm =
            serde_json::from_value(json!({ "reason": " account_closed " })).expect("a form");
        assert_eq!(form.parse(&NoContext), Ok(WithdrawalReason::AccountClosed));
        assert_eq!(
            codes::<PayoutReasonForm>(json!({})),
            vec![("reason".to_owned(), ErrorCode::RequiredChoice)]
        );
        assert_eq!(
            codes::<PayoutReasonForm>(json!({ "reason": "whim" })),
            vec![("reason".to_owned(), ErrorCode::OptionInvalid)]
        );
    }

    #[test]
    fn a_payout_sent_needs_the_banks_reference() {
        let form: PayoutSentForm =
            serde_json::from_value(json!({ "reference": " FED-1 " })).expect("a form");
        assert_eq!(form.parse(&NoContext), Ok("FED-1".to_owned()));
        assert_eq!(
            codes::<PayoutSentForm>(json!({ "reference": "  " })),
            vec![("reference".to_owned(), ErrorCode::RequiredInput)]
        );
        assert_eq!(
            codes::<PayoutSentForm>(json!({ "reference": "r".repeat(101) })),
            vec![("reference".to_owned(), ErrorCode::TextTooLong)]
        );
    }
}
