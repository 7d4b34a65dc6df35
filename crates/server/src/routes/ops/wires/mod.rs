//! Wires (finance): record what the bank received, list, assign an unmatched wire to a user,
//! approve one above the second-operator threshold, return one (services::wire_receipts).

use actix_web::web;
use diesel::prelude::*;
use domain::FieldError;
use domain::error::ErrorCode;
use domain::forms::{Form, NoContext, WireAssignForm, WireForm, WireReturnForm};
use serde::Deserialize;
use utoipa::IntoParams;

use super::entry;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Page, PageQuery, Reply};
use crate::db::DbConnection;
use crate::db::schema::users;
use crate::extract::{Client, CurrentOperator};
use crate::services::audit::{self, Entry};
use crate::services::operators::Role;
use crate::services::wire_receipts::{self as receipts, Receipt, Recorded, StepRefusal};
use crate::state::AppState;

mod shape;

pub use shape::{WireReceipt, WireUser};
use shape::{answer, state_of};

/// Record a wire
///
/// Credited at once to the user its memo names when at most `FISCARD_OPS_WIRE_SECOND_ABOVE_USD`
/// (the user is mailed), `pending_approval` above, `unmatched` when the memo names nobody. The
/// same reference again with the same amount and memo answers the first receipt and moves
/// nothing. Role `finance`. statusCodes: 200, 101, 102, 403, 409 (the reference was recorded
/// with another amount or memo).
#[utoipa::path(
    post,
    path = "/ops/wires",
    tag = "ops",
    request_body = WireForm,
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<WireReceipt>))
)]
pub async fn record_wire(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    body: Body<WireForm>,
) -> ApiResult<WireReceipt> {
    operator.require(&[Role::Finance])?;
    let domain::forms::Wire {
        amount_minor: amount,
        reference,
        memo,
        sender,
    } = body.parse(&NoContext)?;
    let second_above = state.config.ops.wire_second_above;
    let now = state.clock.now_ms();
    let recorded = state
        .db
        .write(move |conn| {
            let wire = receipts::Wire {
                reference: &reference,
                amount,
                memo: &memo,
                sender: sender.as_deref(),
            };
            let row = match receipts::record(conn, &wire, &operator.email, second_above, now)? {
                Recorded::New(row) => row,
                Recorded::Before(row) => return Ok(Some((answer(conn, row)?.0, None))),
                Recorded::Conflict => return Ok(None),
            };
            let subject = format!("wire:{}", row.id);
            audit::append(
                conn,
                &Entry {
                    after: Some(state_of(&row)),
                    ..entry(&operator, &client, "wire.record", &subject)
                },
                now,
            )?;
            Ok(Some(answer(conn, row)?))
        })
        .await?;
    let (receipt, mail) = recorded
        .ok_or_else(|| AppError::new(ApiCode::Conflict, "api.ops_wire_reference_reused"))?;
    if let Some(mail) = mail {
        state.mailer.send_later(mail);
    }
    Ok(Api::ok(receipt))
}

/// The wires' filter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WireQuery {
    /// credited | unmatched | pending_approval | returned
    status: Option<String>,
}

/// The wires
///
/// Newest first, by status when given. Role `finance`. statusCodes: 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/wires",
    tag = "ops",
    params(WireQuery, PageQuery),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Page<WireReceipt>>))
)]
pub async fn list_wires(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    query: web::Query<WireQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<WireReceipt>> {
    operator.require(&[Role::Finance])?;
    let (query, page) = (query.into_inner(), page.into_inner());
    let now = state.clock.now_ms();
    let (offset, size) = (page.offset(), i64::from(page.size()));
    let (rows, total) = state
        .db
        .write(move |conn| {
            let status = query
                .status
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty());
            let found = receipts::list(conn, status, offset, size)?;
            let subject = format!("wires:{}", status.unwrap_or("all"));
            audit::append(conn, &entry(&operator, &client, "wire.list", &subject), now)?;
            Ok(found)
        })
        .await?;
    let list = rows
        .into_iter()
        .map(|(row, email)| WireReceipt::of(row, email))
        .collect();
    Ok(Api::ok(Page::new(list, total, &page)))
}

