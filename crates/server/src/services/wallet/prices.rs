//! Reference prices (USD cents per whole coin), set by operators until the exchange's price
//! source exists; every price is kept, so a past day is valued at the price of its end.

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::wallet::Coin;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::wallet_prices;

/// A price and when it was set (milliseconds since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Price {
    /// USD cents per whole coin.
    pub cents: i64,
    pub set_at: i64,
}

/// Records `cents` as `coin`'s price from `now`.
pub fn set(
    conn: &mut DbConnection,
    coin: Coin,
    cents: i64,
    operator: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(wallet_prices::table)
        .values((
            wallet_prices::id.eq(new_id()),
            wallet_prices::coin.eq(coin.code()),
            wallet_prices::price.eq(cents),
            wallet_prices::set_at.eq(now),
            wallet_prices::set_by.eq(operator),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Every coin's prices set up to `until`, oldest first.
pub fn history(conn: &mut DbConnection, until: i64) -> QueryResult<BTreeMap<Coin, Vec<Price>>> {
    let rows: Vec<(String, i64, i64)> = wallet_prices::table
        .filter(wallet_prices::set_at.le(until))
        .order((wallet_prices::set_at.asc(), wallet_prices::id.asc()))
        .select((
            wallet_prices::coin,
            wallet_prices::price,
            wallet_prices::set_at,
        ))
        .load(conn)?;
    let mut found: BTreeMap<Coin, Vec<Price>> = BTreeMap::new();
    for (coin, cents, set_at) in rows {
        if let Some(coin) = Coin::from_code(&coin) {
            found.entry(coin).or_default().push(Price { cents, set_at });
        }
    }
    Ok(found)
}

/// Each coin's price at `at` (the newest set up to then): one indexed lookup per coin.
pub fn latest(conn: &mut DbConnection, at: i64) -> QueryResult<BTreeMap<Coin, Price>> {
    let mut found = BTreeMap::new();
    for coin in Coin::ALL {
        let newest: Option<(i64, i64)> = wallet_prices::table
            .filter(wallet_prices::coin.eq(coin.code()))
            .filter(wallet_prices::set_at.le(at))
            .order((wallet_prices::set_at.desc(), wallet_prices::id.desc()))
            .select((wallet_prices::price, wallet_prices::set_at))
            .first(conn)
            .optional()?;
        if let Some((cents, set_at)) = newest {
            found.insert(coin, Price { cents, set_at });
        }
    }
    Ok(found)
}

/// The price in force at `at` in an oldest-first `history`.
pub fn at(history: &[Price], at: i64) -> Option<Price> {
    history.iter().rev().find(|p| p.set_at <= at).copied()
}

/// USD cents `amount` minor units of a coin with `scale` are worth at `cents` per coin,
/// rounded half up.
pub fn value_cents(amount: i64, scale: u8, cents: i64) -> i64 {
    let unit = 10_i128.pow(u32::from(scale));
    let value = (i128::from(amount) * i128::from(cents) + unit / 2).div_euclid(unit);
    i64::try_from(value).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_half_up_to_the_cent() {
        // 0.5 BTC at 65 000.00 USD.
        assert_eq!(value_cents(50_000_000, 8, 6_500_000), 3_250_000);
        // 1 sat at 65 000.00 USD is 0.065 cents: 0.
        assert_eq!(value_cents(1, 8, 6_500_000), 0);
        // 1 USDT unit (0.000001) at 1.00: 0.0001 cents → 0; 5 000 units: 0.5 cent → 1.
        assert_eq!(value_cents(5_000, 6, 100), 1);
        assert_eq!(value_cents(4_999, 6, 100), 0);
    }

    #[test]
    fn the_price_at_a_time_is_the_newest_set_by_then() {
        let history = [
            Price {
                cents: 100,
                set_at: 10,
            },
            Price {
                cents: 200,
                set_at: 20,
            },
        ];
        assert_eq!(at(&history, 5), None);
        assert_eq!(at(&history, 10).map(|p| p.cents), Some(100));
        assert_eq!(at(&history, 25).map(|p| p.cents), Some(200));
    }
}
