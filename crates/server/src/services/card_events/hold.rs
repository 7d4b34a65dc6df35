//! What the events that settle an authorization (clearing, void, reverse authorization) share:
//! finding the open authorization, updating it, releasing its hold.

use diesel::prelude::*;
use domain::card::PaymentFees;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};

use super::transaction::{Transaction, find_tx};
use super::{bad, post};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::db::schema::card_transactions as txs;
use crate::services::cards::Card;
use crate::services::ledger::Movement;

/// The authorization an event refers to, on this card, still holding money.
pub(super) fn open_authorization(
    conn: &mut DbConnection,
    card: &Card,
    transaction_id: Option<&str>,
) -> QueryResult<Result<Transaction, AppError>> {
    let Some(id) = transaction_id else {
        return Ok(Err(bad(ApiCode::BadRequest, "api.event_invalid")));
    };
    match find_tx(conn, id)? {
        Some(t) if t.card_id == card.id && t.transaction_type == Kind::Auth.as_str() => {
            if t.status == Status::Authorized.as_str() && t.held > 0 {
                Ok(Ok(t))
            } else {
                Ok(Err(bad(ApiCode::Refused, "api.event_not_applicable")))
            }
        }
        _ => Ok(Err(bad(ApiCode::NotFound, "api.transaction_not_found"))),
    }
}

pub(super) fn set_auth(
    conn: &mut DbConnection,
    auth: &Transaction,
    status: &str,
    gross: i64,
    fees: PaymentFees,
    held: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(txs::table.find(&auth.id))
        .set((
            txs::status.eq(status),
            txs::account_gross_amount.eq(gross),
            txs::transaction_fee.eq(fees.transaction_fee),
            txs::conversion_fee.eq(fees.conversion_fee),
            txs::held.eq(held),
            txs::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

pub(super) fn auth_fees(auth: &Transaction) -> PaymentFees {
    PaymentFees {
        transaction_fee: auth.transaction_fee,
        conversion_fee: auth.conversion_fee,
    }
}

/// Releases `amount` of an authorization's hold back to the card.
pub(super) fn release(
    conn: &mut DbConnection,
    card: &Card,
    reference: String,
    amount: i64,
    now: i64,
) -> anyhow::Result<()> {
    if amount == 0 {
        return Ok(());
    }
    post(
        conn,
        &Movement {
            kind: "card_release",
            reference,
            user_id: Some(card.user_id.clone()),
            lines: vec![(card.hold_account(), -amount), (card.account(), amount)],
        },
        now,
    )
}
