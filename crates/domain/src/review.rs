//! Reviewing a verification (DESIGN §7): the four verifications, the reasons an operator may
//! reject an item for, and the commit rule after a rejection — only the rejected items must
//! change, and a final rejection cannot be resubmitted.

use std::collections::BTreeMap;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::error::{ErrorCode, FieldError};
use crate::forms::{
    AmlForm, BasicIdentityStep1Form, BasicIdentityStep2Form, CompanyInvestorForm,
    IndividualInvestorForm, QiForm,
};
use crate::identity::InvestorType;
use crate::input::field_names;
use crate::macros::text_enum;

text_enum! {
    /// The four verifications, each with its own record and attempts.
    pub enum Verification {
        Basic = "basic",
        Investor = "investor",
        Aml = "aml",
        Qualify = "qualify",
    }
}

text_enum! {
    /// Why an item was rejected; the label is `rejection_reason.<code>`.
    pub enum RejectionReason {
        DocumentUnreadable = "document_unreadable",
        DocumentExpired = "document_expired",
        DocumentIncomplete = "document_incomplete",
        DocumentWrongType = "document_wrong_type",
        DocumentMismatch = "document_mismatch",
        DetailsInvalid = "details_invalid",
        AddressUnverified = "address_unverified",
        ScreeningMatch = "screening_match",
        Other = "other",
    }
}

impl RejectionReason {
    pub fn label_key(self) -> String {
        format!("rejection_reason.{}", self.as_str())
    }
}

text_enum! {
    /// Whether the user may submit again.
    pub enum RejectionKind {
        Retry = "retry",
        Final = "final",
    }
}

/// One rejected item as the user sees it (the operator's internal note stays on the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RejectionItem {
    /// The form field or document concerned (its API name; empty for the whole case).
    pub field: String,
    pub reason: RejectionReason,
    /// The operator's text for the user; several lines allowed.
    pub message: String,
}

/// The fields an item of `verification` may name (an investor's depend on its type).
pub fn fields_of(verification: Verification, investor: Option<InvestorType>) -> Vec<&'static str> {
    match verification {
        Verification::Basic => {
            let mut fields = field_names::<BasicIdentityStep1Form>().to_vec();
            fields.extend_from_slice(field_names::<BasicIdentityStep2Form>());
            fields
        }
        Verification::Investor => {
            let mut fields = vec!["type"];
            fields.extend_from_slice(match investor {
                Some(InvestorType::Company) => field_names::<CompanyInvestorForm>(),
                _ => field_names::<IndividualInvestorForm>(),
            });
            fields
        }
        Verification::Aml => field_names::<AmlForm>().to_vec(),
        Verification::Qualify => field_names::<QiForm>().to_vec(),
    }
}

/// Whether an item may name `field` (empty: the whole case).
pub fn item_field_allowed(
    verification: Verification,
    investor: Option<InvestorType>,
    field: &str,
) -> bool {
    field.is_empty() || fields_of(verification, investor).contains(&field)
}

/// A form value as a person reads it, for "did it change": text trimmed and split at commas
/// (the references of an uploaded-file value), a list's items (countries), numbers as written;
/// in any order, blanks dropped. Read from any JSON or JavaScript value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer(Vec<String>);

impl Answer {
    fn from_parts(parts: impl IntoIterator<Item = String>) -> Self {
        let mut parts: Vec<String> = parts
            .into_iter()
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect();
        parts.sort();
        Self(parts)
    }
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(AnswerVisitor)
    }
}

struct AnswerVisitor;

impl<'de> Visitor<'de> for AnswerVisitor {
    type Value = Answer;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a form value")
    }
    fn visit_str<E>(self, v: &str) -> Result<Answer, E> {
        Ok(Answer::from_parts(v.split(',').map(str::to_owned)))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Answer, E> {
        Ok(Answer(vec![v.to_string()]))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Answer, E> {
        Ok(Answer(vec![v.to_string()]))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Answer, E> {
        Ok(Answer(vec![v.to_string()]))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Answer, E> {
        // As JavaScript writes it (`String(n)`), as amounts sent as numbers are read.
        Ok(Answer(vec![ryu_js::Buffer::new().format(v).to_owned()]))
    }
    fn visit_unit<E>(self) -> Result<Answer, E> {
        Ok(Answer::default())
    }
    fn visit_none<E>(self) -> Result<Answer, E> {
        Ok(Answer::default())
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Answer, D::Error> {
        Answer::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Answer, A::Error> {
        let mut parts = Vec::new();
        while let Some(item) = seq.next_element::<Answer>()? {
            parts.push(item.0.join(","));
        }
        Ok(Answer::from_parts(parts))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Answer, A::Error> {
        // Not a value a form holds: compared as "something", never equal to a real value.
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Answer(vec!["{}".to_owned()]))
    }
}

/// The answers of an attempt or a draft, by API field name.
pub type Answers = BTreeMap<String, Answer>;

/// The commit rule after a rejection: a final rejection cannot be resubmitted (one form-level
/// `rejection_final` error); on retry, every rejected field (`rejected`, API names; an item on
/// the whole case names none) must differ from the `previous` attempt in the `draft`, else
/// `rejected_unchanged` on that field.
pub fn check_resubmission(
    previous: &Answers,
    draft: &Answers,
    rejected: &[String],
    kind: RejectionKind,
) -> Vec<FieldError> {
    if kind == RejectionKind::Final {
        return vec![FieldError::new("", ErrorCode::RejectionFinal)];
    }
    let none = Answer::default();
    let mut errors: Vec<FieldError> = Vec::new();
    for field in rejected.iter().filter(|f| !f.is_empty()) {
        if errors.iter().any(|e| e.field == *field) {
            continue;
        }
        if previous.get(field).unwrap_or(&none) == draft.get(field).unwrap_or(&none) {
            errors.push(FieldError::new(field, ErrorCode::RejectedUnchanged));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn map(v: Value) -> Answers {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn only_rejected_fields_must_change() {
        let previous = map(json!({"backImg": "u/a.png", "city": "Paris"}));
        let same = map(json!({"backImg": " u/a.png ", "city": "Lyon"}));
        let errors =
            check_resubmission(&previous, &same, &["backImg".into()], RejectionKind::Retry);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].field, "backImg");
        let changed = map(json!({"backImg": "u/b.png", "city": "Paris"}));
        assert!(
            check_resubmission(
                &previous,
                &changed,
                &["backImg".into()],
                RejectionKind::Retry
            )
            .is_empty()
        );
    }

    #[test]
    fn items_name_the_fields_of_their_verification() {
        assert!(item_field_allowed(Verification::Basic, None, "backImg"));
        assert!(item_field_allowed(
            Verification::Investor,
            Some(InvestorType::Company),
            "directorFile"
        ));
        assert!(!item_field_allowed(
            Verification::Investor,
            Some(InvestorType::Individual),
            "directorFile"
        ));
        assert!(item_field_allowed(Verification::Qualify, None, ""));
        assert!(!item_field_allowed(Verification::Aml, None, "totalAssets"));
    }
}
