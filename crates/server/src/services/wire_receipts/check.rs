//! The wires' side of `admin ledger-check`.

use diesel::prelude::*;

use super::{PENDING, UNMATCHED, suspense};
use crate::db::DbConnection;
use crate::db::schema::{ledger_accounts, wire_receipts};

/// The wires' side of `admin ledger-check`: `WireSuspense` holds the unmatched and pending
/// receipts.
pub fn check(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let waiting: Vec<i64> = wire_receipts::table
        .filter(wire_receipts::status.eq_any([UNMATCHED, PENDING]))
        .select(wire_receipts::amount)
        .load(conn)?;
    let expected: i64 = waiting.iter().sum();
    let held: i64 = ledger_accounts::table
        .filter(ledger_accounts::account_key.eq(&suspense().key))
        .select(ledger_accounts::balance)
        .first(conn)
        .optional()?
        .unwrap_or(0);
    Ok(if held == expected {
        Vec::new()
    } else {
        vec![format!(
            "{}: holds {held}, the unmatched and pending wires {expected}",
            suspense().key
        )]
    })
}
