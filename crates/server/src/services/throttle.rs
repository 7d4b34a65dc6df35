//! Attempt limits kept in the database (so they hold across server instances): a fixed window
//! per key (`login:ip:…`, `login:account:…`, `code:address:…`), counting hits.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::rate_limits;

/// How many hits a key may have in a window.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub hits: i32,
    pub window_ms: i64,
}

/// Failed logins from one address: 20 in 15 minutes.
pub const LOGIN_PER_IP: Limit = Limit {
    hits: 20,
    window_ms: 15 * 60_000,
};
/// Failed logins on one account: 5 in 15 minutes, then a lockout until the window ends.
pub const LOGIN_PER_ACCOUNT: Limit = Limit {
    hits: 5,
    window_ms: 15 * 60_000,
};
/// E-mail codes sent to one address: 5 an hour.
pub const CODES_PER_ADDRESS: Limit = Limit {
    hits: 5,
    window_ms: 60 * 60_000,
};
/// E-mail codes requested from one client address: 20 an hour.
pub const CODES_PER_IP: Limit = Limit {
    hits: 20,
    window_ms: 60 * 60_000,
};

/// Seconds until `key` may be used again, or `None` when it is under its limit.
pub fn blocked_for(
    conn: &mut DbConnection,
    key: &str,
    limit: Limit,
    now: i64,
) -> QueryResult<Option<u64>> {
    let row: Option<(i64, i32)> = rate_limits::table
        .find(key)
        .select((rate_limits::window_start, rate_limits::hits))
        .first(conn)
        .optional()?;
    Ok(row.and_then(|(start, hits)| {
        let ends = start + limit.window_ms;
        (hits >= limit.hits && now < ends)
            .then(|| u64::try_from((ends - now + 999) / 1000).unwrap_or(1).max(1))
    }))
}

/// Counts one hit on `key`.
pub fn record(conn: &mut DbConnection, key: &str, limit: Limit, now: i64) -> QueryResult<()> {
    let row: Option<(i64, i32)> = rate_limits::table
        .find(key)
        .select((rate_limits::window_start, rate_limits::hits))
        .first(conn)
        .optional()?;
    match row {
        Some((start, hits)) if now < start + limit.window_ms => {
            diesel::update(rate_limits::table.find(key))
                .set(rate_limits::hits.eq(hits + 1))
                .execute(conn)?;
        }
        Some(_) => {
            diesel::update(rate_limits::table.find(key))
                .set((rate_limits::window_start.eq(now), rate_limits::hits.eq(1)))
                .execute(conn)?;
        }
        None => {
            diesel::insert_into(rate_limits::table)
                .values((
                    rate_limits::key.eq(key),
                    rate_limits::window_start.eq(now),
                    rate_limits::hits.eq(1),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Forgets `key`'s hits (after a successful login).
pub fn clear(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    diesel::delete(rate_limits::table.find(key))
        .execute(conn)
        .map(|_| ())
}
