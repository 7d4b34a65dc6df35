//! Operators (DESIGN §13, docs/ops-contract.md): staff apart from users, with roles, enrolled
//! by a one-time link (a password and an authenticator), disabled at once.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sessions::{new_token, token_hash};
use super::vault::{Purpose, Vault};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{operator_enrolments as enrolments, operator_sessions, operators};

/// What an operator may do; each endpoint names the roles it accepts (`admin` does not imply
/// the others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Identity review.
    Reviewer,
    /// Wires and withdrawals.
    Finance,
    /// Operators, BINs, products, the audit trail.
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Reviewer, Role::Finance, Role::Admin];

    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Reviewer => "reviewer",
            Role::Finance => "finance",
            Role::Admin => "admin",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text.trim())
    }
}

/// Roles as stored: comma-separated, in [`Role::ALL`] order, each once.
pub fn roles_text(roles: &[Role]) -> String {
    let mut roles = roles.to_vec();
    roles.sort();
    roles.dedup();
    roles
        .iter()
        .map(|r| r.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

/// Roles as read back (unknown words dropped).
pub fn roles_of(text: &str) -> Vec<Role> {
    text.split(',').filter_map(Role::parse).collect()
}

pub const INVITED: &str = "invited";
pub const ACTIVE: &str = "active";
pub const DISABLED: &str = "disabled";

/// An operator as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = operators)]
pub struct OperatorRow {
    pub id: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub totp_secret: Option<String>,
    pub totp_last_step: Option<i64>,
    pub roles: String,
    pub status: String,
    pub created_at: i64,
    pub created_by: Option<String>,
    pub enrolled_at: Option<i64>,
    pub disabled_at: Option<i64>,
}

impl OperatorRow {
    pub fn roles(&self) -> Vec<Role> {
        roles_of(&self.roles)
    }
}

pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<OperatorRow>> {
    operators::table
        .find(id)
        .select(OperatorRow::as_select())
        .first(conn)
        .optional()
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<OperatorRow>> {
    operators::table
        .filter(operators::email.eq(email.trim().to_lowercase()))
        .select(OperatorRow::as_select())
        .first(conn)
        .optional()
}

/// Every operator, oldest first.
pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<OperatorRow>> {
    operators::table
        .order((operators::created_at.asc(), operators::id.asc()))
        .select(OperatorRow::as_select())
        .load(conn)
}

/// Creates an `invited` operator with an enrolment; the operator and the link's token (shown
/// once). `None` when the e-mail address has an operator already.
pub fn create(
    conn: &mut DbConnection,
    email: &str,
    roles: &[Role],
    created_by: Option<&str>,
    enrolment_ttl_ms: i64,
    now: i64,
) -> QueryResult<Option<(OperatorRow, String)>> {
    let email = email.trim().to_lowercase();
    if find_by_email(conn, &email)?.is_some() {
        return Ok(None);
    }
    let id = new_id();
    let inserted = crate::db::insert_unless_taken(conn, |conn| {
        diesel::insert_into(operators::table)
            .values((
                operators::id.eq(&id),
                operators::email.eq(&email),
                operators::roles.eq(roles_text(roles)),
                operators::status.eq(INVITED),
                operators::created_at.eq(now),
                operators::created_by.eq(created_by),
            ))
            .execute(conn)
    })?;
    if !inserted {
        return Ok(None);
    }
    let token = new_token();
    diesel::insert_into(enrolments::table)
        .values((
            enrolments::id.eq(new_id()),
            enrolments::operator_id.eq(&id),
            enrolments::token_hash.eq(token_hash(&token)),
            enrolments::created_at.eq(now),
            enrolments::expires_at.eq(now + enrolment_ttl_ms),
        ))
        .execute(conn)?;
    Ok(find(conn, &id)?.map(|row| (row, token)))
}

/// A live enrolment: not used, not expired, its operator still invited.
fn live_enrolment(
    conn: &mut DbConnection,
    token: &str,
    now: i64,
) -> QueryResult<Option<(String, Option<String>, OperatorRow)>> {
    enrolments::table
        .inner_join(operators::table)
        .filter(enrolments::token_hash.eq(token_hash(token)))
        .filter(enrolments::used_at.is_null())
        .filter(enrolments::expires_at.gt(now))
        .filter(operators::status.eq(INVITED))
        .select((
            enrolments::id,
            enrolments::totp_secret,
            OperatorRow::as_select(),
        ))
        .first(conn)
        .optional()
}

fn open_secret(vault: &Vault, owner: &str, sealed: &str) -> anyhow::Result<totp::Secret> {
    let bytes: [u8; 20] = vault
        .open(Purpose::AuthenticatorSecret, owner, sealed)?
        .try_into()
        .map_err(|_| anyhow::anyhow!("an authenticator secret has the wrong length"))?;
    Ok(totp::Secret::from_bytes(bytes))
}

/// `enrolment/start`: the operator and the enrolment's authenticator secret (made once per
/// enrolment, kept sealed with it); `None` for a dead link.
pub fn start_enrolment(
    conn: &mut DbConnection,
    vault: &Vault,
    token: &str,
    now: i64,
) -> anyhow::Result<Option<(OperatorRow, totp::Secret)>> {
    let Some((enrolment_id, sealed, operator)) = live_enrolment(conn, token, now)? else {
        return Ok(None);
    };
    let secret = if let Some(sealed) = sealed {
        open_secret(vault, &operator.id, &sealed)?
    } else {
        let mut bytes = [0_u8; 20];
        rand::fill(&mut bytes);
        let secret = totp::Secret::from_bytes(bytes);
        let sealed = vault.seal(
            Purpose::AuthenticatorSecret,
            &operator.id,
            secret.as_bytes(),
        );
        // Two starts at once: the first one's secret is kept, the other reads it back.
        let set = diesel::update(
            enrolments::table
                .find(&enrolment_id)
                .filter(enrolments::totp_secret.is_null()),
        )
        .set(enrolments::totp_secret.eq(&sealed))
        .execute(conn)?;
        if set == 1 {
            secret
        } else {
            let kept: Option<String> = enrolments::table
                .find(&enrolment_id)
                .select(enrolments::totp_secret)
                .first(conn)?;
            open_secret(vault, &operator.id, &kept.unwrap_or_default())?
        }
    };
    Ok(Some((operator, secret)))
}

/// Why an enrolment did not finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnrolRefusal {
    /// Used, expired, never started, or its operator is no longer invited.
    DeadLink,
    WrongCode,
}

/// `enrolment/finish`: checks `code` against the enrolment's secret, spends the link and makes
/// the operator `active` with `password_hash` and the secret.
pub fn finish_enrolment(
    conn: &mut DbConnection,
    vault: &Vault,
    token: &str,
    password_hash: &str,
    code: &str,
    now: i64,
) -> anyhow::Result<Result<OperatorRow, EnrolRefusal>> {
    let Some((enrolment_id, Some(sealed), operator)) = live_enrolment(conn, token, now)? else {
        return Ok(Err(EnrolRefusal::DeadLink));
    };
    let secret = open_secret(vault, &operator.id, &sealed)?;
    let Some(step) = totp::verify(&secret, code, now.div_euclid(1000), None) else {
        return Ok(Err(EnrolRefusal::WrongCode));
    };
    let spent = diesel::update(
        enrolments::table
            .find(&enrolment_id)
            .filter(enrolments::used_at.is_null()),
    )
    .set(enrolments::used_at.eq(now))
    .execute(conn)?;
    if spent != 1 {
        return Ok(Err(EnrolRefusal::DeadLink));
    }
    diesel::update(operators::table.find(&operator.id))
        .set((
            operators::password_hash.eq(password_hash),
            operators::totp_secret.eq(&sealed),
            operators::totp_last_step.eq(step),
            operators::status.eq(ACTIVE),
            operators::enrolled_at.eq(now),
        ))
        .execute(conn)?;
    Ok(find(conn, &operator.id)?.ok_or(EnrolRefusal::DeadLink))
}

/// Whether `code` is the active operator's authenticator code now, accepted once per step.
pub fn check_code(
    conn: &mut DbConnection,
    vault: &Vault,
    operator: &OperatorRow,
    code: &str,
    now: i64,
) -> anyhow::Result<bool> {
    let Some(sealed) = &operator.totp_secret else {
        return Ok(false);
    };
    let secret = open_secret(vault, &operator.id, sealed)?;
    let Some(step) = totp::verify(&secret, code, now.div_euclid(1000), operator.totp_last_step)
    else {
        return Ok(false);
    };
    let marked = diesel::update(
        operators::table.find(&operator.id).filter(
            operators::totp_last_step
                .is_null()
                .or(operators::totp_last_step.lt(step)),
        ),
    )
    .set(operators::totp_last_step.eq(step))
    .execute(conn)?;
    Ok(marked == 1)
}

/// Disables an operator and ends every session of it, in the caller's transaction; the
/// operator as it is afterwards (`None` when there is no such operator).
pub fn disable(conn: &mut DbConnection, id: &str, now: i64) -> QueryResult<Option<OperatorRow>> {
    diesel::update(
        operators::table
            .find(id)
            .filter(operators::status.ne(DISABLED)),
    )
    .set((
        operators::status.eq(DISABLED),
        operators::disabled_at.eq(now),
    ))
    .execute(conn)?;
    diesel::update(
        operator_sessions::table
            .filter(operator_sessions::operator_id.eq(id))
            .filter(operator_sessions::revoked_at.is_null()),
    )
    .set(operator_sessions::revoked_at.eq(now))
    .execute(conn)?;
    find(conn, id)
}
