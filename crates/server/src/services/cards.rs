//! Cards: issuing, listing, revealing, recharging, freezing and cancelling, and the orders
//! that record recharges and cancellations.
//!
//! A card has two ledger accounts: its balance, and what authorizations hold until they are
//! cleared or released. The card number is sealed (AES-256-GCM, the card's id as associated
//! data) and found by a keyed digest; the CVV is asked of the issuer on each reveal.

use diesel::prelude::*;
use diesel::sql_types::Text;
use domain::card::{CardAction, CardStatus};
use domain::date::Date;
use domain::money::{USD, recharge_quote};
use domain::orders::{OrderStatus, OrderType};

use super::bins::{Bin, Terms};
use super::issuer::{CardIssuer, IssueRequest};
use super::ledger::{self, Account, AccountKind, Movement, Refusal};
use super::sessions::{self, SESSION_ROW_COLUMNS, SessionRow};
use super::vault::{DigestUse, Purpose, Vault};
use crate::api::PageQuery;
use crate::clock::new_id;
use crate::db::schema::{card_orders as orders, cards, sessions as session_rows};
use crate::db::{DbConnection, insert_unless_taken};

/// A card as the platform keeps it (never its number in clear).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The cardKey.
    pub id: String,
    pub user_id: String,
    pub bin: String,
    pub mask_card_no: String,
    /// `MM/YY`.
    pub expiration_date: String,
    /// From this instant the card is expired.
    pub expires_at: i64,
    pub bill_address: String,
    pub currency: String,
    pub org_name: String,
    pub location_code: String,
    /// As stored; see [`Card::status_at`].
    pub status: CardStatus,
    pub terms: Terms,
    /// Its BIN's time zone (minutes east of UTC): where its spending day and month begin.
    pub utc_offset_minutes: i32,
    pub created_at: i64,
}

#[derive(Queryable)]
struct CardRow {
    id: String,
    user_id: String,
    bin: String,
    mask_card_no: String,
    expiration_date: String,
    expires_at: i64,
    bill_address: String,
    currency: String,
    org_name: String,
    location_code: String,
    status: String,
    recharge_rate_bps: i32,
    payment_rate_bps: i32,
    exchange_rate_bps: i32,
    refund_rate_bps: i32,
    limit_per_transaction: i64,
    limit_daily: i64,
    limit_monthly: i64,
    created_at: i64,
    utc_offset_minutes: i32,
}

macro_rules! card_columns {
    () => {
        (
            cards::id,
            cards::user_id,
            cards::bin,
            cards::mask_card_no,
            cards::expiration_date,
            cards::expires_at,
            cards::bill_address,
            cards::currency,
            cards::org_name,
            cards::location_code,
            cards::status,
            cards::recharge_rate_bps,
            cards::payment_rate_bps,
            cards::exchange_rate_bps,
            cards::refund_rate_bps,
            cards::limit_per_transaction,
            cards::limit_daily,
            cards::limit_monthly,
            cards::created_at,
            cards::utc_offset_minutes,
        )
    };
}

impl From<CardRow> for Card {
    fn from(r: CardRow) -> Card {
        Card {
            id: r.id,
            user_id: r.user_id,
            bin: r.bin,
            mask_card_no: r.mask_card_no,
            expiration_date: r.expiration_date,
            expires_at: r.expires_at,
            bill_address: r.bill_address,
            currency: r.currency,
            org_name: r.org_name,
            location_code: r.location_code,
            // Only this module writes the column, always from `CardStatus`.
            status: CardStatus::parse(&r.status).unwrap_or(CardStatus::Frozen),
            terms: Terms::from_columns(
                [
                    r.recharge_rate_bps,
                    r.payment_rate_bps,
                    r.exchange_rate_bps,
                    r.refund_rate_bps,
                ],
                [r.limit_per_transaction, r.limit_daily, r.limit_monthly],
            ),
            created_at: r.created_at,
            utc_offset_minutes: r.utc_offset_minutes,
        }
    }
}

impl Card {
    /// The status at `now`: a normal or frozen card past its expiry is expired.
    pub fn status_at(&self, now: i64) -> CardStatus {
        match self.status {
            CardStatus::Normal | CardStatus::Frozen if now >= self.expires_at => {
                CardStatus::Expired
            }
            status => status,
        }
    }

