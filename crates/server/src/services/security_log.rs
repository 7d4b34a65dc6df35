//! The per-user security-event log: what happened to an account, from where.

use diesel::prelude::*;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::security_events;

/// An event worth telling the account holder about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Registered,
    LoginSucceeded,
    LoginFailed,
    LoginLocked,
    Logout,
    PasswordReset,
}

impl Event {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Registered => "registered",
            Self::LoginSucceeded => "login_succeeded",
            Self::LoginFailed => "login_failed",
            Self::LoginLocked => "login_locked",
            Self::Logout => "logout",
            Self::PasswordReset => "password_reset",
        }
    }
}

/// Writes `event` for `user_id` (none for attempts on unknown addresses).
pub fn record(
    conn: &mut DbConnection,
    user_id: Option<&str>,
    event: Event,
    ip: &str,
    user_agent: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(security_events::table)
        .values((
            security_events::id.eq(new_id()),
            security_events::user_id.eq(user_id),
            security_events::kind.eq(event.as_str()),
            security_events::ip.eq(ip),
            security_events::user_agent.eq(user_agent),
            security_events::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}
