//! `GET product`: the fund's products, for visitors too.

use actix_web::web;

use super::items::FundProduct;
use super::today;
use crate::api::{Api, ApiResult, Reply};
use crate::services::fund::products;
use crate::state::AppState;

/// The fund's products
///
/// The current product (subscribe and redeem any day, from and to the wallet or the USD
/// account) and the fixed products (subscribed from the fund account during their raise), with
/// their rates, dates, limits, phase today and the terms the previews take. No session needed.
/// statusCodes: 200.
#[utoipa::path(
    get,
    path = "/product",
    tag = "fund",
    responses((status = 200, body = Reply<Vec<FundProduct>>))
)]
pub async fn list_fund_products(state: web::Data<AppState>) -> ApiResult<Vec<FundProduct>> {
    let today = today(&state);
    let all = state.db.read(|conn| Ok(products::all(conn)?)).await?;
    Ok(Api::ok(
        all.iter().map(|p| FundProduct::of(p, today)).collect(),
    ))
}
