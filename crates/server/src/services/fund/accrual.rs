//! The daily accrual job (docs/fund-contract.md "Accrual job"): for each open position, each
//! business day before today not yet accrued earns on the shares in the product at its start
//! (`domain::fund::accrue`); each day is one `fund_accruals` row, unique per (position, date),
//! written in the same transaction as its ledger posting. A position is claimed by its row
//! (`next_date` unchanged since it was read) before its moves are read, so a re-run does
//! nothing, a catch-up of N days is N single days, and several instances running at once
//! accrue each day once. A user's fixed positions (and their maturities, which pay into the
//! current position on the last interest day) run before their current position.

use std::collections::HashMap;
use std::time::Duration;

use diesel::prelude::*;
use domain::date::Date;
use domain::fund::{AccrualRun, accrue};

use super::positions::{self, MATURED, OPEN, Position};
use super::products::{self, Product};
use super::{ACCRUAL, MATURITY, current_account, fixed_account, platform, profit_account};
use crate::clock::{Clock, new_id};
use crate::db::schema::{fund_accruals, fund_orders, fund_positions};
use crate::db::{Db, DbConnection};
use crate::services::ledger::{self, AccountKind, Movement, Refusal};

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions that accrued at least one day.
    pub positions: usize,
    /// Days accrued (accrual rows written).
    pub days: usize,
    /// Interest credited or accrued, in minor units (all assets together).
    pub interest: i64,
    /// Fixed positions paid out at maturity.
    pub matured: usize,
}

impl Report {
    fn add(&mut self, other: Report) {
        self.positions += other.positions;
        self.days += other.days;
        self.interest += other.interest;
        self.matured += other.matured;
    }
}

/// The ledger reference of position `id`'s accrual of `date`.
pub fn reference(position_id: &str, date: Date) -> String {
    format!("{ACCRUAL}:{position_id}:{date}")
}

/// The ledger movement of a day: interest to the holder, rounding to the platform.
fn movement(position: &Position, interest: i64, rounding: i64) -> Vec<(ledger::Account, i64)> {
    let holder = if position.is_current() {
        current_account(&position.user_id, position.asset)
    } else {
        profit_account(&position.user_id, &position.id, position.asset)
    };
    [
        (
            platform(AccountKind::FundInterest, position.asset),
            -(interest + rounding),
        ),
        (holder, interest),
        (
            platform(AccountKind::FundRounding, position.asset),
            rounding,
        ),
    ]
    .into_iter()
    .filter(|(_, amount)| *amount != 0)
    .collect()
}

/// The first day position may not accrue yet: today, or a fixed product's maturity.
fn accrue_until(product: &Product, today: Date) -> Date {
    product
        .terms
        .fixed
        .map_or(today, |f| f.maturity_date().min(today))
}

/// Accrues `position` (as read before) from its `next_date` until `today` (exclusive), in one
/// transaction of the caller's connection. Nothing when another run claimed it first.
///
/// # Errors
/// A database failure, or a day found accrued though the position said it was not.
pub fn accrue_position(
    conn: &mut DbConnection,
    position: &Position,
    product: &Product,
    today: Date,
    now: i64,
) -> anyhow::Result<Report> {
    let until = accrue_until(product, today);
    if position.next_date >= until || !position.is_open() {
        return Ok(Report::default());
    }
    conn.transaction(|conn| {
        // The claim: the row as it was read, locked until this transaction ends.
        let claimed = diesel::update(
            fund_positions::table
                .find(&position.id)
                .filter(fund_positions::status.eq(OPEN))
                .filter(fund_positions::next_date.eq(position.next_date.to_string())),
        )
        .set(fund_positions::carry.eq(fund_positions::carry))
        .execute(conn)?;
        if claimed != 1 {
            return Ok(Report::default());
        }
        // Read again under the claim: a late move may have changed the starting shares.
        let position = positions::find(conn, &position.id)?
            .ok_or_else(|| anyhow::anyhow!("position {} vanished", position.id))?;
        let moves = if position.is_current() {
            positions::moves_from(conn, &position.id, position.next_date)?
        } else {
            Vec::new()
        };
        let accrual = accrue(&AccrualRun {
            annual_rate: product.terms.annual_rate,
            compound: position.is_current(),
            shares: position.start_shares,
            carry: position.carry,
            from: position.next_date,
            until,
            moves,
        });
        let mut report = Report {
            positions: usize::from(!accrual.days.is_empty()),
            ..Report::default()
        };
        for day in &accrual.days {
            // The claim makes the row new: a row already there (a bug elsewhere) fails the
            // unique constraint and rolls the position back.
            diesel::insert_into(fund_accruals::table)
                .values((
                    fund_accruals::id.eq(new_id()),
                    fund_accruals::position_id.eq(&position.id),
                    fund_accruals::user_id.eq(&position.user_id),
                    fund_accruals::product_id.eq(&position.product_id),
                    fund_accruals::business_date.eq(day.date.to_string()),
                    fund_accruals::shares.eq(day.shares),
                    fund_accruals::interest.eq(day.interest),
                    fund_accruals::rounding.eq(day.rounding),
                    fund_accruals::carry.eq(day.carry),
                    fund_accruals::posted_at.eq(now),
                ))
                .execute(conn)?;
            let lines = movement(&position, day.interest, day.rounding);
            if !lines.is_empty() {
                let posted = ledger::post(
                    conn,
                    &Movement {
                        kind: ACCRUAL,
                        reference: reference(&position.id, day.date),
                        user_id: Some(position.user_id.clone()),
                        lines,
                    },
                    now,
                )?;
                if let Err(refusal) = posted {
                    anyhow::bail!("accrual of {} {}: {refusal:?}", position.id, day.date);
                }
            }
            report.days += 1;
            report.interest += day.interest;
        }
        let reached = position
            .next_date
            .add_days(i64::try_from(accrual.days.len()).unwrap_or(0));
        diesel::update(fund_positions::table.find(&position.id))
            .set((
                fund_positions::next_date.eq(reached.to_string()),
                fund_positions::start_shares.eq(accrual.shares),
                fund_positions::carry.eq(accrual.carry),
            ))
            .execute(conn)?;
        Ok(report)
    })
}

