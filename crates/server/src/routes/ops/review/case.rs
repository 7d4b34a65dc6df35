//! A case as the reviewer sees it (`GET ops/review/cases/{id}`); each read is an audit entry.

use actix_web::web;
use domain::identity::IdentityStatus;
use domain::review::{Answer, RejectionReason, Verification, fields_of};
use domain::upload::DOCUMENT_FIELDS;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{CaseClaim, case_not_found, investor_type};
use crate::admin_identity::files;
use crate::api::{Api, ApiResult, AppError, Reply};
use crate::db::DbConnection;
use crate::extract::{Client, CurrentOperator};
use crate::routes::ops::entry;
use crate::services::audit;
use crate::services::identity::{self, AttemptRow};
use crate::services::operators::Role;
use crate::services::review::{self, ItemDecision};
use crate::state::AppState;

/// The case's user.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseUser {
    id: String,
    email: String,
    locale: String,
}

/// An uploaded document of an item.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseDocument {
    reference: String,
    /// The name it was uploaded under.
    name: String,
    content_type: String,
    size: i64,
    /// Where its bytes are read (with the `Ops-Token` header).
    url: String,
}

/// One field of the case, with what changed since the previous attempt.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseItem {
    field: String,
    label_key: String,
    /// The submitted value (text, list or null).
    answer: Value,
    /// The previous attempt's value, or null.
    previous_answer: Value,
    changed: bool,
    documents: Vec<CaseDocument>,
    /// The previous attempt's documents of this field (their `url` reads them as the previous
    /// attempt's), or none.
    previous_documents: Vec<CaseDocument>,
}

/// A screening feature's score.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeatureScore {
    feature: String,
    score: f64,
}

/// A listed name that matched.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScreeningHit {
    list: String,
    name: String,
    score: f64,
    features: Vec<FeatureScore>,
}

/// The screening result the case was held for.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseScreening {
    /// The best hit's score.
    score: f64,
    hits: Vec<ScreeningHit>,
}

/// An item of a rejection the user was shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviousItem {
    field: String,
    reason: String,
    message: String,
}

/// The previous attempt of the same verification.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviousAttempt {
    attempt: i32,
    decided_at: Option<i64>,
    items: Vec<PreviousItem>,
}

/// An item of a decision.
#[derive(Debug, Serialize, ToSchema)]
pub struct DecidedItem {
    field: String,
    /// approve | reject
    decision: String,
    reason: Option<RejectionReason>,
    message: Option<String>,
    note: Option<String>,
}

impl From<ItemDecision> for DecidedItem {
    fn from(i: ItemDecision) -> Self {
        DecidedItem {
            field: i.field,
            decision: i.decision,
            reason: i.reason,
            message: i.message,
            note: i.note,
        }
    }
}

/// The first reviewer's approval (stage second_approval).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirstDecision {
    operator: String,
    decided_at: i64,
    items: Vec<DecidedItem>,
}

/// A case as the reviewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewCase {
    case_id: String,
    verification: String,
    investor_type: Option<String>,
    attempt: i32,
    /// review | second_approval
    stage: String,
    /// in_review | approved | rejected
    status: String,
    user: CaseUser,
    submitted_at: i64,
    claim: Option<CaseClaim>,
    items: Vec<CaseItem>,
    screening: Option<CaseScreening>,
    previous: Option<PreviousAttempt>,
    first_decision: Option<FirstDecision>,
}

fn screening_of(attempt: &AttemptRow) -> Option<CaseScreening> {
    let hits: Vec<Value> = serde_json::from_str(attempt.screening.as_deref()?).ok()?;
    let number = |h: &Value, k: &str| h[k].as_f64().unwrap_or_default();
    let hits: Vec<ScreeningHit> = hits
        .iter()
        .map(|h| ScreeningHit {
            list: h["list"].as_str().unwrap_or_default().to_owned(),
            name: h["listed"].as_str().unwrap_or_default().to_owned(),
            score: number(h, "score"),
            features: [
                ("name", "nameScore"),
                ("birthDate", "birthDateScore"),
                ("country", "countryScore"),
            ]
            .into_iter()
            .map(|(feature, key)| FeatureScore {
                feature: feature.to_owned(),
                score: number(h, key),
            })
            .collect(),
        })
        .collect();
    Some(CaseScreening {
        score: hits.iter().map(|h| h.score).fold(0.0, f64::max),
        hits,
    })
}

pub(crate) fn status_text(status: IdentityStatus) -> &'static str {
    match status {
        IdentityStatus::Approved => "approved",
        IdentityStatus::Rejected => "rejected",
        _ => "in_review",
    }
}

