//! Card transactions as the card network reports them through the issuer's signed events.
//!
//! An authorization is decided here, in real time: approved only when the card is normal, the
//! amount is within the card's per-transaction, daily and monthly limits, and the card's
//! balance covers the amount plus the transaction fee (the payment rate) plus, when the
//! payment is in another currency, the conversion fee (the exchange rate). The amount and fees
//! then move from the card to its hold. Later events settle it: clearing (the hold goes to the
//! issuer and the fees to the platform), void (the hold comes back), reverse authorization
//! (part or all of it comes back), refund (money back to the card, less the refund fee if the
//! card has one), verification (a zero-amount check, no money).
//!
//! Each event is handled once: it is kept by `<event>:<transactionId>` with its answer, which
//! a repeated event gets again.
//!
//! One file per event (`authorize`, `verify`, `clear`, `void`, `reverse`, `refund`), dispatched
//! by `handle` here; `transaction` is the row they write, `hold` what the events that settle
//! an authorization share, and `spending` the card's day and month counters the limits are
//! checked against. `expire` releases the holds the network left open too long (a job, not an
//! event).

mod authorize;
mod clear;
pub mod expire;
mod hold;
mod refund;
mod reverse;
pub mod spending;
mod transaction;
mod verify;
mod void;

pub use transaction::{Transaction, page_of_card};

use diesel::prelude::*;
use domain::card::CardStatus;
use domain::money::{USD, currency_amount_text, currency_scale, parse_amount};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cards::{self, Card};
use super::ledger::{self, Movement};
use crate::api::{ApiCode, AppError};
use crate::db::schema::issuer_events;
use crate::db::{DbConnection, insert_unless_taken};
use transaction::find_tx;

/// The events the issuer sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Authorization,
    Clearing,
    Void,
    Refund,
    Verification,
    CorrectiveAuth,
}

impl EventKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Authorization => "authorization",
            Self::Clearing => "clearing",
            Self::Void => "void",
            Self::Refund => "refund",
            Self::Verification => "verification",
            Self::CorrectiveAuth => "corrective_auth",
        }
    }
}

/// One event. Amounts are decimal text: `amount` in the payment's `currency`, and
/// `billingAmount` in the card's currency (the network's conversion; equal to `amount` when
/// the currencies are the same).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Event {
    pub event: EventKind,
    /// The network's id of this transaction; for a clearing, the authorization's.
    pub transaction_id: String,
    /// The authorization (or purchase) a void, reversal or refund refers to.
    #[serde(default)]
    pub origin_transaction_id: Option<String>,
    pub card_key: String,
    /// In `currency`.
    #[serde(default)]
    pub amount: Option<String>,
    /// ISO 4217; the card's when absent.
    #[serde(default)]
    pub currency: Option<String>,
    /// In the card's currency (the network's conversion); required when `currency` differs
    /// from it.
    #[serde(default)]
    pub billing_amount: Option<String>,
    #[serde(default)]
    pub merchant: Option<String>,
    /// When it happened (ms since the epoch); when it arrived, if absent.
    #[serde(default)]
    pub occurred_at: Option<i64>,
}

/// Why an authorization was declined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Decline {
    CardFrozen,
    CardExpired,
    CardCancelled,
    ExceedsTransactionLimit,
    ExceedsDailyLimit,
    ExceedsMonthlyLimit,
    InsufficientFunds,
    /// The platform could not decide in time (overloaded): declined at once rather than
    /// answered late. Nothing is kept of it, so a later retry is decided afresh.
    IssuerUnavailable,
}

impl Decline {
    pub const ALL: [Decline; 8] = [
        Self::CardFrozen,
        Self::CardExpired,
        Self::CardCancelled,
        Self::ExceedsTransactionLimit,
        Self::ExceedsDailyLimit,
        Self::ExceedsMonthlyLimit,
        Self::InsufficientFunds,
        Self::IssuerUnavailable,
    ];

    /// The reason for its text, as the transactions keep it.
    pub fn parse(text: &str) -> Option<Decline> {
        Self::ALL.into_iter().find(|d| d.as_str() == text)
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::CardFrozen => "card_frozen",
            Self::CardExpired => "card_expired",
            Self::CardCancelled => "card_cancelled",
            Self::ExceedsTransactionLimit => "exceeds_transaction_limit",
            Self::ExceedsDailyLimit => "exceeds_daily_limit",
            Self::ExceedsMonthlyLimit => "exceeds_monthly_limit",
            Self::InsufficientFunds => "insufficient_funds",
            Self::IssuerUnavailable => "issuer_unavailable",
        }
    }

    fn of_status(status: CardStatus) -> Option<Decline> {
        match status {
            CardStatus::Normal => None,
            CardStatus::Frozen => Some(Self::CardFrozen),
            CardStatus::Expired => Some(Self::CardExpired),
            CardStatus::Cancelled => Some(Self::CardCancelled),
        }
    }
}

/// What the platform answers an issuer event: the event's own answer, kept and sent again to
/// a repeated event.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum EventAnswer {
    Authorization(authorize::Authorized),
    Refund(refund::Refunded),
    Clearing(clear::Cleared),
    Release(HoldReleased),
    Verification(verify::Verified),
}

