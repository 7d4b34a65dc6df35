//! An operator's decision on a case in review (docs/ops-contract.md, the identity review): every
//! item of the case decided exactly once, a rejection with a reason of the catalogue
//! ([`RejectionReason`]) and a message for the user, and `retry` or `final` when anything is
//! rejected. The console's form in the browser and the request on the server are both checked
//! here; the case's fields are the context.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use validator::{Validate, ValidateArgs, ValidationErrors, ValidationErrorsKind};

use super::Form;
use super::errors::{FORM_LEVEL, ItemsErrors, item_errors, on};
use super::rules::{self, Rule, fail, fail_with};
use crate::error::{ErrorCode, FieldError};
use crate::input::{Input, field_names};
use crate::macros::text_enum;
use crate::review::{RejectionKind, RejectionReason};

text_enum! {
    /// What an operator decides on one item.
    pub enum Verdict {
        Approve = "approve",
        Reject = "reject",
    }
}

/// One item's decision, as sent.
// `Serialize`: the OpenAPI document writes the form's default (no items) with it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    nest_all_fields,
    schema(function = reason_when_rejected, skip_on_field_errors = false),
    schema(function = message_when_rejected, skip_on_field_errors = false)
)]
pub struct ItemDecisionInput {
    /// One of the case's fields, each decided once.
    pub field: Input<String>,
    /// `approve` or `reject`.
    #[validate(required(code = "required_choice"), custom(function = verdict))]
    pub decision: Input<String>,
    /// Rejecting: a code of the rejection reasons (`rejection_reason.<code>`).
    pub reason: Input<String>,
    /// Rejecting: the text the user reads (several lines allowed).
    pub message: Input<String>,
    /// Seen by operators only.
    pub note: Input<String>,
}

/// A decision on every item of a case.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewDecisionForm {
    /// One item for each of the case's fields, in any order.
    pub items: Vec<ItemDecisionInput>,
    /// `retry` or `final`, required when any item is rejected.
    pub kind: Input<String>,
}

/// The case being decided.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ReviewDecisionContext {
    /// The case's fields (`domain::review::fields_of`): each is decided by exactly one item.
    pub fields: Vec<String>,
}

/// One item of a valid [`ReviewDecisionForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewItemDecision {
    pub field: String,
    pub verdict: Verdict,
    /// The reason given, if it is one of the catalogue's (always, when rejected).
    pub reason: Option<RejectionReason>,
    /// Trimmed; None when blank (never, when rejected).
    pub message: Option<String>,
    /// Trimmed; None when blank.
    pub note: Option<String>,
}

/// A valid [`ReviewDecisionForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewDecision {
    /// In the order sent.
    pub items: Vec<ReviewItemDecision>,
    /// Only when an item is rejected.
    pub kind: Option<RejectionKind>,
}

impl Form for ReviewDecisionForm {
    type Context = ReviewDecisionContext;
    type Parsed = ReviewDecision;

