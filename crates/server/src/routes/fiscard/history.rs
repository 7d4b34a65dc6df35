//! `GET fiscard/history?cardKey=…` (paged): the card's transactions as the card network
//! reported them, newest first, with the fields of SPEC §3.

use actix_web::web;
use serde::{Deserialize, Serialize};

use super::{card_not_found, money};
use crate::api::{Api, ApiResult, Page, PageQuery};
use crate::extract::CurrentUser;
use crate::services::card_events::{self, Transaction};
use crate::services::cards;
use crate::state::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryQuery {
    card_key: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TransactionItem {
    transaction_id: String,
    origin_transaction_id: Option<String>,
    transaction_type: String,
    status: String,
    merchant_name_location: String,
    /// When it happened, as the network says.
    create_at: i64,
    /// When it reached the platform.
    create_time: i64,
    account_gross_amount: String,
    account_currency: String,
    transaction_amount: String,
    transaction_currency: String,
    transaction_fee_amount: String,
    transaction_fee_currency: String,
    conversion_fee_amount: String,
    conversion_fee_currency: String,
    cross_broad_fee_amount: String,
    cross_broad_fee_currency: String,
    refund_fee_amount: String,
    refund_fee_currency: String,
    check_code: Option<String>,
    decline_reason: Option<String>,
}

impl TransactionItem {
    fn of(t: Transaction) -> TransactionItem {
        let c = &t.account_currency;
        TransactionItem {
            transaction_amount: money(t.transaction_amount, &t.transaction_currency),
            account_gross_amount: money(t.account_gross_amount, c),
            transaction_fee_amount: money(t.transaction_fee, c),
            transaction_fee_currency: c.clone(),
            conversion_fee_amount: money(t.conversion_fee, c),
            conversion_fee_currency: c.clone(),
            cross_broad_fee_amount: money(t.cross_border_fee, c),
            cross_broad_fee_currency: c.clone(),
            refund_fee_amount: money(t.refund_fee, c),
            refund_fee_currency: c.clone(),
            transaction_id: t.transaction_id,
            origin_transaction_id: t.origin_transaction_id,
            transaction_type: t.transaction_type,
            status: t.status,
            merchant_name_location: t.merchant_name_location,
            create_at: t.occurred_at,
            create_time: t.created_at,
            account_currency: t.account_currency,
            transaction_currency: t.transaction_currency,
            check_code: t.check_code,
            decline_reason: t.decline_reason,
        }
    }
}

pub async fn card_history(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<HistoryQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult {
    let card_key = query.into_inner().card_key.ok_or_else(card_not_found)?;
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let found = state
        .db
        .read(move |conn| {
            let Some(card) = cards::find_owned(conn, &user_id, &card_key)? else {
                return Ok(None);
            };
            Ok(Some(card_events::page_of_card(conn, &card.id, &page)?))
        })
        .await?;
    let (list, total) = found.ok_or_else(card_not_found)?;
    let items = list.into_iter().map(TransactionItem::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}