impl EventAnswer {
    /// For an authorization or a verification, the event and its result (`approved` or the
    /// decline reason), as the metrics count them.
    pub fn decision(&self) -> Option<(&'static str, &'static str)> {
        let (event, approved, reason) = match self {
            EventAnswer::Authorization(a) => ("authorization", a.approved(), a.decline_reason()),
            EventAnswer::Verification(v) => ("verification", v.approved(), v.decline_reason()),
            _ => return None,
        };
        let result = match (approved, reason) {
            (true, _) => "approved",
            (false, Some(reason)) => reason.as_str(),
            (false, None) => "declined",
        };
        Some((event, result))
    }
}

/// A void or a reversal: what came back from the hold.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HoldReleased {
    transaction_id: String,
    released: String,
    card_balance: String,
}

/// The answer to an authorization or a verification the platform could not decide in time:
/// declined `issuer_unavailable`, nothing written.
pub fn unavailable(event: &Event) -> EventAnswer {
    EventAnswer::Verification(verify::Verified::declined(
        event.transaction_id.trim(),
        Decline::IssuerUnavailable,
    ))
}

/// An event the platform cannot apply (nothing is written, nothing kept: a corrected event
/// may follow).
fn bad(code: ApiCode, key: &'static str) -> AppError {
    AppError::new(code, key)
}

/// The amounts of an event, in minor units.
struct Amounts {
    amount: i64,
    currency: String,
    /// In the card's currency.
    billing: i64,
}

fn amounts(e: &Event, card: &Card, allow_zero: bool) -> Result<Amounts, AppError> {
    let invalid = || bad(ApiCode::BadRequest, "api.event_amount_invalid");
    let currency = e.currency.clone().unwrap_or_else(|| card.currency.clone());
    let scale = currency_scale(&currency).ok_or_else(invalid)?;
    let parse = |text: &Option<String>, scale: u8| -> Result<Option<i64>, AppError> {
        text.as_deref()
            .map(|t| parse_amount(t, scale).map_err(|_| invalid()))
            .transpose()
    };
    let amount = parse(&e.amount, scale)?.ok_or_else(invalid)?;
    let card_scale = currency_scale(&card.currency).unwrap_or(USD.scale);
    let billing = if currency == card.currency {
        match parse(&e.billing_amount, card_scale)? {
            Some(b) if b != amount => return Err(invalid()),
            _ => amount,
        }
    } else {
        parse(&e.billing_amount, card_scale)?.ok_or_else(invalid)?
    };
    let floor = i64::from(!allow_zero);
    if amount < floor || billing < floor {
        return Err(invalid());
    }
    Ok(Amounts {
        amount,
        currency,
        billing,
    })
}

/// Handles `event` (signature already checked) inside the caller's transaction: the stored
/// answer when this event was handled before, else its effect and the answer now kept.
///
/// # Errors
/// A database failure.
pub fn handle(
    conn: &mut DbConnection,
    event: &Event,
    body_digest: &str,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    if event.transaction_id.trim().is_empty() || event.transaction_id.len() > 64 {
        return Ok(Err(bad(ApiCode::BadRequest, "api.event_invalid")));
    }
    let Some(card) = cards::find(conn, &event.card_key)? else {
        return Ok(Err(bad(ApiCode::NotFound, "api.card_not_found")));
    };
    // Events of one card are handled one at a time; a copy of an event that arrived while
    // the first was handled finds its answer once it has the lock.
    cards::lock(conn, &card.id)?;
    let key = format!("{}:{}", event.event.as_str(), event.transaction_id.trim());
    if let Some((digest, answer)) = issuer_events::table
        .find(&key)
        .select((issuer_events::body_digest, issuer_events::answer))
        .first::<(String, String)>(conn)
        .optional()?
    {
        if digest != body_digest {
            return Ok(Err(bad(ApiCode::Conflict, "api.event_conflict")));
        }
        return Ok(Ok(serde_json::from_str(&answer)?));
    }
    // Every event but a clearing (which settles its authorization, same id) writes a
    // transaction of its own under its id: another event may not have taken it.
    if event.event != EventKind::Clearing && find_tx(conn, event.transaction_id.trim())?.is_some() {
        return Ok(Err(bad(ApiCode::Conflict, "api.event_conflict")));
    }
    let answer = match event.event {
        EventKind::Authorization => authorize::authorize(conn, event, &card, now)?,
        EventKind::Verification => verify::verify(conn, event, &card, now)?,
        EventKind::Clearing => clear::clear(conn, event, &card, now)?,
        EventKind::Void => void::void(conn, event, &card, now)?,
        EventKind::CorrectiveAuth => reverse::reverse(conn, event, &card, now)?,
        EventKind::Refund => refund::refund(conn, event, &card, now)?,
    };
    let Ok(answer) = answer else {
        return Ok(answer);
    };
    let answer_text = serde_json::to_string(&answer)?;
    let kept = insert_unless_taken(conn, |conn| {
        diesel::insert_into(issuer_events::table)
            .values((
                issuer_events::event_key.eq(&key),
                issuer_events::body_digest.eq(body_digest),
                issuer_events::answer.eq(&answer_text),
                issuer_events::received_at.eq(now),
            ))
            .execute(conn)
    })?;
    if !kept {
        anyhow::bail!("event {key} was handled concurrently");
    }
    Ok(Ok(answer))
}

fn money(minor: i64, card: &Card) -> String {
    currency_amount_text(minor, &card.currency)
}

fn post(conn: &mut DbConnection, movement: &Movement, now: i64) -> anyhow::Result<()> {
    match ledger::post(conn, movement, now)? {
        Ok(_) => Ok(()),
        Err(refusal) => anyhow::bail!("{} was refused: {refusal:?}", movement.reference),
    }
}
