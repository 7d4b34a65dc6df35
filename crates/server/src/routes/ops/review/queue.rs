//! `GET ops/review/queue`: the cases in review, oldest first, filtered.

use actix_web::web;
use diesel::dsl::exists;
use diesel::prelude::*;
use domain::identity::IdentityStatus;
use domain::review::Verification;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{CaseClaim, investor_type, screening_hits};
use crate::api::{Api, ApiResult, Page, PageQuery, Reply};
use crate::db::schema::{review_decisions, users, verification_attempts as attempts};
use crate::extract::CurrentOperator;
use crate::services::identity::AttemptRow;
use crate::services::operators::Role;
use crate::services::review::{self, REVIEW, SECOND_APPROVAL};
use crate::state::AppState;

/// The queue's filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// basic | investor | aml | qualify (default: all four).
    verification: Option<String>,
    /// review | second_approval.
    stage: Option<String>,
    /// hits (held by screening) | clear.
    screening: Option<String>,
    /// Only cases waiting at least this many hours.
    waiting_hours: Option<i64>,
}

/// A case in the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueCase {
    /// The attempt's id.
    case_id: String,
    /// basic | investor | aml | qualify
    verification: String,
    /// INDIVIDUAL | COMPANY for an investor certification.
    investor_type: Option<String>,
    /// The attempt's number (1, 2, …).
    attempt: i32,
    email: String,
    /// UTC milliseconds since the Unix epoch.
    submitted_at: i64,
    screening_hits: usize,
    /// review | second_approval
    stage: String,
    claim: Option<CaseClaim>,
    /// Who gave the first approval (stage second_approval).
    first_reviewer: Option<String>,
}

/// The review queue
///
/// Attempts in review, oldest first, with their stage, claim and screening hits. Role
/// `reviewer`. statusCodes: 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/review/queue",
    tag = "ops",
    params(QueueQuery, PageQuery),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Page<QueueCase>>))
)]
pub async fn review_queue(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    query: web::Query<QueueQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<QueueCase>> {
    operator.require(&[Role::Reviewer])?;
    let (query, page, now) = (query.into_inner(), page.into_inner(), state.clock.now_ms());
    let in_review = i32::try_from(IdentityStatus::InReview.code()).unwrap_or_default();
    let found = state
        .db
        .read(move |conn| {
            let filtered = || {
                let mut q = attempts::table
                    .inner_join(users::table.on(users::id.eq(attempts::user_id)))
                    .filter(attempts::status.eq(in_review))
                    .into_boxed();
                if let Some(v) = query.verification.as_deref().and_then(Verification::parse) {
                    q = q.filter(attempts::verification.eq(v.as_str()));
                }
                match query.screening.as_deref() {
                    Some("hits") => q = q.filter(attempts::screening.is_not_null()),
                    Some("clear") => q = q.filter(attempts::screening.is_null()),
                    _ => {}
                }
                if let Some(hours) = query.waiting_hours.filter(|h| *h > 0) {
                    q = q.filter(attempts::submitted_at.le(now - hours * 3_600_000));
                }
                let approved_once = exists(
                    review_decisions::table
                        .filter(review_decisions::attempt_id.eq(attempts::id))
                        .filter(review_decisions::stage.eq(REVIEW))
                        .filter(review_decisions::outcome.eq("approved")),
                );
                match query.stage.as_deref() {
                    Some(SECOND_APPROVAL) => q = q.filter(approved_once),
                    Some(REVIEW) => q = q.filter(diesel::dsl::not(approved_once)),
                    _ => {}
                }
                q
            };
            let total: i64 = filtered().count().get_result(conn)?;
            let rows: Vec<(AttemptRow, String)> = filtered()
                .order((attempts::submitted_at.asc(), attempts::id.asc()))
                .limit(i64::from(page.size()))
                .offset(page.offset())
                .select((AttemptRow::as_select(), users::email))
                .load(conn)?;
            let mut list = Vec::with_capacity(rows.len());
            for (attempt, email) in rows {
                let first = review::first_approval(conn, &attempt.id)?;
                list.push(QueueCase {
                    case_id: attempt.id.clone(),
                    verification: attempt.verification.clone(),
                    investor_type: investor_type(&attempt),
                    attempt: attempt.number,
                    email,
                    submitted_at: attempt.submitted_at,
                    screening_hits: screening_hits(&attempt),
                    stage: if first.is_some() {
                        SECOND_APPROVAL
                    } else {
                        REVIEW
                    }
                    .to_owned(),
                    claim: review::claim_of(conn, &attempt.id, now)?.map(CaseClaim::from),
                    first_reviewer: first.map(|f| f.operator),
                });
            }
            Ok((list, total))
        })
        .await?;
    let (list, total) = found;
    Ok(Api::ok(Page::new(list, total, &page)))
}
