//! A login waiting for its second step: the password was right, the user's login settings ask
//! for more. The ticket (`accountId` in the API) lives 10 minutes, allows 5 wrong codes, and
//! is spent by the login it completes.

use diesel::prelude::*;
use domain::i18n::Locale;
use domain::security::Factors;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{pending_logins, users};

pub const TICKET_TTL_MS: i64 = 10 * 60_000;
pub const MAX_ATTEMPTS: i32 = 5;

/// A live ticket.
#[derive(Debug, Clone)]
pub struct Pending {
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub locale: String,
    pub need_email: bool,
    pub need_mfa: bool,
    pub need_security: bool,
}

impl Pending {
    pub fn factors(&self) -> Factors {
        Factors {
            email: self.need_email,
            mfa: self.need_mfa,
            security: self.need_security,
        }
    }

    pub fn locale(&self) -> Locale {
        Locale::from_tag(&self.locale)
    }
}

pub fn create(
    conn: &mut DbConnection,
    user_id: &str,
    factors: Factors,
    now: i64,
) -> QueryResult<String> {
    let id = new_id();
    diesel::insert_into(pending_logins::table)
        .values((
            pending_logins::id.eq(&id),
            pending_logins::user_id.eq(user_id),
            pending_logins::need_email.eq(factors.email),
            pending_logins::need_mfa.eq(factors.mfa),
            pending_logins::need_security.eq(factors.security),
            pending_logins::attempts.eq(0),
            pending_logins::created_at.eq(now),
            pending_logins::expires_at.eq(now + TICKET_TTL_MS),
        ))
        .execute(conn)?;
    Ok(id)
}

/// A ticket row with its user's address and language.
type TicketRow = (
    String,
    String,
    String,
    String,
    bool,
    bool,
    bool,
    i32,
    i64,
    Option<i64>,
);

/// The ticket if it is live: unspent, unexpired, with tries left.
pub fn find(conn: &mut DbConnection, id: &str, now: i64) -> QueryResult<Option<Pending>> {
    let row: Option<TicketRow> = pending_logins::table
        .inner_join(users::table)
        .filter(pending_logins::id.eq(id))
        .select((
            pending_logins::id,
            pending_logins::user_id,
            users::email,
            users::locale,
            pending_logins::need_email,
            pending_logins::need_mfa,
            pending_logins::need_security,
            pending_logins::attempts,
            pending_logins::expires_at,
            pending_logins::consumed_at,
        ))
        .first(conn)
        .optional()?;
    Ok(row.and_then(
        |(
            id,
            user_id,
            email,
            locale,
            need_email,
            need_mfa,
            need_security,
            attempts,
            expires,
            consumed,
        )| {
            (consumed.is_none() && now < expires && attempts < MAX_ATTEMPTS).then_some(Pending {
                id,
                user_id,
                email,
                locale,
                need_email,
                need_mfa,
                need_security,
            })
        },
    ))
}

/// Counts a failed second step.
pub fn fail(conn: &mut DbConnection, id: &str) -> QueryResult<()> {
    diesel::update(pending_logins::table.find(id))
        .set(pending_logins::attempts.eq(pending_logins::attempts + 1))
        .execute(conn)
        .map(|_| ())
}

/// Spends the ticket.
pub fn spend(conn: &mut DbConnection, id: &str, now: i64) -> QueryResult<()> {
    diesel::update(pending_logins::table.find(id))
        .set(pending_logins::consumed_at.eq(now))
        .execute(conn)
        .map(|_| ())
}
