//! Spending counters (what issuers call velocity counters): per card, the gross amount and the
//! number of the approved authorizations (not voided) of its current day and month, in the
//! card's time zone. An authorization checks its daily and monthly limits against them and,
//! approved, adds to them in the same database transaction as its hold: one row read and
//! written, however long the card's history. A void or a reversal takes back what it releases
//! from the periods the authorization was counted in, and so does the expiry of its hold; a
//! clearing changes nothing (the amount stays spent), unless it comes after the hold expired,
//! when the authorization counts again. A day or month that is over starts again at zero when
//! an event finds it so.
//!
//! A card's row is written at its first authorization, from its transactions (once); until then
//! there is nothing to keep. [`check`] recomputes every row from the transactions.

use diesel::prelude::*;
use domain::date::{DAY_MS, Date};
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};

use crate::db::DbConnection;
use crate::db::schema::{card_spending as spending, card_transactions as txs};
use crate::services::cards::Card;

/// A card's current day and month: `[start, end)` in UTC milliseconds, from midnight to
/// midnight in its time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periods {
    pub day: (i64, i64),
    pub month: (i64, i64),
}

impl Periods {
    /// The day and month `now` falls in, `utc_offset_minutes` east of UTC.
    pub fn at(now: i64, utc_offset_minutes: i32) -> Periods {
        let offset = i64::from(utc_offset_minutes) * 60_000;
        let today = Date::of_instant_ms(now + offset);
        let day_start = today.start_ms() - offset;
        Periods {
            day: (day_start, day_start + DAY_MS),
            month: (
                today.first_of_month().start_ms() - offset,
                today.first_of_month_after(1).start_ms() - offset,
            ),
        }
    }
}

fn within((start, end): (i64, i64), at: i64) -> bool {
    start <= at && at < end
}

/// What a period's approved authorizations took (gross, in minor units of the card's
/// currency) and how many they were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub amount: i64,
    pub count: i64,
}

/// A card's counters for its current day and month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counters {
    pub periods: Periods,
    pub day: Tally,
    pub month: Tally,
    /// Whether the card has its row yet.
    stored: bool,
}

impl Counters {
    /// The counters as of `periods`: a day or a month that is over starts again at zero.
    fn rolled(self, periods: Periods) -> Counters {
        let keep = |same: bool, tally: Tally| if same { tally } else { Tally::default() };
        Counters {
            periods,
            day: keep(self.periods.day == periods.day, self.day),
            month: keep(self.periods.month == periods.month, self.month),
            stored: self.stored,
        }
    }
}

/// The card's counters now (its day and month rolled over when they are over); from its
/// transactions when it has no row yet.
pub fn current(conn: &mut DbConnection, card: &Card, now: i64) -> QueryResult<Counters> {
    match stored(conn, card, now)? {
        Some(counters) => Ok(counters),
        None => recompute(conn, &card.id, Periods::at(now, card.utc_offset_minutes)),
    }
}

/// A row's periods and tallies: day start, end, amount, count; month start, end, amount, count.
type Row = (i64, i64, i64, i64, i64, i64, i64, i64);

/// The card's row, rolled over to now; `None` when it has none yet.
fn stored(conn: &mut DbConnection, card: &Card, now: i64) -> QueryResult<Option<Counters>> {
    let periods = Periods::at(now, card.utc_offset_minutes);
    let row: Option<Row> = spending::table
        .find(&card.id)
        .select((
            spending::day_start,
            spending::day_end,
            spending::day_amount,
            spending::day_count,
            spending::month_start,
            spending::month_end,
            spending::month_amount,
            spending::month_count,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(ds, de, da, dc, ms, me, ma, mc)| {
        Counters {
            periods: Periods {
                day: (ds, de),
                month: (ms, me),
            },
            day: Tally {
                amount: da,
                count: dc,
            },
            month: Tally {
                amount: ma,
                count: mc,
            },
            stored: true,
        }
        .rolled(periods)
    }))
}

