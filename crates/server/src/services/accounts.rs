//! User accounts: lookup by e-mail, creation with default security settings, password reset.

use diesel::prelude::*;
use domain::security::{AuthenticatorEntry, LoginSwitches, SecurityConfig, TradeSwitches};

use super::authenticators;
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{user_security, users};
use domain::country::Country;
use domain::phone::E164;

/// A user's own data, as `user/self` shows it; loaded with the session, so an authenticated
/// request costs one database round trip.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct Profile {
    pub id: String,
    pub email: String,
    pub mobile: Option<String>,
    pub mobile_code: Option<String>,
    pub mobile_country: Option<String>,
    pub country: Option<String>,
    pub last_name: Option<String>,
    pub first_name: Option<String>,
    pub identity_status: i32,
    pub investor_status: i32,
    pub aml_status: i32,
    pub qi_status: i32,
    pub role: String,
    pub locale: String,
}

/// The column types of [`Profile`].
pub type ProfileColumns = (
    users::id,
    users::email,
    users::mobile,
    users::mobile_code,
    users::mobile_country,
    users::country,
    users::last_name,
    users::first_name,
    users::identity_status,
    users::investor_status,
    users::aml_status,
    users::qi_status,
    users::role,
    users::locale,
);

/// The columns of [`Profile`], in its field order. A plain tuple (not `as_select()`) keeps the
/// query's identity static, so diesel reuses the prepared statement.
pub const PROFILE_COLUMNS: ProfileColumns = (
    users::id,
    users::email,
    users::mobile,
    users::mobile_code,
    users::mobile_country,
    users::country,
    users::last_name,
    users::first_name,
    users::identity_status,
    users::investor_status,
    users::aml_status,
    users::qi_status,
    users::role,
    users::locale,
);

/// What login needs of an account.
#[derive(Debug, Clone, Queryable)]
pub struct Credentials {
    pub id: String,
    pub password_hash: String,
    pub locale: String,
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<Credentials>> {
    users::table
        .filter(users::email.eq(email))
        .select((users::id, users::password_hash, users::locale))
        .first(conn)
        .optional()
}

/// Sets the user's basic identity status (0 not started, 1 approved, 2 in review, 3
/// rejected).
pub fn set_identity_status(
    conn: &mut DbConnection,
    user_id: &str,
    status: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set((
            users::identity_status.eq(i32::try_from(status).unwrap_or(0)),
            users::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// A new account with the default security settings (trade actions need the e-mail code).
pub fn create(
    conn: &mut DbConnection,
    email: &str,
    password_hash: &str,
    role: &str,
    locale: &str,
    now: i64,
) -> QueryResult<String> {
    let id = new_id();
    diesel::insert_into(users::table)
        .values((
            users::id.eq(&id),
            users::email.eq(email),
            users::password_hash.eq(password_hash),
            users::role.eq(role),
            users::locale.eq(locale),
            users::identity_status.eq(0),
            users::investor_status.eq(0),
            users::aml_status.eq(0),
            users::qi_status.eq(0),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .execute(conn)?;
    diesel::insert_into(user_security::table)
        .values((
            user_security::user_id.eq(&id),
            user_security::login_email.eq(false),
            user_security::login_mfa.eq(false),
            user_security::trade_email.eq(true),
            user_security::trade_mfa.eq(false),
            user_security::trade_security.eq(false),
            user_security::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(id)
}

pub fn set_password(
    conn: &mut DbConnection,
    user_id: &str,
    password_hash: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set((
            users::password_hash.eq(password_hash),
            users::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The user's security configuration, as the policy reads it.
pub fn security_config(conn: &mut DbConnection, user_id: &str) -> QueryResult<SecurityConfig> {
    Ok(security_settings(conn, user_id)?.0)
}

/// The security configuration and the bound authenticators it was built from (with their
/// creation times, which `user/config` shows and the policy does not need).
pub fn security_settings(
    conn: &mut DbConnection,
    user_id: &str,
) -> QueryResult<(SecurityConfig, Vec<authenticators::Entry>)> {
    let (pin, login_email, login_mfa, trade_email, trade_mfa, trade_security): (
        Option<String>,
        bool,
        bool,
        bool,
        bool,
        bool,
    ) = user_security::table
        .find(user_id)
        .select((
            user_security::pin_hash,
            user_security::login_email,
            user_security::login_mfa,
            user_security::trade_email,
            user_security::trade_mfa,
            user_security::trade_security,
        ))
        .first(conn)?;
    let bound = authenticators::list(conn, user_id)?;
    let config = SecurityConfig {
        security: pin.is_some(),
        mfa: bound
            .iter()
            .map(|e| AuthenticatorEntry {
                id: e.id.clone(),
                remark: e.remark.clone(),
            })
            .collect(),
        login: LoginSwitches {
            email: login_email,
            mfa: login_mfa,
        },
        trade: TradeSwitches {
            email: trade_email,
            mfa: trade_mfa,
            security: trade_security,
        },
    };
    Ok((config, bound))
}

/// The security PIN's hash, if one is set.
pub fn pin_hash(conn: &mut DbConnection, user_id: &str) -> QueryResult<Option<String>> {
    user_security::table
        .find(user_id)
        .select(user_security::pin_hash)
        .first(conn)
}

pub fn set_pin(
    conn: &mut DbConnection,
    user_id: &str,
    pin_hash: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::update(user_security::table.find(user_id))
        .set((
            user_security::pin_hash.eq(pin_hash),
            user_security::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn password_hash(conn: &mut DbConnection, user_id: &str) -> QueryResult<String> {
    users::table
        .find(user_id)
        .select(users::password_hash)
        .first(conn)
}

/// Locks the user's security settings until the transaction ends (a row lock on PostgreSQL;
/// SQLite writes one transaction at a time anyway), so read-then-change sequences on them
/// (a switch, the last authenticator) cannot interleave.
pub fn lock_security(conn: &mut DbConnection, user_id: &str) -> QueryResult<()> {
    diesel::update(user_security::table.find(user_id))
        .set(user_security::updated_at.eq(user_security::updated_at))
        .execute(conn)
        .map(|_| ())
}

/// Stores the switches of `config` (the PIN and authenticators are not switches).
pub fn set_switches(
    conn: &mut DbConnection,
    user_id: &str,
    config: &SecurityConfig,
    now: i64,
) -> QueryResult<()> {
    diesel::update(user_security::table.find(user_id))
        .set((
            user_security::login_email.eq(config.login.email),
            user_security::login_mfa.eq(config.login.mfa),
            user_security::trade_email.eq(config.trade.email),
            user_security::trade_mfa.eq(config.trade.mfa),
            user_security::trade_security.eq(config.trade.security),
            user_security::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Who holds a mobile number (E.164), if anyone.
pub fn mobile_holder(conn: &mut DbConnection, mobile: &E164) -> QueryResult<Option<String>> {
    users::table
        .filter(users::mobile.eq(mobile.as_str()))
        .select(users::id)
        .first(conn)
        .optional()
}

/// Binds (or replaces) the user's mobile: E.164, with its dial code and country.
pub fn set_mobile(
    conn: &mut DbConnection,
    user_id: &str,
    country: &Country,
    mobile: &E164,
    now: i64,
) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set((
            users::mobile.eq(mobile.as_str()),
            users::mobile_code.eq(country.mobile_code),
            users::mobile_country.eq(country.code),
            users::updated_at.eq(now),
        ))
        .execute(conn)
}
