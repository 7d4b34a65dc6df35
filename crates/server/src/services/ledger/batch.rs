//! Many movements at once, for the jobs that post hundreds in one transaction (the fund's
//! daily accrual): the same rows [`super::post`] writes — one transaction and its entries per
//! movement, each account's balance moved by its entries — in a few statements a batch instead
//! of a dozen a movement. All or nothing: a reference used before or an account that would go
//! below zero fails the whole batch, which the caller's transaction rolls back.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};

use super::{Account, Movement, checked, open};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::ledger_transactions as transactions;
use crate::db::schema::{ledger_accounts as accounts, ledger_entries as entries};

/// Rows a multi-row insert carries (5 columns: well under SQLite's 32,766 and PostgreSQL's
/// 65,535 parameters).
pub(crate) const ROWS: usize = 1_000;

/// Inserts every row of `$rows` (a `Vec` of insertable tuples) into `$table`: on PostgreSQL
/// by one binary `COPY … FROM STDIN` (no statement to parse, no parameter per value: several
/// times the rate of multi-row `INSERT`s for the thousands of rows a batch writes), on SQLite
/// by multi-row `INSERT`s of [`ROWS`] rows. Answers a `QueryResult<()>`.
macro_rules! insert_all {
    ($conn:expr, $table:expr, $rows:expr) => {
        match $conn {
            DbConnection::Pg(c) => diesel::copy_from($table)
                .from_insertable(&$rows)
                .execute(c)
                .map(|_| ()),
            DbConnection::Sqlite(c) => $rows.chunks(ROWS).try_for_each(|rows| {
                diesel::insert_into($table)
                    .values(rows)
                    .execute(c)
                    .map(|_| ())
            }),
        }
    };
}
pub(crate) use insert_all;

/// Writes `movements` inside the caller's transaction.
///
/// # Errors
/// An unbalanced movement (a programming error, as for [`super::post`]), a reference posted
/// before, an account that may not go negative and would, or a database failure: nothing of
/// the batch may then be kept, and the caller's transaction must roll back.
pub fn post_batch(conn: &mut DbConnection, movements: &[Movement], now: i64) -> anyhow::Result<()> {
    for movement in movements {
        checked(movement)?;
    }
    if movements.is_empty() {
        return Ok(());
    }
    // Each account once, opened if new, with the net of the batch's lines on it.
    let mut net: BTreeMap<&str, (&Account, i64)> = BTreeMap::new();
    for (account, amount) in movements.iter().flat_map(|m| &m.lines) {
        net.entry(account.key.as_str()).or_insert((account, 0)).1 += amount;
    }
    let ids = account_ids(conn, net.values().map(|(a, _)| *a), now)?;
    let mut tx_rows = Vec::with_capacity(movements.len());
    let mut entry_rows = Vec::new();
    for movement in movements {
        let id = new_id();
        for (account, amount) in &movement.lines {
            entry_rows.push((
                entries::id.eq(new_id()),
                entries::transaction_id.eq(id.clone()),
                entries::account_id.eq(ids[&account.key].clone()),
                entries::amount.eq(*amount),
                entries::created_at.eq(now),
            ));
        }
        tx_rows.push((
            transactions::id.eq(id),
            transactions::kind.eq(movement.kind),
            transactions::reference.eq(movement.reference.clone()),
            transactions::user_id.eq(movement.user_id.clone()),
            transactions::created_at.eq(now),
        ));
    }
    insert_all!(conn, transactions::table, tx_rows)
        .map_err(|e| anyhow::anyhow!("a batch of movements (a reference posted before?): {e}"))?;
    insert_all!(conn, entries::table, entry_rows)?;
    // The balances last: accounts every batch moves (the platform's) stay locked from here to
    // the caller's commit only, so batches running at once on PostgreSQL wait little for each
    // other.
    let moved: Vec<(String, i64)> = net
        .values()
        .filter(|(_, amount)| *amount != 0)
        .map(|(account, amount)| (ids[&account.key].clone(), *amount))
        .collect();
    let applied = add_to_balances(conn, &moved)?;
    if applied != moved.len() {
        anyhow::bail!(
            "a batch of movements would take {} account(s) below zero",
            moved.len() - applied
        );
    }
    for movement in movements {
        crate::telemetry::ledger_postings(movement.kind, 1);
    }
    Ok(())
}

/// The ids of `wanted` accounts by key, opening those that are new.
fn account_ids<'a>(
    conn: &mut DbConnection,
    wanted: impl Iterator<Item = &'a Account>,
    now: i64,
) -> QueryResult<BTreeMap<String, String>> {
    let wanted: Vec<&Account> = wanted.collect();
    let mut ids = BTreeMap::new();
    for chunk in wanted.chunks(ROWS) {
        let keys: Vec<&str> = chunk.iter().map(|a| a.key.as_str()).collect();
        let found: Vec<(String, String)> = accounts::table
            .filter(accounts::account_key.eq_any(&keys))
            .select((accounts::account_key, accounts::id))
            .load(conn)?;
        ids.extend(found);
    }
    for account in wanted {
        if !ids.contains_key(&account.key) {
            let id = open(conn, account, now)?;
            ids.insert(account.key.clone(), id);
        }
    }
    Ok(ids)
}

/// Adds each `(account id, amount)` to its balance in one statement, under the rule
/// [`super::post`] applies (an account that may not go negative does not); answers how many
/// accounts moved. On PostgreSQL the rows are locked first in account-key order, the order
/// every single movement locks them in, so a batch and a movement never wait on each other in
/// a circle; with the lock an update takes (`FOR NO KEY UPDATE`), which does not wait for the
/// key-share locks other transactions' entries hold on the same accounts through their
/// foreign key.
fn add_to_balances(conn: &mut DbConnection, moved: &[(String, i64)]) -> anyhow::Result<usize> {
    if moved.is_empty() {
        return Ok(0);
    }
    let (ids, amounts): (Vec<String>, Vec<i64>) = moved.iter().cloned().unzip();
    let applied = match conn {
        DbConnection::Pg(c) => {
            accounts::table
                .filter(accounts::id.eq_any(&ids))
                .order(accounts::account_key)
                .select(accounts::id)
                .for_no_key_update()
                .load::<String>(c)?;
            diesel::sql_query(
                "UPDATE ledger_accounts AS a SET balance = a.balance + v.amount \
                 FROM unnest($1::text[], $2::bigint[]) AS v(id, amount) \
                 WHERE a.id = v.id AND (a.may_go_negative OR a.balance + v.amount >= 0)",
            )
            .bind::<Array<Text>, _>(&ids)
            .bind::<Array<BigInt>, _>(&amounts)
            .execute(c)?
        }
        DbConnection::Sqlite(c) => diesel::sql_query(
            "UPDATE ledger_accounts SET balance = ledger_accounts.balance + v.amount \
             FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS amount \
                   FROM json_each(?)) AS v \
             WHERE ledger_accounts.id = v.id \
               AND (ledger_accounts.may_go_negative OR ledger_accounts.balance + v.amount >= 0)",
        )
        .bind::<Text, _>(serde_json::to_string(moved)?)
        .execute(c)?,
    };
    Ok(applied)
}
