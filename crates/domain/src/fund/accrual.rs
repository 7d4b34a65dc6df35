//! Which days a position earns, and what: the day-by-day accrual the server's job posts and
//! a catch-up after downtime repeats day by day (so 30 missed days equal 30 single days).
//!
//! Shares in the product at the start of a day earn that day: a subscription (or a matured
//! fixed product paid into the fund account) counts from the next day, a redemption stops
//! counting the next day, so a share held from day a to day b earns b − a days. The current
//! product adds each day's interest to the shares at the start of the next day; a fixed
//! position keeps its interest apart (paid at maturity) and earns on its principal alone.

use serde::{Deserialize, Serialize};

use super::rate::{AnnualRate, DayInterest, day_interest};
use crate::date::Date;

/// A change of a position's shares during a day: a subscription (positive) or a redemption
/// (negative), in minor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShareMove {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub date: Date,
    pub amount: i64,
}

/// A position as the accrual of `from` finds it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccrualRun {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    /// Percent text ("3.65").
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "3.65"))]
    pub annual_rate: AnnualRate,
    /// The day's interest becomes shares the next day (the current product).
    pub compound: bool,
    /// The shares in the product at the start of `from`.
    pub shares: i64,
    /// The position's carried parts before `from` (see [`day_interest`]).
    #[serde(default)]
    pub carry: i64,
    /// The first day to accrue.
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub from: Date,
    /// The day after the last one to accrue (nothing when it is not after `from`).
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub until: Date,
    /// The position's subscriptions and redemptions on `from` and after, in any order.
    #[serde(default)]
    pub moves: Vec<ShareMove>,
}

/// One accrued day of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccruedDay {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub date: Date,
    /// The shares that earned: those in the product at the start of the day.
    pub shares: i64,
    /// The day's [`DayInterest`], its fields inline (a flattened struct costs the browser's
    /// module a map serializer).
    pub interest: i64,
    pub rounding: i64,
    pub carry: i64,
}

/// What `run` accrues: each day from `from` until `until`, in order, and the shares at the
/// start of `until` (what the next run starts from).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Accrual {
    pub days: Vec<AccruedDay>,
    pub shares: i64,
    pub carry: i64,
}

/// The longest run one call accrues (ten years of days): a longer gap is caught up in turns.
pub const MAX_RUN_DAYS: i64 = 3660;

/// Accrues `run` day by day.
pub fn accrue(run: &AccrualRun) -> Accrual {
    let span = run.from.days_until(run.until).clamp(0, MAX_RUN_DAYS);
    let mut shares = run.shares.max(0);
    let mut carry = run.carry;
    let mut days = Vec::with_capacity(usize::try_from(span).unwrap_or(0));
    for offset in 0..span {
        let date = run.from.add_days(offset);
        let DayInterest {
            interest,
            rounding,
            carry: carried,
        } = day_interest(shares, run.annual_rate, carry);
        carry = carried;
        days.push(AccruedDay {
            date,
            shares,
            interest,
            rounding,
            carry,
        });
        shares = next_start(shares, moved_on(&run.moves, date), interest, run.compound);
    }
    Accrual {
        days,
        shares,
        carry,
    }
}

/// The net change of the shares on `date`.
pub fn moved_on(moves: &[ShareMove], date: Date) -> i64 {
    moves
        .iter()
        .filter(|m| m.date == date)
        .map(|m| m.amount)
        .sum()
}

/// The shares at the start of the next day: today's start, today's moves and (when the product
/// compounds) today's interest.
pub fn next_start(start: i64, moved: i64, interest: i64, compound: bool) -> i64 {
    let interest = if compound { interest } else { 0 };
    start.saturating_add(moved).saturating_add(interest).max(0)
}

/// The current product's shares on a day, split as SPEC §3 shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CurrentShares {
    /// Held since the start of the day (earning today), less what was redeemed or moved to
    /// fixed products today: what may be redeemed now.
    pub usable_shares: i64,
    /// Subscribed today: they earn from tomorrow and may be redeemed from tomorrow.
    pub unusable_shares: i64,
}

/// The split of a current position that held `start` shares at the start of today, took in
/// `subscribed` today and gave up `redeemed` today (redemptions take usable shares only).
pub fn current_shares(start: i64, subscribed: i64, redeemed: i64) -> CurrentShares {
    CurrentShares {
        usable_shares: start.saturating_sub(redeemed).max(0),
        unusable_shares: subscribed.max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fund::rate::DEFAULT_ANNUAL_RATE;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn run(shares: i64, from: &str, until: &str, moves: &[(&str, i64)]) -> AccrualRun {
        AccrualRun {
            annual_rate: DEFAULT_ANNUAL_RATE,
            compound: true,
            shares,
            carry: 0,
            from: d(from),
            until: d(until),
            moves: moves
                .iter()
                .map(|(date, amount)| ShareMove {
                    date: d(date),
                    amount: *amount,
                })
                .collect(),
        }
    }

    #[test]
    fn a_subscription_earns_from_the_next_day() {
        // Nothing held; 10 000.00 subscribed on 1 March: 1 March earns nothing.
        let a = accrue(&run(
            0,
            "2027-03-01",
            "2027-03-04",
            &[("2027-03-01", 1_000_000)],
        ));
        let interest: Vec<i64> = a.days.iter().map(|d| d.interest).collect();
        // 2 March: 100.00 of 1 000 000 cents; 3 March: on 1 000 100.
        assert_eq!(interest, [0, 100, 100]);
        assert_eq!(a.shares, 1_000_200);
        // 1 000 100 keeps back 0.01 of a cent: 100 × 36 500 parts.
        assert_eq!(a.carry, 3_650_000);
    }

    #[test]
    fn a_redemption_earns_its_own_day() {
        let a = accrue(&run(
            1_000_000,
            "2027-03-01",
            "2027-03-03",
            &[("2027-03-01", -1_000_000)],
        ));
        assert_eq!(a.days[0].interest, 100);
        // The redeemed shares are gone; the first day's interest arrived as shares.
        assert_eq!(a.days[1].shares, 100);
    }

    #[test]
    fn a_catch_up_equals_single_days_across_29_february() {
        let whole = accrue(&run(123_456_789, "2028-02-27", "2028-03-03", &[]));
        assert_eq!(whole.days.len(), 5);
        assert_eq!(whole.days[2].date, d("2028-02-29"));
        let mut start = run(123_456_789, "2028-02-27", "2028-02-28", &[]);
        let mut singles = Vec::new();
        for _ in 0..5 {
            let one = accrue(&start);
            singles.extend(one.days.iter().copied());
            start.shares = one.shares;
            start.carry = one.carry;
            start.from = start.until;
            start.until = start.until.add_days(1);
        }
        assert_eq!(singles, whole.days);
    }

    #[test]
    fn a_fixed_position_earns_on_its_principal() {
        let mut r = run(1_000_000, "2026-12-30", "2027-01-02", &[]);
        r.compound = false;
        let a = accrue(&r);
        assert!(
            a.days
                .iter()
                .all(|d| d.shares == 1_000_000 && d.interest == 100)
        );
        assert_eq!(a.shares, 1_000_000);
    }

    #[test]
    fn shares_split_into_usable_and_unusable() {
        assert_eq!(
            current_shares(500, 200, 100),
            CurrentShares {
                usable_shares: 400,
                unusable_shares: 200
            }
        );
    }
}
