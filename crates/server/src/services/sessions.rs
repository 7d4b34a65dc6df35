//! Sessions: a 256-bit random token (the `Access-Token`), stored only as its SHA-256, with an
//! idle and an absolute expiry; revoked by logout and by a password reset (all sessions).

use base64::Engine;
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use super::accounts::{self, Profile};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{sessions, users};

/// Touching `last_seen_at` on every request would make every read a write; once a minute is
/// precise enough for a 30-minute idle expiry.
const TOUCH_EVERY_MS: i64 = 60_000;

/// How long sessions live (from the configuration).
#[derive(Debug, Clone, Copy)]
pub struct Lifetimes {
    pub idle_ms: i64,
    pub absolute_ms: i64,
}

/// The SHA-256 of a token, as stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A random token for a session or a link (256 bits, URL-safe), shown once; only its
/// [`token_hash`] is stored. Users' and operators' sessions and enrolment links use it.
pub fn new_token() -> String {
    let mut bytes = [0_u8; 32];
    rand::fill(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Opens a session for `user_id`; answers the token (shown once, never stored).
pub fn open(
    conn: &mut DbConnection,
    user_id: &str,
    ip: &str,
    user_agent: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<String> {
    let token = new_token();
    let session_id = new_id();
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(&session_id),
            sessions::user_id.eq(user_id),
            sessions::token_hash.eq(token_hash(&token)),
            sessions::created_at.eq(now),
            sessions::last_seen_at.eq(now),
            sessions::expires_at.eq(now + lifetimes.absolute_ms),
            sessions::ip.eq(ip),
            sessions::user_agent.eq(user_agent),
        ))
        .execute(conn)?;
    // The session's id, never its token.
    tracing::debug!(user_id, session_id, "session opened");
    Ok(token)
}

/// The user a live session belongs to.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub session_id: String,
    pub user_id: String,
    pub email: String,
    pub role: String,
    pub locale: String,
    pub profile: Profile,
}

/// The session of `token`, if it is live, with its user's profile (one query); keeps it alive.
pub fn resolve(
    conn: &mut DbConnection,
    token: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<Option<SessionUser>> {
    let hash = token_hash(token);
    let row: Option<(Liveness, Profile)> = crate::on_backend!(conn, |c| {
        sessions::table
            .inner_join(users::table)
            .filter(sessions::token_hash.eq(&hash))
            .select((LIVENESS_COLUMNS, accounts::PROFILE_COLUMNS))
            .first(c)
            .optional()?
    });
    let Some((liveness, profile)) = row else {
        return Ok(None);
    };
    let Some(live) = Live::of((liveness, profile.id.clone()), lifetimes, now) else {
        return Ok(None);
    };
    keep_alive(conn, &live, now)?;
    Ok(Some(SessionUser {
        session_id: live.session_id,
        user_id: live.user_id,
        email: profile.email.clone(),
        role: profile.role.clone(),
        locale: profile.locale.clone(),
        profile,
    }))
}

/// A live session, as read (nothing written yet).
#[derive(Debug, Clone)]
pub struct Live {
    pub session_id: String,
    pub user_id: String,
    /// Its last use is over a minute old: [`keep_alive`] writes it.
    touch_due: bool,
}

/// What decides whether a session is live: its id, last use, absolute expiry, revocation.
type Liveness = (String, i64, i64, Option<i64>);
const LIVENESS_COLUMNS: (
    sessions::id,
    sessions::last_seen_at,
    sessions::expires_at,
    sessions::revoked_at,
) = (
    sessions::id,
    sessions::last_seen_at,
    sessions::expires_at,
    sessions::revoked_at,
);

/// A session's row as [`Live::of`] judges it: its liveness, then its user's id. A query that
/// joins the session into its own statement selects [`SESSION_ROW_COLUMNS`].
pub type SessionRow = (Liveness, String);
pub const SESSION_ROW_COLUMNS: (
    (
        sessions::id,
        sessions::last_seen_at,
        sessions::expires_at,
        sessions::revoked_at,
    ),
    sessions::user_id,
) = (LIVENESS_COLUMNS, sessions::user_id);

impl Live {
    /// The session when it is live at `now`: not revoked, not past its absolute expiry, used
    /// within the idle lifetime.
    pub fn of(
        ((session_id, last_seen, expires, revoked), user_id): SessionRow,
        lifetimes: Lifetimes,
        now: i64,
    ) -> Option<Live> {
        (revoked.is_none() && now < expires && now - last_seen < lifetimes.idle_ms).then(|| Live {
            session_id,
            user_id,
            touch_due: now - last_seen >= TOUCH_EVERY_MS,
        })
    }
}

/// The row of the session whose token hashes to `hash` (live or not), writing nothing.
pub fn row_of(conn: &mut DbConnection, hash: &str) -> QueryResult<Option<SessionRow>> {
    crate::on_backend!(conn, |c| {
        sessions::table
            .filter(sessions::token_hash.eq(hash))
            .select(SESSION_ROW_COLUMNS)
            .first(c)
            .optional()
    })
}

/// Keeps a live session alive: its last use is written at most once a minute.
pub fn keep_alive(conn: &mut DbConnection, live: &Live, now: i64) -> QueryResult<()> {
    if live.touch_due {
        diesel::update(sessions::table.find(&live.session_id))
            .set(sessions::last_seen_at.eq(now))
            .execute(conn)?;
    }
    Ok(())
}

/// Ends one session.
pub fn revoke(conn: &mut DbConnection, session_id: &str, now: i64) -> QueryResult<()> {
    diesel::update(
        sessions::table
            .find(session_id)
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)?;
    tracing::debug!(session_id, "session ended");
    Ok(())
}

/// Ends every session of a user (password reset).
pub fn revoke_all(conn: &mut DbConnection, user_id: &str, now: i64) -> QueryResult<usize> {
    diesel::update(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)
}

/// A live session as its owner sees it.
#[derive(Debug, Clone, Queryable)]
pub struct LiveSession {
    pub id: String,
    pub ip: String,
    pub user_agent: String,
    pub created_at: i64,
    pub last_seen_at: i64,
}

/// The user's live sessions, most recently used first.
pub fn list_live(
    conn: &mut DbConnection,
    user_id: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<Vec<LiveSession>> {
    sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::revoked_at.is_null())
        .filter(sessions::expires_at.gt(now))
        .filter(sessions::last_seen_at.gt(now - lifetimes.idle_ms))
        .order(sessions::last_seen_at.desc())
        .select((
            sessions::id,
            sessions::ip,
            sessions::user_agent,
            sessions::created_at,
            sessions::last_seen_at,
        ))
        .load(conn)
}

/// Ends one of the user's own sessions; `false` when the user has no such live session.
pub fn revoke_owned(
    conn: &mut DbConnection,
    user_id: &str,
    session_id: &str,
    now: i64,
) -> QueryResult<bool> {
    diesel::update(
        sessions::table
            .find(session_id)
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)
    .map(|n| n > 0)
}

/// Ends every session of the user but `keep`.
pub fn revoke_others(
    conn: &mut DbConnection,
    user_id: &str,
    keep: &str,
    now: i64,
) -> QueryResult<usize> {
    diesel::update(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::id.ne(keep))
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)
}
