//! Claiming a case, releasing it, and deciding it item by item (claim held; the two-person
//! rule for investor certifications; nobody decides their own account's case).

use actix_web::web;
use domain::forms::{Form, ReviewDecisionContext, ReviewDecisionForm};
use domain::identity::IdentityStatus;
use domain::review::{RejectionKind, Verification, fields_of};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::case::{ReviewCase, load_case};
use super::case_not_found;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Reply};
use crate::db::DbConnection;
use crate::extract::{Client, CurrentOperator};
use crate::routes::ops::entry;
use crate::services::audit::{self, Entry};
use crate::services::identity::AttemptRow;
use crate::services::operators::Role;
use crate::services::review::{
    self, DecideRefusal, Decider, ItemDecision, Outcome, SECOND_APPROVAL,
};
use crate::state::AppState;

/// A claim's end.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimAnswer {
    /// UTC milliseconds since the Unix epoch.
    expires_at: i64,
}

fn own_case() -> AppError {
    AppError::new(ApiCode::Forbidden, "api.ops_own_case")
}

fn second_operator_required() -> AppError {
    AppError::new(ApiCode::Forbidden, "api.ops_second_operator_required")
}

/// The case in review `id`, with its user's e-mail, if the operator may decide it (not their
/// own account's, not the second approval of their own first one).
fn decidable(
    conn: &mut DbConnection,
    id: &str,
    operator: &CurrentOperator,
) -> Result<(AttemptRow, String), AppError> {
    let (attempt, email, _) = review::case(conn, id)?
        .filter(|(a, ..)| a.status() == IdentityStatus::InReview)
        .ok_or_else(case_not_found)?;
    if email.eq_ignore_ascii_case(&operator.email) {
        return Err(own_case());
    }
    if review::first_approval(conn, id)?
        .is_some_and(|f| f.operator.eq_ignore_ascii_case(&operator.email))
    {
        return Err(second_operator_required());
    }
    Ok((attempt, email))
}

