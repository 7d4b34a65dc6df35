//! Investor certification: the draft of an individual or a company a step at a time
//! (`GET`/`POST user/identity/investor`) and its commit (`POST user/identity/commit`).

use std::collections::BTreeMap;

use actix_web::web;
use domain::forms::{
    CompanyInvestorForm, Form, IndividualInvestorContext, IndividualInvestorForm, NoContext,
};
use domain::gates::GatedAction;
use domain::identity::{IdentityStatus, InvestorType};
use domain::input::field_names;
use domain::review::Verification;
use domain::{ErrorCode, FieldError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    Committed, check_gate, check_open, check_ownership, commit_answers, draft_errors, file_names,
    known_fields, status_of,
};
use crate::api::{Api, ApiResult, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::services::accounts::Profile;
use crate::services::identity::{self, Answers};
use crate::state::AppState;

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
    /// The names the answers' documents were uploaded under, by reference.
    files: BTreeMap<String, String>,
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
    let files = file_names(&state, &user.0.profile.id, &answers).await?;
    Ok(Api::ok(InvestorDraft {
        status: status_of(user.0.profile.investor_status),
        investor_type: investor_type_of(&answers),
        answers,
        files,
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
    let files = file_names(&state, &profile.id, &answers).await?;
    Ok(Api::ok(InvestorDraft {
        status,
        investor_type: Some(kind),
        answers,
        files,
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