    /// The card's balance on the ledger.
    pub fn account(&self) -> Account {
        Account::of_card(&self.user_id, &self.id, AccountKind::Card, &self.currency)
    }

    /// What authorizations hold on the card.
    pub fn hold_account(&self) -> Account {
        Account::of_card(
            &self.user_id,
            &self.id,
            AccountKind::CardHold,
            &self.currency,
        )
    }
}

/// The card `card_id`, whoever holds it.
pub fn find(conn: &mut DbConnection, card_id: &str) -> QueryResult<Option<Card>> {
    let row: Option<CardRow> = cards::table
        .find(card_id)
        .select(card_columns!())
        .first(conn)
        .optional()?;
    Ok(row.map(Card::from))
}

/// The card `card_id` if `user_id` holds it; another user's card is as unknown as a card that
/// does not exist.
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    card_id: &str,
) -> QueryResult<Option<Card>> {
    Ok(find(conn, card_id)?.filter(|c| c.user_id == user_id))
}

/// Locks the card's row until the transaction ends (PostgreSQL; SQLite writers take turns),
/// so decisions about one card (recharge, cancel, authorizations) are taken one at a time.
pub fn lock(conn: &mut DbConnection, card_id: &str) -> QueryResult<()> {
    diesel::update(cards::table.find(card_id))
        .set(cards::updated_at.eq(cards::updated_at))
        .execute(conn)
        .map(|_| ())
}

/// A listed card: the card, its balance, what authorizations hold on it.
pub type Listed = (Card, i64, i64);

/// A row of [`page_of_session`]: the session's, and a card (none for a holder without cards)
/// with its balance and held amount when their accounts are open.
type ListedRow = (SessionRow, Option<CardRow>, Option<i64>, Option<i64>);

/// A page of the cards of the session whose token hashes to `token_hash`, with that session's
/// row ([`sessions::SessionRow`], live or not: the caller judges it) read in the same statement:
/// the list is the screen card holders open most, and on PostgreSQL this saves a round trip.
/// `None` when no session has that hash.
///
/// Newest first, cancelled cards hidden, each with its balance and what authorizations hold on
/// it: the session's row left-joined to its user's cards (on SQLite read in the order of the
/// index `cards_user_listed`, with no sort), each card joined to its two ledger accounts by
/// their keys ([`Account::of_card`]'s `card:<id>:<kind>:<currency>`; an account not yet opened
/// reads 0). A user without cards still has the session's row. The page is read with one card
/// more than it shows: when that one is not there, the total is known without counting.
pub fn page_of_session(
    conn: &mut DbConnection,
    token_hash: &str,
    page: &PageQuery,
) -> QueryResult<Option<(SessionRow, Vec<Listed>, i64)>> {
    use crate::db::schema::ledger_accounts as accounts;
    let held = diesel::alias!(accounts as held);
    let key_of = |kind: AccountKind| {
        "card:"
            .into_sql::<Text>()
            .concat(cards::id)
            .concat(format!(":{}:", kind.as_str()))
            .concat(cards::currency)
    };
    let size = usize::try_from(page.size()).unwrap_or(usize::MAX);
    let rows: Vec<ListedRow> = crate::on_backend!(conn, |c| {
        session_rows::table
            .left_join(
                cards::table.on(cards::user_id
                    .eq(session_rows::user_id)
                    .and(cards::status.ne(CardStatus::Cancelled.as_str()))),
            )
            .left_join(accounts::table.on(accounts::account_key.eq(key_of(AccountKind::Card))))
            .left_join(
                held.on(held
                    .field(accounts::account_key)
                    .eq(key_of(AccountKind::CardHold))),
            )
            .filter(session_rows::token_hash.eq(token_hash))
            .order((cards::created_at.desc(), cards::id.desc()))
            .limit(i64::from(page.size()) + 1)
            .offset(page.offset())
            .select((
                SESSION_ROW_COLUMNS,
                card_columns!().nullable(),
                accounts::balance.nullable(),
                held.field(accounts::balance).nullable(),
            ))
            .load(c)?
    });
    let session = match rows.first() {
        Some((session, ..)) => session.clone(),
        // Past the last page: no card row, so no session row either.
        None => match sessions::row_of(conn, token_hash)? {
            Some(session) => session,
            None => return Ok(None),
        },
    };
    let mut list: Vec<Listed> = rows
        .into_iter()
        .filter_map(|(_, card, balance, held)| {
            card.map(|row| (Card::from(row), balance.unwrap_or(0), held.unwrap_or(0)))
        })
        .collect();
    let total = if list.len() > size || (list.is_empty() && page.offset() > 0) {
        cards::table
            .filter(cards::user_id.eq(&session.1))
            .filter(cards::status.ne(CardStatus::Cancelled.as_str()))
            .count()
            .get_result(conn)?
    } else {
        page.offset() + i64::try_from(list.len()).unwrap_or(i64::MAX)
    };
    list.truncate(size);
    Ok(Some((session, list, total)))
}