/// The counters of `periods` from the card's transactions: its approved authorizations not
/// voided (authorized or settled), by their gross amount as it stands after reversals.
fn recompute(conn: &mut DbConnection, card_id: &str, periods: Periods) -> QueryResult<Counters> {
    let found: Vec<(i64, i64)> = txs::table
        .filter(txs::card_id.eq(card_id))
        .filter(txs::transaction_type.eq(Kind::Auth.as_str()))
        .filter(txs::status.eq_any([Status::Authorized.as_str(), Status::Succeed.as_str()]))
        .filter(txs::created_at.ge(periods.month.0))
        .filter(txs::created_at.lt(periods.month.1))
        .select((txs::account_gross_amount, txs::created_at))
        .load(conn)?;
    let (mut day, mut month) = (Tally::default(), Tally::default());
    for (amount, at) in found {
        month.amount = month.amount.saturating_add(amount);
        month.count += 1;
        if within(periods.day, at) {
            day.amount = day.amount.saturating_add(amount);
            day.count += 1;
        }
    }
    Ok(Counters {
        periods,
        day,
        month,
        stored: false,
    })
}

/// Writes the card's counters (its row, created the first time).
fn save(conn: &mut DbConnection, card_id: &str, c: &Counters, now: i64) -> QueryResult<()> {
    let values = (
        spending::day_start.eq(c.periods.day.0),
        spending::day_end.eq(c.periods.day.1),
        spending::day_amount.eq(c.day.amount),
        spending::day_count.eq(c.day.count),
        spending::month_start.eq(c.periods.month.0),
        spending::month_end.eq(c.periods.month.1),
        spending::month_amount.eq(c.month.amount),
        spending::month_count.eq(c.month.count),
        spending::updated_at.eq(now),
    );
    if c.stored {
        diesel::update(spending::table.find(card_id))
            .set(values)
            .execute(conn)?;
    } else {
        diesel::insert_into(spending::table)
            .values((spending::card_id.eq(card_id), values))
            .execute(conn)?;
    }
    Ok(())
}

/// Counts an approved authorization of `gross` made now (`counters` as [`current`] read them,
/// in the same transaction, the card locked).
pub fn add(
    conn: &mut DbConnection,
    card: &Card,
    counters: Counters,
    gross: i64,
    now: i64,
) -> QueryResult<()> {
    let mut c = counters;
    for tally in [&mut c.day, &mut c.month] {
        tally.amount = tally.amount.saturating_add(gross);
        tally.count += 1;
    }
    save(conn, &card.id, &c, now)
}

/// Takes back `amount` of an authorization made at `authorized_at` from the periods it was
/// counted in (none once they are over); `ended` when the authorization no longer counts at
/// all (voided, reversed in full, its hold expired). Nothing to do for a card with no row yet:
/// its row will be computed from its transactions, which say it already.
pub fn release(
    conn: &mut DbConnection,
    card: &Card,
    authorized_at: i64,
    amount: i64,
    ended: bool,
    now: i64,
) -> QueryResult<()> {
    adjust(conn, card, authorized_at, -amount, -i64::from(ended), now)
}

/// Counts again an authorization made at `authorized_at` that had ended (its hold expired) and
/// was cleared after all: `amount` and one more, in the periods it falls in that are not over.
pub fn count_again(
    conn: &mut DbConnection,
    card: &Card,
    authorized_at: i64,
    amount: i64,
    now: i64,
) -> QueryResult<()> {
    adjust(conn, card, authorized_at, amount, 1, now)
}

/// Adds `amount` and `count` (either may be negative) to the periods of the card's row that
/// `authorized_at` falls in.
fn adjust(
    conn: &mut DbConnection,
    card: &Card,
    authorized_at: i64,
    amount: i64,
    count: i64,
    now: i64,
) -> QueryResult<()> {
    let Some(mut c) = stored(conn, card, now)? else {
        return Ok(());
    };
    let (in_day, in_month) = (
        within(c.periods.day, authorized_at),
        within(c.periods.month, authorized_at),
    );
    for (counted, tally) in [(in_day, &mut c.day), (in_month, &mut c.month)] {
        if counted {
            tally.amount = tally.amount.saturating_add(amount);
            tally.count += count;
        }
    }
    save(conn, &card.id, &c, now)
}

/// What the counter check found.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    /// Cards with counters.
    pub cards: usize,
    /// Empty when every counter equals what the transactions say.
    pub problems: Vec<String>,
}

/// A card's counters beside what its transactions say for the same periods.
#[derive(QueryableByName)]
struct Compared {
    #[diesel(sql_type = diesel::sql_types::Text)]
    card_id: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    day_amount: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    day_count: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    month_amount: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    month_count: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    day_amount_found: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    day_count_found: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    month_amount_found: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    month_count_found: i64,
}

