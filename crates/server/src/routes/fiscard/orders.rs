//! `GET fiscard/order` (paged): the user's card orders.

use actix_web::web;

use super::OrderItem;
use crate::api::{Api, ApiResult, Page, PageQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::cards;
use crate::state::AppState;

/// The user's card orders
///
/// Newest first: recharges (DEPOSIT) and cancellations (CANCEL), with their amounts, fees and
/// status (SPEC §4 codes). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fiscard/order",
    tag = "fiscard",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<OrderItem>>))
)]
pub async fn list_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<OrderItem>> {
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (orders, total) = state
        .db
        .read(move |conn| Ok(cards::orders_of(conn, &user_id, &page)?))
        .await?;
    let items = orders.iter().map(OrderItem::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}
