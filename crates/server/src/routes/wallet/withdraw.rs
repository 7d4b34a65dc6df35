//! `POST wallet/withdraw` and `POST wallet/withdraw/cancel/{id}`: crypto withdrawals. The rules
//! are the domain's crypto withdrawal form, checked once before the verification codes are
//! spent and again under the user's lock, where the money moves. `clientOrderId` makes a retry
//! safe: the same id answers the withdrawal it made, and moves nothing.

use actix_web::web;
use domain::error::{ErrorCode, FieldError};
use domain::forms::{CryptoWithdrawalForm, Form, VerificationForm};
use domain::gates::GatedAction;
use domain::money::parse_amount;
use domain::security::SecureAction;
use domain::wallet::{Coin, CryptoWithdrawalStatus, Network, check_address};
use serde::Deserialize;

use super::chain_of;
use super::items::WalletRecord;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::db::DbConnection;
use crate::extract::{Client, CurrentUser};
use crate::routes::user::identity::check_gate;
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::services::wallet::addresses;
use crate::services::wallet::chains::Chain;
use crate::services::wallet::records;
use crate::services::wallet::withdrawals::{self, CryptoWithdrawalRow, Refused};
use crate::state::AppState;

fn withdrawal_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.wallet_withdrawal_not_found")
}

/// Withdraw a coin: the crypto withdrawal form and the verification fields the trade policy
/// asks for.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct CryptoWithdrawRequest {
    #[serde(flatten)]
    form: CryptoWithdrawalForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// The user's side of withdrawal `id` as a record.
fn record_of(conn: &mut DbConnection, user_id: &str, id: &str) -> Result<WalletRecord, AppError> {
    records::withdrawal_record(conn, user_id, id)?
        .as_ref()
        .and_then(WalletRecord::of)
        .ok_or_else(withdrawal_not_found)
}

/// The chain the form names; `None` when its coin or network is missing or unknown (the form's
/// own rules then say which).
fn named_chain(form: &CryptoWithdrawalForm) -> Option<(Coin, Network)> {
    let coin = Coin::from_code(form.coin_code.text()?)?;
    let network = Network::from_code(form.network.text()?)?;
    coin.networks()
        .contains(&network)
        .then_some((coin, network))
}

/// Where the destination is: `Some(user)` for another user's deposit address on the chosen
/// network (settled inside the ledger); refused for the user's own.
fn recipient(
    conn: &mut DbConnection,
    user_id: &str,
    network: Network,
    address: Option<&str>,
) -> Result<Option<String>, AppError> {
    let Some(canonical) = address.and_then(|a| check_address(network, a).ok()) else {
        return Ok(None);
    };
    match addresses::owner_of(conn, &canonical)? {
        Some(owner) if owner.network == network && owner.user_id == user_id => Err(AppError::new(
            ApiCode::Refused,
            "api.wallet_own_deposit_address",
        )),
        Some(owner) if owner.network == network => Ok(Some(owner.user_id)),
        _ => Ok(None),
    }
}

/// What the form would ask for, compared with an earlier withdrawal of the same client order
/// id: the same chain, destination, memo and amount.
fn repeats(form: &CryptoWithdrawalForm, earlier: &CryptoWithdrawalRow) -> bool {
    let (Some((coin, network)), Some(address)) = (named_chain(form), form.address.text()) else {
        return false;
    };
    let amount = form
        .amount
        .value()
        .and_then(|a| parse_amount(&a.0, coin.scale()).ok());
    coin.code() == earlier.coin
        && network.code() == earlier.network
        && check_address(network, address).ok().as_deref() == Some(earlier.address.as_str())
        && form.memo.text().map(str::to_owned) == earlier.memo
        && amount == Some(earlier.amount)
}

/// The earlier withdrawal of the form's client order id, answered again (a retry), or 409 when
/// it asked for something else.
fn earlier_answer(
    conn: &mut DbConnection,
    user_id: &str,
    form: &CryptoWithdrawalForm,
) -> Result<Option<Api<WalletRecord>>, AppError> {
    let Some(client_order_id) = form.client_order_id.text() else {
        return Ok(None);
    };
    let Some(earlier) = withdrawals::by_client_order(conn, user_id, client_order_id)? else {
        return Ok(None);
    };
    if !repeats(form, &earlier) {
        return Err(AppError::new(
            ApiCode::Conflict,
            "api.wallet_client_order_id_reused",
        ));
    }
    let record = record_of(conn, user_id, &earlier.id)?;
    Ok(Some(
        Api::ok(record).saying("api.wallet_withdrawal_repeated"),
    ))
}

/// Why the form names no chain: its coin or its network missing (`required_choice`) or not one
/// the wallet has (`option_invalid`).
fn unknown_chain(form: &CryptoWithdrawalForm) -> AppError {
    let (field, given) = match form.coin_code.text() {
        Some(code) if Coin::from_code(code).is_some() => ("network", form.network.text()),
        given => ("coinCode", given),
    };
    let code = if given.is_some() {
        ErrorCode::OptionInvalid
    } else {
        ErrorCode::RequiredChoice
    };
    AppError::validation(&[FieldError::new(field, code)])
}

