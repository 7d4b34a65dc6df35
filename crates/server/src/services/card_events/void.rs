//! The `void` event.

use domain::orders::{TransactionStatus as Status, TransactionType as Kind};

use super::hold::{auth_fees, open_authorization, release, set_auth};
use super::spending;
use super::transaction::{insert, new_row};
use super::{Event, EventAnswer, HoldReleased, money};
use crate::api::AppError;
use crate::db::DbConnection;
use crate::services::cards::Card;
use crate::services::ledger;

/// Void: the authorization is cancelled and its whole hold released.
pub(super) fn void(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let auth = match open_authorization(conn, card, e.origin_transaction_id.as_deref())? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    release(
        conn,
        card,
        format!("void:{}", e.transaction_id.trim()),
        auth.held,
        now,
    )?;
    spending::release(
        conn,
        card,
        auth.created_at,
        auth.account_gross_amount,
        true,
        now,
    )?;
    set_auth(
        conn,
        &auth,
        Status::Void.as_str(),
        auth.account_gross_amount,
        auth_fees(&auth),
        0,
        now,
    )?;
    let mut row = new_row(e, card, Kind::Void.as_str(), Status::Succeed.as_str(), now);
    row.merchant_name_location
        .clone_from(&auth.merchant_name_location);
    row.transaction_amount = auth.transaction_amount;
    row.transaction_currency
        .clone_from(&auth.transaction_currency);
    row.account_gross_amount = auth.account_gross_amount;
    row.origin_transaction_id = Some(auth.transaction_id.clone());
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(EventAnswer::Release(HoldReleased {
        released: money(auth.held, card),
        card_balance: money(balance, card),
        transaction_id: row.transaction_id,
    })))
}
