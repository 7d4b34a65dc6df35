//! `GET exchange/swaps` and `GET exchange/swaps/{id}`: the user's swaps, newest first, and one
//! of them.

use actix_web::web;

use super::items::ExchangeSwap;
use crate::api::{Api, ApiCode, ApiResult, AppError, Page, PageQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::exchange::swaps;
use crate::state::AppState;

/// The user's swaps
///
/// Newest first, paged like every list. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/exchange/swaps",
    tag = "exchange",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<ExchangeSwap>>))
)]
pub async fn list_swaps(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<ExchangeSwap>> {
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (found, total) = state
        .db
        .read(move |conn| Ok(swaps::page_of(conn, &user_id, &page)?))
        .await?;
    let items = found.iter().map(ExchangeSwap::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}

/// A swap
///
/// One swap of the user's. An unknown id, or another user's, answers 404.
/// statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/exchange/swaps/{id}",
    tag = "exchange",
    params(("id" = String, Path, description = "The swap's `id`.")),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<ExchangeSwap>))
)]
pub async fn show_swap(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> ApiResult<ExchangeSwap> {
    let (user_id, id) = (user.0.user_id, id.into_inner());
    let found = state
        .db
        .read(move |conn| Ok(swaps::find_owned(conn, &user_id, &id)?))
        .await?;
    found
        .as_ref()
        .map(|s| Api::ok(ExchangeSwap::of(s)))
        .ok_or_else(|| AppError::new(ApiCode::NotFound, "api.exchange_swap_not_found"))
}
