//! Swaps: a quote accepted, at most once, as one ledger transaction (the table in the module
//! above). The claim of the quote, the swap's row and the ledger posting are one savepoint: a
//! posting the ledger refuses (the balance no longer covers it) leaves the quote unclaimed and
//! nothing written.

use diesel::prelude::*;
use domain::exchange::{Asset, ExchangeTerms, Priced, Side};

use super::quotes::{self, Quote};
use super::{platform, user_account};
use crate::api::PageQuery;
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::exchange_swaps;
use crate::services::ledger::{self, AccountKind, Movement, Refusal};

/// The ledger transaction kind of a swap.
pub const KIND: &str = "exchange_swap";

/// The ledger reference of the swap of quote `quote_id`.
pub fn reference(quote_id: &str) -> String {
    format!("{KIND}:{quote_id}")
}

/// A swap, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exchange_swaps)]
struct Row {
    id: String,
    quote_id: String,
    user_id: String,
    from_asset: String,
    to_asset: String,
    side: String,
    from_amount: i64,
    to_amount: i64,
    fee: i64,
    spread: i64,
    exchanged: i64,
    remainder: i64,
    from_price: i64,
    to_price: i64,
    spread_bps: i64,
    fee_bps: i64,
    price_time: i64,
    created_at: i64,
}

/// A swap made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    pub id: String,
    pub quote_id: String,
    pub user_id: String,
    pub side: Side,
    pub terms: ExchangeTerms,
    pub priced: Priced,
    pub price_time: i64,
    pub created_at: i64,
}

impl Row {
    fn swap(self) -> Option<Swap> {
        Some(Swap {
            side: Side::parse(&self.side)?,
            terms: ExchangeTerms {
                from: Asset::from_code(&self.from_asset)?,
                to: Asset::from_code(&self.to_asset)?,
                from_price: self.from_price,
                to_price: self.to_price,
                spread_bps: u32::try_from(self.spread_bps).ok()?,
                fee_bps: u32::try_from(self.fee_bps).ok()?,
            },
            priced: Priced {
                from_amount: self.from_amount,
                to_amount: self.to_amount,
                fee: self.fee,
                spread: self.spread,
                exchanged: self.exchanged,
                remainder: self.remainder,
            },
            id: self.id,
            quote_id: self.quote_id,
            user_id: self.user_id,
            price_time: self.price_time,
            created_at: self.created_at,
        })
    }
}

/// The ledger movement of `quote`'s swap (zero lines left out).
pub fn movement(quote: &Quote) -> Movement {
    let (t, p, user) = (&quote.terms, &quote.priced, quote.user_id.as_str());
    let lines = [
        (user_account(user, t.from), -p.from_amount),
        (platform(AccountKind::ExchangeDesk, t.from), p.exchanged),
        (platform(AccountKind::FeeIncome, t.from), p.fee),
        (platform(AccountKind::ExchangeSpread, t.from), p.spread),
        (platform(AccountKind::ExchangeRounding, t.from), p.remainder),
        (platform(AccountKind::ExchangeDesk, t.to), -p.to_amount),
        (user_account(user, t.to), p.to_amount),
    ];
    Movement {
        kind: KIND,
        reference: reference(&quote.id),
        user_id: Some(user.to_owned()),
        lines: lines
            .into_iter()
            .filter(|(_, amount)| *amount != 0)
            .collect(),
    }
}

/// What accepting a quote came to.
#[derive(Debug, Clone)]
pub enum Accepted {
    /// The swap, made now.
    Done(Swap),
    /// The swap this quote made before (a second accept).
    Repeated(Swap),
    /// The quote expired unaccepted.
    Expired(Quote),
    /// No such quote of this user's.
    NotFound,
    /// The `from` account no longer covers it (the ledger refused; nothing written).
    Insufficient,
}

/// Why the savepoint of a swap rolled back.
enum Abort {
    Insufficient,
    Failed(anyhow::Error),
}

impl From<diesel::result::Error> for Abort {
    fn from(e: diesel::result::Error) -> Self {
        Abort::Failed(e.into())
    }
}

