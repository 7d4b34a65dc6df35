//! The accrual job's reads of a batch of positions at once, by a list of ids or users.
//!
//! On SQLite the list is one JSON array (`json_each`) that the query walks first, looking each
//! element up by its index (`CROSS JOIN` fixes that order): a long `IN (…)` list instead lets
//! SQLite's planner, which has no statistics, scan the whole table (or the open positions by
//! `fund_positions_due`) for every batch, so a run took time in the square of the positions.
//! PostgreSQL binds the list as one array (`= ANY`) and plans it from its statistics.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::Text;
use domain::date::Date;
use domain::fund::{ProductType, ShareMove};

use super::{OPEN, Position, Row, rows};
use crate::db::DbConnection;
use crate::db::schema::{fund_moves, fund_positions};

/// How the accrual job takes positions it is about to accrue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Wait for a position another transaction holds (a user's redemption bringing their own
    /// positions up to date must see the job's work, never race it).
    Wait,
    /// Leave a position another transaction holds to that one (the job, on every instance at
    /// once).
    SkipLocked,
}

/// `values` as the JSON array SQLite's `json_each` reads.
fn json_list(values: &[&str]) -> QueryResult<String> {
    serde_json::to_string(values).map_err(|e| diesel::result::Error::SerializationError(e.into()))
}

/// The open positions among `ids`, read again and held until the caller's transaction ends
/// (on PostgreSQL, row locks; on SQLite, the writer's lock the caller already holds).
pub fn lock_open(
    conn: &mut DbConnection,
    ids: &[String],
    claim: Claim,
) -> QueryResult<Vec<Position>> {
    let query = || {
        fund_positions::table
            .filter(fund_positions::id.eq_any(ids))
            .filter(fund_positions::status.eq(OPEN))
            .order(fund_positions::id.asc())
    };
    let found = match conn {
        DbConnection::Pg(c) => match claim {
            Claim::Wait => query().select(Row::as_select()).for_update().load(c)?,
            Claim::SkipLocked => query()
                .select(Row::as_select())
                .for_update()
                .skip_locked()
                .load(c)?,
        },
        DbConnection::Sqlite(c) => {
            let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
            diesel::sql_query(
                "SELECT p.* FROM json_each(?) AS j CROSS JOIN fund_positions AS p \
                 ON p.id = j.value WHERE p.status = ? ORDER BY p.id",
            )
            .bind::<Text, _>(json_list(&ids)?)
            .bind::<Text, _>(OPEN)
            .load::<Row>(c)?
        }
    };
    Ok(rows(found))
}

/// The moves of each of `positions` from its own date on (`(position id, from)`), in one
/// query, by position id.
pub fn moves_of_many(
    conn: &mut DbConnection,
    positions: &[(&str, Date)],
) -> QueryResult<HashMap<String, Vec<ShareMove>>> {
    let mut by_position: HashMap<String, Vec<ShareMove>> = positions
        .iter()
        .map(|(id, _)| ((*id).to_owned(), Vec::new()))
        .collect();
    let Some(earliest) = positions.iter().map(|(_, from)| *from).min() else {
        return Ok(by_position);
    };
    let ids: Vec<&str> = positions.iter().map(|(id, _)| *id).collect();
    let from: HashMap<&str, Date> = positions.iter().copied().collect();
    let found: Vec<(String, String, i64)> = match conn {
        DbConnection::Pg(c) => fund_moves::table
            .filter(fund_moves::position_id.eq_any(&ids))
            .filter(fund_moves::business_date.ge(earliest.to_string()))
            .select((
                fund_moves::position_id,
                fund_moves::business_date,
                fund_moves::amount,
            ))
            .load(c)?,
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT m.position_id, m.business_date, m.amount \
             FROM json_each(?) AS j CROSS JOIN fund_moves AS m \
             ON m.position_id = j.value WHERE m.business_date >= ?",
        )
        .bind::<Text, _>(json_list(&ids)?)
        .bind::<Text, _>(earliest.to_string())
        .load::<Move>(c)?
        .into_iter()
        .map(|m| (m.position_id, m.business_date, m.amount))
        .collect(),
    };
    for (position_id, date, amount) in found {
        let Some(date) = Date::parse(&date) else {
            continue;
        };
        if from.get(position_id.as_str()).is_some_and(|f| date >= *f)
            && let Some(moves) = by_position.get_mut(&position_id)
        {
            moves.push(ShareMove { date, amount });
        }
    }
    Ok(by_position)
}

/// A move as [`moves_of_many`] reads it on SQLite.
#[derive(QueryableByName)]
#[diesel(table_name = fund_moves)]
struct Move {
    position_id: String,
    business_date: String,
    amount: i64,
}

/// The open fixed positions of `users` (a maturity not yet paid among them), in one query.
pub fn open_fixed_of_users(conn: &mut DbConnection, users: &[&str]) -> QueryResult<Vec<Position>> {
    let mut users = users.to_vec();
    users.sort_unstable();
    users.dedup();
    let found = match conn {
        DbConnection::Pg(c) => fund_positions::table
            .filter(fund_positions::user_id.eq_any(&users))
            .filter(fund_positions::product_type.eq(ProductType::Fixed.as_str()))
            .filter(fund_positions::status.eq(OPEN))
            .select(Row::as_select())
            .load(c)?,
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT p.* FROM json_each(?) AS j CROSS JOIN fund_positions AS p \
             ON p.user_id = j.value WHERE p.product_type = ? AND p.status = ?",
        )
        .bind::<Text, _>(json_list(&users)?)
        .bind::<Text, _>(ProductType::Fixed.as_str())
        .bind::<Text, _>(OPEN)
        .load::<Row>(c)?,
    };
    Ok(rows(found))
}
