//! The commit every verification shares: the checks (file ownership, the changes a rejection
//! asks for), screening, and the conditional move to "in review".

use domain::identity::{IdentityStatus, InvestorType};
use domain::review::{Answers as ReviewAnswers, RejectionKind, Verification, check_resubmission};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{check_ownership, closed};
use crate::api::{ApiCode, AppError};
use crate::services::accounts::Profile;
use crate::services::identity::{self, Answers, Commit, CommitRefusal};
use crate::services::screening;
use crate::state::AppState;

/// After a rejection: a final one refuses; on retry each rejected field must change.
async fn check_after_rejection(
    state: &AppState,
    user_id: &str,
    verification: Verification,
    answers: &Answers,
) -> Result<(), AppError> {
    let user_id = user_id.to_owned();
    let last = state
        .db
        .read(move |conn| {
            let Some(attempt) = identity::last_attempt(conn, &user_id, verification)? else {
                return Ok(None);
            };
            let items = identity::items(conn, &attempt.id)?;
            Ok(Some((attempt, items)))
        })
        .await?;
    let Some((attempt, items)) = last else {
        return Ok(());
    };
    let Some(kind) = attempt
        .kind()
        .filter(|_| attempt.status() == IdentityStatus::Rejected)
    else {
        return Ok(());
    };
    let to_review = |answers: &Answers| -> ReviewAnswers {
        serde_json::from_value(Value::Object(answers.clone())).unwrap_or_default()
    };
    let rejected: Vec<String> = items.into_iter().map(|i| i.field).collect();
    let errors = check_resubmission(
        &to_review(&attempt.answers()),
        &to_review(answers),
        &rejected,
        kind,
    );
    if kind == RejectionKind::Final {
        return Err(AppError::new(ApiCode::Refused, "api.verification_final"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::validation(&errors))
    }
}

/// Freezes `answers` as an attempt: the checks every commit shares, then the conditional
/// move to "in review" (one attempt of concurrent commits).
pub async fn commit_answers(
    state: &AppState,
    user: &Profile,
    verification: Verification,
    answers: Answers,
    investor_type: Option<InvestorType>,
    editable_when_approved: bool,
) -> Result<Committed, AppError> {
    check_ownership(state, &user.id, &answers).await?;
    check_after_rejection(state, &user.id, verification, &answers).await?;
    let hits = screening::screen_answers(state, verification, &answers).await?;
    let (user_id, now) = (user.id.clone(), state.clock.now_ms());
    let number = state
        .db
        .write(move |conn| {
            let screening =
                (!hits.is_empty()).then(|| serde_json::to_string(&hits).unwrap_or_default());
            identity::commit(
                conn,
                &Commit {
                    user_id: &user_id,
                    verification,
                    answers: &answers,
                    investor_type,
                    screening,
                    editable_when_approved,
                    now,
                },
            )
            .map_err(AppError::from)
        })
        .await?;
    match number {
        Ok(attempt) => Ok(Committed {
            status: IdentityStatus::InReview,
            attempt,
        }),
        Err(CommitRefusal::InReview) => Err(closed(IdentityStatus::InReview)),
        Err(CommitRefusal::Approved) => Err(closed(IdentityStatus::Approved)),
    }
}

/// A committed attempt.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Committed {
    /// 2: in review.
    status: IdentityStatus,
    /// The attempt's number (1, 2, …).
    attempt: i32,
}
