//! Login protection after OWASP's Authentication Cheat Sheet (account lockout, device cookies):
//! nobody can lock an owner out of their own account.
//!
//! - Failures on one account from one client: 5 in 15 minutes lock that client out of that
//!   account ([`LOGIN_PER_CLIENT`]); from one client on any accounts: 20 lock it out of all
//!   ([`LOGIN_PER_IP`]).
//! - Failures on one account from everywhere: 10 in 15 minutes put it under attack
//!   ([`LOGIN_UNDER_ATTACK`]). Until the window ends, a login from a client the owner has not
//!   used needs a harder proof of work ([`Refused::ProveHarder`]) instead of being refused, and
//!   the failure that reached the threshold tells the owner by e-mail.
//! - A client with the account's remembered-device cookie (`trusted_devices`) counts its
//!   failures against that device alone and is never asked for more because of others.
//!
//! Attempts are counted before the password is checked, so attempts sent at once cannot all
//! pass a check made before any of them failed; a success gives the client's back.

use diesel::QueryResult;

use super::accounts::{self, Credentials};
use super::throttle::{self, Attempt, LOGIN_PER_CLIENT, LOGIN_PER_IP, LOGIN_UNDER_ATTACK};
use super::trusted_devices;
use crate::db::DbConnection;

/// Why a login attempt may not go ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Locked out for these seconds (this client, on this account or on all).
    Wait(u64),
    /// The account is under attack and this client unknown: solve a harder challenge first.
    ProveHarder,
}

/// An attempt that may go ahead: the account (when the address has one), the remembered
/// device it came from, and the counters to settle once the password is checked.
#[derive(Debug)]
pub struct Admitted {
    pub account: Option<Credentials>,
    pub device: Option<String>,
    ip_key: String,
    client_key: String,
    account_key: String,
    attempt: Attempt,
}

/// What the caller sends: the address, the client, its device cookie (if any), and how hard
/// the proof of work it solved was.
#[derive(Debug, Clone, Copy)]
pub struct Knock<'a> {
    pub email: &'a str,
    pub ip: &'a str,
    pub device_cookie: Option<&'a str>,
    /// The solved challenge's `maxnumber` when it said one (only harder ones do).
    pub proof: Option<u64>,
}

/// Counts the attempt and decides whether it may go ahead. `device_key` signs device cookies;
/// `hard` is the difficulty an attacked account asks of unknown clients.
pub fn admit(
    conn: &mut DbConnection,
    knock: Knock<'_>,
    device_key: &[u8],
    hard: u64,
    now: i64,
) -> QueryResult<Result<Admitted, Refused>> {
    let ip_key = format!("login:ip:{}", knock.ip);
    let by_ip = throttle::take(conn, &ip_key, LOGIN_PER_IP, now)?;
    if by_ip.over(LOGIN_PER_IP) {
        return Ok(Err(Refused::Wait(by_ip.seconds_left)));
    }
    let account = accounts::find_by_email(conn, knock.email)?;
    let device = account
        .as_ref()
        .zip(knock.device_cookie)
        .and_then(|(account, value)| trusted_devices::device_of(device_key, &account.id, value));
    // Keyed by the address, known or not, so a lockout reveals nothing either.
    let client_key = match &device {
        Some(device) => format!("login:device:{device}"),
        None => format!("login:client:{}:{}", knock.email, knock.ip),
    };
    let attempt = throttle::take(conn, &client_key, LOGIN_PER_CLIENT, now)?;
    if attempt.over(LOGIN_PER_CLIENT) {
        // No password was tried: the client's count stays as it was.
        throttle::give_back(conn, &ip_key)?;
        return Ok(Err(Refused::Wait(attempt.seconds_left)));
    }
    let account_key = format!("login:account:{}", knock.email);
    if device.is_none() && knock.proof.is_none_or(|proof| proof < hard) {
        let attacked = throttle::peek(conn, &account_key, LOGIN_UNDER_ATTACK, now)?
            .is_some_and(|next| next.over(LOGIN_UNDER_ATTACK));
        if attacked {
            throttle::give_back(conn, &ip_key)?;
            throttle::give_back(conn, &client_key)?;
            return Ok(Err(Refused::ProveHarder));
        }
    }
    Ok(Ok(Admitted {
        account,
        device,
        ip_key,
        client_key,
        account_key,
        attempt,
    }))
}

/// What a wrong password leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failure {
    /// The client used its last try: locked out for these seconds.
    pub locked: Option<u64>,
    /// This failure put the account under attack: tell its owner.
    pub tell_owner: bool,
}

/// After a wrong password: from a client the owner has not used, the failure also counts
/// against the account from everywhere (a remembered device's are the owner's own typos).
pub fn failed(conn: &mut DbConnection, admitted: &Admitted, now: i64) -> QueryResult<Failure> {
    let reached_attack = if admitted.device.is_none() {
        let on_account = throttle::take(conn, &admitted.account_key, LOGIN_UNDER_ATTACK, now)?;
        on_account.number == LOGIN_UNDER_ATTACK.hits
    } else {
        false
    };
    Ok(Failure {
        locked: admitted
            .attempt
            .last(LOGIN_PER_CLIENT)
            .then_some(admitted.attempt.seconds_left),
        tell_owner: admitted.account.is_some() && reached_attack,
    })
}

/// After the right password: the client's failures are forgotten and its attempt given back.
pub fn succeeded(conn: &mut DbConnection, admitted: &Admitted) -> QueryResult<()> {
    throttle::clear(conn, &admitted.client_key)?;
    throttle::give_back(conn, &admitted.ip_key)
}