/// Issues a card under `bin` to `user_id`: the issuer makes the number, which is sealed
/// before it is stored.
///
/// # Errors
/// The issuer's failure, or a database error.
pub fn issue(
    conn: &mut DbConnection,
    vault: &Vault,
    issuer: &dyn CardIssuer,
    user_id: &str,
    bin: &Bin,
    now: i64,
) -> anyhow::Result<Card> {
    let request = IssueRequest {
        bin: &bin.bin,
        location_code: &bin.location_code,
        issued_on: Date::of_instant_ms(now),
    };
    // A number issued before is refused by the digest's unique index; try another.
    for _ in 0..5 {
        let made = issuer.issue(&request)?;
        let id = new_id();
        let digest =
            hex::encode(vault.digest(DigestUse::CardNumberLookup, made.card_number.as_bytes()));
        let t = bin.terms;
        let [recharge, payment, exchange, refund] = t.rate_columns();
        let card = Card {
            id: id.clone(),
            user_id: user_id.to_owned(),
            bin: bin.bin.clone(),
            mask_card_no: domain::mask::mask_card_number(&made.card_number),
            expiration_date: made.expiration_date.clone(),
            expires_at: made.expires_on.start_ms(),
            bill_address: made.bill_address.clone(),
            currency: bin.currency.clone(),
            org_name: bin.org_name.clone(),
            location_code: bin.location_code.clone(),
            status: CardStatus::Normal,
            terms: t,
            utc_offset_minutes: bin.utc_offset_minutes,
            created_at: now,
        };
        let inserted = insert_unless_taken(conn, |conn| {
            diesel::insert_into(cards::table)
                .values((
                    cards::id.eq(&card.id),
                    cards::user_id.eq(&card.user_id),
                    cards::bin.eq(&card.bin),
                    cards::pan_sealed.eq(vault.seal(
                        Purpose::CardNumber,
                        &id,
                        made.card_number.as_bytes(),
                    )),
                    cards::pan_digest.eq(&digest),
                    cards::mask_card_no.eq(&card.mask_card_no),
                    cards::expiration_date.eq(&card.expiration_date),
                    cards::expires_at.eq(card.expires_at),
                    cards::bill_address.eq(&card.bill_address),
                    cards::currency.eq(&card.currency),
                    cards::org_name.eq(&card.org_name),
                    cards::location_code.eq(&card.location_code),
                    cards::status.eq(card.status.as_str()),
                    cards::recharge_rate_bps.eq(recharge),
                    cards::payment_rate_bps.eq(payment),
                    cards::exchange_rate_bps.eq(exchange),
                    cards::refund_rate_bps.eq(refund),
                    cards::limit_per_transaction.eq(t.limits.per_transaction),
                    cards::limit_daily.eq(t.limits.daily),
                    cards::limit_monthly.eq(t.limits.monthly),
                    cards::created_at.eq(now),
                    cards::updated_at.eq(now),
                    cards::utc_offset_minutes.eq(card.utc_offset_minutes),
                ))
                .execute(conn)
        })?;
        if inserted {
            return Ok(card);
        }
    }
    anyhow::bail!("the issuer kept issuing numbers already in use")
}

/// What a reveal shows: the details, as the issuer knows them.
#[derive(Clone)]
pub struct Details {
    // Debug (below) never shows the number or the CVV.
    pub card_number: String,
    pub cvv: String,
    pub expiration_date: String,
    pub bill_address: String,
}

impl std::fmt::Debug for Details {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Details")
            .field("expiration_date", &self.expiration_date)
            .finish_non_exhaustive()
    }
}