/// Claim a case
///
/// For `FISCARD_OPS_CLAIM_SECS` (15 minutes), renewed when its holder claims again. Of two
/// claims at once exactly one wins. Role `reviewer`. statusCodes: 200, 101, 403 (the operator's
/// own account, or the second approval of their own first one), 404, 409 (another operator
/// holds it: `message` names them).
#[utoipa::path(
    post,
    path = "/ops/review/cases/{id}/claim",
    tag = "ops",
    params(("id" = String, Path, description = "The case (attempt) id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<ClaimAnswer>))
)]
pub async fn claim_case(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<ClaimAnswer> {
    operator.require(&[Role::Reviewer])?;
    let (id, now) = (id.into_inner(), state.clock.now_ms());
    let ttl = i64::try_from(state.config.ops.claim.as_millis()).unwrap_or(i64::MAX);
    let expires_at = state
        .db
        .write(move |conn| {
            let (attempt, _) = decidable(conn, &id, &operator)?;
            let case_stage = review::stage_of(conn, &attempt)?;
            match review::claim(conn, &id, &operator.id, case_stage, ttl, now)? {
                Ok(expires_at) => {
                    let subject = format!("attempt:{id}");
                    audit::append(
                        conn,
                        &Entry {
                            after: Some(
                                json!({"stage": case_stage, "expiresAt": expires_at}).to_string(),
                            ),
                            ..entry(&operator, &client, "review.claim", &subject)
                        },
                        now,
                    )?;
                    Ok(expires_at)
                }
                Err(holder) => Err(AppError::new(ApiCode::Conflict, "api.ops_claimed_by")
                    .with_param("email", holder.operator)),
            }
        })
        .await?;
    Ok(Api::ok(ClaimAnswer { expires_at }))
}

/// Release a case
///
/// Ends the operator's own claim on it (nothing when they hold none). Role `reviewer`.
/// statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    post,
    path = "/ops/review/cases/{id}/release",
    tag = "ops",
    params(("id" = String, Path, description = "The case (attempt) id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn release_case(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<Empty> {
    operator.require(&[Role::Reviewer])?;
    let (id, now) = (id.into_inner(), state.clock.now_ms());
    state
        .db
        .write(move |conn| {
            review::case(conn, &id)?.ok_or_else(case_not_found)?;
            if review::release(conn, &id, &operator.id)? {
                let subject = format!("attempt:{id}");
                audit::append(
                    conn,
                    &entry(&operator, &client, "review.release", &subject),
                    now,
                )?;
            }
            Ok(())
        })
        .await?;
    Ok(Api::ok(Empty))
}

/// The items as decided (`domain::forms::ReviewDecisionForm` checks the request against the
/// case's fields), or the field errors (102).
fn check_items(
    request: &ReviewDecisionForm,
    fields: &[&str],
) -> Result<(Vec<ItemDecision>, Option<RejectionKind>), AppError> {
    let context = ReviewDecisionContext {
        fields: fields.iter().map(|&f| f.to_owned()).collect(),
    };
    let decision = request.parse(&context)?;
    let items = decision
        .items
        .into_iter()
        .map(|item| ItemDecision {
            field: item.field,
            decision: item.verdict.as_str().to_owned(),
            reason: item.reason,
            message: item.message,
            note: item.note,
        })
        .collect();
    Ok((items, decision.kind))
}

/// Decide a case
///
/// Every item of the case approved or rejected (with a reason and a message for the user),
/// `kind` when any is rejected. Any rejected item rejects the attempt with those items; all
/// approved approve it, except an investor certification's first approval, which moves it to
/// stage `second_approval` for another operator. The claim must be held. Role `reviewer`.
/// Answers the case as it is afterwards. statusCodes: 200, 101, 102, 403 (the operator's own
/// account, or the second approval of their own first one), 404, 409 (claim not held).
#[utoipa::path(
    post,
    path = "/ops/review/cases/{id}/decision",
    tag = "ops",
    params(("id" = String, Path, description = "The case (attempt) id.")),
    request_body = ReviewDecisionForm,
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<ReviewCase>))
)]
pub async fn decide_case(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<ReviewDecisionForm>,
) -> ApiResult<ReviewCase> {
    operator.require(&[Role::Reviewer])?;
    let (id, now) = (id.into_inner(), state.clock.now_ms());
    let request = body.into_inner();
    let case = state
        .db
        .write(move |conn| {
            let (attempt, email) = decidable(conn, &id, &operator)?;
            let held =
                review::claim_of(conn, &id, now)?.is_some_and(|c| c.operator_id == operator.id);
            if !held {
                return Err(AppError::new(ApiCode::Conflict, "api.ops_claim_required"));
            }
            let verification =
                Verification::parse(&attempt.verification).ok_or_else(case_not_found)?;
            let fields = fields_of(verification, attempt.investor_type());
            let (items, kind) = check_items(&request, &fields)?;
            let case_stage = review::stage_of(conn, &attempt)?;
            let decider = Decider {
                operator_id: Some(&operator.id),
                operator: &operator.email,
            };
            let outcome = match review::decide(conn, &attempt, &email, &decider, &items, kind, now)?
            {
                Ok(outcome) => outcome,
                Err(DecideRefusal::NotInReview) => return Err(case_not_found()),
                Err(DecideRefusal::OwnCase) => return Err(own_case()),
                Err(DecideRefusal::SameOperator) => return Err(second_operator_required()),
            };
            let action = if case_stage == SECOND_APPROVAL && outcome == Outcome::Approved {
                "review.approve"
            } else {
                "review.decide"
            };
            let subject = format!("attempt:{id}");
            let after = json!({
                "stage": case_stage,
                "outcome": match outcome {
                    Outcome::Approved => "approved",
                    Outcome::Rejected => "rejected",
                    Outcome::AwaitsSecondApproval => "second_approval",
                },
                "kind": kind.map(RejectionKind::as_str),
                "items": items,
            });
            audit::append(
                conn,
                &Entry {
                    after: Some(after.to_string()),
                    ..entry(&operator, &client, action, &subject)
                },
                now,
            )?;
            load_case(conn, &id, now)?.ok_or_else(case_not_found)
        })
        .await?;
    Ok(Api::ok(case).saying("api.ops_decided"))
}
