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
    SessionRevoked,
    OtherSessionsRevoked,
    PinSet,
    PinChanged,
    PasswordChanged,
    AuthenticatorBound,
    AuthenticatorRemoved,
    SwitchChanged,
    MobileBound,
    CardIssued,
    CardRevealed,
    CardFrozen,
    CardUnfrozen,
    CardCancelled,
    BankAccountAdded,
    BankAccountDeleted,
    WithdrawalRequested,
    WithdrawalCancelled,
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
            Self::SessionRevoked => "session_revoked",
            Self::OtherSessionsRevoked => "other_sessions_revoked",
            Self::PinSet => "pin_set",
            Self::PinChanged => "pin_changed",
            Self::PasswordChanged => "password_changed",
            Self::AuthenticatorBound => "authenticator_bound",
            Self::AuthenticatorRemoved => "authenticator_removed",
            Self::SwitchChanged => "switch_changed",
            Self::MobileBound => "mobile_bound",
            Self::CardIssued => "card_issued",
            Self::CardRevealed => "card_revealed",
            Self::CardFrozen => "card_frozen",
            Self::CardUnfrozen => "card_unfrozen",
            Self::CardCancelled => "card_cancelled",
            Self::BankAccountAdded => "bank_account_added",
            Self::BankAccountDeleted => "bank_account_deleted",
            Self::WithdrawalRequested => "withdrawal_requested",
            Self::WithdrawalCancelled => "withdrawal_cancelled",
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

/// One entry of the log, as its owner sees it.
#[derive(Debug, Clone, Queryable)]
pub struct Entry {
    pub id: String,
    pub kind: String,
    pub ip: String,
    pub user_agent: String,
    pub created_at: i64,
}

/// A page of the user's events, newest first, and how many there are.
pub fn page(
    conn: &mut DbConnection,
    user_id: &str,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Entry>, i64)> {
    let total = security_events::table
        .filter(security_events::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    let entries = security_events::table
        .filter(security_events::user_id.eq(user_id))
        .order((
            security_events::created_at.desc(),
            security_events::id.desc(),
        ))
        .offset(offset)
        .limit(limit)
        .select((
            security_events::id,
            security_events::kind,
            security_events::ip,
            security_events::user_agent,
            security_events::created_at,
        ))
        .load(conn)?;
    Ok((entries, total))
}
