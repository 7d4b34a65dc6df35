//! Authenticator apps (RFC 6238: SHA-1, 30 s steps, 6 digits, ±1 step): binding keys, bound
//! authenticators, and the code check every mfa factor goes through.
//!
//! Secrets are sealed by the [`Vault`] for their owner. Each authenticator remembers the newest
//! step it accepted, and that step is advanced with a conditional update, so a code is accepted
//! once even when two requests carry it at the same moment.

use diesel::prelude::*;

use super::vault::{Purpose, Vault};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::authenticator_keys as keys;
use crate::db::schema::authenticators as auth;

/// A binding key lives 10 minutes.
pub const KEY_TTL_MS: i64 = 10 * 60_000;
/// The issuer name authenticator apps show.
pub const ISSUER: &str = "fiscard";

/// A bound authenticator, as its owner sees it.
#[derive(Debug, Clone, Queryable)]
pub struct Entry {
    pub id: String,
    pub remark: String,
    pub created_at: i64,
}

/// The user's authenticators, oldest first.
pub fn list(conn: &mut DbConnection, user_id: &str) -> QueryResult<Vec<Entry>> {
    auth::table
        .filter(auth::user_id.eq(user_id))
        .order((auth::created_at.asc(), auth::id.asc()))
        .select((auth::id, auth::remark, auth::created_at))
        .load(conn)
}

/// A new secret; it replaces any binding key the user was given before.
pub fn issue_key(
    conn: &mut DbConnection,
    vault: &Vault,
    user_id: &str,
    now: i64,
) -> QueryResult<totp::Secret> {
    let mut bytes = [0_u8; 20];
    rand::fill(&mut bytes);
    let secret = totp::Secret::from_bytes(bytes);
    let sealed = vault.seal(Purpose::AuthenticatorSecret, user_id, secret.as_bytes());
    diesel::delete(keys::table.find(user_id)).execute(conn)?;
    diesel::insert_into(keys::table)
        .values((
            keys::user_id.eq(user_id),
            keys::secret_sealed.eq(sealed),
            keys::created_at.eq(now),
            keys::expires_at.eq(now + KEY_TTL_MS),
        ))
        .execute(conn)?;
    Ok(secret)
}

/// Why a binding did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindRefusal {
    /// No binding key, or it expired (statusCode 109).
    KeyExpired,
    /// The code is not the key's code now.
    WrongCode,
}

/// Binds the user's live binding key as a new authenticator named `remark`, if `code` is its
/// current code; the key is spent.
pub fn bind(
    conn: &mut DbConnection,
    vault: &Vault,
    user_id: &str,
    remark: &str,
    code: &str,
    now: i64,
) -> anyhow::Result<Result<String, BindRefusal>> {
    let key: Option<(String, i64)> = keys::table
        .find(user_id)
        .select((keys::secret_sealed, keys::expires_at))
        .first(conn)
        .optional()?;
    let Some((sealed, _)) = key.filter(|(_, expires_at)| *expires_at > now) else {
        return Ok(Err(BindRefusal::KeyExpired));
    };
    let secret = open_secret(vault, user_id, &sealed)?;
    let Some(step) = totp::verify(&secret, code, now.div_euclid(1000), None) else {
        return Ok(Err(BindRefusal::WrongCode));
    };
    // Spent by exactly one request: the one whose delete removed it.
    if diesel::delete(keys::table.find(user_id)).execute(conn)? != 1 {
        return Ok(Err(BindRefusal::KeyExpired));
    }
    let id = new_id();
    diesel::insert_into(auth::table)
        .values((
            auth::id.eq(&id),
            auth::user_id.eq(user_id),
            auth::remark.eq(remark),
            auth::secret_sealed.eq(vault.seal(
                Purpose::AuthenticatorSecret,
                user_id,
                secret.as_bytes(),
            )),
            auth::last_used_step.eq(Some(step)),
            auth::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(Ok(id))
}

/// What an authenticator code turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    /// A bound authenticator's current code, now spent.
    Right,
    /// A bound authenticator's code that was already accepted once (sent twice, say).
    Used,
    Wrong,
}

/// Checks `code` against the user's bound authenticators: accepted once per step, so a code
/// is never accepted twice (a copy sent at the same time is `Used`).
pub fn check_code(
    conn: &mut DbConnection,
    vault: &Vault,
    user_id: &str,
    code: &str,
    now: i64,
) -> anyhow::Result<CodeCheck> {
    let bound: Vec<(String, String, Option<i64>)> = auth::table
        .filter(auth::user_id.eq(user_id))
        .select((auth::id, auth::secret_sealed, auth::last_used_step))
        .load(conn)?;
    let mut used = false;
    for (id, sealed, last_used_step) in bound {
        let secret = open_secret(vault, user_id, &sealed)?;
        let now_secs = now.div_euclid(1000);
        let Some(step) = totp::verify(&secret, code, now_secs, last_used_step) else {
            used |= totp::verify(&secret, code, now_secs, None).is_some();
            continue;
        };
        // Only one request can move the step past `step - 1`: a concurrent replay loses.
        let marked = diesel::update(
            auth::table.find(&id).filter(
                auth::last_used_step
                    .is_null()
                    .or(auth::last_used_step.lt(step)),
            ),
        )
        .set(auth::last_used_step.eq(Some(step)))
        .execute(conn)?;
        if marked == 1 {
            return Ok(CodeCheck::Right);
        }
        used = true;
    }
    Ok(if used {
        CodeCheck::Used
    } else {
        CodeCheck::Wrong
    })
}

/// Why a removal did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoveRefusal {
    /// Not one of the user's authenticators.
    NotFound,
    /// It is the only one bound.
    LastOne,
}

/// Removes the user's authenticator `id`, keeping at least one bound. Returns its name.
pub fn remove(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Result<String, RemoveRefusal>> {
    let bound = list(conn, user_id)?;
    let Some(entry) = bound.iter().find(|e| e.id == id) else {
        return Ok(Err(RemoveRefusal::NotFound));
    };
    if bound.len() < 2 {
        return Ok(Err(RemoveRefusal::LastOne));
    }
    diesel::delete(auth::table.find(id).filter(auth::user_id.eq(user_id))).execute(conn)?;
    Ok(Ok(entry.remark.clone()))
}

fn open_secret(vault: &Vault, user_id: &str, sealed: &str) -> anyhow::Result<totp::Secret> {
    let bytes = vault.open(Purpose::AuthenticatorSecret, user_id, sealed)?;
    let bytes: [u8; 20] = bytes
        .try_into()
        .map_err(|_| anyhow::anyhow!("an authenticator secret has the wrong length"))?;
    Ok(totp::Secret::from_bytes(bytes))
}
