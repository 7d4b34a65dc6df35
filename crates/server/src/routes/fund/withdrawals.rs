//! `fund/investor/withdrawal/*` (DESIGN §9): USD withdrawals to a saved bank account — the
//! terms and what is left of the limits, asking for one, the list, cancelling one before it is
//! sent. The rules are the domain's withdrawal form, checked once before the verification codes
//! are spent and again under the user's lock, where the money moves.

use actix_web::web;
use domain::forms::{Form, VerificationForm, WithdrawalForm};
use domain::gates::GatedAction;
use domain::security::SecureAction;
use domain::withdrawal::WithdrawalStatus;
use serde::Deserialize;

use super::withdrawal_items::{WithdrawalItem, WithdrawalTerms};
use crate::api::{Answer, Api, ApiCode, ApiResult, AppError, Body, Page, PageQuery, Reply};
use crate::extract::{Client, CurrentUser};
use crate::routes::idempotent::{IdempotencyKey, answered_before, idempotency_key, run_once};
use crate::routes::user::identity::check_gate;
use crate::services::bank_accounts::{self, SavedAccount};
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::services::withdrawals::{self, Refused};
use crate::state::AppState;

fn account_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.bank_account_not_found")
}

fn withdrawal_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.withdrawal_not_found")
}

/// Withdrawal terms
///
/// The fee, the minimum and maximum, the limits and what they leave today and this month, the
/// USD balance, and each saved account's payout state (cooling-off, returned payout, what its
/// first-payout cap leaves). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fund/investor/withdrawal/config",
    tag = "fund",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WithdrawalTerms>))
)]
pub async fn show_withdrawal_terms(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<WithdrawalTerms> {
    let (user_id, payouts, now) = (user.0.user_id, state.config.payouts, state.clock.now_ms());
    let terms = state
        .db
        .read(move |conn| Ok(WithdrawalTerms::read(conn, &user_id, &payouts, now)?))
        .await?;
    Ok(Api::ok(terms))
}

/// Withdraw USD: the withdrawal form and the verification fields the trade policy asks for.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct WithdrawRequest {
    #[serde(flatten)]
    form: WithdrawalForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// The user's saved account `id`; 404 for an unknown or deleted one, or another user's.
async fn destination(state: &AppState, user_id: &str, id: &str) -> Result<SavedAccount, AppError> {
    let (user_id, id) = (user_id.to_owned(), id.to_owned());
    state
        .db
        .read(move |conn| Ok(bank_accounts::find_owned(conn, &user_id, &id)?))
        .await?
        .ok_or_else(account_not_found)
}

/// Withdraw USD to a saved bank account
///
/// Needs approved basic identity (105). Takes `amount` (the fee included) from the USD account
/// and holds it; up to the review threshold it is approved at once, above it a finance operator
/// approves it; then it is sent, and completed when the bank confirms. The domain's withdrawal
/// rules hold (102): the minimum and maximum, the first-payout cap of a new account, the daily
/// and monthly limits, the balance, the account's cooling-off period (with the time left) and a
/// returned payout. Verified as the trade policy says (103, 104); takes an `Idempotency-Key`.
/// An unknown account, or another user's, answers 404. statusCodes: 200, 101, 102, 103, 104,
/// 105, 400, 404, 409, 422, 429.
#[utoipa::path(
    post,
    path = "/fund/investor/withdrawal/create",
    tag = "fund",
    params(IdempotencyKey),
    request_body = WithdrawRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WithdrawalItem>))
)]
pub async fn withdraw(
    state: web::Data<AppState>,
    key: IdempotencyKey,
    user: CurrentUser,
    client: Client,
    body: Body<WithdrawRequest>,
) -> Result<Answer<WithdrawalItem>, AppError> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::Withdraw)?;
    let route = "/fund/investor/withdrawal/create";
    let keyed = idempotency_key(&key, &state, &user, route, body.json())?;
    if let Some(answer) = answered_before(&state, keyed.as_ref()).await? {
        return Ok(answer);
    }
    let account = match body.form.bank_account_id.text() {
        Some(id) => Some(destination(&state, &user.user_id, id).await?),
        None => None,
    };
    let (payouts, now, user_id) = (
        state.config.payouts,
        state.clock.now_ms(),
        user.user_id.clone(),
    );
    // Checked first so a refused form spends no verification code.
    let checked = account.clone();
    let context = state
        .db
        .read(move |conn| {
            Ok(withdrawals::context(
                conn,
                &user_id,
                checked.as_ref(),
                &payouts,
                now,
            )?)
        })
        .await?;
    body.form.parse(&context)?;
    verification::verify(&state, &user, SecureAction::Withdraw, &body.verification).await?;
    let account = account.ok_or_else(account_not_found)?;
    let (form, user_id) = (body.into_inner().form, user.user_id.clone());
    run_once(&state, keyed, move |conn| {
        withdrawals::lock_user(conn, &user_id)?;
        // Read again under the lock: deleted, or used by another withdrawal, meanwhile.
        let account = bank_accounts::find_owned(conn, &user_id, &account.id)?
            .ok_or_else(account_not_found)?;
        let context = withdrawals::context(conn, &user_id, Some(&account), &payouts, now)?;
        let asked = match form.parse(&context) {
            Ok(asked) => asked,
            Err(errors) => return Ok(Err(errors.into())),
        };
        let Ok(done) = withdrawals::request(conn, &account, asked.amount_minor, &payouts, now)?
        else {
            return Ok(Err(AppError::new(
                ApiCode::Refused,
                "error.insufficient_balance",
            )));
        };
        security_log::record(
            conn,
            Some(&user_id),
            Event::WithdrawalRequested,
            &client.ip,
            &client.user_agent,
            now,
        )?;
        let message = match done.status() {
            WithdrawalStatus::Approved => "api.withdrawal_approved",
            _ => "api.withdrawal_requested",
        };
        Ok(Ok(
            Api::ok(WithdrawalItem::of(&done, &account)).saying(message)
        ))
    })
    .await
}

