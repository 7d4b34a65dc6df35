//! Accruing many positions in one transaction: each position's days computed by the domain
//! (`domain::fund::accrue`), then written together — the `fund_accruals` rows, their ledger
//! postings ([`ledger::post_batch`]) and the positions' new state — in a few statements
//! whatever the number of positions.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{AccrualRun, accrue};

use super::{Report, movement, reference};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::fund_accruals;
use crate::services::fund::ACCRUAL;
use crate::services::fund::positions::{Position, moves_of_many};
use crate::services::fund::products::Product;
use crate::services::ledger::{self, Movement, ROWS, insert_all};

/// The first day `position` may not accrue yet: today, or a fixed product's maturity.
pub fn accrue_until(product: &Product, today: Date) -> Date {
    product
        .terms
        .fixed
        .map_or(today, |f| f.maturity_date().min(today))
}

/// The first day each user's current position of an asset may not accrue yet, beyond
/// [`accrue_until`]: the maturity date of a fixed position of theirs not yet paid out (its
/// payout comes into the current position that day, so the current position waits for it).
pub type Caps = HashMap<(String, Asset), Date>;

/// Accrues `held` (positions the caller's transaction holds, read under that hold) from each
/// one's `next_date` until `today` (exclusive), or its cap in `caps`. A day found accrued though
/// its position said it was not (a bug elsewhere) fails the unique (position, date) constraint
/// and the batch.
///
/// # Errors
/// A database failure, or a ledger that refuses the postings.
pub fn accrue_many(
    conn: &mut DbConnection,
    held: &[Position],
    products: &HashMap<String, Product>,
    caps: &Caps,
    today: Date,
    now: i64,
) -> anyhow::Result<Report> {
    let due: Vec<(&Position, &Product, Date)> = held
        .iter()
        .filter(|p| p.is_open())
        .filter_map(|p| {
            let product = products.get(&p.product_id)?;
            let mut until = accrue_until(product, today);
            if let Some(cap) = caps.get(&(p.user_id.clone(), p.asset)) {
                until = until.min(*cap);
            }
            (p.next_date < until).then_some((p, product, until))
        })
        .collect();
    let wanted: Vec<(&str, Date)> = due
        .iter()
        .filter(|(p, _, _)| p.is_current())
        .map(|(p, _, _)| (p.id.as_str(), p.next_date))
        .collect();
    let mut moves = moves_of_many(conn, &wanted)?;
    let mut report = Report::default();
    let mut rows = Vec::new();
    let mut movements = Vec::new();
    let mut state = State::default();
    for (position, product, until) in due {
        let accrual = accrue(&AccrualRun {
            annual_rate: product.terms.annual_rate,
            compound: position.is_current(),
            shares: position.start_shares,
            carry: position.carry,
            from: position.next_date,
            until,
            moves: moves.remove(&position.id).unwrap_or_default(),
        });
        if accrual.days.is_empty() {
            continue;
        }
        report.positions += 1;
        for day in &accrual.days {
            rows.push((
                fund_accruals::id.eq(new_id()),
                fund_accruals::position_id.eq(position.id.clone()),
                fund_accruals::user_id.eq(position.user_id.clone()),
                fund_accruals::product_id.eq(position.product_id.clone()),
                fund_accruals::business_date.eq(day.date.to_string()),
                fund_accruals::shares.eq(day.shares),
                fund_accruals::interest.eq(day.interest),
                fund_accruals::rounding.eq(day.rounding),
                fund_accruals::carry.eq(day.carry),
                fund_accruals::posted_at.eq(now),
            ));
            let lines = movement(position, day.interest, day.rounding);
            if !lines.is_empty() {
                movements.push(Movement {
                    kind: ACCRUAL,
                    reference: reference(&position.id, day.date),
                    user_id: Some(position.user_id.clone()),
                    lines,
                });
            }
            report.days += 1;
            report.interest += day.interest;
        }
        let reached = position
            .next_date
            .add_days(i64::try_from(accrual.days.len()).unwrap_or(0));
        state.push(&position.id, reached, accrual.shares, accrual.carry);
    }
    insert_all!(conn, fund_accruals::table, rows)?;
    state.write(conn)?;
    // The postings last: they lock the platform's accounts (see `ledger::post_batch`).
    ledger::post_batch(conn, &movements, now)?;
    Ok(report)
}

/// The positions' state after their days: the next day to accrue, the shares at its start,
/// the rounding's carried parts.
#[derive(Debug, Default)]
struct State {
    ids: Vec<String>,
    next_dates: Vec<String>,
    shares: Vec<i64>,
    carries: Vec<i64>,
}

impl State {
    fn push(&mut self, id: &str, next_date: Date, shares: i64, carry: i64) {
        self.ids.push(id.to_owned());
        self.next_dates.push(next_date.to_string());
        self.shares.push(shares);
        self.carries.push(carry);
    }

    /// One statement for every position.
    fn write(self, conn: &mut DbConnection) -> anyhow::Result<()> {
        if self.ids.is_empty() {
            return Ok(());
        }
        let written = match conn {
            DbConnection::Pg(c) => diesel::sql_query(
                "UPDATE fund_positions AS p \
                 SET next_date = v.next_date, start_shares = v.shares, carry = v.carry \
                 FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) \
                      AS v(id, next_date, shares, carry) \
                 WHERE p.id = v.id",
            )
            .bind::<Array<Text>, _>(&self.ids)
            .bind::<Array<Text>, _>(&self.next_dates)
            .bind::<Array<BigInt>, _>(&self.shares)
            .bind::<Array<BigInt>, _>(&self.carries)
            .execute(c)?,
            DbConnection::Sqlite(c) => {
                let rows: Vec<(&String, &String, i64, i64)> = self
                    .ids
                    .iter()
                    .zip(&self.next_dates)
                    .zip(self.shares.iter().zip(&self.carries))
                    .map(|((id, date), (shares, carry))| (id, date, *shares, *carry))
                    .collect();
                diesel::sql_query(
                    "UPDATE fund_positions \
                     SET next_date = v.next_date, start_shares = v.shares, carry = v.carry \
                     FROM (SELECT json_extract(value, '$[0]') AS id, \
                                  json_extract(value, '$[1]') AS next_date, \
                                  json_extract(value, '$[2]') AS shares, \
                                  json_extract(value, '$[3]') AS carry \
                           FROM json_each(?)) AS v \
                     WHERE fund_positions.id = v.id",
                )
                .bind::<Text, _>(serde_json::to_string(&rows)?)
                .execute(c)?
            }
        };
        anyhow::ensure!(
            written == self.ids.len(),
            "{} of {} accrued positions updated",
            written,
            self.ids.len()
        );
        Ok(())
    }
}