/// The chain (404 when the platform does not have it) and the form's context, when the form
/// names a chain.
fn chain_and_context(
    conn: &mut DbConnection,
    user_id: &str,
    form: &CryptoWithdrawalForm,
    now: i64,
) -> Result<
    (
        Chain,
        Option<String>,
        domain::forms::CryptoWithdrawalContext,
    ),
    AppError,
> {
    let (coin, network) = named_chain(form).ok_or_else(|| unknown_chain(form))?;
    let chain = chain_of(conn, coin, network)?;
    let to = recipient(conn, user_id, network, form.address.text())?;
    let context = withdrawals::context(conn, user_id, &chain, to.is_some(), now)?;
    Ok((chain, to, context))
}

/// Withdraw a coin
///
/// Needs approved basic identity (105). Sends `amount` of `coinCode` on `network` to `address`
/// (checked by the domain: format, checksum, an address of another network named); the chain's
/// fee is charged on top, and amount + fee are held until the chain confirms it. Above the
/// chain's review threshold an operator approves it first; otherwise it is broadcast at once.
/// To another user's deposit address it settles inside the platform at once, without fee
/// (your own answers 422). The domain's rules hold (102): minimum, maximum, multiple, daily
/// limit, balance, memo. Verified as the trade policy says (103, 104). The same `clientOrderId`
/// again answers the withdrawal it made (409 when it asked for something else).
/// statusCodes: 200, 101, 102, 103, 104, 105, 404, 409, 422.
#[utoipa::path(
    post,
    path = "/wallet/withdraw",
    tag = "wallet",
    request_body = CryptoWithdrawRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WalletRecord>))
)]
pub async fn withdraw_coin(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<CryptoWithdrawRequest>,
) -> ApiResult<WalletRecord> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::Withdraw)?;
    let request = body.into_inner();
    let (user_id, now) = (user.user_id.clone(), state.clock.now_ms());
    let form = request.form.clone();
    // A retry answers the first result without spending another verification code.
    let checked = state
        .db
        .read(move |conn| {
            if let Some(answer) = earlier_answer(conn, &user_id, &form)? {
                return Ok(Err(answer));
            }
            let (_, _, context) = chain_and_context(conn, &user_id, &form, now)?;
            form.parse(&context)?;
            Ok(Ok(()))
        })
        .await?;
    if let Err(answer) = checked {
        return Ok(answer);
    }
    verification::verify(&state, &user, SecureAction::Withdraw, &request.verification).await?;
    let (form, user_id) = (request.form, user.user_id.clone());
    state
        .db
        .write(move |conn| {
            crate::services::withdrawals::lock_user(conn, &user_id)?;
            // Read again under the lock: a concurrent retry, the balance and the daily limit.
            if let Some(answer) = earlier_answer(conn, &user_id, &form)? {
                return Ok(answer);
            }
            let (chain, to, context) = chain_and_context(conn, &user_id, &form, now)?;
            let asked = form.parse(&context)?;
            // Refused only when the balance no longer covers it (decided by the ledger).
            let Ok(done) =
                withdrawals::request(conn, &user_id, &chain, &asked, to.as_deref(), now)?
            else {
                return Err(AppError::new(
                    ApiCode::Refused,
                    "error.insufficient_balance",
                ));
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
                CryptoWithdrawalStatus::Completed => "api.wallet_transfer_completed",
                CryptoWithdrawalStatus::Reviewing => "api.wallet_withdrawal_reviewing",
                _ => "api.wallet_withdrawal_broadcasting",
            };
            Ok(Api::ok(record_of(conn, &user_id, &done.id)?).saying(message))
        })
        .await
}

/// Cancel a crypto withdrawal
///
/// Until it is broadcast (submitted or in review): amount and fee go back to the wallet at
/// once. Once broadcast it can no longer be stopped (422). An unknown id, or another user's,
/// answers 404. statusCodes: 200, 101, 404, 422.
#[utoipa::path(
    post,
    path = "/wallet/withdraw/cancel/{id}",
    tag = "wallet",
    params(("id" = String, Path, description = "The withdrawal's `id`.")),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WalletRecord>))
)]
pub async fn cancel_coin_withdrawal(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    id: web::Path<String>,
) -> ApiResult<WalletRecord> {
    let (user_id, id, now) = (user.0.user_id, id.into_inner(), state.clock.now_ms());
    let record = state
        .db
        .write(move |conn| {
            withdrawals::find_owned(conn, &user_id, &id)?.ok_or_else(withdrawal_not_found)?;
            match withdrawals::cancel(conn, &id, now)? {
                Ok(_) => {}
                Err(Refused::NotFound) => return Err(withdrawal_not_found()),
                Err(_) => {
                    return Err(AppError::new(
                        ApiCode::Refused,
                        "api.wallet_withdrawal_not_cancellable",
                    ));
                }
            }
            security_log::record(
                conn,
                Some(&user_id),
                Event::WithdrawalCancelled,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            record_of(conn, &user_id, &id)
        })
        .await?;
    Ok(Api::ok(record).saying("api.wallet_withdrawal_cancelled"))
}
