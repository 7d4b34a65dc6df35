//! Basic identity and investor certification (SPEC §3–§7, DESIGN §7): drafts saved per step
//! (`POST user/info`, `POST user/identity/investor`), commits that freeze an attempt for review
//! (`POST user/commit`, `POST user/identity/commit`).
//!
//! A draft checks only the fields it carries; a commit checks the whole form, that every file
//! reference is the user's own upload, and, after a rejection, that each rejected item changed.

use std::collections::BTreeSet;

use actix_web::web;
use domain::forms::{
    BasicIdentityContext, BasicIdentityStep1Form, BasicIdentityStep2Form, CompanyInvestorForm,
    Form, IndividualInvestorContext, IndividualInvestorForm, NoContext,
};
use domain::gates::{GateState, GatedAction, first_closed_gate};
use domain::identity::{IdentityStatus, InvestorType};
use domain::input::field_names;
use domain::review::{Answers as ReviewAnswers, RejectionKind, Verification, check_resubmission};
use domain::{ErrorCode, FieldError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::services::accounts::Profile;
use crate::services::identity::{self, Answers, Commit, CommitRefusal};
use crate::services::{screening, uploads};
use crate::state::AppState;

/// The document fields of every form (their values are upload references).
const FILE_FIELDS: &[&str] = &[
    "backImg",
    "otherImg",
    "proofOfAddressImg",
    "taxFormFile",
    "usAgencyLicenseFile",
    "registerCertificateFile",
    "shareholderStructureFile",
    "directorFile",
    "companyRegulationFile",
    "companyStructureFile",
    "shareholderPassportFile",
];

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

/// `file_not_owned` on each document field naming a reference that is not one of the user's
/// uploads.
pub async fn check_ownership(
    state: &AppState,
    user_id: &str,
    answers: &Answers,
) -> Result<(), AppError> {
    let mut by_field: Vec<(String, Vec<String>)> = Vec::new();
    for (field, value) in answers {
        if let (true, Some(text)) = (FILE_FIELDS.contains(&field.as_str()), value.as_str()) {
            by_field.push((field.clone(), domain::forms::rules::file_paths(text)));
        }
    }
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

/// The saved draft.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    status: IdentityStatus,
    /// The answers saved so far, by field (after a rejection: the last attempt's).
    #[schema(value_type = Object)]
    answers: Answers,
}

/// The basic identity draft: step 1's fields, step 2's, or both. `idType` is always PASSPORT.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BasicIdentityDraft {
    #[serde(flatten)]
    #[allow(dead_code)]
    step1: BasicIdentityStep1Form,
    #[serde(flatten)]
    #[allow(dead_code)]
    step2: BasicIdentityStep2Form,
    /// PASSPORT (the only document accepted); stored as PASSPORT whatever is sent.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    #[allow(dead_code)]
    id_type: domain::Input<String>,
}

fn basic_fields() -> Vec<&'static str> {
    let mut fields = field_names::<BasicIdentityStep1Form>().to_vec();
    fields.extend_from_slice(field_names::<BasicIdentityStep2Form>());
    fields
}

fn today(state: &AppState) -> BasicIdentityContext {
    BasicIdentityContext {
        today: domain::date::Date::of_instant_ms(state.clock.now_ms()),
    }
}

/// The basic identity's errors over `answers` (all of them).
fn basic_errors(state: &AppState, answers: &Answers) -> Vec<FieldError> {
    let value = Value::Object(answers.clone());
    let step1 = BasicIdentityStep1Form::deserialize(&value).unwrap_or_default();
    let step2 = BasicIdentityStep2Form::deserialize(&value).unwrap_or_default();
    let mut errors = step1.parse(&today(state)).err().unwrap_or_default();
    errors.extend(step2.parse(&NoContext).err().unwrap_or_default());
    errors
}

