//! Card BINs: the programmes cards are issued under, each with its card currency, fee rates
//! and spending limits. Operators add and disable them (`fiscard admin bin …`); a card copies
//! its BIN's terms when it is issued, so later changes apply to new cards only.

use diesel::prelude::*;
use domain::bin::{STANDARD_LIMITS, limits_valid, number_valid, scheme_valid, utc_offset_valid};
use domain::card::{STANDARD_EXCHANGE_RATE, STANDARD_PAYMENT_RATE, STANDARD_RECHARGE_RATE};
use domain::money::{Rate, USD};

use crate::db::DbConnection;
use crate::db::schema::card_bins;

/// Spending limits, in minor units of the card's currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub per_transaction: i64,
    pub daily: i64,
    pub monthly: i64,
}

/// What a card costs and may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Taken out of each recharge.
    pub recharge_rate: Rate,
    /// The transaction fee on each payment (1% by default).
    pub payment_rate: Rate,
    /// The conversion fee on payments in another currency (0.15% by default).
    pub exchange_rate: Rate,
    /// Kept from refunds (none by default).
    pub refund_rate: Rate,
    pub limits: Limits,
}

impl Default for Terms {
    fn default() -> Self {
        Terms {
            recharge_rate: STANDARD_RECHARGE_RATE,
            payment_rate: STANDARD_PAYMENT_RATE,
            exchange_rate: STANDARD_EXCHANGE_RATE,
            refund_rate: Rate(0),
            limits: Limits {
                per_transaction: STANDARD_LIMITS[0],
                daily: STANDARD_LIMITS[1],
                monthly: STANDARD_LIMITS[2],
            },
        }
    }
}

/// A BIN and its terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bin {
    pub bin: String,
    /// ISO 3166-1 alpha-2 of the issuing region.
    pub location_code: String,
    /// The card scheme (VISA, Mastercard…).
    pub org_name: String,
    pub currency: String,
    pub terms: Terms,
    /// The time zone its cards count their spending day and month in, as minutes east of UTC
    /// (0: UTC).
    pub utc_offset_minutes: i32,
    pub enabled: bool,
}

/// Why a BIN was not saved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BinError {
    #[error("a BIN is 6 to 8 digits")]
    Number,
    #[error("the region must be an ISO 3166-1 alpha-2 code")]
    Region,
    #[error("cards are funded from the USD account, so their currency must be USD")]
    Currency,
    #[error("the card scheme is required (e.g. VISA)")]
    Scheme,
    #[error("limits must be above zero, and per transaction ≤ daily ≤ monthly")]
    Limits,
    #[error("the UTC offset must be a whole quarter hour from -12:00 to +14:00")]
    UtcOffset,
}

impl Bin {
    /// Checks what an operator typed, by the domain's BIN rules (`domain::bin`).
    ///
    /// # Errors
    /// The first thing wrong with it.
    pub fn checked(self) -> Result<Bin, BinError> {
        if !number_valid(&self.bin) {
            return Err(BinError::Number);
        }
        if domain::country::find(&self.location_code).is_none() {
            return Err(BinError::Region);
        }
        if self.currency != USD.code {
            return Err(BinError::Currency);
        }
        if !scheme_valid(&self.org_name) {
            return Err(BinError::Scheme);
        }
        let l = self.terms.limits;
        if !limits_valid([l.per_transaction, l.daily, l.monthly]) {
            return Err(BinError::Limits);
        }
        if !utc_offset_valid(self.utc_offset_minutes) {
            return Err(BinError::UtcOffset);
        }
        Ok(self)
    }
}

type Row = (
    String,
    String,
    String,
    String,
    i32,
    i32,
    i32,
    i32,
    i64,
    i64,
    i64,
    bool,
    i32,
);

impl Terms {
    /// From the columns BINs and cards keep them in: rates in basis points (recharge,
    /// payment, exchange, refund), limits (per transaction, daily, monthly).
    pub(crate) fn from_columns(rates: [i32; 4], limits: [i64; 3]) -> Terms {
        let rate = |bps: i32| Rate(u32::try_from(bps).unwrap_or(0));
        Terms {
            recharge_rate: rate(rates[0]),
            payment_rate: rate(rates[1]),
            exchange_rate: rate(rates[2]),
            refund_rate: rate(rates[3]),
            limits: Limits {
                per_transaction: limits[0],
                daily: limits[1],
                monthly: limits[2],
            },
        }
    }

    /// The rates as their columns hold them, in the order of [`Terms::from_columns`].
    pub(crate) fn rate_columns(self) -> [i32; 4] {
        [
            self.recharge_rate,
            self.payment_rate,
            self.exchange_rate,
            self.refund_rate,
        ]
        .map(|r| i32::try_from(r.0).unwrap_or(i32::MAX))
    }
}

fn from_row(r: Row) -> Bin {
    Bin {
        bin: r.0,
        location_code: r.1,
        org_name: r.2,
        currency: r.3,
        terms: Terms::from_columns([r.4, r.5, r.6, r.7], [r.8, r.9, r.10]),
        enabled: r.11,
        utc_offset_minutes: r.12,
    }
}