/// Recomputes every card's counters from its transactions, for the day and month the row is
/// for, in one query the database sums.
pub fn check(conn: &mut DbConnection) -> QueryResult<CheckReport> {
    let in_day = "t.created_at >= s.day_start AND t.created_at < s.day_end";
    let sql = format!(
        "SELECT s.card_id AS card_id, s.day_amount AS day_amount, s.day_count AS day_count, \
           s.month_amount AS month_amount, s.month_count AS month_count, \
           CAST(COALESCE(SUM(CASE WHEN {in_day} THEN t.account_gross_amount ELSE 0 END), 0) AS BIGINT) AS day_amount_found, \
           CAST(COALESCE(SUM(CASE WHEN {in_day} THEN 1 ELSE 0 END), 0) AS BIGINT) AS day_count_found, \
           CAST(COALESCE(SUM(t.account_gross_amount), 0) AS BIGINT) AS month_amount_found, \
           CAST(COUNT(t.id) AS BIGINT) AS month_count_found \
         FROM card_spending s LEFT JOIN card_transactions t ON t.card_id = s.card_id \
           AND t.transaction_type = '{auth}' AND t.status IN ('{authorized}', '{succeed}') \
           AND t.created_at >= s.month_start AND t.created_at < s.month_end \
         GROUP BY s.card_id, s.day_amount, s.day_count, s.month_amount, s.month_count",
        auth = Kind::Auth.as_str(),
        authorized = Status::Authorized.as_str(),
        succeed = Status::Succeed.as_str(),
    );
    let rows: Vec<Compared> = diesel::sql_query(sql).load(conn)?;
    let mut report = CheckReport {
        cards: rows.len(),
        problems: Vec::new(),
    };
    for r in rows {
        let pairs = [
            ("day amount", r.day_amount, r.day_amount_found),
            ("day count", r.day_count, r.day_count_found),
            ("month amount", r.month_amount, r.month_amount_found),
            ("month count", r.month_count, r.month_count_found),
        ];
        for (what, kept, found) in pairs {
            if kept != found {
                report.problems.push(format!(
                    "card {}: spending counter {what} is {kept}, its transactions say {found}",
                    r.card_id
                ));
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-03-31T20:00:00Z.
    const MARCH_31_8PM_UTC: i64 = 1_774_987_200_000;

    #[test]
    fn the_day_and_month_begin_at_midnight_of_the_cards_time_zone() {
        let utc = Periods::at(MARCH_31_8PM_UTC, 0);
        let march_31 = Date::parse("2026-03-31").unwrap().start_ms();
        assert_eq!(utc.day, (march_31, march_31 + DAY_MS));
        let first_of_march = Date::parse("2026-03-01").unwrap().start_ms();
        let april_1 = Date::parse("2026-04-01").unwrap().start_ms();
        assert_eq!(utc.month, (first_of_march, april_1));
        // In Hong Kong (UTC+8) it is already 1 April, 04:00: a new day and a new month, which
        // began at 16:00 UTC.
        let hong_kong = Periods::at(MARCH_31_8PM_UTC, 480);
        let hk_april_1 = april_1 - 8 * 3_600_000;
        assert_eq!(hong_kong.day, (hk_april_1, hk_april_1 + DAY_MS));
        assert_eq!(hong_kong.month.0, hk_april_1);
        assert_eq!(
            hong_kong.month.1,
            Date::parse("2026-05-01").unwrap().start_ms() - 8 * 3_600_000
        );
        // In New York (UTC−5) it is still 31 March, 15:00.
        let new_york = Periods::at(MARCH_31_8PM_UTC, -300);
        assert_eq!(new_york.day.0, march_31 + 5 * 3_600_000);
        assert_eq!(new_york.month.1, april_1 + 5 * 3_600_000);
    }

    #[test]
    fn a_day_or_month_that_is_over_starts_again_at_zero() {
        let spent = Tally {
            amount: 500,
            count: 2,
        };
        let today = Periods::at(MARCH_31_8PM_UTC, 0);
        let counters = Counters {
            periods: today,
            day: spent,
            month: spent,
            stored: true,
        };
        assert_eq!(counters.rolled(today), counters);
        let tomorrow = counters.rolled(Periods::at(MARCH_31_8PM_UTC + 5 * 3_600_000, 0));
        assert_eq!(
            (tomorrow.day, tomorrow.month),
            (Tally::default(), Tally::default())
        );
        let later_today = counters.rolled(Periods::at(MARCH_31_8PM_UTC + 3_600_000, 0));
        assert_eq!((later_today.day, later_today.month), (spent, spent));
        let hong_kong_april = counters.rolled(Periods::at(MARCH_31_8PM_UTC, 480));
        assert_eq!(hong_kong_april.month, Tally::default());
    }
}
