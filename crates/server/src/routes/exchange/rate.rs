//! `GET exchange/rate`: a pair's indicative rate now, the terms the browser previews amounts
//! with, and the user's balances of both assets.

use actix_web::web;
use domain::exchange::{Asset, effective_rate, price_text, reference_rate};
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::{ExchangeRate, asset_text, rate as rate_text};
use super::{pair_not_found, pair_of, terms_of};
use crate::api::{Api, ApiResult, AppError, Reply};
use crate::extract::CurrentUser;
use crate::services::exchange::user_account;
use crate::services::ledger;
use crate::state::AppState;

/// The pair a query names.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PairQuery {
    /// `USD`, `BTC`, `ETH`, `USDT`: what is given.
    from_coin: String,
    /// What is received; another asset than `fromCoin`.
    to_coin: String,
}

impl PairQuery {
    /// Both assets; 404 for an unknown one or the same twice.
    fn assets(&self) -> Result<(Asset, Asset), AppError> {
        let from = Asset::from_code(self.from_coin.trim()).ok_or_else(pair_not_found)?;
        let to = Asset::from_code(self.to_coin.trim()).ok_or_else(pair_not_found)?;
        if from == to {
            return Err(pair_not_found());
        }
        Ok((from, to))
    }
}

/// A pair's indicative rate
///
/// The reference rate (at the prices alone) and the rate after the platform's fee and spread,
/// both as `toCoin` per one whole `fromCoin`; the terms to preview amounts with (the domain's
/// `exchangePreview`, the function swaps are priced with); both prices and when the older was
/// set; the pair's minimum and maximum; the user's balances of both assets. Indicative: a swap
/// needs a quote. A price older than the exchange accepts answers 111; an unknown pair 404.
/// statusCodes: 200, 101, 111, 404.
#[utoipa::path(
    get,
    path = "/exchange/rate",
    tag = "exchange",
    params(PairQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<ExchangeRate>))
)]
pub async fn show_rate(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PairQuery>,
) -> ApiResult<ExchangeRate> {
    let (from, to) = query.assets()?;
    let (user_id, now) = (user.0.user_id, state.clock.now_ms());
    let exchange = state.config.exchange;
    let rate = state
        .db
        .read(move |conn| {
            let pair = pair_of(conn, from, to)?;
            let priced = terms_of(conn, &pair, now, exchange.max_age_ms())?;
            let accounts = [user_account(&user_id, from), user_account(&user_id, to)];
            let balances = ledger::balances(conn, &accounts)?;
            let t = priced.terms;
            Ok(ExchangeRate {
                from_coin: from,
                to_coin: to,
                terms: t,
                reference_rate: rate_text(reference_rate(&t)),
                rate: rate_text(effective_rate(&t)),
                from_price: price_text(t.from_price),
                to_price: price_text(t.to_price),
                price_time: priced.price_time,
                minimum: asset_text(pair.minimum, from),
                maximum: asset_text(pair.maximum, from),
                from_available: asset_text(balances[0], from),
                to_available: asset_text(balances[1], to),
                quote_seconds: i64::try_from(exchange.quote_ttl.as_secs()).unwrap_or(i64::MAX),
            })
        })
        .await?;
    Ok(Api::ok(rate))
}