/// Accepts the user's quote `quote_id` at `now`, inside the caller's transaction.
///
/// # Errors
/// A database failure.
pub fn accept(
    conn: &mut DbConnection,
    user_id: &str,
    quote_id: &str,
    now: i64,
) -> anyhow::Result<Accepted> {
    let Some(quote) = quotes::find_owned(conn, user_id, quote_id)? else {
        return Ok(Accepted::NotFound);
    };
    if let Some(swap) = of_quote(conn, quote_id)? {
        return Ok(Accepted::Repeated(swap));
    }
    if !quote.live_at(now) {
        return Ok(Accepted::Expired(quote));
    }
    let made = conn.transaction(|conn| {
        if !quotes::claim(conn, quote_id, user_id, now)? {
            return Ok(None);
        }
        let swap = insert(conn, &quote, now)?;
        match ledger::post(conn, &movement(&quote), now).map_err(Abort::Failed)? {
            Ok(_) => Ok(Some(swap)),
            Err(Refusal::Insufficient { .. }) => Err(Abort::Insufficient),
            Err(Refusal::Duplicate(id)) => Err(Abort::Failed(anyhow::anyhow!(
                "quote {quote_id} was claimed, yet its swap was posted before ({id})"
            ))),
        }
    });
    match made {
        Ok(Some(swap)) => Ok(Accepted::Done(swap)),
        // Claimed meanwhile: by a concurrent accept (answered with its swap), or it expired.
        Ok(None) => Ok(match of_quote(conn, quote_id)? {
            Some(swap) => Accepted::Repeated(swap),
            None => Accepted::Expired(quote),
        }),
        Err(Abort::Insufficient) => Ok(Accepted::Insufficient),
        Err(Abort::Failed(e)) => Err(e),
    }
}

fn insert(conn: &mut DbConnection, quote: &Quote, now: i64) -> QueryResult<Swap> {
    let swap = Swap {
        id: new_id(),
        quote_id: quote.id.clone(),
        user_id: quote.user_id.clone(),
        side: quote.side,
        terms: quote.terms,
        priced: quote.priced,
        price_time: quote.price_time,
        created_at: now,
    };
    let (t, p) = (&swap.terms, &swap.priced);
    diesel::insert_into(exchange_swaps::table)
        .values((
            exchange_swaps::id.eq(&swap.id),
            exchange_swaps::quote_id.eq(&swap.quote_id),
            exchange_swaps::user_id.eq(&swap.user_id),
            exchange_swaps::from_asset.eq(t.from.code()),
            exchange_swaps::to_asset.eq(t.to.code()),
            exchange_swaps::side.eq(swap.side.as_str()),
            exchange_swaps::from_amount.eq(p.from_amount),
            exchange_swaps::to_amount.eq(p.to_amount),
            exchange_swaps::fee.eq(p.fee),
            exchange_swaps::spread.eq(p.spread),
            exchange_swaps::exchanged.eq(p.exchanged),
            exchange_swaps::remainder.eq(p.remainder),
            exchange_swaps::from_price.eq(t.from_price),
            exchange_swaps::to_price.eq(t.to_price),
            exchange_swaps::spread_bps.eq(i64::from(t.spread_bps)),
            exchange_swaps::fee_bps.eq(i64::from(t.fee_bps)),
            exchange_swaps::price_time.eq(swap.price_time),
            exchange_swaps::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(swap)
}

/// The swap quote `quote_id` made, if any.
pub fn of_quote(conn: &mut DbConnection, quote_id: &str) -> QueryResult<Option<Swap>> {
    Ok(exchange_swaps::table
        .filter(exchange_swaps::quote_id.eq(quote_id))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::swap))
}

/// The user's swap `id` (another user's answers none, as an unknown one does).
pub fn find_owned(conn: &mut DbConnection, user_id: &str, id: &str) -> QueryResult<Option<Swap>> {
    Ok(exchange_swaps::table
        .filter(exchange_swaps::id.eq(id))
        .filter(exchange_swaps::user_id.eq(user_id))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::swap))
}

/// A page of the user's swaps, newest first, and how many they made.
pub fn page_of(
    conn: &mut DbConnection,
    user_id: &str,
    page: &PageQuery,
) -> QueryResult<(Vec<Swap>, i64)> {
    let rows: Vec<Row> = exchange_swaps::table
        .filter(exchange_swaps::user_id.eq(user_id))
        .order((exchange_swaps::created_at.desc(), exchange_swaps::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(Row::as_select())
        .load(conn)?;
    let total = exchange_swaps::table
        .filter(exchange_swaps::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    Ok((rows.into_iter().filter_map(Row::swap).collect(), total))
}