/// Opens the card's number and asks the issuer for its CVV.
///
/// # Errors
/// When the sealed number does not open (altered, or another key).
pub fn details(
    conn: &mut DbConnection,
    vault: &Vault,
    issuer: &dyn CardIssuer,
    card: &Card,
) -> anyhow::Result<Details> {
    let sealed: String = cards::table
        .find(&card.id)
        .select(cards::pan_sealed)
        .first(conn)?;
    let number = String::from_utf8(vault.open(Purpose::CardNumber, &card.id, &sealed)?)?;
    let cvv = issuer.verification_value(&number, &card.expiration_date);
    Ok(Details {
        card_number: number,
        cvv,
        expiration_date: card.expiration_date.clone(),
        bill_address: card.bill_address.clone(),
    })
}

/// Moves the card to the status `action` leads to; `None` (nothing written) when its status at
/// `now` does not allow the action. An operator's freeze reason goes with the old status
/// (the console writes its reason afterwards).
pub fn change_status(
    conn: &mut DbConnection,
    card: &Card,
    action: CardAction,
    now: i64,
) -> QueryResult<Option<CardStatus>> {
    let Some(next) = card.status_at(now).after(action) else {
        return Ok(None);
    };
    diesel::update(cards::table.find(&card.id))
        .set((
            cards::status.eq(next.as_str()),
            cards::frozen_reason.eq(None::<String>),
            cards::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(Some(next))
}

/// The reason an operator froze the card with (the console's `frozen_reason`), `None` when the
/// card is not frozen by an operator (or unknown). A card an operator froze stays frozen until an
/// operator lifts it: its holder cannot unfreeze it.
pub fn operator_freeze_reason(
    conn: &mut DbConnection,
    card_id: &str,
) -> QueryResult<Option<String>> {
    cards::table
        .find(card_id)
        .select(cards::frozen_reason)
        .first::<Option<String>>(conn)
        .optional()
        .map(Option::flatten)
}

/// A card order (recharge or cancellation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub id: String,
    pub card_id: String,
    pub mask_card_no: String,
    pub kind: OrderType,
    pub amount: i64,
    pub fee: i64,
    pub currency: String,
    pub status: OrderStatus,
    pub created_at: i64,
}

fn record_order(
    conn: &mut DbConnection,
    order: &Order,
    user_id: &str,
    transaction_id: Option<&str>,
) -> QueryResult<()> {
    diesel::insert_into(orders::table)
        .values((
            orders::id.eq(&order.id),
            orders::user_id.eq(user_id),
            orders::card_id.eq(&order.card_id),
            orders::kind.eq(order.kind.as_str()),
            orders::amount.eq(order.amount),
            orders::fee.eq(order.fee),
            orders::currency.eq(&order.currency),
            orders::status.eq(i32::try_from(order.status.code()).unwrap_or(0)),
            orders::ledger_transaction_id.eq(transaction_id),
            orders::created_at.eq(order.created_at),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Why a recharge or a cancellation did not happen (nothing moved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The card's status does not allow it (recharge: only normal cards).
    Status(CardStatus),
    /// The USD account does not cover the amount.
    InsufficientBalance,
    /// Authorizations still hold money on the card.
    PendingAuthorizations,
}

/// Recharges `card` with `amount` USD (minor units) from the holder's USD bank account; the
/// recharge fee comes out of the amount. Call with the card locked.
///
/// # Errors
/// A database failure.
pub fn recharge(
    conn: &mut DbConnection,
    card: &Card,
    amount: i64,
    now: i64,
) -> anyhow::Result<Result<Order, Refused>> {
    let status = card.status_at(now);
    if !status.allows_recharge() {
        return Ok(Err(Refused::Status(status)));
    }
    let quote = recharge_quote(amount, card.terms.recharge_rate);
    let order = Order {
        id: new_id(),
        card_id: card.id.clone(),
        mask_card_no: card.mask_card_no.clone(),
        kind: OrderType::Deposit,
        amount,
        fee: quote.fee_minor,
        currency: USD.code.to_owned(),
        status: OrderStatus::Completed,
        created_at: now,
    };
    let lines = [
        (
            Account::of_user(&card.user_id, AccountKind::Bank, USD.code),
            -amount,
        ),
        (card.account(), quote.credited_minor),
        (
            Account::of_platform(AccountKind::FeeIncome, USD.code),
            quote.fee_minor,
        ),
    ]
    .into_iter()
    .filter(|(_, a)| *a != 0)
    .collect();
    let movement = Movement {
        kind: "card_recharge",
        reference: format!("order:{}", order.id),
        user_id: Some(card.user_id.clone()),
        lines,
    };
    match ledger::post(conn, &movement, now)? {
        Ok(transaction_id) => {
            record_order(conn, &order, &card.user_id, Some(&transaction_id))?;
            Ok(Ok(order))
        }
        Err(Refusal::Insufficient { .. }) => Ok(Err(Refused::InsufficientBalance)),
        Err(Refusal::Duplicate(_)) => anyhow::bail!("an order id was used twice"),
    }
}

/// Cancels `card`: what is left on it goes back to the USD bank account (a CANCEL order) and
/// the card disappears from the list. Call with the card locked.
///
/// # Errors
/// A database failure.
pub fn cancel(
    conn: &mut DbConnection,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<Order, Refused>> {
    let status = card.status_at(now);
    if !status.allows(CardAction::Cancel) {
        return Ok(Err(Refused::Status(status)));
    }
    if ledger::balance(conn, &card.hold_account())? != 0 {
        return Ok(Err(Refused::PendingAuthorizations));
    }
    let remaining = ledger::balance(conn, &card.account())?;
    let order = Order {
        id: new_id(),
        card_id: card.id.clone(),
        mask_card_no: card.mask_card_no.clone(),
        kind: OrderType::Cancel,
        amount: remaining,
        fee: 0,
        currency: card.currency.clone(),
        status: OrderStatus::Completed,
        created_at: now,
    };
    let transaction_id = if remaining > 0 {
        let movement = Movement {
            kind: "card_cancel",
            reference: format!("order:{}", order.id),
            user_id: Some(card.user_id.clone()),
            lines: vec![
                (card.account(), -remaining),
                (
                    Account::of_user(&card.user_id, AccountKind::Bank, USD.code),
                    remaining,
                ),
            ],
        };
        match ledger::post(conn, &movement, now)? {
            Ok(id) => Some(id),
            Err(refusal) => anyhow::bail!("cancelling a card was refused: {refusal:?}"),
        }
    } else {
        None
    };
    change_status(conn, card, CardAction::Cancel, now)?;
    record_order(conn, &order, &card.user_id, transaction_id.as_deref())?;
    Ok(Ok(order))
}

/// A page of the user's card orders, newest first.
pub fn orders_of(
    conn: &mut DbConnection,
    user_id: &str,
    page: &PageQuery,
) -> QueryResult<(Vec<Order>, i64)> {
    let total: i64 = orders::table
        .filter(orders::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    #[allow(clippy::type_complexity)] // one row of the join
    let rows: Vec<(String, String, String, String, i64, i64, String, i32, i64)> = orders::table
        .inner_join(cards::table)
        .filter(orders::user_id.eq(user_id))
        .order((orders::created_at.desc(), orders::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select((
            orders::id,
            orders::card_id,
            cards::mask_card_no,
            orders::kind,
            orders::amount,
            orders::fee,
            orders::currency,
            orders::status,
            orders::created_at,
        ))
        .load(conn)?;
    let list = rows
        .into_iter()
        .map(|r| Order {
            id: r.0,
            card_id: r.1,
            mask_card_no: r.2,
            kind: OrderType::parse(&r.3).unwrap_or(OrderType::Deposit),
            amount: r.4,
            fee: r.5,
            currency: r.6,
            status: OrderStatus::from_code(i64::from(r.7)).unwrap_or(OrderStatus::Processing),
            created_at: r.8,
        })
        .collect();
    Ok((list, total))
}

/// How many cards were ever issued to `user_id` (cancelled ones too), and how many of their
/// recharges completed: what the first steps read.
pub fn counts_of(conn: &mut DbConnection, user_id: &str) -> QueryResult<(u64, u64)> {
    let issued: i64 = cards::table
        .filter(cards::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    let recharged: i64 = orders::table
        .filter(orders::user_id.eq(user_id))
        .filter(orders::kind.eq(OrderType::Deposit.as_str()))
        .filter(orders::status.eq(i32::try_from(OrderStatus::Completed.code()).unwrap_or(2)))
        .count()
        .get_result(conn)?;
    Ok((issued.unsigned_abs(), recharged.unsigned_abs()))
}
