//! The `refund` event.

use diesel::prelude::*;
use domain::card::CardStatus;
use domain::money::USD;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::transaction::{find_tx, insert, new_row};
use super::{Event, EventAnswer, amounts, bad, money, post};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::db::schema::card_transactions as txs;
use crate::services::cards::Card;
use crate::services::ledger::{self, Account, AccountKind, Movement};

/// Refund: the merchant gives money back; it reaches the card (or, when the card was
/// cancelled, the USD account), less the card's refund fee.
pub(super) fn refund(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let a = match amounts(e, card, false) {
        Ok(a) => a,
        Err(error) => return Ok(Err(error)),
    };
    let mut merchant = e.merchant.clone().unwrap_or_default();
    if let Some(origin) = e.origin_transaction_id.as_deref() {
        let purchase = match find_tx(conn, origin)? {
            Some(t) if t.card_id == card.id && t.transaction_type == Kind::Auth.as_str() => t,
            _ => return Ok(Err(bad(ApiCode::NotFound, "api.transaction_not_found"))),
        };
        if purchase.status != Status::Succeed.as_str() {
            return Ok(Err(bad(ApiCode::Refused, "api.event_not_applicable")));
        }
        let refunded: Vec<i64> = txs::table
            .filter(txs::origin_transaction_id.eq(origin))
            .filter(txs::transaction_type.eq(Kind::Refund.as_str()))
            .select(txs::account_gross_amount)
            .load(conn)?;
        let refunded = refunded.into_iter().fold(0_i64, i64::saturating_add);
        if refunded.saturating_add(a.billing) > purchase.account_gross_amount {
            return Ok(Err(bad(ApiCode::Refused, "api.event_amount_too_large")));
        }
        if merchant.is_empty() {
            merchant = purchase.merchant_name_location;
        }
    }
    let fee = card.terms.refund_rate.fee(a.billing);
    let to = if card.status == CardStatus::Cancelled {
        Account::of_user(&card.user_id, AccountKind::Bank, USD.code)
    } else {
        card.account()
    };
    let lines = [
        (
            Account::of_platform(AccountKind::IssuerSettlement, &card.currency),
            -a.billing,
        ),
        (to, a.billing - fee),
        (
            Account::of_platform(AccountKind::FeeIncome, &card.currency),
            fee,
        ),
    ]
    .into_iter()
    .filter(|(_, amount)| *amount != 0)
    .collect();
    post(
        conn,
        &Movement {
            kind: "card_refund",
            reference: format!("refund:{}", e.transaction_id.trim()),
            user_id: Some(card.user_id.clone()),
            lines,
        },
        now,
    )?;
    let mut row = new_row(
        e,
        card,
        Kind::Refund.as_str(),
        Status::Succeed.as_str(),
        now,
    );
    row.merchant_name_location = merchant.chars().take(128).collect();
    row.transaction_amount = a.amount;
    row.transaction_currency = a.currency;
    row.account_gross_amount = a.billing;
    row.refund_fee = fee;
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(EventAnswer::Refund(Refunded {
        credited: money(a.billing - fee, card),
        refund_fee: money(fee, card),
        card_balance: money(balance, card),
        transaction_id: row.transaction_id,
    })))
}

/// A refund: what reached the card, less the refund fee.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Refunded {
    transaction_id: String,
    credited: String,
    refund_fee: String,
    card_balance: String,
}
