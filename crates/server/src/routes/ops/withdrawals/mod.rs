//! Withdrawals (`finance`): the queue, and approve / reject / send / complete / return — the
//! transitions of `services::withdrawals` exactly as `fiscard admin withdrawal …` takes them
//! (`withdrawals::steps`), each audited in its transaction; the user is mailed when their payout
//! is rejected, sent or returned.

use actix_web::web;
use domain::FieldError;
use domain::error::ErrorCode;
use domain::forms::{Form, NoContext, PayoutReasonForm, PayoutSentForm};
use domain::withdrawal::WithdrawalStatus;
use serde::Deserialize;
use utoipa::IntoParams;

use super::entry;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Page, PageQuery, Reply};
use crate::extract::{Client, CurrentOperator};
use crate::services::audit::{self, Entry};
use crate::services::bank_accounts;
use crate::services::operators::Role;
use crate::services::withdrawals::steps::{self, Step};
use crate::services::withdrawals::{self, Refused};
use crate::state::AppState;

mod shape;

pub use shape::{OpsPayoutAccount, OpsWithdrawal};
use shape::{shown, state_of};

/// The withdrawals' filter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WithdrawalQuery {
    /// requested | approved | sent | completed | rejected | cancelled | returned
    status: Option<String>,
}

/// The withdrawals
///
/// Oldest first, by status when given (`requested`: those waiting for review). Audited as
/// `withdrawal.list`. Role `finance`. statusCodes: 200, 101, 102 (an unknown status), 403.
#[utoipa::path(
    get,
    path = "/ops/withdrawals",
    tag = "ops",
    params(WithdrawalQuery, PageQuery),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Page<OpsWithdrawal>>))
)]
pub async fn list_ops_withdrawals(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    query: web::Query<WithdrawalQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<OpsWithdrawal>> {
    operator.require(&[Role::Finance])?;
    let (query, page) = (query.into_inner(), page.into_inner());
    let status = match query
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(text) => Some(WithdrawalStatus::parse(text).ok_or_else(|| {
            AppError::validation(&[FieldError::new("status", ErrorCode::OptionInvalid)])
        })?),
        None => None,
    };
    let now = state.clock.now_ms();
    let (offset, size) = (page.offset(), i64::from(page.size()));
    let (list, total) = state
        .db
        .write(move |conn| {
            let (rows, total) = withdrawals::queue_page(conn, status, offset, size)?;
            let subject = format!(
                "withdrawals:{}",
                status.map_or("all", WithdrawalStatus::as_str)
            );
            audit::append(
                conn,
                &entry(&operator, &client, "withdrawal.list", &subject),
                now,
            )?;
            Ok((shown(conn, rows)?, total))
        })
        .await?;
    Ok(Api::ok(Page::new(list, total, &page)))
}

fn refused(why: Refused) -> AppError {
    match why {
        Refused::NotFound => AppError::new(ApiCode::NotFound, "api.ops_withdrawal_not_found"),
        Refused::WrongState(_) | Refused::InsufficientBalance => {
            AppError::new(ApiCode::Conflict, "api.ops_withdrawal_wrong_status")
        }
    }
}

/// Takes `step` on withdrawal `id`, audited as `withdrawal.<step>`, and mails the user.
async fn take(
    state: &AppState,
    operator: CurrentOperator,
    client: Client,
    id: String,
    step: Step,
) -> ApiResult<OpsWithdrawal> {
    let now = state.clock.now_ms();
    let (shown_now, mail) = state
        .db
        .write(move |conn| {
            let before = withdrawals::find(conn, &id)?;
            let done = steps::apply(conn, &id, &step, &operator.email, now)?.map_err(refused)?;
            let action = format!("withdrawal.{}", step.name());
            let subject = format!("withdrawal:{id}");
            audit::append(
                conn,
                &Entry {
                    before: before.as_ref().map(state_of),
                    after: Some(state_of(&done)),
                    ..entry(&operator, &client, &action, &subject)
                },
                now,
            )?;
            let mail = steps::mail(conn, &done, &step)?;
            let account = bank_accounts::find_any(conn, &done.bank_account_id)?
                .ok_or_else(|| anyhow::anyhow!("withdrawal {id} has no bank account"))?;
            let mut list = shown(conn, vec![(done, account)])?;
            Ok((list.remove(0), mail))
        })
        .await?;
    if let Some(mail) = mail {
        state.mailer.send_later(mail);
    }
    Ok(Api::ok(shown_now))
}

