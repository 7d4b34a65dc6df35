//! Attempt limits kept in the database (so they hold across server instances): a fixed window
//! per key (`login:ip:…`, `login:account:…`, `code:address:…`), counting hits.

use diesel::prelude::*;

use crate::db::schema::rate_limits;
use crate::db::{DbConnection, insert_unless_taken};

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

/// One attempt, counted: its number in the current window, and the seconds left in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt {
    pub number: i32,
    pub seconds_left: u64,
}

impl Attempt {
    /// Whether this attempt is beyond `limit` (it must not go ahead).
    pub fn over(self, limit: Limit) -> bool {
        self.number > limit.hits
    }

    /// Whether this attempt used up the last one `limit` allows.
    pub fn last(self, limit: Limit) -> bool {
        self.number >= limit.hits
    }
}

/// Counts an attempt on `key` *before* it is made, so that attempts arriving at once are
/// counted one after another: the caller checks [`Attempt::over`] and stops there. (Checking
/// first and counting after the attempt would let every concurrent attempt through the check.)
///
/// The increment is a single `UPDATE … SET hits = hits + 1`, which on PostgreSQL locks the row
/// until the transaction ends; SQLite runs one write transaction at a time anyway.
pub fn take(conn: &mut DbConnection, key: &str, limit: Limit, now: i64) -> QueryResult<Attempt> {
    let increment = |conn: &mut DbConnection| {
        diesel::update(rate_limits::table.find(key))
            .set(rate_limits::hits.eq(rate_limits::hits + 1))
            .execute(conn)
    };
    if increment(conn)? == 0 {
        // The key's first attempt; a concurrent first attempt may insert it first, and then
        // this one counts on that row (the savepoint keeps the transaction usable).
        let inserted = insert_unless_taken(conn, |conn| {
            diesel::insert_into(rate_limits::table)
                .values((
                    rate_limits::key.eq(key),
                    rate_limits::window_start.eq(now),
                    rate_limits::hits.eq(1),
                ))
                .execute(conn)
        })?;
        if !inserted {
            increment(conn)?;
        }
    }
    let (mut start, mut number): (i64, i32) = rate_limits::table
        .find(key)
        .select((rate_limits::window_start, rate_limits::hits))
        .first(conn)?;
    if now >= start + limit.window_ms {
        // The window has passed: this attempt opens a new one.
        (start, number) = (now, 1);
        diesel::update(rate_limits::table.find(key))
            .set((
                rate_limits::window_start.eq(start),
                rate_limits::hits.eq(number),
            ))
            .execute(conn)?;
    }
    let seconds_left = u64::try_from((start + limit.window_ms - now + 999) / 1000)
        .unwrap_or(1)
        .max(1);
    Ok(Attempt {
        number,
        seconds_left,
    })
}

/// Takes back one attempt on `key` (one that turned out to be a success, which the limit
/// does not count).
pub fn give_back(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    diesel::update(rate_limits::table.find(key).filter(rate_limits::hits.gt(0)))
        .set(rate_limits::hits.eq(rate_limits::hits - 1))
        .execute(conn)
        .map(|_| ())
}

/// Forgets `key`'s hits (after a successful login).
pub fn clear(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    diesel::delete(rate_limits::table.find(key))
        .execute(conn)
        .map(|_| ())
}