/// The documents of `field` among an attempt's (`attempt_id`), each with the URL that reads it.
fn documents_of(
    documents: &[files::DocumentField],
    field: &str,
    attempt_id: &str,
) -> Vec<CaseDocument> {
    documents
        .iter()
        .filter(|d| d.field == field && DOCUMENT_FIELDS.contains(&field))
        .flat_map(|d| d.files.iter())
        .filter_map(|(reference, row)| {
            let row = row.as_ref()?;
            Some(CaseDocument {
                reference: reference.clone(),
                name: row.original_name.clone(),
                content_type: row.kind().mime().to_owned(),
                size: row.size,
                url: format!("/api/ops/review/cases/{attempt_id}/documents/{reference}"),
            })
        })
        .collect()
}

/// The case `id` as it is now; `None` when there is no such attempt.
pub fn load_case(
    conn: &mut DbConnection,
    id: &str,
    now: i64,
) -> Result<Option<ReviewCase>, AppError> {
    let Some((attempt, email, locale)) = review::case(conn, id)? else {
        return Ok(None);
    };
    let verification = Verification::parse(&attempt.verification).ok_or_else(case_not_found)?;
    let answers = attempt.answers();
    let previous = if attempt.number > 1 {
        identity::attempt_numbered(conn, &attempt.user_id, verification, attempt.number - 1)?
    } else {
        None
    };
    let previous_answers = previous.as_ref().map(AttemptRow::answers);
    let documents = files::documents(conn, &attempt)?;
    // The previous attempt's documents are read under its own id (the document route serves
    // what an attempt's answers list, and audits the read against that attempt).
    let documents_before = match &previous {
        Some(p) => Some((p.id.as_str(), files::documents(conn, p)?)),
        None => None,
    };
    let items = fields_of(verification, attempt.investor_type())
        .into_iter()
        .map(|field| {
            let answer = answers.get(field).cloned().unwrap_or(Value::Null);
            let previous_answer = previous_answers
                .as_ref()
                .and_then(|p| p.get(field).cloned())
                .unwrap_or(Value::Null);
            let read = |v: &Value| serde_json::from_value::<Answer>(v.clone()).unwrap_or_default();
            let changed = previous_answers.is_some() && read(&answer) != read(&previous_answer);
            let previous_documents = documents_before
                .as_ref()
                .map(|(id, documents)| documents_of(documents, field, id))
                .unwrap_or_default();
            let documents = documents_of(&documents, field, &attempt.id);
            CaseItem {
                field: field.to_owned(),
                label_key: format!("identity.field.{field}"),
                answer,
                previous_answer,
                changed,
                documents,
                previous_documents,
            }
        })
        .collect();
    let previous = match previous {
        Some(p) => Some(PreviousAttempt {
            attempt: p.number,
            decided_at: p.decided_at,
            items: identity::items(conn, &p.id)?
                .into_iter()
                .map(|i| PreviousItem {
                    field: i.field,
                    reason: i.reason,
                    message: i.message,
                })
                .collect(),
        }),
        None => None,
    };
    let first = review::first_approval(conn, &attempt.id)?;
    let status = attempt.status();
    let stage = if status == IdentityStatus::InReview && first.is_some() {
        review::SECOND_APPROVAL
    } else {
        review::REVIEW
    };
    Ok(Some(ReviewCase {
        case_id: attempt.id.clone(),
        verification: attempt.verification.clone(),
        investor_type: investor_type(&attempt),
        attempt: attempt.number,
        stage: stage.to_owned(),
        status: status_text(status).to_owned(),
        user: CaseUser {
            id: attempt.user_id.clone(),
            email,
            locale,
        },
        submitted_at: attempt.submitted_at,
        claim: review::claim_of(conn, &attempt.id, now)?.map(CaseClaim::from),
        screening: screening_of(&attempt),
        items,
        previous,
        first_decision: first.map(|f| FirstDecision {
            operator: f.operator.clone(),
            decided_at: f.created_at,
            items: f.items().into_iter().map(DecidedItem::from).collect(),
        }),
    }))
}

/// A case
///
/// The attempt's items in form order (answer, previous answer, documents and the previous
/// attempt's), its screening result, the previous attempt's rejection and the first decision.
/// Reading it is audited.
/// Role `reviewer`. statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    get,
    path = "/ops/review/cases/{id}",
    tag = "ops",
    params(("id" = String, Path, description = "The case (attempt) id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<ReviewCase>))
)]
pub async fn show_case(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<ReviewCase> {
    operator.require(&[Role::Reviewer])?;
    let (id, now) = (id.into_inner(), state.clock.now_ms());
    let found = state
        .db
        .write(move |conn| {
            let Some(case) = load_case(conn, &id, now)? else {
                return Ok(None);
            };
            let subject = format!("attempt:{id}");
            audit::append(
                conn,
                &entry(&operator, &client, "review.case.read", &subject),
                now,
            )?;
            Ok(Some(case))
        })
        .await?;
    Ok(Api::ok(found.ok_or_else(case_not_found)?))
}
