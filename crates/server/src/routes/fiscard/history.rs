//! `GET fiscard/history?cardKey=…` (paged): a card's transactions.

use actix_web::web;
use domain::card_transaction::{
    AccountAmounts, MoneyDirection, TransactionState, direction_of, state_of,
};
use domain::orders::{TransactionStatus, TransactionType};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{card_not_found, money};
use crate::api::{Api, ApiResult, Page, PageQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::card_events::{self, Decline, Transaction};
use crate::services::cards;
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// The card (an unknown one, or another user's, answers 404).
    card_key: Option<String>,
}

/// A card transaction (SPEC §3), as the card network reported it. Amounts are exact decimal
/// text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionItem {
    transaction_id: String,
    /// What a void, reversal or refund refers to.
    #[schema(required = true)]
    origin_transaction_id: Option<String>,
    transaction_type: TransactionType,
    status: TransactionStatus,
    /// What it came to for the cardholder: a pending hold, settled, reversed, refunded, declined,
    /// or a hold that expired (never cleared nor voided in time).
    state: TransactionState,
    /// Which way the money went for the card: `out` (a payment) or `in` (given back).
    direction: MoneyDirection,
    /// Whether it moved the card's money (a payment held or settled, a refund): shown signed
    /// by `direction`. A declined or released payment, and the void or reversal that released
    /// it, moved nothing.
    moves_money: bool,
    merchant_name_location: String,
    /// When it happened, as the network says.
    create_at: i64,
    /// When it reached the platform.
    create_time: i64,
    /// The merchant's amount converted to the card's currency.
    account_gross_amount: String,
    account_currency: String,
    /// What the card's account moved, unsigned (see `direction`): the converted amount plus
    /// the transaction, exchange and cross-border fees, or less the refund fee for a refund.
    account_total_amount: String,
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
    /// The approval code of an approved authorization.
    #[schema(required = true)]
    check_code: Option<String>,
    /// Why an authorization was declined.
    #[schema(required = true)]
    decline_reason: Option<Decline>,
}

impl TransactionItem {
    /// The row as the API shows it; an error for a kind, status or reason the row should
    /// never hold.
    fn of(t: Transaction) -> anyhow::Result<TransactionItem> {
        let c = &t.account_currency;
        let unknown =
            |what: &str, value: &str| anyhow::anyhow!("a transaction with the {what} {value:?}");
        let transaction_type = TransactionType::parse(&t.transaction_type)
            .ok_or_else(|| unknown("type", &t.transaction_type))?;
        let status =
            TransactionStatus::parse(&t.status).ok_or_else(|| unknown("status", &t.status))?;
        let decline_reason = match &t.decline_reason {
            Some(reason) => Some(Decline::parse(reason).ok_or_else(|| unknown("reason", reason))?),
            None => None,
        };
        let total = AccountAmounts {
            converted: t.account_gross_amount,
            transaction_fee: t.transaction_fee,
            exchange_fee: t.conversion_fee,
            cross_border_fee: t.cross_border_fee,
            refund_fee: t.refund_fee,
        }
        .total(transaction_type);
        let state = state_of(transaction_type, status);
        Ok(TransactionItem {
            state,
            moves_money: state.moves_money(),
            direction: direction_of(transaction_type),
            account_total_amount: money(total, c),
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
            transaction_type,
            status,
            merchant_name_location: t.merchant_name_location,
            create_at: t.occurred_at,
            create_time: t.created_at,
            account_currency: t.account_currency,
            transaction_currency: t.transaction_currency,
            check_code: t.check_code,
            decline_reason,
        })
    }
}

/// A card's transactions
///
/// As the card network reported them, newest first, with the fields of SPEC §3.
/// statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/fiscard/history",
    tag = "fiscard",
    params(HistoryQuery, PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<TransactionItem>>))
)]
pub async fn card_history(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<HistoryQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<TransactionItem>> {
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
    let items = list
        .into_iter()
        .map(TransactionItem::of)
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Api::ok(Page::new(items, total, &page)))
}