/// Pays a fixed position out once its last day is accrued and `today` is its maturity or
/// later: principal and interest into the current position, dated the last interest day (in
/// at the start of the maturity date). Nothing before then, or when paid already.
///
/// # Errors
/// A database failure, or a ledger that refuses the payout.
pub fn mature(
    conn: &mut DbConnection,
    position: &Position,
    product: &Product,
    today: Date,
    now: i64,
) -> anyhow::Result<bool> {
    let Some(fixed) = product.terms.fixed else {
        return Ok(false);
    };
    let maturity = fixed.maturity_date();
    if position.is_current() || today < maturity {
        return Ok(false);
    }
    conn.transaction(|conn| {
        let claimed = diesel::update(
            fund_positions::table
                .find(&position.id)
                .filter(fund_positions::status.eq(OPEN))
                .filter(fund_positions::next_date.ge(maturity.to_string())),
        )
        .set((
            fund_positions::status.eq(MATURED),
            fund_positions::closed_at.eq(now),
        ))
        .execute(conn)?;
        if claimed != 1 {
            return Ok(false);
        }
        let (user, asset) = (position.user_id.as_str(), position.asset);
        let principal_account = fixed_account(user, &position.id, asset);
        let interest_account = profit_account(user, &position.id, asset);
        let principal = ledger::balance(conn, &principal_account)?;
        let interest = ledger::balance(conn, &interest_account)?;
        let current = products::current_of(conn, asset)?
            .ok_or_else(|| anyhow::anyhow!("no current product of {}", asset.code()))?;
        let holding = positions::open_current(conn, user, &current, today, now)?;
        let order_id = new_id();
        let last_day = fixed.last_interest_date();
        diesel::insert_into(fund_orders::table)
            .values((
                fund_orders::id.eq(&order_id),
                fund_orders::user_id.eq(user),
                fund_orders::product_id.eq(&product.id),
                fund_orders::position_id.eq(&position.id),
                fund_orders::order_type.eq(domain::fund::FundOrderType::Maturity.as_str()),
                fund_orders::source.eq(None::<String>),
                fund_orders::amount.eq(principal),
                fund_orders::interest.eq(interest),
                fund_orders::forfeited_interest.eq(0_i64),
                fund_orders::business_date.eq(maturity.to_string()),
                fund_orders::value_date.eq(maturity.to_string()),
                fund_orders::interest_start_date.eq(Some(fixed.interest_date().to_string())),
                fund_orders::delivery_date.eq(Some(maturity.to_string())),
                fund_orders::created_at.eq(now),
            ))
            .execute(conn)?;
        positions::add_move(
            conn,
            &holding.id,
            &order_id,
            last_day,
            principal + interest,
            now,
        )?;
        let lines: Vec<_> = [
            (principal_account, -principal),
            (interest_account, -interest),
            (current_account(user, asset), principal + interest),
        ]
        .into_iter()
        .filter(|(_, amount)| *amount != 0)
        .collect();
        if lines.len() >= 2 {
            let posted = ledger::post(
                conn,
                &Movement {
                    kind: MATURITY,
                    reference: format!("{MATURITY}:{}", position.id),
                    user_id: Some(user.to_owned()),
                    lines,
                },
                now,
            )?;
            match posted {
                Ok(_) => {}
                Err(Refusal::Duplicate(_) | Refusal::Insufficient { .. }) => {
                    anyhow::bail!("maturity of {}: {posted:?}", position.id)
                }
            }
        }
        Ok(true)
    })
}

/// Whether `e` is PostgreSQL giving up waiting for a row another transaction holds
/// (`lock_timeout`): that position is being worked on elsewhere, and is skipped.
fn waited_too_long(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<diesel::result::Error>())
        .any(|c| {
            matches!(c, diesel::result::Error::DatabaseError(_, info)
                if info.message().contains("lock timeout"))
        })
}

