//! The identity review's claims and decisions (docs/ops-contract.md): a case (an attempt in
//! review) is claimed before it is decided, one claim per case; every decision is kept; an
//! investor certification approved once waits in stage `second_approval` for an operator who
//! did not make the first decision.

use diesel::prelude::*;
use domain::identity::IdentityStatus;
use domain::review::{RejectionKind, RejectionReason, Verification};
use serde::{Deserialize, Serialize};

use super::identity::{self, AttemptRow, Decision};
use crate::clock::new_id;
use crate::db::schema::{operators, review_claims, review_decisions, users, verification_attempts};
use crate::db::{DbConnection, insert_unless_taken};

pub const REVIEW: &str = "review";
pub const SECOND_APPROVAL: &str = "second_approval";

/// One item of a decision, as kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemDecision {
    pub field: String,
    /// approve | reject
    pub decision: String,
    pub reason: Option<RejectionReason>,
    pub message: Option<String>,
    pub note: Option<String>,
}

/// A decision as kept.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = review_decisions)]
pub struct DecisionRow {
    pub id: String,
    pub attempt_id: String,
    pub stage: String,
    pub operator_id: Option<String>,
    pub operator: String,
    pub outcome: String,
    pub items: String,
    pub kind: Option<String>,
    pub created_at: i64,
}

impl DecisionRow {
    pub fn items(&self) -> Vec<ItemDecision> {
        serde_json::from_str(&self.items).unwrap_or_default()
    }
}

/// The first reviewer's approval of an investor certification, which puts it in stage
/// `second_approval` while the attempt is in review.
pub fn first_approval(
    conn: &mut DbConnection,
    attempt_id: &str,
) -> QueryResult<Option<DecisionRow>> {
    review_decisions::table
        .filter(review_decisions::attempt_id.eq(attempt_id))
        .filter(review_decisions::stage.eq(REVIEW))
        .filter(review_decisions::outcome.eq("approved"))
        .order(review_decisions::created_at.desc())
        .select(DecisionRow::as_select())
        .first(conn)
        .optional()
}

/// The stage of an attempt in review.
pub fn stage_of(conn: &mut DbConnection, attempt: &AttemptRow) -> QueryResult<&'static str> {
    Ok(
        if attempt.status() == IdentityStatus::InReview
            && first_approval(conn, &attempt.id)?.is_some()
        {
            SECOND_APPROVAL
        } else {
            REVIEW
        },
    )
}

/// A live claim: who holds it until when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub operator_id: String,
    pub operator: String,
    pub expires_at: i64,
}

/// The live claim on a case, if any.
pub fn claim_of(conn: &mut DbConnection, attempt_id: &str, now: i64) -> QueryResult<Option<Claim>> {
    let found: Option<(String, String, i64)> = review_claims::table
        .inner_join(operators::table)
        .filter(review_claims::attempt_id.eq(attempt_id))
        .filter(review_claims::expires_at.gt(now))
        .select((
            review_claims::operator_id,
            operators::email,
            review_claims::expires_at,
        ))
        .first(conn)
        .optional()?;
    Ok(found.map(|(operator_id, operator, expires_at)| Claim {
        operator_id,
        operator,
        expires_at,
    }))
}

/// Claims a case for `operator_id` until `now + ttl_ms` (renewed when it holds it already);
/// `Err` with the live claim of someone else. Of two claims at once exactly one wins: there
/// is one row per case, and it changes hands only when it is the taker's or has expired.
pub fn claim(
    conn: &mut DbConnection,
    attempt_id: &str,
    operator_id: &str,
    stage: &str,
    ttl_ms: i64,
    now: i64,
) -> QueryResult<Result<i64, Claim>> {
    let expires_at = now + ttl_ms;
    let inserted = insert_unless_taken(conn, |conn| {
        diesel::insert_into(review_claims::table)
            .values((
                review_claims::attempt_id.eq(attempt_id),
                review_claims::operator_id.eq(operator_id),
                review_claims::stage.eq(stage),
                review_claims::claimed_at.eq(now),
                review_claims::expires_at.eq(expires_at),
            ))
            .execute(conn)
    })?;
    if inserted {
        return Ok(Ok(expires_at));
    }
    let taken = diesel::update(
        review_claims::table
            .filter(review_claims::attempt_id.eq(attempt_id))
            .filter(
                review_claims::operator_id
                    .eq(operator_id)
                    .or(review_claims::expires_at.le(now)),
            ),
    )
    .set((
        review_claims::operator_id.eq(operator_id),
        review_claims::stage.eq(stage),
        review_claims::claimed_at.eq(now),
        review_claims::expires_at.eq(expires_at),
    ))
    .execute(conn)?;
    if taken == 1 {
        return Ok(Ok(expires_at));
    }
    Ok(Err(claim_of(conn, attempt_id, now)?.unwrap_or(Claim {
        operator_id: String::new(),
        operator: String::new(),
        expires_at: now,
    })))
}

