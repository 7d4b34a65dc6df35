//! The terms a pair trades at now: its spread and fee, and both assets' newest prices, as long
//! as neither is older than `FISCARD_PRICE_MAX_AGE_SECS` (a stale price stops quoting rather
//! than quoting wrong). USD's price is always one dollar.

use diesel::prelude::*;
use domain::exchange::{Asset, ExchangeTerms, USD_PRICE};

use super::pairs::Pair;
use crate::db::DbConnection;
use crate::services::wallet::prices;

/// An asset's price and when it was set; USD's is "now".
fn price_of(conn: &mut DbConnection, asset: Asset, now: i64) -> QueryResult<Option<(i64, i64)>> {
    match asset.coin() {
        None => Ok(Some((USD_PRICE, now))),
        Some(c) => Ok(prices::newest(conn, c, now)?.map(|p| (p.price, p.set_at))),
    }
}

/// A pair's terms at some prices, and when the older of those prices was set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priced {
    pub terms: ExchangeTerms,
    pub price_time: i64,
}

/// `pair`'s terms at `now`; `None` when an asset has no price, or one older than `max_age_ms`.
pub fn terms(
    conn: &mut DbConnection,
    pair: &Pair,
    now: i64,
    max_age_ms: i64,
) -> QueryResult<Option<Priced>> {
    let (Some((from_price, from_at)), Some((to_price, to_at))) = (
        price_of(conn, pair.from, now)?,
        price_of(conn, pair.to, now)?,
    ) else {
        return Ok(None);
    };
    let price_time = from_at.min(to_at);
    if now - price_time > max_age_ms {
        return Ok(None);
    }
    Ok(Some(Priced {
        terms: ExchangeTerms {
            from: pair.from,
            to: pair.to,
            from_price,
            to_price,
            spread_bps: pair.spread_bps,
            fee_bps: pair.fee_bps,
        },
        price_time,
    }))
}
