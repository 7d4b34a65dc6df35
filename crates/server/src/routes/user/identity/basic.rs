//! Basic identity: the draft a step at a time (`GET`/`POST user/info`) and its commit
//! (`POST user/commit`).

use std::collections::BTreeMap;

use actix_web::web;
use domain::FieldError;
use domain::forms::{
    BasicIdentityContext, BasicIdentityStep1Form, BasicIdentityStep2Form, Form, NoContext,
};
use domain::identity::IdentityStatus;
use domain::input::field_names;
use domain::review::Verification;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    Committed, check_open, check_ownership, commit_answers, draft_errors, file_names, known_fields,
    status_of,
};
use crate::api::{Api, ApiResult, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::services::identity::{self, Answers};
use crate::state::AppState;

/// The saved draft.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    status: IdentityStatus,
    /// The answers saved so far, by field (after a rejection: the last attempt's).
    #[schema(value_type = Object)]
    answers: Answers,
    /// The names the answers' documents were uploaded under, by reference.
    files: BTreeMap<String, String>,
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
    let files = file_names(&state, &user.0.profile.id, &answers).await?;
    Ok(Api::ok(Draft {
        status: status_of(user.0.profile.identity_status),
        answers,
        files,
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
    let files = file_names(&state, &profile.id, &answers).await?;
    Ok(Api::ok(Draft {
        status,
        answers,
        files,
    }))
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