    fn build(&self, _: &ReviewDecisionContext) -> Option<ReviewDecision> {
        let items = self
            .items
            .iter()
            .map(|item| {
                Some(ReviewItemDecision {
                    field: item.field.value()?.clone(),
                    verdict: Verdict::parse(item.decision.value()?)?,
                    reason: item.reason.text().and_then(RejectionReason::parse),
                    message: item.message.text().map(str::to_owned),
                    note: item.note.text().map(str::to_owned),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let rejecting = items.iter().any(|i| i.verdict == Verdict::Reject);
        Some(ReviewDecision {
            items,
            kind: self
                .kind
                .text()
                .and_then(RejectionKind::parse)
                .filter(|_| rejecting),
        })
    }

    fn list_errors(list: &str, each: &ItemsErrors) -> Vec<FieldError> {
        item_errors(list, field_names::<ItemDecisionInput>(), each)
    }
}

/// Written out rather than derived, because an item's field is judged against the case (the
/// context) and the items before it, which `validator`'s nested lists cannot pass to an item:
/// an item naming no field of the case, or one an earlier item decided, answers that alone
/// (`items[i].field`); every other item answers its own rules (derived on
/// [`ItemDecisionInput`]); then the form-level rules.
impl<'a> ValidateArgs<'a> for ReviewDecisionForm {
    type Args = &'a ReviewDecisionContext;

    fn validate_with_args(
        &self,
        context: &'a ReviewDecisionContext,
    ) -> Result<(), ValidationErrors> {
        let counted = self.counted(context);
        let mut each = ItemsErrors::new();
        for (index, item) in self.items.iter().enumerate() {
            let found = if counted.contains(&index) {
                item.validate().err()
            } else {
                let mut found = ValidationErrors::new();
                found.add("field", fail(ErrorCode::OptionInvalid));
                Some(found)
            };
            if let Some(found) = found {
                each.insert(index, Box::new(found));
            }
        }
        let mut errors = ValidationErrors::new();
        if !each.is_empty() {
            errors
                .errors_mut()
                .insert(Cow::Borrowed("items"), ValidationErrorsKind::List(each));
        }
        if let Err(e) = kind(&self.kind) {
            errors.add("kind", e);
        }
        let form_level = [
            every_field_decided(self, context),
            kind_when_rejecting(self, &counted),
        ];
        for e in form_level.into_iter().filter_map(Result::err) {
            errors.add(FORM_LEVEL, e);
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}

impl ReviewDecisionForm {
    /// The indices of the items that count: each names a field of the case that no item before
    /// it named.
    fn counted(&self, context: &ReviewDecisionContext) -> Vec<usize> {
        let mut named: Vec<&str> = Vec::new();
        let mut counted = Vec::new();
        for (index, item) in self.items.iter().enumerate() {
            let Some(field) = item.field.value() else {
                continue;
            };
            if context.fields.contains(field) && !named.contains(&field.as_str()) {
                named.push(field);
                counted.push(index);
            }
        }
        counted
    }
}

fn rejected(item: &ItemDecisionInput) -> bool {
    item.decision.value().map(String::as_str) == Some(Verdict::Reject.as_str())
}

/// `approve` or `reject`, exactly; anything else is no choice made.
fn verdict(input: &Input<String>) -> Rule {
    match input.value() {
        Some(v) if input.text().is_some() && Verdict::parse(v).is_none() => {
            Err(fail(ErrorCode::RequiredChoice))
        }
        _ => Ok(()),
    }
}

fn reason_when_rejected(item: &ItemDecisionInput) -> Rule {
    if !rejected(item) {
        return Ok(());
    }
    let reason =
        rules::given(&item.reason, ErrorCode::RequiredChoice).map_err(|e| on("reason", e))?;
    match RejectionReason::parse(reason.trim()) {
        Some(_) => Ok(()),
        None => Err(on("reason", fail(ErrorCode::OptionInvalid))),
    }
}

fn message_when_rejected(item: &ItemDecisionInput) -> Rule {
    if !rejected(item) {
        return Ok(());
    }
    rules::given(&item.message, ErrorCode::RequiredInput)
        .map(drop)
        .map_err(|e| on("message", e))
}

/// A kind given is `retry` or `final`, whether or not anything is rejected.
fn kind(input: &Input<String>) -> Rule {
    match input {
        Input::WrongType => Err(fail(ErrorCode::InvalidType)),
        _ => match input.text() {
            Some(kind) if RejectionKind::parse(kind).is_none() => {
                Err(fail(ErrorCode::OptionInvalid))
            }
            _ => Ok(()),
        },
    }
}

/// The first of the case's fields that no item names (`items`, with the field as `field`).
fn every_field_decided(form: &ReviewDecisionForm, context: &ReviewDecisionContext) -> Rule {
    let named = |field: &String| form.items.iter().any(|i| i.field.value() == Some(field));
    match context.fields.iter().find(|f| !named(f)) {
        Some(missing) => Err(on(
            "items",
            fail_with(ErrorCode::RequiredInput, "field", missing),
        )),
        None => Ok(()),
    }
}

/// Retry or final, when an item that counts is rejected.
fn kind_when_rejecting(form: &ReviewDecisionForm, counted: &[usize]) -> Rule {
    let rejecting = counted.iter().any(|&i| rejected(&form.items[i]));
    if rejecting && !matches!(form.kind, Input::WrongType) && form.kind.text().is_none() {
        return Err(on("kind", fail(ErrorCode::RequiredChoice)));
    }
    Ok(())
}

#[cfg(test)]
#[path = "review_decision_tests.rs"]
mod tests;
