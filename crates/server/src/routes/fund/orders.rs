//! `GET fund/v2/order` and `GET fund/v2/order/{id}`: the user's fund records (subscriptions,
//! redemptions, interest days, maturities), newest first, and one of them.

use actix_web::web;
use domain::fund::FundOrderType;
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::FundOrder;
use crate::api::{Api, ApiCode, ApiResult, AppError, Page, PageQuery, Reply};
use crate::db::DbConnection;
use crate::extract::CurrentUser;
use crate::services::fund::orders::{self, Record};
use crate::services::fund::products;
use crate::state::AppState;

/// Which records to list.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderQuery {
    /// Only this type's (`SUBSCRIBE`, `REDEEM`, `INTEREST`, `MATURITY`); all when absent or
    /// empty.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<String>,
}

fn order_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.fund_order_not_found")
}

/// The records as the wire shows them (with their products).
fn items(conn: &mut DbConnection, found: &[Record]) -> Result<Vec<FundOrder>, AppError> {
    let known = products::all(conn)?;
    Ok(found
        .iter()
        .filter_map(|r| {
            let product = known.iter().find(|p| p.id == r.product_id)?;
            FundOrder::of(r, product)
        })
        .collect())
}

/// The user's fund records
///
/// Subscriptions, redemptions, the days that paid interest (one per position and day) and
/// maturities, newest first, paged; filtered by `type`. An unknown type answers 400.
/// statusCodes: 200, 101, 400.
#[utoipa::path(
    get,
    path = "/fund/v2/order",
    tag = "fund",
    params(OrderQuery, PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<FundOrder>>))
)]
pub async fn list_fund_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<OrderQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<FundOrder>> {
    let kind = match query
        .kind
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        None => None,
        Some(k) => {
            Some(FundOrderType::parse(k).ok_or_else(|| AppError::bad_request("api.bad_request"))?)
        }
    };
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (list, total) = state
        .db
        .read(move |conn| {
            let (found, total) = orders::page_of(conn, &user_id, kind, &page)?;
            Ok((items(conn, &found)?, total))
        })
        .await?;
    Ok(Api::ok(Page::new(list, total, &page)))
}

/// A fund record
///
/// One record of the user's. An unknown id, or another user's, answers 404.
/// statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/fund/v2/order/{id}",
    tag = "fund",
    params(("id" = String, Path, description = "The record's `id`.")),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FundOrder>))
)]
pub async fn show_fund_order(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> ApiResult<FundOrder> {
    let (user_id, id) = (user.0.user_id, id.into_inner());
    let found = state
        .db
        .read(move |conn| {
            let found = orders::find_owned(conn, &user_id, &id)?.ok_or_else(order_not_found)?;
            items(conn, std::slice::from_ref(&found))
        })
        .await?;
    found
        .into_iter()
        .next()
        .map(Api::ok)
        .ok_or_else(order_not_found)
}
