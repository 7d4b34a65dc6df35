//! Basic identity and investor certification (SPEC §3–§7, DESIGN §7): drafts saved per step
//! (`POST user/info`, `POST user/identity/investor`), commits that freeze an attempt for review
//! (`POST user/commit`, `POST user/identity/commit`).
//!
//! A draft checks only the fields it carries; a commit checks the whole form, that every file
//! reference is the user's own upload, and, after a rejection, that each rejected item changed.
//! This module holds what both forms (and the questionnaires) share: gates, open states, the
//! fields kept, and the ownership of file references; [`commit`] the commit itself.

pub mod basic;
mod commit;
pub mod investor;

use std::collections::{BTreeMap, BTreeSet};

use domain::gates::{GateState, GatedAction, first_closed_gate};
use domain::identity::IdentityStatus;
use domain::{ErrorCode, FieldError};
use serde_json::Value;

use crate::api::{ApiCode, AppError};
use crate::services::accounts::Profile;
use crate::services::identity::{Answers, documents_of};
use crate::services::uploads;
use crate::state::AppState;

pub use commit::{Committed, commit_answers};

fn status_of(code: i32) -> IdentityStatus {
    IdentityStatus::from_code(i64::from(code)).unwrap_or(IdentityStatus::NotStarted)
}

/// Refuses with the first closed gate of `action` (105, 106… in the table's order).
pub fn check_gate(profile: &Profile, action: GatedAction) -> Result<(), AppError> {
    let state = GateState {
        logged_in: true,
        basic_identity: status_of(profile.identity_status),
        investor_identity: status_of(profile.investor_status),
        aml: status_of(profile.aml_status),
        qi: status_of(profile.qi_status),
        mobile_bound: profile.mobile.is_some(),
    };
    match first_closed_gate(action, &state) {
        Some(gate) => Err(AppError::gate(gate)),
        None => Ok(()),
    }
}

/// The answers `json` gives for `fields` (others are not kept).
pub fn known_fields(json: &serde_json::Map<String, Value>, fields: &[&str]) -> Answers {
    json.iter()
        .filter(|(k, _)| fields.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// A draft's errors: only those of the fields it carries (a later step fills the others).
pub fn draft_errors(errors: Vec<FieldError>, sent: &Answers) -> Vec<FieldError> {
    errors
        .into_iter()
        .filter(|e| sent.get(&e.field).is_some_and(|v| !v.is_null()))
        .collect()
}

/// The names the documents of `answers` were uploaded under, by reference: what a form shows
/// of a saved draft's files.
pub async fn file_names(
    state: &AppState,
    user_id: &str,
    answers: &Answers,
) -> Result<BTreeMap<String, String>, AppError> {
    let references: Vec<String> = documents_of(answers)
        .into_iter()
        .flat_map(|(_, references)| references)
        .collect();
    let user_id = user_id.to_owned();
    let names = state
        .db
        .read(move |conn| uploads::names_of(conn, &user_id, &references).map_err(AppError::from))
        .await?;
    Ok(names.into_iter().collect())
}

/// `file_not_owned` on each document field naming a reference that is not one of the user's
/// uploads.
pub async fn check_ownership(
    state: &AppState,
    user_id: &str,
    answers: &Answers,
) -> Result<(), AppError> {
    let by_field = documents_of(answers);
    let all: Vec<String> = by_field.iter().flat_map(|(_, r)| r.clone()).collect();
    let user_id = user_id.to_owned();
    let foreign: BTreeSet<String> = state
        .db
        .read(move |conn| uploads::not_owned(conn, &user_id, &all).map_err(AppError::from))
        .await?
        .into_iter()
        .collect();
    let errors: Vec<FieldError> = by_field
        .iter()
        .filter(|(_, refs)| refs.iter().any(|r| foreign.contains(r)))
        .map(|(field, _)| FieldError::new(field, ErrorCode::FileNotOwned))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::validation(&errors))
    }
}

/// Refuses a draft or a commit while the verification is in review or approved.
pub fn check_open(status: IdentityStatus) -> Result<(), AppError> {
    match status {
        IdentityStatus::InReview | IdentityStatus::Approved => Err(closed(status)),
        _ => Ok(()),
    }
}

/// 409: the verification is in review (or approved) and takes no answers now.
fn closed(status: IdentityStatus) -> AppError {
    let key = if status == IdentityStatus::Approved {
        "api.verification_approved"
    } else {
        "api.verification_in_review"
    };
    AppError::new(ApiCode::Conflict, key)
}
