//! `GET fiscard/list` (paged): the user's cards.

use actix_web::web;

use super::CardItem;
use crate::api::{Api, ApiResult, Page, PageQuery, Reply};
use crate::extract::SessionToken;
use crate::services::cards;
use crate::state::AppState;

/// The user's cards
///
/// Newest first, cancelled cards hidden; each with its balance, status, the three limits and
/// the rates (fractions). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fiscard/list",
    tag = "fiscard",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<CardItem>>))
)]
pub async fn list_cards(
    state: web::Data<AppState>,
    session: SessionToken,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<CardItem>> {
    let (page, now) = (page.into_inner(), state.clock.now_ms());
    // The session and the cards in one statement: the list is the screen the card holder
    // opens most.
    let (items, total) = state
        .db
        .read(move |conn| {
            let (found, total) = session.read_joined(conn, |conn, token_hash| {
                Ok(cards::page_of_session(conn, token_hash, &page)?
                    .map(|(session, found, total)| (session, (found, total))))
            })?;
            let items = found
                .into_iter()
                .map(|(card, balance, held)| CardItem::of(card, balance, held, now))
                .collect::<Vec<_>>();
            Ok((items, total))
        })
        .await?;
    Ok(Api::ok(Page::new(items, total, &page)))
}