/// Approve a withdrawal
///
/// A `requested` withdrawal (above the review threshold) is approved: its amount moves to the
/// payout queue. Audited as `withdrawal.approve`. Role `finance`. statusCodes: 200, 101, 403,
/// 404, 409 (not requested).
#[utoipa::path(
    post,
    path = "/ops/withdrawals/{id}/approve",
    tag = "ops",
    params(("id" = String, Path, description = "The withdrawal's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsWithdrawal>))
)]
pub async fn approve_withdrawal(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<OpsWithdrawal> {
    operator.require(&[Role::Finance])?;
    take(&state, operator, client, id.into_inner(), Step::Approve).await
}

/// Reject a withdrawal
///
/// A `requested` or `approved` withdrawal is rejected with the reason: its amount goes back to
/// the user's USD account and the user is mailed. Audited as `withdrawal.reject`. Role
/// `finance`. statusCodes: 200, 101, 102 (reason), 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/withdrawals/{id}/reject",
    tag = "ops",
    request_body = PayoutReasonForm,
    params(("id" = String, Path, description = "The withdrawal's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsWithdrawal>))
)]
pub async fn reject_withdrawal(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<PayoutReasonForm>,
) -> ApiResult<OpsWithdrawal> {
    operator.require(&[Role::Finance])?;
    let reason = body.parse(&NoContext)?;
    take(
        &state,
        operator,
        client,
        id.into_inner(),
        Step::Reject(reason),
    )
    .await
}

/// Record a payout sent
///
/// An `approved` withdrawal was sent under the bank's reference: the fee is earned, the rest
/// is in transit, and the user is mailed. Audited as `withdrawal.send`. Role `finance`.
/// statusCodes: 200, 101, 102 (reference), 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/withdrawals/{id}/send",
    tag = "ops",
    request_body = PayoutSentForm,
    params(("id" = String, Path, description = "The withdrawal's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsWithdrawal>))
)]
pub async fn send_withdrawal(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<PayoutSentForm>,
) -> ApiResult<OpsWithdrawal> {
    operator.require(&[Role::Finance])?;
    let reference = body.parse(&NoContext)?;
    take(
        &state,
        operator,
        client,
        id.into_inner(),
        Step::Send(reference),
    )
    .await
}

/// Record a payout completed
///
/// The bank confirmed a `sent` payout: it left the platform's bank. Audited as
/// `withdrawal.complete`. Role `finance`. statusCodes: 200, 101, 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/withdrawals/{id}/complete",
    tag = "ops",
    params(("id" = String, Path, description = "The withdrawal's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsWithdrawal>))
)]
pub async fn complete_withdrawal(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<OpsWithdrawal> {
    operator.require(&[Role::Finance])?;
    take(&state, operator, client, id.into_inner(), Step::Complete).await
}

/// Record a payout returned
///
/// The bank sent back a `sent` or `completed` payout: the whole amount, fee included, goes
/// back to the user's USD account, the bank account needs new details, and the user is
/// mailed. Audited as `withdrawal.return`. Role `finance`. statusCodes: 200, 101, 102
/// (reason), 403, 404, 409.
#[utoipa::path(
    post,
    path = "/ops/withdrawals/{id}/return",
    tag = "ops",
    request_body = PayoutReasonForm,
    params(("id" = String, Path, description = "The withdrawal's id.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsWithdrawal>))
)]
pub async fn return_withdrawal(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    id: web::Path<String>,
    body: Body<PayoutReasonForm>,
) -> ApiResult<OpsWithdrawal> {
    operator.require(&[Role::Finance])?;
    let reason = body.parse(&NoContext)?;
    take(
        &state,
        operator,
        client,
        id.into_inner(),
        Step::Return(reason),
    )
    .await
}
