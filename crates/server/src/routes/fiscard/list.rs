//! `GET fiscard/list` (paged): the user's cards, newest first, cancelled cards hidden; each
//! with its balance, status, the three limits and the rates (fractions).

use actix_web::web;

use super::CardItem;
use crate::api::{Api, ApiResult, Page, PageQuery};
use crate::extract::CurrentUser;
use crate::services::cards;
use crate::state::AppState;

pub async fn list_cards(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult {
    let (user_id, page, now) = (user.0.user_id, page.into_inner(), state.clock.now_ms());
    let (items, total) = state
        .db
        .read(move |conn| {
            let (found, total) = cards::page_of(conn, &user_id, &page)?;
            let items = found
                .iter()
                .map(|(card, balance, held)| CardItem::of(card, *balance, *held, now))
                .collect::<Vec<_>>();
            Ok((items, total))
        })
        .await?;
    Ok(Api::ok(Page::new(items, total, &page)))
}
