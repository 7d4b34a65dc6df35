//! `exchange/*` (DESIGN §11): the pairs, the indicative rate, quotes bound to the user for a
//! few seconds, swaps that accept a quote once, and the user's swaps.

pub mod items;
pub mod pairs;
pub mod quote;
pub mod rate;
pub mod swap;
pub mod swaps;

use domain::exchange::Asset;

use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::exchange::pairs::{self as pair_settings, Pair};
use crate::services::exchange::rates;

fn pair_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.exchange_pair_not_found")
}

/// 111: no price recent enough to quote with.
pub fn prices_unavailable() -> AppError {
    AppError::new(
        ApiCode::PricesUnavailable,
        "api.exchange_prices_unavailable",
    )
}

/// The pair from `from` to `to`; 404 when the platform does not have it.
fn pair_of(conn: &mut DbConnection, from: Asset, to: Asset) -> Result<Pair, AppError> {
    pair_settings::find(conn, from, to)?.ok_or_else(pair_not_found)
}

/// `pair`'s terms now; 111 when a price is missing or stale.
fn terms_of(
    conn: &mut DbConnection,
    pair: &Pair,
    now: i64,
    max_age_ms: i64,
) -> Result<rates::Priced, AppError> {
    rates::terms(conn, pair, now, max_age_ms)?.ok_or_else(prices_unavailable)
}
