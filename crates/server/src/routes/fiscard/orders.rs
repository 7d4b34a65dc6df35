//! `GET fiscard/order` (paged): the user's card orders, newest first: id, maskCardNo, type
//! (DEPOSIT, CANCEL), amount, currency, fee, status (SPEC §4 codes), createTime.

use actix_web::web;

use super::OrderItem;
use crate::api::{Api, ApiResult, Page, PageQuery};
use crate::extract::CurrentUser;
use crate::services::cards;
use crate::state::AppState;

pub async fn list_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult {
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (orders, total) = state
        .db
        .read(move |conn| Ok(cards::orders_of(conn, &user_id, &page)?))
        .await?;
    let items = orders.iter().map(OrderItem::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}
