//! The `authorization` event: a payment decided in real time against the card's status, limits
//! and balance; approved, its amount and fees move from the card to its hold.

use diesel::prelude::*;
use domain::card::PaymentFees;
use domain::date::Date;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::transaction::{insert, new_row};
use super::{Decline, Event, EventAnswer, amounts, bad, money};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::db::schema::card_transactions as txs;
use crate::services::cards::Card;
use crate::services::ledger::{self, Movement, Refusal};

/// Spending on `card` since `since` (approved authorizations, not voided), from the gross
/// amounts still authorized or settled.
fn spent_since(conn: &mut DbConnection, card: &Card, since: i64) -> QueryResult<i64> {
    let amounts: Vec<i64> = txs::table
        .filter(txs::card_id.eq(&card.id))
        .filter(txs::transaction_type.eq(Kind::Auth.as_str()))
        .filter(txs::status.eq_any([Status::Authorized.as_str(), Status::Succeed.as_str()]))
        .filter(txs::created_at.ge(since))
        .select(txs::account_gross_amount)
        .load(conn)?;
    Ok(amounts.into_iter().fold(0_i64, i64::saturating_add))
}

fn limit_decline(
    conn: &mut DbConnection,
    card: &Card,
    gross: i64,
    now: i64,
) -> QueryResult<Option<Decline>> {
    let limits = card.terms.limits;
    if gross > limits.per_transaction {
        return Ok(Some(Decline::ExceedsTransactionLimit));
    }
    let today = Date::of_instant_ms(now);
    let month_spent = spent_since(conn, card, today.first_of_month().start_ms())?;
    if month_spent.saturating_add(gross) > limits.monthly {
        return Ok(Some(Decline::ExceedsMonthlyLimit));
    }
    let day_spent = spent_since(conn, card, today.start_ms())?;
    if day_spent.saturating_add(gross) > limits.daily {
        return Ok(Some(Decline::ExceedsDailyLimit));
    }
    Ok(None)
}

pub(super) fn authorize(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let a = match amounts(e, card, false) {
        Ok(a) => a,
        Err(error) => return Ok(Err(error)),
    };
    let foreign = a.currency != card.currency;
    let fees = PaymentFees::of(
        a.billing,
        card.terms.payment_rate,
        card.terms.exchange_rate,
        foreign,
    );
    let total = fees.total_with(a.billing);
    let mut row = new_row(
        e,
        card,
        Kind::Auth.as_str(),
        Status::Authorized.as_str(),
        now,
    );
    row.transaction_amount = a.amount;
    row.transaction_currency.clone_from(&a.currency);
    row.account_gross_amount = a.billing;
    row.transaction_fee = fees.transaction_fee;
    row.conversion_fee = fees.conversion_fee;
    let mut decline = Decline::of_status(card.status_at(now));
    if decline.is_none() {
        decline = limit_decline(conn, card, a.billing, now)?;
    }
    if decline.is_none() {
        let movement = Movement {
            kind: "card_authorization",
            reference: format!("auth:{}", row.transaction_id),
            user_id: Some(card.user_id.clone()),
            lines: vec![(card.account(), -total), (card.hold_account(), total)],
        };
        match ledger::post(conn, &movement, now)? {
            Ok(_) => {}
            Err(Refusal::Insufficient { .. }) => decline = Some(Decline::InsufficientFunds),
            Err(Refusal::Duplicate(_)) => {
                return Ok(Err(bad(ApiCode::Conflict, "api.event_conflict")));
            }
        }
    }
    if let Some(reason) = decline {
        Status::Failed.as_str().clone_into(&mut row.status);
        row.decline_reason = Some(reason.as_str().to_owned());
        // Nothing was charged: a declined payment costs the cardholder no fee.
        row.transaction_fee = 0;
        row.conversion_fee = 0;
    } else {
        row.held = total;
        row.check_code = Some(format!("{:06}", rand::random_range(0..1_000_000_u32)));
    }
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(EventAnswer::Authorization(Authorized {
        approved: decline.is_none(),
        decline_reason: decline,
        check_code: row.check_code,
        held: money(row.held, card),
        transaction_fee: money(row.transaction_fee, card),
        conversion_fee: money(row.conversion_fee, card),
        card_balance: money(balance, card),
        transaction_id: row.transaction_id,
    })))
}

/// An authorization, approved or declined.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Authorized {
    transaction_id: String,
    approved: bool,
    #[schema(required = true)]
    decline_reason: Option<Decline>,
    /// The approval code.
    #[schema(required = true)]
    check_code: Option<String>,
    /// What the card's hold took: the amount and the fees.
    held: String,
    transaction_fee: String,
    conversion_fee: String,
    card_balance: String,
}
