//! `GET exchange/pairs`: every direction the exchange trades and its terms.

use actix_web::web;

use super::items::ExchangePair;
use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::exchange::pairs;
use crate::state::AppState;

/// The exchange's pairs
///
/// Every direction (from, to) of USD, BTC, ETH and USDT: its spread and fee in basis points,
/// the least and the most one swap may give, and whether it is open. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/exchange/pairs",
    tag = "exchange",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Vec<ExchangePair>>))
)]
pub async fn list_pairs(
    state: web::Data<AppState>,
    _user: CurrentUser,
) -> ApiResult<Vec<ExchangePair>> {
    let all = state.db.read(|conn| Ok(pairs::all(conn)?)).await?;
    Ok(Api::ok(all.iter().map(ExchangePair::of).collect()))
}
