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

use diesel::prelude::*;
use domain::card::{CardStatus, PaymentFees};
use domain::date::Date;
use domain::money::{USD, currency_amount_text, currency_scale, parse_amount};
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::Deserialize;
use serde_json::{Value, json};

use super::cards::{self, Card};
use super::ledger::{self, Account, AccountKind, Movement, Refusal};
use crate::api::{ApiCode, AppError};
use crate::clock::new_id;
use crate::db::schema::{card_transactions as txs, issuer_events};
use crate::db::{DbConnection, insert_unless_taken};

/// The events the issuer sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Event {
    pub event: EventKind,
    /// The network's id of this transaction; for a clearing, the authorization's.
    pub transaction_id: String,
    /// The authorization (or purchase) a void, reversal or refund refers to.
    #[serde(default)]
    pub origin_transaction_id: Option<String>,
    pub card_key: String,
    #[serde(default)]
    pub amount: Option<String>,
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub billing_amount: Option<String>,
    #[serde(default)]
    pub merchant: Option<String>,
    /// When it happened (ms since the epoch); when it arrived, if absent.
    #[serde(default)]
    pub occurred_at: Option<i64>,
}

/// Why an authorization was declined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decline {
    CardFrozen,
    CardExpired,
    CardCancelled,
    ExceedsTransactionLimit,
    ExceedsDailyLimit,
    ExceedsMonthlyLimit,
    InsufficientFunds,
}