/// Ends the operator's claim on a case (nothing when it is not theirs); whether it did.
pub fn release(conn: &mut DbConnection, attempt_id: &str, operator_id: &str) -> QueryResult<bool> {
    diesel::delete(
        review_claims::table
            .filter(review_claims::attempt_id.eq(attempt_id))
            .filter(review_claims::operator_id.eq(operator_id)),
    )
    .execute(conn)
    .map(|n| n > 0)
}

/// An attempt by its id, with its user's e-mail address and language.
pub fn case(
    conn: &mut DbConnection,
    attempt_id: &str,
) -> QueryResult<Option<(AttemptRow, String, String)>> {
    verification_attempts::table
        .inner_join(users::table.on(users::id.eq(verification_attempts::user_id)))
        .filter(verification_attempts::id.eq(attempt_id))
        .select((AttemptRow::as_select(), users::email, users::locale))
        .first(conn)
        .optional()
}

/// Who decides: a console operator (with an id) or the command line.
#[derive(Debug, Clone)]
pub struct Decider<'a> {
    pub operator_id: Option<&'a str>,
    pub operator: &'a str,
}

/// Why a decision was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecideRefusal {
    /// The attempt is not in review (decided already, or no such case).
    NotInReview,
    /// The case's user has the operator's own e-mail address.
    OwnCase,
    /// Stage `second_approval`, and the operator made the first decision.
    SameOperator,
}

/// What a decision did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Approved,
    Rejected,
    /// An investor certification's first approval: it waits for a second operator.
    AwaitsSecondApproval,
}

/// Decides the case `attempt` in its current stage: rejected with the rejected items when any
/// item is; approved otherwise, except an investor certification's first approval, which moves
/// it to stage `second_approval`. The decision is kept and any claim on the case ends.
pub fn decide(
    conn: &mut DbConnection,
    attempt: &AttemptRow,
    user_email: &str,
    decider: &Decider<'_>,
    items: &[ItemDecision],
    kind: Option<RejectionKind>,
    now: i64,
) -> anyhow::Result<Result<Outcome, DecideRefusal>> {
    if attempt.status() != IdentityStatus::InReview {
        return Ok(Err(DecideRefusal::NotInReview));
    }
    if user_email.eq_ignore_ascii_case(decider.operator) {
        return Ok(Err(DecideRefusal::OwnCase));
    }
    let first = first_approval(conn, &attempt.id)?;
    if first
        .as_ref()
        .is_some_and(|f| f.operator.eq_ignore_ascii_case(decider.operator))
    {
        return Ok(Err(DecideRefusal::SameOperator));
    }
    let stage = if first.is_some() {
        SECOND_APPROVAL
    } else {
        REVIEW
    };
    let verification = Verification::parse(&attempt.verification)
        .ok_or_else(|| anyhow::anyhow!("attempt {} has no known verification", attempt.id))?;
    let rejected: Vec<(String, RejectionReason, String, String)> = items
        .iter()
        .filter(|i| i.decision == "reject")
        .map(|i| {
            (
                i.field.clone(),
                i.reason.unwrap_or(RejectionReason::Other),
                i.message.clone().unwrap_or_default(),
                i.note.clone().unwrap_or_default(),
            )
        })
        .collect();
    let outcome = if !rejected.is_empty() {
        let kind = kind.unwrap_or(RejectionKind::Retry);
        let decision = Decision::Reject {
            kind,
            items: rejected,
        };
        identity::decide(
            conn,
            &attempt.user_id,
            verification,
            &decision,
            decider.operator,
            now,
        )?;
        Outcome::Rejected
    } else if verification == Verification::Investor && first.is_none() {
        Outcome::AwaitsSecondApproval
    } else {
        identity::decide(
            conn,
            &attempt.user_id,
            verification,
            &Decision::Approve,
            decider.operator,
            now,
        )?;
        Outcome::Approved
    };
    diesel::insert_into(review_decisions::table)
        .values((
            review_decisions::id.eq(new_id()),
            review_decisions::attempt_id.eq(&attempt.id),
            review_decisions::stage.eq(stage),
            review_decisions::operator_id.eq(decider.operator_id),
            review_decisions::operator.eq(decider.operator),
            review_decisions::outcome.eq(match outcome {
                Outcome::Rejected => "rejected",
                _ => "approved",
            }),
            review_decisions::items.eq(serde_json::to_string(items)?),
            review_decisions::kind.eq((outcome == Outcome::Rejected)
                .then(|| kind.unwrap_or(RejectionKind::Retry).as_str())),
            review_decisions::created_at.eq(now),
        ))
        .execute(conn)?;
    diesel::delete(review_claims::table.filter(review_claims::attempt_id.eq(&attempt.id)))
        .execute(conn)?;
    Ok(Ok(outcome))
}