macro_rules! bin_columns {
    () => {
        (
            card_bins::bin,
            card_bins::location_code,
            card_bins::org_name,
            card_bins::currency,
            card_bins::recharge_rate_bps,
            card_bins::payment_rate_bps,
            card_bins::exchange_rate_bps,
            card_bins::refund_rate_bps,
            card_bins::limit_per_transaction,
            card_bins::limit_daily,
            card_bins::limit_monthly,
            card_bins::enabled,
            card_bins::utc_offset_minutes,
        )
    };
}

/// The BINs new cards may be issued under.
pub fn enabled(conn: &mut DbConnection) -> QueryResult<Vec<Bin>> {
    let rows: Vec<Row> = card_bins::table
        .filter(card_bins::enabled.eq(true))
        .order(card_bins::bin.asc())
        .select(bin_columns!())
        .load(conn)?;
    Ok(rows.into_iter().map(from_row).collect())
}

/// Every BIN, enabled or not (for operators).
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Bin>> {
    let rows: Vec<Row> = card_bins::table
        .order(card_bins::bin.asc())
        .select(bin_columns!())
        .load(conn)?;
    Ok(rows.into_iter().map(from_row).collect())
}

pub fn find(conn: &mut DbConnection, bin: &str) -> QueryResult<Option<Bin>> {
    let row: Option<Row> = card_bins::table
        .find(bin)
        .select(bin_columns!())
        .first(conn)
        .optional()?;
    Ok(row.map(from_row))
}

/// Adds `bin`, or replaces the terms of the BIN with its number and enables it. Answers
/// whether it was new.
pub fn save(conn: &mut DbConnection, bin: &Bin, now: i64) -> QueryResult<bool> {
    let t = bin.terms;
    let [recharge, payment, exchange, refund] = t.rate_columns();
    let values = (
        card_bins::location_code.eq(&bin.location_code),
        card_bins::org_name.eq(&bin.org_name),
        card_bins::currency.eq(&bin.currency),
        card_bins::recharge_rate_bps.eq(recharge),
        card_bins::payment_rate_bps.eq(payment),
        card_bins::exchange_rate_bps.eq(exchange),
        card_bins::refund_rate_bps.eq(refund),
        card_bins::limit_per_transaction.eq(t.limits.per_transaction),
        card_bins::limit_daily.eq(t.limits.daily),
        card_bins::limit_monthly.eq(t.limits.monthly),
        card_bins::enabled.eq(true),
        card_bins::utc_offset_minutes.eq(bin.utc_offset_minutes),
        card_bins::updated_at.eq(now),
    );
    let updated = diesel::update(card_bins::table.find(&bin.bin))
        .set(values)
        .execute(conn)?;
    if updated == 1 {
        return Ok(false);
    }
    diesel::insert_into(card_bins::table)
        .values((
            card_bins::bin.eq(&bin.bin),
            values,
            card_bins::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(true)
}

/// Stops issuing cards under `bin` (its cards keep working). Answers whether it exists.
pub fn disable(conn: &mut DbConnection, bin: &str, now: i64) -> QueryResult<bool> {
    let updated = diesel::update(card_bins::table.find(bin))
        .set((card_bins::enabled.eq(false), card_bins::updated_at.eq(now)))
        .execute(conn)?;
    Ok(updated == 1)
}

/// The sandbox BINs a local installation starts with, so a fresh machine can issue cards.
pub fn sandbox() -> Vec<Bin> {
    [("485932", "US", "VISA"), ("522981", "HK", "Mastercard")]
        .into_iter()
        .map(|(bin, location, org)| Bin {
            bin: bin.to_owned(),
            location_code: location.to_owned(),
            org_name: org.to_owned(),
            currency: USD.code.to_owned(),
            terms: Terms::default(),
            utc_offset_minutes: 0,
            enabled: true,
        })
        .collect()
}

/// Adds the sandbox BINs when there are no BINs at all (local mode only).
pub fn seed_sandbox(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    let existing: i64 = card_bins::table.count().get_result(conn)?;
    if existing > 0 {
        return Ok(0);
    }
    let mut added = 0;
    for bin in sandbox() {
        if save(conn, &bin, now)? {
            added += 1;
        }
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin() -> Bin {
        sandbox().remove(0)
    }

    #[test]
    fn operators_typos_are_refused() {
        assert!(bin().checked().is_ok());
        let wrong = |change: fn(&mut Bin)| {
            let mut b = bin();
            change(&mut b);
            b.checked().unwrap_err()
        };
        assert_eq!(wrong(|b| b.bin = "12345".into()), BinError::Number);
        assert_eq!(wrong(|b| b.bin = "12345a".into()), BinError::Number);
        assert_eq!(wrong(|b| b.location_code = "XX".into()), BinError::Region);
        assert_eq!(wrong(|b| b.currency = "EUR".into()), BinError::Currency);
        assert_eq!(wrong(|b| b.org_name = " ".into()), BinError::Scheme);
        assert_eq!(
            wrong(|b| b.terms.limits.daily = b.terms.limits.monthly + 1),
            BinError::Limits
        );
        assert_eq!(
            wrong(|b| b.terms.limits.per_transaction = 0),
            BinError::Limits
        );
        assert_eq!(wrong(|b| b.utc_offset_minutes = 841), BinError::UtcOffset);
        assert_eq!(wrong(|b| b.utc_offset_minutes = 7), BinError::UtcOffset);
        let mut hong_kong = bin();
        hong_kong.utc_offset_minutes = 480;
        assert!(hong_kong.checked().is_ok());
    }
}
