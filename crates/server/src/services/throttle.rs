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
/// Failed logins on one account from one client (or from one remembered device): 5 in 15
/// minutes, then that client (or device) is locked out of that account until the window ends.
pub const LOGIN_PER_CLIENT: Limit = Limit {
    hits: 5,
    window_ms: 15 * 60_000,
};
/// Failed logins on one account from anywhere: 10 in 15 minutes put it under attack (a login
/// from a client the owner has not used needs a harder proof of work, and the owner is told).
pub const LOGIN_UNDER_ATTACK: Limit = Limit {
    hits: 10,
    window_ms: 15 * 60_000,
};
/// E-mail codes sent to one address for signing up, for a password reset, or for a login:
/// 5 an hour each (a person asks once or twice).
pub const CODES_PER_ADDRESS: Limit = Limit {
    hits: 5,
    window_ms: 60 * 60_000,
};
/// Step-up codes sent to one address: 15 an hour, its own budget, so that a new user who
/// secures the account and applies for a card in the first hour (PIN, password, mobile,
/// authenticator, reveal, recharge: a code each) is never stopped by the sign-up's codes. (Under
/// the client's 20, which stays the limit on mailing many addresses.)
pub const STEP_UP_CODES_PER_ADDRESS: Limit = Limit {
    hits: 15,
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

/// The attempt `key` would be now, without counting it: `None` when it has none in its window.
pub fn peek(
    conn: &mut DbConnection,
    key: &str,
    limit: Limit,
    now: i64,
) -> QueryResult<Option<Attempt>> {
    let found: Option<(i64, i32)> = rate_limits::table
        .find(key)
        .select((rate_limits::window_start, rate_limits::hits))
        .first(conn)
        .optional()?;
    Ok(found
        .filter(|(start, _)| now < start + limit.window_ms)
        .map(|(start, hits)| Attempt {
            number: hits + 1,
            seconds_left: u64::try_from((start + limit.window_ms - now + 999) / 1000)
                .unwrap_or(1)
                .max(1),
        }))
}

/// Takes the lease `key` until `until` (ms), unless another holder's lease is still running:
/// one holder at a time, across server instances. A holder that crashed holds it no longer
/// than its lease. (The lease's end is kept in `window_start`.)
pub fn try_lease(conn: &mut DbConnection, key: &str, until: i64, now: i64) -> QueryResult<bool> {
    let taken = diesel::update(
        rate_limits::table
            .find(key)
            .filter(rate_limits::window_start.le(now)),
    )
    .set(rate_limits::window_start.eq(until))
    .execute(conn)?;
    if taken == 1 {
        return Ok(true);
    }
    insert_unless_taken(conn, |conn| {
        diesel::insert_into(rate_limits::table)
            .values((
                rate_limits::key.eq(key),
                rate_limits::window_start.eq(until),
                rate_limits::hits.eq(0),
            ))
            .execute(conn)
    })
}

/// Ends the lease `key` at once.
pub fn end_lease(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    diesel::update(rate_limits::table.find(key))
        .set(rate_limits::window_start.eq(0_i64))
        .execute(conn)
        .map(|_| ())
}
