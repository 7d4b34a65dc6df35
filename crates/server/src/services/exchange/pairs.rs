//! The pairs, one per direction (from, to), as operators set them: the spread and the fee in
//! basis points, the least and the most one swap may give (in the from asset), open or closed.

use diesel::prelude::*;
use domain::exchange::Asset;

use crate::db::DbConnection;
use crate::db::schema::exchange_pairs;

/// A pair's settings, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = exchange_pairs)]
struct Row {
    from_asset: String,
    to_asset: String,
    spread_bps: i64,
    fee_bps: i64,
    minimum: i64,
    maximum: i64,
    enabled: bool,
}

/// A direction of exchange and its terms. Amounts are minor units of `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    pub from: Asset,
    pub to: Asset,
    pub spread_bps: u32,
    pub fee_bps: u32,
    pub minimum: i64,
    pub maximum: i64,
    pub enabled: bool,
}

impl Row {
    fn pair(self) -> Option<Pair> {
        Some(Pair {
            from: Asset::from_code(&self.from_asset)?,
            to: Asset::from_code(&self.to_asset)?,
            spread_bps: u32::try_from(self.spread_bps).ok()?,
            fee_bps: u32::try_from(self.fee_bps).ok()?,
            minimum: self.minimum,
            maximum: self.maximum,
            enabled: self.enabled,
        })
    }
}

impl Pair {
    /// What is wrong with these settings, if anything: a spread and fee that together take
    /// the whole amount, a minimum of nothing, a maximum below the minimum or over the largest
    /// amount the ledger carries.
    pub fn problem(&self) -> Option<String> {
        if self.from == self.to {
            return Some("a pair needs two different assets".into());
        }
        if self.spread_bps + self.fee_bps >= 10_000 {
            return Some("the spread and the fee together must stay below 10000 bps".into());
        }
        if self.minimum <= 0 {
            return Some("the minimum must be above zero".into());
        }
        if self.maximum < self.minimum || self.maximum > domain::money::MAX_AMOUNT_MINOR {
            return Some(
                "the maximum must be at least the minimum, within the largest amount".into(),
            );
        }
        None
    }
}

/// Every pair, in `Asset::ALL` order of from, then of to.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Pair>> {
    let mut pairs: Vec<Pair> = exchange_pairs::table
        .select(Row::as_select())
        .load(conn)?
        .into_iter()
        .filter_map(Row::pair)
        .collect();
    let rank = |a: Asset| Asset::ALL.iter().position(|x| *x == a);
    pairs.sort_by_key(|p| (rank(p.from), rank(p.to)));
    Ok(pairs)
}

/// The pair from `from` to `to`, if the platform has it.
pub fn find(conn: &mut DbConnection, from: Asset, to: Asset) -> QueryResult<Option<Pair>> {
    Ok(exchange_pairs::table
        .find((from.code(), to.code()))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::pair))
}

/// Saves `pair`'s settings (the pair exists: the migration made every direction).
pub fn save(conn: &mut DbConnection, pair: &Pair, now: i64) -> QueryResult<()> {
    diesel::update(exchange_pairs::table.find((pair.from.code(), pair.to.code())))
        .set((
            exchange_pairs::spread_bps.eq(i64::from(pair.spread_bps)),
            exchange_pairs::fee_bps.eq(i64::from(pair.fee_bps)),
            exchange_pairs::minimum.eq(pair.minimum),
            exchange_pairs::maximum.eq(pair.maximum),
            exchange_pairs::enabled.eq(pair.enabled),
            exchange_pairs::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}
