//! The `authorization` event: a payment decided in real time against the card's status, limits
//! and balance; approved, its amount and fees move from the card to its hold.

use domain::card::PaymentFees;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::spending::{self, Counters};
use super::transaction::{insert, new_row};
use super::{Decline, Event, EventAnswer, amounts, bad, money};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::cards::Card;
use crate::services::ledger::{self, Movement, Refusal};

/// The limit `gross` would pass, given what the card spent this day and month.
fn limit_decline(card: &Card, counters: &Counters, gross: i64) -> Option<Decline> {
    let limits = card.terms.limits;
    if gross > limits.per_transaction {
        Some(Decline::ExceedsTransactionLimit)
    } else if counters.month.amount.saturating_add(gross) > limits.monthly {
        Some(Decline::ExceedsMonthlyLimit)
    } else if counters.day.amount.saturating_add(gross) > limits.daily {
        Some(Decline::ExceedsDailyLimit)
    } else {
        None
    }
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
    let mut counters = None;
    if decline.is_none() {
        let read = spending::current(conn, card, now)?;
        decline = limit_decline(card, &read, a.billing);
        counters = Some(read);
    }
    if let (None, Some(counters)) = (decline, counters) {
        let movement = Movement {
            kind: "card_authorization",
            reference: format!("auth:{}", row.transaction_id),
            user_id: Some(card.user_id.clone()),
            lines: vec![(card.account(), -total), (card.hold_account(), total)],
        };
        match ledger::post(conn, &movement, now)? {
            Ok(_) => spending::add(conn, card, counters, a.billing, now)?,
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

impl Authorized {
    pub(super) fn approved(&self) -> bool {
        self.approved
    }

    pub(super) fn decline_reason(&self) -> Option<Decline> {
        self.decline_reason
    }
}
