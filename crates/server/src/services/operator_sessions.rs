//! Operators' sessions: like users' ([`super::sessions`]) a 256-bit token kept as its SHA-256
//! with an idle and an absolute expiry, in a table of their own and carried by the `Ops-Token`
//! header, so a user's token never opens the console and an operator's never the user API.

use diesel::prelude::*;

use super::operators::{self, ACTIVE, Role};
use super::sessions::{Lifetimes, token_hash};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{operator_sessions as sessions, operators as ops};

/// `last_seen_at` is written at most this often (a 15-minute idle expiry needs no more).
const TOUCH_EVERY_MS: i64 = 30_000;

/// Opens a session for the operator; its token (shown once, never stored).
pub fn open(
    conn: &mut DbConnection,
    operator_id: &str,
    ip: &str,
    user_agent: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<String> {
    let token = super::sessions::new_token();
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(new_id()),
            sessions::operator_id.eq(operator_id),
            sessions::token_hash.eq(token_hash(&token)),
            sessions::created_at.eq(now),
            sessions::last_seen_at.eq(now),
            sessions::expires_at.eq(now + lifetimes.absolute_ms),
            sessions::ip.eq(ip),
            sessions::user_agent.eq(user_agent),
        ))
        .execute(conn)?;
    Ok(token)
}

/// The operator of a live session.
#[derive(Debug, Clone)]
pub struct SessionOperator {
    pub session_id: String,
    pub id: String,
    pub email: String,
    pub roles: Vec<Role>,
}

/// A session with its operator, as read.
#[derive(Debug, Queryable)]
struct Found {
    session_id: String,
    last_seen: i64,
    expires: i64,
    revoked: Option<i64>,
    id: String,
    email: String,
    roles: String,
    status: String,
}

/// The active operator whose live session `token` is; keeps the session alive.
pub fn resolve(
    conn: &mut DbConnection,
    token: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<Option<SessionOperator>> {
    let found: Option<Found> = sessions::table
        .inner_join(ops::table)
        .filter(sessions::token_hash.eq(token_hash(token)))
        .select((
            sessions::id,
            sessions::last_seen_at,
            sessions::expires_at,
            sessions::revoked_at,
            ops::id,
            ops::email,
            ops::roles,
            ops::status,
        ))
        .first(conn)
        .optional()?;
    let Some(Found {
        session_id,
        last_seen,
        expires,
        revoked,
        id,
        email,
        roles,
        status,
    }) = found
    else {
        return Ok(None);
    };
    if revoked.is_some()
        || status != ACTIVE
        || now >= expires
        || now - last_seen >= lifetimes.idle_ms
    {
        return Ok(None);
    }
    if now - last_seen >= TOUCH_EVERY_MS {
        diesel::update(sessions::table.find(&session_id))
            .set(sessions::last_seen_at.eq(now))
            .execute(conn)?;
    }
    Ok(Some(SessionOperator {
        session_id,
        id,
        email,
        roles: operators::roles_of(&roles),
    }))
}

/// Ends one session.
pub fn revoke(conn: &mut DbConnection, session_id: &str, now: i64) -> QueryResult<()> {
    diesel::update(
        sessions::table
            .find(session_id)
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)
    .map(|_| ())
}