/// The basic identity draft
///
/// The answers saved so far (after a rejection, the last attempt's), so a form opens where the
/// user left it. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/info",
    tag = "identity",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Draft>))
)]
pub async fn show_basic(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<Draft> {
    let user_id = user.0.profile.id.clone();
    let answers = state
        .db
        .read(move |conn| {
            identity::draft(conn, &user_id, Verification::Basic).map_err(AppError::from)
        })
        .await?;
    Ok(Api::ok(Draft {
        status: status_of(user.0.profile.identity_status),
        answers,
    }))
}

/// Save the basic identity draft
///
/// Step 1 (personal data) or step 2 (passport number and images): only the fields sent are
/// checked and kept. statusCodes: 200, 101, 102, 409 (in review or approved).
#[utoipa::path(
    post,
    path = "/user/info",
    tag = "identity",
    request_body = BasicIdentityDraft,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Draft>))
)]
pub async fn save_basic(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<BasicIdentityDraft>,
) -> ApiResult<Draft> {
    let profile = &user.0.profile;
    let status = status_of(profile.identity_status);
    check_open(status)?;
    let mut sent = known_fields(body.json(), &basic_fields());
    let errors = draft_errors(basic_errors(&state, &sent), &sent);
    if !errors.is_empty() {
        return Err(AppError::validation(&errors));
    }
    check_ownership(&state, &profile.id, &sent).await?;
    sent.insert("idType".to_owned(), Value::from("PASSPORT"));
    let (user_id, now) = (profile.id.clone(), state.clock.now_ms());
    let answers = state
        .db
        .write(move |conn| {
            identity::save_draft(conn, &user_id, Verification::Basic, sent, now)
                .map_err(AppError::from)
        })
        .await?;
    Ok(Api::ok(Draft { status, answers }))
}

/// Commit the basic identity
///
/// The saved draft, checked whole, becomes an attempt in review. statusCodes: 200, 101, 102
/// (a field; `file_not_owned`; `rejected_unchanged`), 409 (in review or approved), 422 (a final
/// rejection).
#[utoipa::path(
    post,
    path = "/user/commit",
    tag = "identity",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Committed>))
)]
pub async fn commit_basic(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<Committed> {
    let profile = user.0.profile.clone();
    check_open(status_of(profile.identity_status))?;
    let user_id = profile.id.clone();
    let answers = state
        .db
        .read(move |conn| {
            identity::draft(conn, &user_id, Verification::Basic).map_err(AppError::from)
        })
        .await?;
    let errors = basic_errors(&state, &answers);
    if !errors.is_empty() {
        return Err(AppError::validation(&errors));
    }
    let committed =
        commit_answers(&state, &profile, Verification::Basic, answers, None, false).await?;
    Ok(Api::ok(committed).saying("api.identity_committed"))
}

/// The investor draft: `type` (0 individual, 1 company) and that type's fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvestorDraftRequest {
    /// 0 individual, 1 company.
    #[serde(rename = "type", default)]
    #[schema(value_type = Option<InvestorType>)]
    investor_type: domain::Input<i64>,
    /// (Documents the fields; the handler reads them by the type.)
    #[serde(flatten)]
    #[allow(dead_code)]
    individual: IndividualInvestorForm,
    #[serde(flatten)]
    #[allow(dead_code)]
    company: CompanyInvestorForm,
}

/// The investor draft as saved.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvestorDraft {
    status: IdentityStatus,
    /// The type chosen, once chosen.
    #[serde(rename = "type")]
    #[schema(required = true)]
    investor_type: Option<InvestorType>,
    #[schema(value_type = Object)]
    answers: Answers,
}

fn investor_type_of(answers: &Answers) -> Option<InvestorType> {
    answers
        .get("type")
        .and_then(Value::as_i64)
        .and_then(InvestorType::from_code)
}

fn investor_fields(kind: InvestorType) -> Vec<&'static str> {
    let mut fields = vec!["type"];
    fields.extend_from_slice(match kind {
        InvestorType::Individual => field_names::<IndividualInvestorForm>(),
        InvestorType::Company => field_names::<CompanyInvestorForm>(),
    });
    fields
}

/// The investor form's errors over `answers` (all of them).
fn investor_errors(profile: &Profile, kind: InvestorType, answers: &Answers) -> Vec<FieldError> {
    let value = Value::Object(answers.clone());
    match kind {
        InvestorType::Individual => IndividualInvestorForm::deserialize(&value)
            .unwrap_or_default()
            .parse(&IndividualInvestorContext {
                basic_country: profile.country.clone().unwrap_or_default(),
            })
            .err(),
        InvestorType::Company => CompanyInvestorForm::deserialize(&value)
            .unwrap_or_default()
            .parse(&NoContext)
            .err(),
    }
    .unwrap_or_default()
}

