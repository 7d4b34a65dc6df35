use serde_json::{Value, json};

use super::*;
use crate::error::FieldError;

fn context() -> ReviewDecisionContext {
    ReviewDecisionContext {
        fields: vec!["frontImg".to_owned(), "backImg".to_owned()],
    }
}

fn parse(value: Value) -> Result<ReviewDecision, Vec<FieldError>> {
    let form: ReviewDecisionForm = serde_json::from_value(value).expect("a form");
    form.parse(&context())
}

fn errors(value: Value) -> Vec<(String, ErrorCode)> {
    parse(value)
        .expect_err("refused")
        .into_iter()
        .map(|e| (e.field, e.code))
        .collect()
}

fn named(list: &[(&str, ErrorCode)]) -> Vec<(String, ErrorCode)> {
    list.iter().map(|&(f, c)| (f.to_owned(), c)).collect()
}

#[test]
fn every_item_approved_approves_and_drops_a_kind() {
    let decision = parse(json!({
        "items": [
            {"field": "backImg", "decision": "approve", "note": "  "},
            {"field": "frontImg", "decision": "approve", "message": " fine ", "note": " ok "}
        ],
        "kind": "final"
    }))
    .expect("valid");
    assert_eq!(decision.kind, None);
    assert_eq!(
        decision.items[1],
        ReviewItemDecision {
            field: "frontImg".to_owned(),
            verdict: Verdict::Approve,
            reason: None,
            message: Some("fine".to_owned()),
            note: Some("ok".to_owned()),
        }
    );
    assert_eq!(decision.items[0].note, None);
}

#[test]
fn a_rejection_carries_its_reason_message_and_kind_trimmed() {
    let decision = parse(json!({
        "items": [
            {"field": "frontImg", "decision": "approve"},
            {"field": "backImg", "decision": "reject", "reason": " document_expired ",
             "message": " Line one\nline two "}
        ],
        "kind": " retry "
    }))
    .expect("valid");
    assert_eq!(decision.kind, Some(RejectionKind::Retry));
    let back = &decision.items[1];
    assert_eq!(back.verdict, Verdict::Reject);
    assert_eq!(back.reason, Some(RejectionReason::DocumentExpired));
    assert_eq!(back.message.as_deref(), Some("Line one\nline two"));
}

#[test]
fn a_rejection_needs_a_reason_of_the_catalogue_a_message_and_a_kind() {
    assert_eq!(
        errors(json!({
            "items": [
                {"field": "frontImg", "decision": "reject", "reason": "whim", "message": "x"},
                {"field": "backImg", "decision": "reject", "reason": " ", "message": "  "}
            ]
        })),
        named(&[
            ("items[0].reason", ErrorCode::OptionInvalid),
            ("items[1].reason", ErrorCode::RequiredChoice),
            ("items[1].message", ErrorCode::RequiredInput),
            ("kind", ErrorCode::RequiredChoice),
        ])
    );
}

#[test]
fn an_item_is_approved_or_rejected_exactly() {
    for decision in [json!(""), json!("Approve"), json!(" reject"), json!(null)] {
        assert_eq!(
            errors(json!({
                "items": [
                    {"field": "frontImg", "decision": decision, "reason": "bad"},
                    {"field": "backImg", "decision": "approve"}
                ]
            })),
            named(&[("items[0].decision", ErrorCode::RequiredChoice)]),
            "{decision}"
        );
    }
    assert_eq!(
        errors(json!({
            "items": [
                {"field": "frontImg", "decision": 1},
                {"field": "backImg", "decision": "approve", "note": ["x"]}
            ]
        })),
        named(&[
            ("items[0].decision", ErrorCode::InvalidType),
            ("items[1].note", ErrorCode::InvalidType),
        ])
    );
}

#[test]
fn an_item_outside_the_case_or_twice_answers_only_that_and_a_missing_one_is_named() {
    assert_eq!(
        errors(json!({
            "items": [
                {"field": "frontImg", "decision": "approve"},
                {"field": "frontImg", "decision": "reject"},
                {"field": "notAField", "decision": "reject"},
                {"field": 7, "decision": "maybe"}
            ]
        })),
        named(&[
            ("items[1].field", ErrorCode::OptionInvalid),
            ("items[2].field", ErrorCode::OptionInvalid),
            ("items[3].field", ErrorCode::OptionInvalid),
            ("items", ErrorCode::RequiredInput),
        ])
    );
    let refused = parse(json!({"items": []})).expect_err("refused");
    assert_eq!(
        refused,
        [FieldError::new("items", ErrorCode::RequiredInput).with("field", "frontImg")]
    );
}

#[test]
fn a_kind_given_is_retry_or_final_even_when_nothing_is_rejected() {
    let all_approved = json!([
        {"field": "frontImg", "decision": "approve"},
        {"field": "backImg", "decision": "approve"}
    ]);
    assert_eq!(
        errors(json!({"items": all_approved, "kind": "later"})),
        named(&[("kind", ErrorCode::OptionInvalid)])
    );
    assert_eq!(
        errors(json!({"items": all_approved, "kind": 2})),
        named(&[("kind", ErrorCode::InvalidType)])
    );
    assert!(parse(json!({"items": all_approved, "kind": "  "})).is_ok());
}

#[test]
fn the_validator_names_the_items_as_the_server_does() {
    let found = crate::forms::validate(
        crate::FormName::ReviewDecision,
        json!({"items": [{"field": "backImg", "decision": "reject"}]}),
        json!({"fields": ["frontImg", "backImg"]}),
    )
    .expect("a context");
    assert_eq!(
        found,
        [
            FieldError::new("items[0].reason", ErrorCode::RequiredChoice),
            FieldError::new("items[0].message", ErrorCode::RequiredInput),
            FieldError::new("items", ErrorCode::RequiredInput).with("field", "frontImg"),
            FieldError::new("kind", ErrorCode::RequiredChoice),
        ]
    );
}