/// The user's withdrawals
///
/// Newest first, each with its state and the account it went to. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fund/investor/withdrawal/select",
    tag = "fund",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<WithdrawalItem>>))
)]
pub async fn list_withdrawals(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<WithdrawalItem>> {
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (found, total) = state
        .db
        .read(move |conn| Ok(withdrawals::page_of(conn, &user_id, &page)?))
        .await?;
    let items = found
        .iter()
        .map(|(w, account)| WithdrawalItem::of(w, account))
        .collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}

/// Cancel a withdrawal
///
/// Until it is sent: the amount goes back to the USD account at once. Once sent it can no
/// longer be stopped (422). An unknown id, or another user's, answers 404. statusCodes: 200,
/// 101, 404, 422.
#[utoipa::path(
    post,
    path = "/fund/investor/withdrawal/cancel/{id}",
    tag = "fund",
    params(("id" = String, Path, description = "The withdrawal's `id`.")),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WithdrawalItem>))
)]
pub async fn cancel_withdrawal(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<WithdrawalItem> {
    let (user_id, id, now) = (user.0.user_id, id.into_inner(), state.clock.now_ms());
    let (done, account) = state
        .db
        .write(move |conn| {
            withdrawals::find_owned(conn, &user_id, &id)?.ok_or_else(withdrawal_not_found)?;
            let done =
                match withdrawals::release(conn, &id, WithdrawalStatus::Cancelled, None, now)? {
                    Ok(done) => done,
                    Err(Refused::NotFound) => return Err(withdrawal_not_found()),
                    Err(_) => {
                        return Err(AppError::new(
                            ApiCode::Refused,
                            "api.withdrawal_not_cancellable",
                        ));
                    }
                };
            security_log::record(
                conn,
                Some(&user_id),
                Event::WithdrawalCancelled,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            let account = bank_accounts::find_any(conn, &done.bank_account_id)?
                .ok_or(diesel::result::Error::NotFound)?;
            Ok((done, account))
        })
        .await?;
    Ok(Api::ok(WithdrawalItem::of(&done, &account)).saying("api.withdrawal_cancelled"))
}
