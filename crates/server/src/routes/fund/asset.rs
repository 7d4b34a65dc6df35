//! `GET fund/v2/asset` and `GET fund/v2/asset/daily`: the user's fund figures (SPEC §3, each
//! defined in the README) and their last days.

use actix_web::web;
use domain::exchange::Asset;
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::{FundAsset, FundDay};
use super::today;
use crate::api::{Api, ApiResult, AppError, Reply};
use crate::extract::CurrentUser;
use crate::services::fund::figures;
use crate::state::AppState;

/// Which asset's fund.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AssetQuery {
    /// The asset's code (USD, BTC, ETH, USDT); USD when absent.
    asset: Option<String>,
    /// Days back from yesterday, 1 to 366 (the daily figures; 30 when absent).
    #[param(minimum = 1, maximum = 366)]
    days: Option<i64>,
}

impl AssetQuery {
    fn asset(&self) -> Result<Asset, AppError> {
        match self
            .asset
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
        {
            None => Ok(Asset::Usd),
            Some(code) => {
                Asset::from_code(code).ok_or_else(|| AppError::bad_request("api.bad_request"))
            }
        }
    }
}

/// The user's fund
///
/// Total value, yesterday's profit and the history profit, and the current and fixed
/// products' figures, in one asset (USD unless `asset` says otherwise); zeros for a user who
/// holds nothing. An unknown asset answers 400. statusCodes: 200, 101, 400.
#[utoipa::path(
    get,
    path = "/fund/v2/asset",
    tag = "fund",
    params(AssetQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FundAsset>))
)]
pub async fn show_fund_asset(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AssetQuery>,
) -> ApiResult<FundAsset> {
    let (user_id, asset, today) = (user.0.user_id, query.asset()?, today(&state));
    let found = state
        .db
        .read(move |conn| Ok(figures::of_user(conn, &user_id, asset, today)?))
        .await?;
    Ok(Api::ok(FundAsset::of(&found, asset, today)))
}

/// The user's fund day by day
///
/// The `days` business days before today (30 unless said, at most 366), oldest first: each
/// day's interest on all the user's positions and the shares that earned it plus that
/// interest; zeros for a day the job has not accrued yet. statusCodes: 200, 101, 400.
#[utoipa::path(
    get,
    path = "/fund/v2/asset/daily",
    tag = "fund",
    params(AssetQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Vec<FundDay>>))
)]
pub async fn show_fund_daily(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AssetQuery>,
) -> ApiResult<Vec<FundDay>> {
    let days = query.days.unwrap_or(30);
    if !(1..=366).contains(&days) {
        return Err(AppError::bad_request("api.bad_request"));
    }
    let (user_id, asset, today) = (user.0.user_id, query.asset()?, today(&state));
    let found = state
        .db
        .read(move |conn| Ok(figures::daily(conn, &user_id, asset, today, days)?))
        .await?;
    Ok(Api::ok(
        found.iter().map(|d| FundDay::of(d, asset)).collect(),
    ))
}
