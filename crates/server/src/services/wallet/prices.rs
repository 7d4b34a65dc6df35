//! Reference prices (USD per whole coin in units of 10⁻⁸ USD, `domain::exchange::PRICE_SCALE`),
//! written by the exchange's price feed and by operators; every price is kept, so a past day is
//! valued at the price of its end.

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::wallet::Coin;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::wallet_prices;

/// A price and when it was set (milliseconds since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Price {
    /// USD per whole coin, in units of 10⁻⁸ USD.
    pub price: i64,
    pub set_at: i64,
}

/// Records `price` (PRICE_SCALE) as `coin`'s price from `now`.
pub fn set(
    conn: &mut DbConnection,
    coin: Coin,
    price: i64,
    operator: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(wallet_prices::table)
        .values((
            wallet_prices::id.eq(new_id()),
            wallet_prices::coin.eq(coin.code()),
            wallet_prices::price.eq(price),
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
    for (coin, price, set_at) in rows {
        if let Some(coin) = Coin::from_code(&coin) {
            found.entry(coin).or_default().push(Price { price, set_at });
        }
    }
    Ok(found)
}

/// `coin`'s prices set up to `at`, newest first (of two set at once, the later written): the
/// price in force at `at` is the first. Walks the index (coin, set_at).
macro_rules! newest_first {
    ($coin:expr, $at:expr) => {
        wallet_prices::table
            .filter(wallet_prices::coin.eq($coin.code()))
            .filter(wallet_prices::set_at.le($at))
            .order((wallet_prices::set_at.desc(), wallet_prices::id.desc()))
    };
}

/// `coin`'s price at `at` (the newest set up to then): one indexed lookup.
pub fn newest(conn: &mut DbConnection, coin: Coin, at: i64) -> QueryResult<Option<Price>> {
    let newest: Option<(i64, i64)> = crate::on_backend!(conn, |c| {
        newest_first!(coin, at)
            .select((wallet_prices::price, wallet_prices::set_at))
            .first(c)
            .optional()?
    });
    Ok(newest.map(|(price, set_at)| Price { price, set_at }))
}

/// Each coin's price at `at` (the newest set up to then), in one statement: a lookup per coin,
/// each a subquery, so PostgreSQL answers them in one round trip.
pub fn latest(conn: &mut DbConnection, at: i64) -> QueryResult<BTreeMap<Coin, Price>> {
    type Found = (Option<i64>, Option<i64>);
    // Naming each coin: a coin added to `Coin::ALL` must be added here.
    let [btc, eth, usdt] = Coin::ALL;
    let in_force = |coin: Coin| {
        (
            newest_first!(coin, at)
                .select(wallet_prices::price)
                .single_value(),
            newest_first!(coin, at)
                .select(wallet_prices::set_at)
                .single_value(),
        )
    };
    let found: (Found, Found, Found) = crate::on_backend!(conn, |c| {
        diesel::select((in_force(btc), in_force(eth), in_force(usdt))).get_result(c)?
    });
    Ok([(btc, found.0), (eth, found.1), (usdt, found.2)]
        .into_iter()
        .filter_map(|(coin, (price, set_at))| {
            Some((
                coin,
                Price {
                    price: price?,
                    set_at: set_at?,
                },
            ))
        })
        .collect())
}

/// The price in force at `at` in an oldest-first `history`.
pub fn at(history: &[Price], at: i64) -> Option<Price> {
    history.iter().rev().find(|p| p.set_at <= at).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_price_at_a_time_is_the_newest_set_by_then() {
        let history = [
            Price {
                price: 100,
                set_at: 10,
            },
            Price {
                price: 200,
                set_at: 20,
            },
        ];
        assert_eq!(at(&history, 5), None);
        assert_eq!(at(&history, 10).map(|p| p.price), Some(100));
        assert_eq!(at(&history, 25).map(|p| p.price), Some(200));
    }
}