impl Decline {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::CardFrozen => "card_frozen",
            Self::CardExpired => "card_expired",
            Self::CardCancelled => "card_cancelled",
            Self::ExceedsTransactionLimit => "exceeds_transaction_limit",
            Self::ExceedsDailyLimit => "exceeds_daily_limit",
            Self::ExceedsMonthlyLimit => "exceeds_monthly_limit",
            Self::InsufficientFunds => "insufficient_funds",
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

/// A transaction row.
#[derive(Debug, Clone, Queryable)]
pub struct Transaction {
    pub id: String,
    pub transaction_id: String,
    pub origin_transaction_id: Option<String>,
    pub card_id: String,
    pub user_id: String,
    pub transaction_type: String,
    pub status: String,
    pub merchant_name_location: String,
    pub transaction_amount: i64,
    pub transaction_currency: String,
    pub account_gross_amount: i64,
    pub account_currency: String,
    pub transaction_fee: i64,
    pub conversion_fee: i64,
    pub cross_border_fee: i64,
    pub refund_fee: i64,
    pub held: i64,
    pub decline_reason: Option<String>,
    pub check_code: Option<String>,
    pub occurred_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

macro_rules! tx_columns {
    () => {
        (
            txs::id,
            txs::transaction_id,
            txs::origin_transaction_id,
            txs::card_id,
            txs::user_id,
            txs::transaction_type,
            txs::status,
            txs::merchant_name_location,
            txs::transaction_amount,
            txs::transaction_currency,
            txs::account_gross_amount,
            txs::account_currency,
            txs::transaction_fee,
            txs::conversion_fee,
            txs::cross_border_fee,
            txs::refund_fee,
            txs::held,
            txs::decline_reason,
            txs::check_code,
            txs::occurred_at,
            txs::created_at,
            txs::updated_at,
        )
    };
}

fn insert(conn: &mut DbConnection, t: &Transaction) -> QueryResult<()> {
    diesel::insert_into(txs::table)
        .values((
            txs::id.eq(&t.id),
            txs::transaction_id.eq(&t.transaction_id),
            txs::origin_transaction_id.eq(&t.origin_transaction_id),
            txs::card_id.eq(&t.card_id),
            txs::user_id.eq(&t.user_id),
            txs::transaction_type.eq(&t.transaction_type),
            txs::status.eq(&t.status),
            txs::merchant_name_location.eq(&t.merchant_name_location),
            txs::transaction_amount.eq(t.transaction_amount),
            txs::transaction_currency.eq(&t.transaction_currency),
            txs::account_gross_amount.eq(t.account_gross_amount),
            txs::account_currency.eq(&t.account_currency),
            txs::transaction_fee.eq(t.transaction_fee),
            txs::conversion_fee.eq(t.conversion_fee),
            txs::cross_border_fee.eq(t.cross_border_fee),
            txs::refund_fee.eq(t.refund_fee),
            txs::held.eq(t.held),
            txs::decline_reason.eq(&t.decline_reason),
            txs::check_code.eq(&t.check_code),
            txs::occurred_at.eq(t.occurred_at),
            txs::created_at.eq(t.created_at),
            txs::updated_at.eq(t.updated_at),
        ))
        .execute(conn)
        .map(|_| ())
}

fn find_tx(conn: &mut DbConnection, transaction_id: &str) -> QueryResult<Option<Transaction>> {
    txs::table
        .filter(txs::transaction_id.eq(transaction_id))
        .select(tx_columns!())
        .first(conn)
        .optional()
}

/// A page of a card's transactions, newest first.
pub fn page_of_card(
    conn: &mut DbConnection,
    card_id: &str,
    page: &crate::api::PageQuery,
) -> QueryResult<(Vec<Transaction>, i64)> {
    let total: i64 = txs::table
        .filter(txs::card_id.eq(card_id))
        .count()
        .get_result(conn)?;
    let list = txs::table
        .filter(txs::card_id.eq(card_id))
        .order((
            txs::occurred_at.desc(),
            txs::created_at.desc(),
            txs::id.desc(),
        ))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(tx_columns!())
        .load(conn)?;
    Ok((list, total))
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
) -> anyhow::Result<Result<Value, AppError>> {
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
        EventKind::Authorization => authorize(conn, event, &card, now)?,
        EventKind::Verification => verify(conn, event, &card, now)?,
        EventKind::Clearing => clear(conn, event, &card, now)?,
        EventKind::Void => void(conn, event, &card, now)?,
        EventKind::CorrectiveAuth => reverse(conn, event, &card, now)?,
        EventKind::Refund => refund(conn, event, &card, now)?,
    };
    let Ok(answer) = answer else {
        return Ok(answer);
    };
    let kept = insert_unless_taken(conn, |conn| {
        diesel::insert_into(issuer_events::table)
            .values((
                issuer_events::event_key.eq(&key),
                issuer_events::body_digest.eq(body_digest),
                issuer_events::answer.eq(answer.to_string()),
                issuer_events::received_at.eq(now),
            ))
            .execute(conn)
    })?;
    if !kept {
        anyhow::bail!("event {key} was handled concurrently");
    }
    Ok(Ok(answer))
}

fn new_row(e: &Event, card: &Card, kind: &str, status: &str, now: i64) -> Transaction {
    Transaction {
        id: new_id(),
        transaction_id: e.transaction_id.trim().to_owned(),
        origin_transaction_id: e.origin_transaction_id.clone(),
        card_id: card.id.clone(),
        user_id: card.user_id.clone(),
        transaction_type: kind.to_owned(),
        status: status.to_owned(),
        merchant_name_location: e
            .merchant
            .clone()
            .unwrap_or_default()
            .chars()
            .take(128)
            .collect(),
        transaction_amount: 0,
        transaction_currency: card.currency.clone(),
        account_gross_amount: 0,
        account_currency: card.currency.clone(),
        transaction_fee: 0,
        conversion_fee: 0,
        cross_border_fee: 0,
        refund_fee: 0,
        held: 0,
        decline_reason: None,
        check_code: None,
        occurred_at: e.occurred_at.unwrap_or(now),
        created_at: now,
        updated_at: now,
    }
}

fn money(minor: i64, card: &Card) -> String {
    currency_amount_text(minor, &card.currency)
}

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

fn authorize(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
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
    Ok(Ok(json!({
        "transactionId": row.transaction_id,
        "approved": decline.is_none(),
        "declineReason": decline.map(Decline::as_str),
        "checkCode": row.check_code,
        "held": money(row.held, card),
        "transactionFee": money(row.transaction_fee, card),
        "conversionFee": money(row.conversion_fee, card),
        "cardBalance": money(balance, card),
    })))
}

fn verify(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
    let decline = Decline::of_status(card.status_at(now));
    let mut row = new_row(
        e,
        card,
        Kind::Verification.as_str(),
        Status::Succeed.as_str(),
        now,
    );
    if let Some(reason) = decline {
        Status::Failed.as_str().clone_into(&mut row.status);
        row.decline_reason = Some(reason.as_str().to_owned());
    }
    insert(conn, &row)?;
    Ok(Ok(json!({
        "transactionId": row.transaction_id,
        "approved": decline.is_none(),
        "declineReason": decline.map(Decline::as_str),
    })))
}

/// The authorization an event refers to, on this card, still holding money.
fn open_authorization(
    conn: &mut DbConnection,
    card: &Card,
    transaction_id: Option<&str>,
) -> QueryResult<Result<Transaction, AppError>> {
    let Some(id) = transaction_id else {
        return Ok(Err(bad(ApiCode::BadRequest, "api.event_invalid")));
    };
    match find_tx(conn, id)? {
        Some(t) if t.card_id == card.id && t.transaction_type == Kind::Auth.as_str() => {
            if t.status == Status::Authorized.as_str() && t.held > 0 {
                Ok(Ok(t))
            } else {
                Ok(Err(bad(ApiCode::Refused, "api.event_not_applicable")))
            }
        }
        _ => Ok(Err(bad(ApiCode::NotFound, "api.transaction_not_found"))),
    }
}

fn post(conn: &mut DbConnection, movement: &Movement, now: i64) -> anyhow::Result<()> {
    match ledger::post(conn, movement, now)? {
        Ok(_) => Ok(()),
        Err(refusal) => anyhow::bail!("{} was refused: {refusal:?}", movement.reference),
    }
}

fn set_auth(
    conn: &mut DbConnection,
    auth: &Transaction,
    status: &str,
    gross: i64,
    fees: PaymentFees,
    held: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(txs::table.find(&auth.id))
        .set((
            txs::status.eq(status),
            txs::account_gross_amount.eq(gross),
            txs::transaction_fee.eq(fees.transaction_fee),
            txs::conversion_fee.eq(fees.conversion_fee),
            txs::held.eq(held),
            txs::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

fn auth_fees(auth: &Transaction) -> PaymentFees {
    PaymentFees {
        transaction_fee: auth.transaction_fee,
        conversion_fee: auth.conversion_fee,
    }
}

/// Clearing: the authorization is settled; its hold goes to the issuer (the amount) and to the
/// platform (the fees).
fn clear(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
    let auth = match open_authorization(conn, card, Some(e.transaction_id.trim()))? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    let fees = auth.transaction_fee + auth.conversion_fee;
    let lines = [
        (card.hold_account(), -auth.held),
        (
            Account::of_platform(AccountKind::IssuerSettlement, &card.currency),
            auth.account_gross_amount,
        ),
        (
            Account::of_platform(AccountKind::FeeIncome, &card.currency),
            fees,
        ),
    ]
    .into_iter()
    .filter(|(_, a)| *a != 0)
    .collect();
    post(
        conn,
        &Movement {
            kind: "card_clearing",
            reference: format!("clearing:{}", auth.transaction_id),
            user_id: Some(card.user_id.clone()),
            lines,
        },
        now,
    )?;
    set_auth(
        conn,
        &auth,
        Status::Succeed.as_str(),
        auth.account_gross_amount,
        auth_fees(&auth),
        0,
        now,
    )?;
    Ok(Ok(json!({
        "transactionId": auth.transaction_id,
        "status": Status::Succeed.as_str(),
        "settled": money(auth.account_gross_amount, card),
        "fees": money(fees, card),
    })))
}

/// Releases `amount` of an authorization's hold back to the card.
fn release(
    conn: &mut DbConnection,
    card: &Card,
    reference: String,
    amount: i64,
    now: i64,
) -> anyhow::Result<()> {
    if amount == 0 {
        return Ok(());
    }
    post(
        conn,
        &Movement {
            kind: "card_release",
            reference,
            user_id: Some(card.user_id.clone()),
            lines: vec![(card.hold_account(), -amount), (card.account(), amount)],
        },
        now,
    )
}

/// Void: the authorization is cancelled and its whole hold released.
fn void(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
    let auth = match open_authorization(conn, card, e.origin_transaction_id.as_deref())? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    release(
        conn,
        card,
        format!("void:{}", e.transaction_id.trim()),
        auth.held,
        now,
    )?;
    set_auth(
        conn,
        &auth,
        Status::Void.as_str(),
        auth.account_gross_amount,
        auth_fees(&auth),
        0,
        now,
    )?;
    let mut row = new_row(e, card, Kind::Void.as_str(), Status::Succeed.as_str(), now);
    row.merchant_name_location
        .clone_from(&auth.merchant_name_location);
    row.transaction_amount = auth.transaction_amount;
    row.transaction_currency
        .clone_from(&auth.transaction_currency);
    row.account_gross_amount = auth.account_gross_amount;
    row.origin_transaction_id = Some(auth.transaction_id.clone());
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(json!({
        "transactionId": row.transaction_id,
        "released": money(auth.held, card),
        "cardBalance": money(balance, card),
    })))
}

/// Reverse authorization: part (or all) of an authorization is reversed; its fees follow the
/// amount that remains, and the difference in hold comes back to the card.
fn reverse(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
    let auth = match open_authorization(conn, card, e.origin_transaction_id.as_deref())? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    let a = match amounts(e, card, false) {
        Ok(a) if a.billing <= auth.account_gross_amount => a,
        Ok(_) => return Ok(Err(bad(ApiCode::Refused, "api.event_amount_too_large"))),
        Err(error) => return Ok(Err(error)),
    };
    let gross = auth.account_gross_amount - a.billing;
    let fees = PaymentFees::of(
        gross,
        card.terms.payment_rate,
        card.terms.exchange_rate,
        auth.transaction_currency != card.currency,
    );
    let held = if gross == 0 {
        0
    } else {
        fees.total_with(gross)
    };
    let released = auth.held - held;
    release(
        conn,
        card,
        format!("reverse:{}", e.transaction_id.trim()),
        released,
        now,
    )?;
    let status = if gross == 0 {
        Status::Void.as_str()
    } else {
        Status::Authorized.as_str()
    };
    let fees = if gross == 0 {
        PaymentFees {
            transaction_fee: 0,
            conversion_fee: 0,
        }
    } else {
        fees
    };
    set_auth(conn, &auth, status, gross, fees, held, now)?;
    let mut row = new_row(
        e,
        card,
        Kind::CorrectiveAuth.as_str(),
        Status::Succeed.as_str(),
        now,
    );
    if row.merchant_name_location.is_empty() {
        row.merchant_name_location
            .clone_from(&auth.merchant_name_location);
    }
    row.transaction_amount = a.amount;
    row.transaction_currency = a.currency;
    row.account_gross_amount = a.billing;
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(json!({
        "transactionId": row.transaction_id,
        "released": money(released, card),
        "cardBalance": money(balance, card),
    })))
}

/// Refund: the merchant gives money back; it reaches the card (or, when the card was
/// cancelled, the USD account), less the card's refund fee.
fn refund(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Value, AppError>> {
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
    Ok(Ok(json!({
        "transactionId": row.transaction_id,
        "credited": money(a.billing - fee, card),
        "refundFee": money(fee, card),
        "cardBalance": money(balance, card),
    })))
}