/// Brings `positions` (read before; each user's fixed ones before their current one) up to
/// `today`: each accrued, then a fixed one paid out when due. A position whose row another
/// transaction holds past the lock timeout (PostgreSQL) is left to that one, or the next run.
///
/// # Errors
/// As [`accrue_position`] and [`mature`].
pub fn bring_up(
    conn: &mut DbConnection,
    found: &[Position],
    today: Date,
    now: i64,
) -> anyhow::Result<Report> {
    let mut known: HashMap<String, Product> = HashMap::new();
    let mut report = Report::default();
    for position in found {
        if !known.contains_key(&position.product_id) {
            let Some(product) = products::find(conn, &position.product_id)? else {
                continue;
            };
            known.insert(product.id.clone(), product);
        }
        let Some(product) = known.get(&position.product_id) else {
            continue;
        };
        match accrue_position(conn, position, product, today, now) {
            Ok(done) => report.add(done),
            Err(e) if waited_too_long(&e) => continue,
            Err(e) => return Err(e),
        }
        if !position.is_current() {
            let latest = positions::find(conn, &position.id)?;
            if let Some(latest) = latest {
                match mature(conn, &latest, product, today, now) {
                    Ok(true) => report.matured += 1,
                    Ok(false) => {}
                    Err(e) if waited_too_long(&e) => {}
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(report)
}

/// Brings the user's positions of `asset` up to `today` (before a redemption reads them).
///
/// # Errors
/// As [`bring_up`].
pub fn bring_up_user(
    conn: &mut DbConnection,
    user_id: &str,
    asset: domain::exchange::Asset,
    today: Date,
    now: i64,
) -> anyhow::Result<Report> {
    let found: Vec<Position> = positions::of_user(conn, user_id, asset)?
        .into_iter()
        .filter(Position::is_open)
        .collect();
    bring_up(conn, &found, today, now)
}

/// Positions a transaction of the job (a commit per position is what costs most). Measured
/// with 100,000 positions on SQLite, release build on the shared 2-core machine: 500 → 9.7 s,
/// 100 → 14.6 s; on PostgreSQL (20,000 positions) both about 330 positions/s in release (debug:
/// 20 → 444/s, 100 → 639/s, 500 → 332/s), where every accrual updates the same platform rows.
pub const BATCH: usize = 500;

/// One run of the job: every position due before `today`, [`BATCH`] positions a transaction
/// (each position in a savepoint of its own). On PostgreSQL a position's row or account held by
/// another transaction is waited for briefly, then skipped, so two instances, or an instance
/// and a redemption bringing its user up to date, never wait on each other in a circle.
///
/// # Errors
/// As [`bring_up`].
pub fn run(conn: &mut DbConnection, today: Date, now: i64) -> anyhow::Result<Report> {
    let found = positions::due(conn, today)?;
    let mut report = Report::default();
    for batch in found.chunks(BATCH) {
        let done = conn.transaction(|conn| {
            if matches!(conn, DbConnection::Pg(_)) {
                diesel::sql_query("SET LOCAL lock_timeout = '200ms'").execute(conn)?;
            } else {
                // SQLite: take the write lock first (waiting for it as long as busy_timeout
                // says), not after reading, when another writer would make the upgrade fail.
                diesel::sql_query("UPDATE fund_positions SET carry = carry WHERE id = ''")
                    .execute(conn)?;
            }
            bring_up(conn, batch, today, now)
        })?;
        report.add(done);
    }
    Ok(report)
}

/// Runs the job until every business day before `until` is accrued (`fiscard admin fund
/// accrue --until DATE`: days up to the day before `until`; without it, today's clock).
///
/// # Errors
/// As [`run`].
pub fn run_until(conn: &mut DbConnection, until: Date, now: i64) -> anyhow::Result<Report> {
    let mut report = Report::default();
    // A gap longer than one accrual call's limit is caught up in turns.
    loop {
        let turn = run(conn, until, now)?;
        report.add(turn);
        if turn.days == 0 && turn.matured == 0 {
            return Ok(report);
        }
    }
}

/// Runs the job every `every` (real time) on today's business date by `clock`, at start and
/// then on each tick; safe on every instance at once. A failed run is logged and the next one
/// tries again. Runs until the runtime stops.
pub fn spawn(db: Db, clock: Clock, every: Duration) {
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(every);
        loop {
            ticks.tick().await;
            let now = clock.now_ms();
            let today = super::business_date(now);
            match db.read(move |conn| Ok(run_until(conn, today, now)?)).await {
                Ok(report) if report.days > 0 || report.matured > 0 => tracing::info!(
                    positions = report.positions,
                    days = report.days,
                    matured = report.matured,
                    "fund accrual"
                ),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "fund accrual failed; the next run retries"),
            }
        }
    });
}
