//! A user's wallet records (`wallet/record`): their deposits, their withdrawals (a transfer to
//! another user as TRANSFER_OUT), the transfers they received (TRANSFER_IN) and the coin legs of
//! their swaps (SWAP_OUT, SWAP_IN), from the migrations' `wallet_records` view.

use diesel::prelude::*;
use domain::wallet::{Coin, RecordType};

use crate::api::PageQuery;
use crate::db::DbConnection;
use crate::db::schema::wallet_records;

/// One record, as the view gives it. Amounts are minor units of the coin.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wallet_records)]
pub struct Record {
    pub id: String,
    pub user_id: String,
    pub record_type: String,
    pub coin: String,
    /// None for a swap leg.
    pub network: Option<String>,
    pub amount: i64,
    pub fee: i64,
    /// None for a swap leg.
    pub address: Option<String>,
    pub memo: Option<String>,
    pub txid: Option<String>,
    pub confirmations: i64,
    pub required_confirmations: i64,
    /// A `DepositStatus` or a `CryptoWithdrawalStatus`, by its record type.
    pub status: String,
    pub reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The swap a SWAP_OUT or SWAP_IN leg belongs to.
    pub swap_id: Option<String>,
}

impl Record {
    pub fn record_type(&self) -> RecordType {
        RecordType::parse(&self.record_type).unwrap_or(RecordType::Deposit)
    }
}

/// Which records a page holds.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter {
    pub coin: Option<Coin>,
    pub kind: Option<RecordType>,
}

/// A page of the user's records, newest first, and how many match.
pub fn page_of(
    conn: &mut DbConnection,
    user_id: &str,
    filter: Filter,
    page: &PageQuery,
) -> QueryResult<(Vec<Record>, i64)> {
    let matching = || {
        let mut query = wallet_records::table
            .filter(wallet_records::user_id.eq(user_id.to_owned()))
            .into_boxed();
        if let Some(coin) = filter.coin {
            query = query.filter(wallet_records::coin.eq(coin.code()));
        }
        if let Some(kind) = filter.kind {
            query = query.filter(wallet_records::record_type.eq(kind.as_str()));
        }
        query
    };
    let rows = matching()
        .order((wallet_records::created_at.desc(), wallet_records::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(Record::as_select())
        .load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows, total))
}

/// The user's record `id` (another user's answers none, as an unknown one does).
pub fn find_owned(conn: &mut DbConnection, user_id: &str, id: &str) -> QueryResult<Option<Record>> {
    wallet_records::table
        .filter(wallet_records::user_id.eq(user_id))
        .filter(wallet_records::id.eq(id))
        .select(Record::as_select())
        .first(conn)
        .optional()
}

/// The user's withdrawal `id` as a record (their own side of it).
pub fn withdrawal_record(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<Record>> {
    wallet_records::table
        .filter(wallet_records::user_id.eq(user_id))
        .filter(wallet_records::id.eq(id))
        .filter(wallet_records::record_type.ne(RecordType::TransferIn.as_str()))
        .select(Record::as_select())
        .first(conn)
        .optional()
}
