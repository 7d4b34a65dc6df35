//! Quotes: a priced swap offered to one user, with the terms it was priced at, valid until it
//! expires (`FISCARD_QUOTE_TTL_SECS` from the injectable clock). A quote is claimed once, by the
//! swap that accepts it; another user's quote is to its caller as one that does not exist.

use diesel::prelude::*;
use domain::exchange::{Asset, ExchangeTerms, Priced, Side};

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::exchange_quotes;

/// A quote, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exchange_quotes)]
pub struct QuoteRow {
    pub id: String,
    pub user_id: String,
    pub from_asset: String,
    pub to_asset: String,
    pub side: String,
    pub amount: i64,
    pub from_amount: i64,
    pub to_amount: i64,
    pub fee: i64,
    pub spread: i64,
    pub exchanged: i64,
    pub remainder: i64,
    pub from_price: i64,
    pub to_price: i64,
    pub spread_bps: i64,
    pub fee_bps: i64,
    pub price_time: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub accepted_at: Option<i64>,
}

/// A quote: who it is for, what was typed, how it was priced and until when it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub id: String,
    pub user_id: String,
    pub side: Side,
    /// What the user typed, in the `side`'s asset.
    pub amount: i64,
    pub terms: ExchangeTerms,
    pub priced: Priced,
    /// When the older of the two prices was set.
    pub price_time: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub accepted_at: Option<i64>,
}

impl QuoteRow {
    /// `None` for a row this build cannot read (an asset or side it does not know).
    pub fn quote(self) -> Option<Quote> {
        Some(Quote {
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
            user_id: self.user_id,
            amount: self.amount,
            price_time: self.price_time,
            created_at: self.created_at,
            expires_at: self.expires_at,
            accepted_at: self.accepted_at,
        })
    }
}

impl Quote {
    /// Whether it can still be accepted at `now`.
    pub fn live_at(&self, now: i64) -> bool {
        now < self.expires_at
    }
}

/// What a new quote holds.
#[derive(Debug, Clone, Copy)]
pub struct NewQuote<'a> {
    pub user_id: &'a str,
    pub side: Side,
    pub amount: i64,
    pub terms: ExchangeTerms,
    pub priced: Priced,
    pub price_time: i64,
}

/// Stores a quote made at `now`, valid for `ttl_ms`.
pub fn create(
    conn: &mut DbConnection,
    new: &NewQuote<'_>,
    now: i64,
    ttl_ms: i64,
) -> QueryResult<Quote> {
    let quote = Quote {
        id: new_id(),
        user_id: new.user_id.to_owned(),
        side: new.side,
        amount: new.amount,
        terms: new.terms,
        priced: new.priced,
        price_time: new.price_time,
        created_at: now,
        expires_at: now + ttl_ms,
        accepted_at: None,
    };
    let (t, p) = (&quote.terms, &quote.priced);
    diesel::insert_into(exchange_quotes::table)
        .values((
            exchange_quotes::id.eq(&quote.id),
            exchange_quotes::user_id.eq(&quote.user_id),
            exchange_quotes::from_asset.eq(t.from.code()),
            exchange_quotes::to_asset.eq(t.to.code()),
            exchange_quotes::side.eq(quote.side.as_str()),
            exchange_quotes::amount.eq(quote.amount),
            exchange_quotes::from_amount.eq(p.from_amount),
            exchange_quotes::to_amount.eq(p.to_amount),
            exchange_quotes::fee.eq(p.fee),
            exchange_quotes::spread.eq(p.spread),
            exchange_quotes::exchanged.eq(p.exchanged),
            exchange_quotes::remainder.eq(p.remainder),
            exchange_quotes::from_price.eq(t.from_price),
            exchange_quotes::to_price.eq(t.to_price),
            exchange_quotes::spread_bps.eq(i64::from(t.spread_bps)),
            exchange_quotes::fee_bps.eq(i64::from(t.fee_bps)),
            exchange_quotes::price_time.eq(quote.price_time),
            exchange_quotes::created_at.eq(now),
            exchange_quotes::expires_at.eq(quote.expires_at),
        ))
        .execute(conn)?;
    Ok(quote)
}

/// The user's quote `id` (another user's answers none, as an unknown one does).
pub fn find_owned(conn: &mut DbConnection, user_id: &str, id: &str) -> QueryResult<Option<Quote>> {
    Ok(exchange_quotes::table
        .filter(exchange_quotes::id.eq(id))
        .filter(exchange_quotes::user_id.eq(user_id))
        .select(QuoteRow::as_select())
        .first(conn)
        .optional()?
        .and_then(QuoteRow::quote))
}

/// Claims quote `id` for its swap: true for the one caller that finds it unclaimed and live at
/// `now`. On PostgreSQL the row lock makes a concurrent claim wait, then find it claimed; on
/// SQLite writes take turns. Rolled back with the caller's transaction if the swap fails.
pub fn claim(conn: &mut DbConnection, id: &str, user_id: &str, now: i64) -> QueryResult<bool> {
    let claimed = diesel::update(
        exchange_quotes::table
            .filter(exchange_quotes::id.eq(id))
            .filter(exchange_quotes::user_id.eq(user_id))
            .filter(exchange_quotes::accepted_at.is_null())
            .filter(exchange_quotes::expires_at.gt(now)),
    )
    .set(exchange_quotes::accepted_at.eq(now))
    .execute(conn)?;
    Ok(claimed == 1)
}

/// How long a quote never accepted is kept after it expired (a day: a support question about
/// it can still be answered), in milliseconds.
pub const KEPT_AFTER_EXPIRY_MS: i64 = 24 * 60 * 60 * 1000;

/// Deletes the quotes never accepted that expired more than [`KEPT_AFTER_EXPIRY_MS`] before
/// `now`; answers how many. Accepted quotes stay with their swaps. Safe on every instance at
/// once.
pub fn purge(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    diesel::delete(
        exchange_quotes::table
            .filter(exchange_quotes::accepted_at.is_null())
            .filter(exchange_quotes::expires_at.lt(now - KEPT_AFTER_EXPIRY_MS)),
    )
    .execute(conn)
}
