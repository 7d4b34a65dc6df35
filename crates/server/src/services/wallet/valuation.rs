//! A user's coins and what they are worth in USD at the reference prices: now (per coin), and
//! at the end of each of the last days (the overview's chart).

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::date::{DAY_MS, Date};
use domain::wallet::Coin;

use domain::exchange::usd_value;

use super::prices::{self, Price};
use super::{hold_account, main_account};
use crate::db::DbConnection;
use crate::db::schema::{ledger_accounts, ledger_entries};
use crate::services::ledger::{self, Account};

/// One coin of the user's wallet. Amounts are minor units of the coin; values USD cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    pub coin: Coin,
    pub available: i64,
    /// Held by withdrawals under way.
    pub frozen: i64,
    pub price: Option<Price>,
    /// What available + frozen is worth at the price (0 without one).
    pub value: i64,
}

impl Holding {
    pub fn total(&self) -> i64 {
        self.available + self.frozen
    }
}

fn accounts_of(user_id: &str) -> Vec<Account> {
    Coin::ALL
        .iter()
        .flat_map(|c| [main_account(user_id, *c), hold_account(user_id, *c)])
        .collect()
}

/// The user's coins now, in `Coin::ALL` order, valued at the newest prices up to `now`.
pub fn holdings(conn: &mut DbConnection, user_id: &str, now: i64) -> QueryResult<Vec<Holding>> {
    let balances = ledger::balances(conn, &accounts_of(user_id))?;
    let latest = prices::latest(conn, now)?;
    Ok(Coin::ALL
        .iter()
        .zip(balances.chunks(2))
        .map(|(coin, pair)| {
            let price = latest.get(coin).copied();
            let total = pair[0] + pair[1];
            Holding {
                coin: *coin,
                available: pair[0],
                frozen: pair[1],
                price,
                value: price.map_or(0, |p| usd_value(total, coin.scale(), p.price)),
            }
        })
        .collect())
}

/// What the user's coins were worth at the end of each of the `days` UTC days up to today
/// (oldest first; today's "end" is `now`): each coin's balance then, at its price then.
pub fn history(
    conn: &mut DbConnection,
    user_id: &str,
    days: i64,
    now: i64,
) -> QueryResult<Vec<(Date, i64)>> {
    let today = Date::of_instant_ms(now).epoch_days();
    let first = today - days + 1;
    let since = first * DAY_MS;
    let accounts = accounts_of(user_id);
    let keys: Vec<&str> = accounts.iter().map(|a| a.key.as_str()).collect();
    let mut balance: BTreeMap<Coin, i64> = BTreeMap::new();
    for (account, amount) in accounts.iter().zip(ledger::balances(conn, &accounts)?) {
        if let Some(coin) = Coin::from_code(&account.currency) {
            *balance.entry(coin).or_default() += amount;
        }
    }
    // The entries since the first day's start, newest first: walking back from today's
    // balances, each day's end balance is the next day's less what the next day moved.
    let moved: Vec<(String, i64, i64)> = ledger_entries::table
        .inner_join(ledger_accounts::table)
        .filter(ledger_accounts::account_key.eq_any(&keys))
        .filter(ledger_entries::created_at.ge(since))
        .select((
            ledger_accounts::currency,
            ledger_entries::amount,
            ledger_entries::created_at,
        ))
        .order(ledger_entries::created_at.desc())
        .load(conn)?;
    let price_history = prices::history(conn, now)?;
    let mut points = Vec::new();
    let mut entries = moved.iter().peekable();
    for day in (first..=today).rev() {
        let end = ((day + 1) * DAY_MS - 1).min(now);
        // Undo what happened after this day's end.
        while let Some((currency, amount, _)) = entries.next_if(|(_, _, at)| *at > end) {
            if let Some(coin) = Coin::from_code(currency) {
                *balance.entry(coin).or_default() -= amount;
            }
        }
        let value = balance
            .iter()
            .map(|(coin, amount)| {
                price_history
                    .get(coin)
                    .and_then(|h| prices::at(h, end))
                    .map_or(0, |p| usd_value(*amount, coin.scale(), p.price))
            })
            .sum();
        points.push((Date::from_epoch_days(day), value));
    }
    points.reverse();
    Ok(points)
}