fn type_required() -> AppError {
    AppError::validation(&[FieldError::new("type", ErrorCode::RequiredChoice)])
}

/// The investor draft
///
/// The answers saved so far (after a rejection, the last attempt's). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/user/identity/investor",
    tag = "identity",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<InvestorDraft>))
)]
pub async fn show_investor(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<InvestorDraft> {
    let user_id = user.0.profile.id.clone();
    let answers = state
        .db
        .read(move |conn| {
            identity::draft(conn, &user_id, Verification::Investor).map_err(AppError::from)
        })
        .await?;
    Ok(Api::ok(InvestorDraft {
        status: status_of(user.0.profile.investor_status),
        investor_type: investor_type_of(&answers),
        answers,
    }))
}

/// Save the investor draft
///
/// Needs an approved basic identity (105). `type` first, then that type's fields, a step at a
/// time: only the fields sent are checked and kept. statusCodes: 200, 101, 102, 105, 409.
#[utoipa::path(
    post,
    path = "/user/identity/investor",
    tag = "identity",
    request_body = InvestorDraftRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<InvestorDraft>))
)]
pub async fn save_investor(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<InvestorDraftRequest>,
) -> ApiResult<InvestorDraft> {
    let profile = user.0.profile.clone();
    check_gate(&profile, GatedAction::StartInvestorIdentity)?;
    let status = status_of(profile.investor_status);
    check_open(status)?;
    let user_id = profile.id.clone();
    let saved = state
        .db
        .read(move |conn| {
            identity::draft(conn, &user_id, Verification::Investor).map_err(AppError::from)
        })
        .await?;
    let kind = match body.investor_type {
        domain::Input::Value(code) => InvestorType::from_code(code).ok_or_else(|| {
            AppError::validation(&[FieldError::new("type", ErrorCode::OptionInvalid)])
        })?,
        domain::Input::WrongType => {
            return Err(AppError::validation(&[FieldError::new(
                "type",
                ErrorCode::InvalidType,
            )]));
        }
        domain::Input::Missing => investor_type_of(&saved).ok_or_else(type_required)?,
    };
    let mut sent = known_fields(body.json(), &investor_fields(kind));
    sent.insert("type".to_owned(), Value::from(kind.code()));
    let errors = draft_errors(investor_errors(&profile, kind, &sent), &sent);
    if !errors.is_empty() {
        return Err(AppError::validation(&errors));
    }
    check_ownership(&state, &profile.id, &sent).await?;
    let (user_id, now) = (profile.id.clone(), state.clock.now_ms());
    let answers = state
        .db
        .write(move |conn| {
            identity::save_draft(conn, &user_id, Verification::Investor, sent, now)
                .map_err(AppError::from)
        })
        .await?;
    Ok(Api::ok(InvestorDraft {
        status,
        investor_type: Some(kind),
        answers,
    }))
}

/// Commit the investor certification
///
/// The saved draft of its type, checked whole, becomes an attempt in review. statusCodes: 200,
/// 101, 102, 105, 409, 422 (a final rejection).
#[utoipa::path(
    post,
    path = "/user/identity/commit",
    tag = "identity",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Committed>))
)]
pub async fn commit_investor(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Committed> {
    let profile = user.0.profile.clone();
    check_gate(&profile, GatedAction::StartInvestorIdentity)?;
    check_open(status_of(profile.investor_status))?;
    let user_id = profile.id.clone();
    let draft = state
        .db
        .read(move |conn| {
            identity::draft(conn, &user_id, Verification::Investor).map_err(AppError::from)
        })
        .await?;
    let kind = investor_type_of(&draft).ok_or_else(type_required)?;
    let answers = known_fields(&draft, &investor_fields(kind));
    let errors = investor_errors(&profile, kind, &answers);
    if !errors.is_empty() {
        return Err(AppError::validation(&errors));
    }
    let committed = commit_answers(
        &state,
        &profile,
        Verification::Investor,
        answers,
        Some(kind),
        false,
    )
    .await?;
    Ok(Api::ok(committed).saying("api.identity_committed"))
}
