//! The operator console's card freeze and unfreeze: a reason from the catalogue and a note,
//! which the reason `other` needs (docs/ops-contract.md, phase 2, cards).

use serde::Deserialize;
use validator::Validate;

use super::errors::on;
use super::rules::{self, Rule, fail};
use super::{Form, NoContext};
use crate::card::FreezeReason;
use crate::error::ErrorCode;
use crate::input::Input;

/// Longest note, in characters.
pub const FREEZE_NOTE_MAX: usize = 500;

/// Why an operator freezes or unfreezes a card.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = note_when_other, skip_on_field_errors = false)
)]
pub struct CardFreezeForm {
    /// `suspected_fraud`, `customer_request`, `lost_or_stolen`, `compliance` or `other`.
    #[validate(required(code = "required_choice"), custom(function = reason))]
    pub reason: Input<String>,
    /// For the audit trail; required with `other`.
    #[validate(length(max = FREEZE_NOTE_MAX, code = "text_too_long"))]
    pub note: Input<String>,
}

/// A valid [`CardFreezeForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFreeze {
    pub reason: FreezeReason,
    /// Trimmed; None when blank.
    pub note: Option<String>,
}

impl Form for CardFreezeForm {
    type Context = NoContext;
    type Parsed = CardFreeze;

    fn build(&self, _: &NoContext) -> Option<CardFreeze> {
        Some(CardFreeze {
            reason: FreezeReason::parse(self.reason.text()?.trim())?,
            note: self
                .note
                .text()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned),
        })
    }
}

fn reason(input: &Input<String>) -> Rule {
    match input.text().map(str::trim).filter(|r| !r.is_empty()) {
        Some(reason) if FreezeReason::parse(reason).is_none() => {
            Err(fail(ErrorCode::OptionInvalid))
        }
        _ => Ok(()),
    }
}

fn note_when_other(form: &CardFreezeForm) -> Rule {
    let other = form.reason.text().map(str::trim) == Some(FreezeReason::Other.as_str());
    if other {
        rules::given(&form.note, ErrorCode::RequiredInput)
            .map(drop)
            .map_err(|e| on("note", e))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(value: serde_json::Value) -> Vec<(String, ErrorCode)> {
        let form: CardFreezeForm = serde_json::from_value(value).expect("a form");
        match form.parse(&NoContext) {
            Ok(_) => vec![],
            Err(errors) => errors.into_iter().map(|e| (e.field, e.code)).collect(),
        }
    }

    #[test]
    fn a_freeze_needs_a_reason_from_the_catalogue() {
        let form: CardFreezeForm =
            serde_json::from_value(json!({ "reason": "lost_or_stolen", "note": "  " }))
                .expect("a form");
        assert_eq!(
            form.parse(&NoContext),
            Ok(CardFreeze {
                reason: FreezeReason::LostOrStolen,
                note: None,
            })
        );
        assert_eq!(
            codes(json!({ "note": "x" })),
            vec![("reason".to_owned(), ErrorCode::RequiredChoice)]
        );
        assert_eq!(
            codes(json!({ "reason": "boredom" })),
            vec![("reason".to_owned(), ErrorCode::OptionInvalid)]
        );
    }

    #[test]
    fn the_reason_other_needs_a_note() {
        assert_eq!(
            codes(json!({ "reason": "other", "note": " " })),
            vec![("note".to_owned(), ErrorCode::RequiredInput)]
        );
        let form: CardFreezeForm =
            serde_json::from_value(json!({ "reason": "other", "note": " Merchant called " }))
                .expect("a form");
        assert_eq!(
            form.parse(&NoContext).map(|f| f.note),
            Ok(Some("Merchant called".to_owned()))
        );
        let long = "n".repeat(501);
        assert_eq!(
            codes(json!({ "reason": "compliance", "note": long })),
            vec![("note".to_owned(), ErrorCode::TextTooLong)]
        );
    }
}
