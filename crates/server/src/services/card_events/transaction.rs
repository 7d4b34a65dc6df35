//! The `card_transactions` row every event writes or settles: how it is written, found and
//! paged, and the fresh row an event starts from.

use diesel::prelude::*;

use super::Event;
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::card_transactions as txs;
use crate::services::cards::Card;

/// A transaction row.
#[derive(Debug, Clone, Queryable)]
pub struct Transaction {
    pub id: String,
    pub transaction_id: String,
    pub origin_transaction_id: Option<String>,
    pub card_id: String,
    pub user_id: String,
    pub transaction_type: String,
    pub status: String,
    pub merchant_name_location: String,
    pub transaction_amount: i64,
    pub transaction_currency: String,
    pub account_gross_amount: i64,
    pub account_currency: String,
    pub transaction_fee: i64,
    pub conversion_fee: i64,
    pub cross_border_fee: i64,
    pub refund_fee: i64,
    pub held: i64,
    pub decline_reason: Option<String>,
    pub check_code: Option<String>,
    pub occurred_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

macro_rules! tx_columns {
    () => {
        (
            txs::id,
            txs::transaction_id,
            txs::origin_transaction_id,
            txs::card_id,
            txs::user_id,
            txs::transaction_type,
            txs::status,
            txs::merchant_name_location,
            txs::transaction_amount,
            txs::transaction_currency,
            txs::account_gross_amount,
            txs::account_currency,
            txs::transaction_fee,
            txs::conversion_fee,
            txs::cross_border_fee,
            txs::refund_fee,
            txs::held,
            txs::decline_reason,
            txs::check_code,
            txs::occurred_at,
            txs::created_at,
            txs::updated_at,
        )
    };
}

pub(super) fn insert(conn: &mut DbConnection, t: &Transaction) -> QueryResult<()> {
    diesel::insert_into(txs::table)
        .values((
            txs::id.eq(&t.id),
            txs::transaction_id.eq(&t.transaction_id),
            txs::origin_transaction_id.eq(&t.origin_transaction_id),
            txs::card_id.eq(&t.card_id),
            txs::user_id.eq(&t.user_id),
            txs::transaction_type.eq(&t.transaction_type),
            txs::status.eq(&t.status),
            txs::merchant_name_location.eq(&t.merchant_name_location),
            txs::transaction_amount.eq(t.transaction_amount),
            txs::transaction_currency.eq(&t.transaction_currency),
            txs::account_gross_amount.eq(t.account_gross_amount),
            txs::account_currency.eq(&t.account_currency),
            txs::transaction_fee.eq(t.transaction_fee),
            txs::conversion_fee.eq(t.conversion_fee),
            txs::cross_border_fee.eq(t.cross_border_fee),
            txs::refund_fee.eq(t.refund_fee),
            txs::held.eq(t.held),
            txs::decline_reason.eq(&t.decline_reason),
            txs::check_code.eq(&t.check_code),
            txs::occurred_at.eq(t.occurred_at),
            txs::created_at.eq(t.created_at),
            txs::updated_at.eq(t.updated_at),
        ))
        .execute(conn)
        .map(|_| ())
}

pub(super) fn find_tx(
    conn: &mut DbConnection,
    transaction_id: &str,
) -> QueryResult<Option<Transaction>> {
    txs::table
        .filter(txs::transaction_id.eq(transaction_id))
        .select(tx_columns!())
        .first(conn)
        .optional()
}

/// A page of a card's transactions, newest first.
pub fn page_of_card(
    conn: &mut DbConnection,
    card_id: &str,
    page: &crate::api::PageQuery,
) -> QueryResult<(Vec<Transaction>, i64)> {
    let total: i64 = txs::table
        .filter(txs::card_id.eq(card_id))
        .count()
        .get_result(conn)?;
    let list = txs::table
        .filter(txs::card_id.eq(card_id))
        .order((
            txs::occurred_at.desc(),
            txs::created_at.desc(),
            txs::id.desc(),
        ))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(tx_columns!())
        .load(conn)?;
    Ok((list, total))
}

pub(super) fn new_row(e: &Event, card: &Card, kind: &str, status: &str, now: i64) -> Transaction {
    Transaction {
        id: new_id(),
        transaction_id: e.transaction_id.trim().to_owned(),
        origin_transaction_id: e.origin_transaction_id.clone(),
        card_id: card.id.clone(),
        user_id: card.user_id.clone(),
        transaction_type: kind.to_owned(),
        status: status.to_owned(),
        merchant_name_location: e
            .merchant
            .clone()
            .unwrap_or_default()
            .chars()
            .take(128)
            .collect(),
        transaction_amount: 0,
        transaction_currency: card.currency.clone(),
        account_gross_amount: 0,
        account_currency: card.currency.clone(),
        transaction_fee: 0,
        conversion_fee: 0,
        cross_border_fee: 0,
        refund_fee: 0,
        held: 0,
        decline_reason: None,
        check_code: None,
        occurred_at: e.occurred_at.unwrap_or(now),
        created_at: now,
        updated_at: now,
    }
}
