//! The operators (admin): list, invite, disable (every session of the disabled operator ends in
//! the same transaction).

use actix_web::web;
use domain::FieldError;
use domain::error::ErrorCode;
use domain::forms::{EmailForm, Form, NoContext};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::{OpsOperator, entry};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentOperator};
use crate::ops_cli::enrolment_url;
use crate::services::audit::{self, Entry};
use crate::services::operators::{self, Role};
use crate::state::AppState;

/// The operators
///
/// Every operator, oldest first. Role `admin`. statusCodes: 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/operators",
    tag = "ops",
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Vec<OpsOperator>>))
)]
pub async fn list_operators(
    state: web::Data<AppState>,
    operator: CurrentOperator,
) -> ApiResult<Vec<OpsOperator>> {
    operator.require(&[Role::Admin])?;
    let rows = state.db.read(|conn| Ok(operators::list(conn)?)).await?;
    Ok(Api::ok(rows.iter().map(OpsOperator::from).collect()))
}

/// Invite an operator.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewOperator {
    /// The operator's e-mail address, by the users' e-mail rule.
    #[serde(flatten)]
    address: EmailForm,
    /// At least one.
    #[serde(default)]
    roles: Vec<Role>,
}

/// The invited operator and the enrolment link to give them (valid 24 hours, once).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitedOperator {
    operator: OpsOperator,
    enrolment_url: String,
}

/// Invite an operator
///
/// An `invited` operator with the roles given, and the enrolment link where they choose a
/// password and bind an authenticator. Role `admin`. statusCodes: 200, 101, 102 (e-mail
/// missing or invalid, no role), 403, 409 (an operator has that e-mail address).
#[utoipa::path(
    post,
    path = "/ops/operators",
    tag = "ops",
    request_body = NewOperator,
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<InvitedOperator>))
)]
pub async fn create_operator(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    body: Body<NewOperator>,
) -> ApiResult<InvitedOperator> {
    operator.require(&[Role::Admin])?;
    let email = match (body.address.parse(&NoContext), body.roles.is_empty()) {
        (Ok(email), false) => email,
        (email, no_role) => {
            let mut errors = email.err().unwrap_or_default();
            if no_role {
                errors.push(FieldError::new("roles", ErrorCode::RequiredChoice));
            }
            return Err(AppError::validation(&errors));
        }
    };
    let roles = body.roles.clone();
    let now = state.clock.now_ms();
    let ttl = i64::try_from(state.config.ops.enrolment.as_millis()).unwrap_or(i64::MAX);
    let created = state
        .db
        .write(move |conn| {
            let Some((row, token)) =
                operators::create(conn, email.as_str(), &roles, Some(&operator.id), ttl, now)?
            else {
                return Ok(None);
            };
            let subject = format!("operator:{}", row.id);
            audit::append(
                conn,
                &Entry {
                    after: Some(json!({"email": row.email, "roles": row.roles()}).to_string()),
                    ..entry(&operator, &client, "operator.create", &subject)
                },
                now,
            )?;
            Ok(Some((row, token)))
        })
        .await?;
    let (row, token) =
        created.ok_or_else(|| AppError::new(ApiCode::Conflict, "api.ops_operator_exists"))?;
    Ok(Api::ok(InvitedOperator {
        operator: OpsOperator::from(&row),
        enrolment_url: enrolment_url(&state.config, &token),
    }))
}

/// Disable an operator
///
/// At once: the operator can no longer log in and every session of theirs ends. Role `admin`;
/// nobody disables themself (403). statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    post,
    path = "/ops/operators/{id}/disable",
    tag = "ops",
    params(("id" = String, Path, description = "The operator's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsOperator>))
)]
pub async fn disable_operator(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<OpsOperator> {
    operator.require(&[Role::Admin])?;
    let id = id.into_inner();
    if id == operator.id {
        return Err(AppError::new(ApiCode::Forbidden, "api.ops_self_disable"));
    }
    let now = state.clock.now_ms();
    let disabled = state
        .db
        .write(move |conn| {
            let Some(before) = operators::find(conn, &id)? else {
                return Ok(None);
            };
            let after = operators::disable(conn, &id, now)?;
            let subject = format!("operator:{id}");
            audit::append(
                conn,
                &Entry {
                    before: Some(json!({"status": before.status}).to_string()),
                    after: after
                        .as_ref()
                        .map(|a| json!({"status": a.status}).to_string()),
                    ..entry(&operator, &client, "operator.disable", &subject)
                },
                now,
            )?;
            Ok(after)
        })
        .await?;
    let row = disabled.ok_or_else(|| AppError::new(ApiCode::NotFound, "api.not_found"))?;
    Ok(Api::ok(OpsOperator::from(&row)))
}