fn refused(why: StepRefusal) -> AppError {
    match why {
        StepRefusal::NotFound => AppError::new(ApiCode::NotFound, "api.ops_wire_not_found"),
        StepRefusal::WrongStatus => AppError::new(ApiCode::Conflict, "api.ops_wire_wrong_status"),
        StepRefusal::SameOperator => {
            AppError::new(ApiCode::Forbidden, "api.ops_wire_second_operator")
        }
    }
}

/// Runs one step on the wire `id` and audits it as `action`.
async fn step(
    state: &AppState,
    operator: CurrentOperator,
    client: Client,
    id: String,
    action: &'static str,
    run: impl FnOnce(&mut DbConnection, &str, i64) -> anyhow::Result<Result<Receipt, StepRefusal>>
    + Send
    + 'static,
) -> ApiResult<WireReceipt> {
    let now = state.clock.now_ms();
    let done = state
        .db
        .write(move |conn| {
            let before = receipts::find(conn, &id)?;
            let row = match run(conn, &operator.email, now)? {
                Ok(row) => row,
                Err(why) => return Ok(Err(why)),
            };
            let subject = format!("wire:{id}");
            audit::append(
                conn,
                &Entry {
                    before: before.as_ref().map(state_of),
                    after: Some(state_of(&row)),
                    ..entry(&operator, &client, action, &subject)
                },
                now,
            )?;
            Ok(Ok(answer(conn, row)?))
        })
        .await?;
    let (receipt, mail) = done.map_err(refused)?;
    if let Some(mail) = mail {
        state.mailer.send_later(mail);
    }
    Ok(Api::ok(receipt))
}

/// Assign a wire
///
/// An `unmatched` wire to the user with this e-mail address: credited at once, or
/// `pending_approval` above the threshold. Role `finance`. statusCodes: 200, 101, 102 (no
/// such user), 403, 404, 409 (not unmatched).
#[utoipa::path(
    post,
    path = "/ops/wires/{id}/assign",
    tag = "ops",
    request_body = WireAssignForm,
    params(("id" = String, Path, description = "The wire's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<WireReceipt>))
)]
pub async fn assign_wire(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<WireAssignForm>,
) -> ApiResult<WireReceipt> {
    operator.require(&[Role::Finance])?;
    let email = body.parse(&NoContext)?;
    let found: Option<String> = state
        .db
        .read(move |conn| {
            Ok(users::table
                .filter(users::email.eq(email.as_str()))
                .select(users::id)
                .first(conn)
                .optional()?)
        })
        .await?;
    let Some(user_id) = found else {
        return Err(AppError::validation(&[FieldError::new(
            "email",
            ErrorCode::OptionInvalid,
        )]));
    };
    let second_above = state.config.ops.wire_second_above;
    let id = id.into_inner();
    let wire = id.clone();
    step(
        &state,
        operator,
        client,
        id,
        "wire.assign",
        move |conn, by, now| receipts::assign(conn, &wire, &user_id, by, second_above, now),
    )
    .await
}

/// Approve a wire
///
/// A `pending_approval` wire, by a finance operator who neither recorded nor assigned it:
/// credited (the user is mailed). Role `finance`. statusCodes: 200, 101, 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/wires/{id}/approve",
    tag = "ops",
    params(("id" = String, Path, description = "The wire's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<WireReceipt>))
)]
pub async fn approve_wire(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<WireReceipt> {
    operator.require(&[Role::Finance])?;
    let id = id.into_inner();
    let wire = id.clone();
    step(
        &state,
        operator,
        client,
        id,
        "wire.approve",
        move |conn, by, now| receipts::approve(conn, &wire, by, now),
    )
    .await
}

/// Return a wire
///
/// An `unmatched` or `pending_approval` wire goes back to the sender's bank. Role `finance`.
/// statusCodes: 200, 101, 102 (reason), 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/wires/{id}/return",
    tag = "ops",
    request_body = WireReturnForm,
    params(("id" = String, Path, description = "The wire's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<WireReceipt>))
)]
pub async fn return_wire(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<WireReturnForm>,
) -> ApiResult<WireReceipt> {
    operator.require(&[Role::Finance])?;
    let reason = body.parse(&NoContext)?;
    let id = id.into_inner();
    let wire = id.clone();
    step(
        &state,
        operator,
        client,
        id,
        "wire.return",
        move |conn, _, now| receipts::send_back(conn, &wire, &reason, now),
    )
    .await
}
