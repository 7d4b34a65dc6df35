//! `investor/*`: the AML and qualified-investor (QI) questionnaires (SPEC §3, §9). Each is
//! answered at once (no draft) and reviewed like the other verifications; both need an
//! approved investor certification (105 before it, then 106), and their questions depend on
//! its type.

use actix_web::web;
use domain::forms::{AmlForm, Form, InvestorContext, QiForm};
use domain::gates::GatedAction;
use domain::identity::{IdentityStatus, InvestorType};
use domain::input::field_names;
use domain::review::Verification;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::routes::user::identity::{Committed, check_gate, commit_answers, known_fields};
use crate::services::accounts::Profile;
use crate::services::identity::{self, Answers};
use crate::state::AppState;

/// A questionnaire's state and last answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Questionnaire {
    status: IdentityStatus,
    /// The last answers given (none yet: empty), by field.
    #[schema(value_type = Object)]
    answers: Answers,
}

/// The type of the user's approved investor certification.
async fn investor_type(state: &AppState, profile: &Profile) -> Result<InvestorType, AppError> {
    let user_id = profile.id.clone();
    let attempt = state
        .db
        .read(move |conn| {
            identity::approved_attempt(conn, &user_id, Verification::Investor)
                .map_err(AppError::from)
        })
        .await?;
    Ok(attempt
        .and_then(|a| a.investor_type())
        .unwrap_or(InvestorType::Individual))
}

async fn show(
    state: &AppState,
    user: &CurrentUser,
    verification: Verification,
    status: i32,
) -> ApiResult<Questionnaire> {
    let user_id = user.0.profile.id.clone();
    let answers = state
        .db
        .read(move |conn| {
            Ok(identity::last_attempt(conn, &user_id, verification)?
                .map(|a| a.answers())
                .unwrap_or_default())
        })
        .await?;
    Ok(Api::ok(Questionnaire {
        status: IdentityStatus::from_code(i64::from(status)).unwrap_or(IdentityStatus::NotStarted),
        answers,
    }))
}

/// Checks the answers with `F` for the user's investor type and commits them.
async fn answer<F: Form<Context = InvestorContext> + for<'de> Deserialize<'de>>(
    state: &AppState,
    user: &CurrentUser,
    json: &serde_json::Map<String, Value>,
    verification: Verification,
    action: GatedAction,
) -> ApiResult<Committed> {
    let profile = user.0.profile.clone();
    check_gate(&profile, action)?;
    let kind = investor_type(state, &profile).await?;
    let answers = known_fields(json, field_names::<F>());
    F::deserialize(&Value::Object(answers.clone()))
        .unwrap_or_else(|_| unreachable_form())
        .parse(&InvestorContext {
            investor_type: kind,
        })?;
    let committed =
        commit_answers(state, &profile, verification, answers, Some(kind), true).await?;
    Ok(Api::ok(committed).saying("api.questionnaire_committed"))
}

/// The forms read any object (every field lenient), so this is never reached.
fn unreachable_form<F>() -> F {
    panic!("a form failed to read an object")
}

/// The AML questionnaire
///
/// Its state and last answers. statusCodes: 200, 101.
#[utoipa::path(get, path = "/investor/aml", tag = "investor", security(("accessToken" = [])),
    responses((status = 200, body = Reply<Questionnaire>)))]
pub async fn show_aml(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<Questionnaire> {
    let status = user.0.profile.aml_status;
    show(&state, &user, Verification::Aml, status).await
}

/// Answer the AML questionnaire
///
/// Seven questions (employment only for individuals), options as SPEC §9; the answers go to
/// review. statusCodes: 200, 101, 102, 105, 106, 409 (in review).
#[utoipa::path(post, path = "/investor/aml", tag = "investor", request_body = AmlForm,
    security(("accessToken" = [])), responses((status = 200, body = Reply<Committed>)))]
pub async fn answer_aml(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<AmlForm>,
) -> ApiResult<Committed> {
    answer::<AmlForm>(
        &state,
        &user,
        body.json(),
        Verification::Aml,
        GatedAction::AnswerAml,
    )
    .await
}

/// The QI questionnaire
///
/// Its state and last answers. statusCodes: 200, 101.
#[utoipa::path(get, path = "/investor/qualify", tag = "investor", security(("accessToken" = [])),
    responses((status = 200, body = Reply<Questionnaire>)))]
pub async fn show_qualify(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Questionnaire> {
    let status = user.0.profile.qi_status;
    show(&state, &user, Verification::Qualify, status).await
}

/// Answer the QI questionnaire
///
/// Total assets for all; net assets, income and experience for individuals. The answers go to
/// review. statusCodes: 200, 101, 102, 105, 106, 409 (in review).
#[utoipa::path(post, path = "/investor/qualify", tag = "investor", request_body = QiForm,
    security(("accessToken" = [])), responses((status = 200, body = Reply<Committed>)))]
pub async fn answer_qualify(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<QiForm>,
) -> ApiResult<Committed> {
    answer::<QiForm>(
        &state,
        &user,
        body.json(),
        Verification::Qualify,
        GatedAction::AnswerQi,
    )
    .await
}
