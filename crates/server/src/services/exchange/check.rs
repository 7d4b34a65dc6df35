//! The exchange's side of `admin ledger-check`: every swap has its ledger transaction and
//! every such transaction a swap; each swap's transaction gave and took from its user exactly
//! the swap's amounts; per asset, the desk holds what the swaps exchanged into it
//! less what they paid out of it, the spread and rounding accounts the swaps' spreads and
//! remainders. (The fee income of coins is checked by the wallet, which adds [`fees_of`].)

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::exchange::Asset;

use super::platform;
use super::swaps::KIND;
use crate::db::DbConnection;
use crate::services::ledger::{self, AccountKind};

/// A swap the database found.
#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
}

/// A count the database computed.
#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// Per asset: the sums of the swaps from it (exchanged, fee, spread, remainder) and to it
/// (to_amount).
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    exchanged: i64,
    fee: i64,
    spread: i64,
    remainder: i64,
    paid_out: i64,
}

/// A row of sums the database computed.
#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = diesel::sql_types::Text)]
    asset: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    a: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    b: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    c: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    d: i64,
}

fn sums(conn: &mut DbConnection) -> QueryResult<BTreeMap<Asset, Sums>> {
    let from: Vec<Row> = diesel::sql_query(
        "SELECT from_asset AS asset, CAST(SUM(exchanged) AS BIGINT) AS a, \
         CAST(SUM(fee) AS BIGINT) AS b, CAST(SUM(spread) AS BIGINT) AS c, \
         CAST(SUM(remainder) AS BIGINT) AS d FROM exchange_swaps GROUP BY from_asset",
    )
    .load(conn)?;
    let to: Vec<Row> = diesel::sql_query(
        "SELECT to_asset AS asset, CAST(SUM(to_amount) AS BIGINT) AS a, CAST(0 AS BIGINT) AS b, \
         CAST(0 AS BIGINT) AS c, CAST(0 AS BIGINT) AS d FROM exchange_swaps GROUP BY to_asset",
    )
    .load(conn)?;
    let mut found: BTreeMap<Asset, Sums> = BTreeMap::new();
    for row in from {
        if let Some(asset) = Asset::from_code(&row.asset) {
            let s = found.entry(asset).or_default();
            (s.exchanged, s.fee, s.spread, s.remainder) = (row.a, row.b, row.c, row.d);
        }
    }
    for row in to {
        if let Some(asset) = Asset::from_code(&row.asset) {
            found.entry(asset).or_default().paid_out = row.a;
        }
    }
    Ok(found)
}

/// The swaps' fees per asset (each is the fee income's part that the exchange earned).
///
/// # Errors
/// A database failure.
pub fn fees_of(conn: &mut DbConnection) -> QueryResult<BTreeMap<Asset, i64>> {
    Ok(sums(conn)?.into_iter().map(|(a, s)| (a, s.fee)).collect())
}

/// The problems found (none when the exchange's accounts hold what its swaps say).
///
/// # Errors
/// A database failure.
pub fn check(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let mut problems = Vec::new();
    let unposted: Vec<Count> = diesel::sql_query(format!(
        "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM exchange_swaps s \
         LEFT JOIN ledger_transactions t ON t.reference = '{KIND}:' || s.quote_id \
         WHERE t.id IS NULL"
    ))
    .load(conn)?;
    if let Some(c) = unposted.first().filter(|c| c.n > 0) {
        problems.push(format!("{} swaps have no ledger transaction", c.n));
    }
    let unrecorded: Vec<Count> = diesel::sql_query(format!(
        "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM ledger_transactions t \
         LEFT JOIN exchange_swaps s ON t.reference = '{KIND}:' || s.quote_id \
         WHERE t.kind = '{KIND}' AND s.id IS NULL"
    ))
    .load(conn)?;
    if let Some(c) = unrecorded.first().filter(|c| c.n > 0) {
        problems.push(format!("{} swap transactions have no swap", c.n));
    }
    let given = "SUM(CASE WHEN a.currency = s.from_asset THEN e.amount ELSE 0 END)";
    let taken = "SUM(CASE WHEN a.currency = s.to_asset THEN e.amount ELSE 0 END)";
    let differing: Vec<Name> = diesel::sql_query(format!(
        "SELECT s.id AS name FROM exchange_swaps s \
         JOIN ledger_transactions t ON t.reference = '{KIND}:' || s.quote_id \
         JOIN ledger_entries e ON e.transaction_id = t.id \
         JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = s.user_id \
         GROUP BY s.id, s.from_amount, s.to_amount \
         HAVING {given} <> -s.from_amount OR {taken} <> s.to_amount"
    ))
    .load(conn)?;
    for swap in differing {
        problems.push(format!(
            "swap {}: its transaction moved other amounts for its user than the swap says",
            swap.name
        ));
    }
    let sums = sums(conn)?;
    for asset in Asset::ALL.iter().copied() {
        let s = sums.get(&asset).copied().unwrap_or_default();
        for (kind, expected, what) in [
            (
                AccountKind::ExchangeDesk,
                s.exchanged - s.paid_out,
                "exchanged into it less paid out",
            ),
            (AccountKind::ExchangeSpread, s.spread, "the swaps' spreads"),
            (
                AccountKind::ExchangeRounding,
                s.remainder,
                "the swaps' remainders",
            ),
        ] {
            let balance = ledger::balance(conn, &platform(kind, asset))?;
            if balance != expected {
                problems.push(format!(
                    "{} {}: holds {balance}, {what} {expected}",
                    asset.code(),
                    kind.as_str()
                ));
            }
        }
    }
    Ok(problems)
}
