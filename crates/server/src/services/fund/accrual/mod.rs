//! The daily accrual job (docs/fund-contract.md "Accrual job"): for each open position, each
//! business day before today not yet accrued earns on the shares in the product at its start
//! (`domain::fund::accrue`); each day is one `fund_accruals` row, unique per (position, date),
//! written in the same transaction as its ledger posting. Positions are taken in batches
//! ([`BATCH`]), each batch one write transaction that holds its positions' rows (on PostgreSQL,
//! rows another instance holds are skipped and left to it), so a re-run does nothing, a
//! catch-up of N days is N single days, and several instances running at once accrue each day
//! once. Within a batch the fixed positions run first, then their maturities (which pay into
//! the current position on the last interest day), then the current positions.

mod batch;
mod maturity;

use std::collections::HashMap;
use std::time::Duration;

use diesel::prelude::*;
use domain::date::Date;

pub use batch::{Caps, accrue_until};
pub use maturity::mature;

use super::positions::{self, Claim, Position};
use super::products::{self, Product};
use super::{ACCRUAL, current_account, platform, profit_account};
use crate::api::AppError;
use crate::clock::Clock;
use crate::db::{Db, DbConnection};
use crate::services::ledger::{self, AccountKind};

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

/// Positions a transaction of the job. The batch's statements are few whatever its size (see
/// [`batch`]); the size bounds how long one transaction holds the writer (SQLite) and its rows.
pub const BATCH: usize = 500;

/// Brings the positions `ids` up to `today` inside the caller's transaction: holds them
/// ([`positions::lock_open`]), accrues the fixed ones, pays out those due, then accrues the
/// current ones (read again: a maturity may have paid into them).
///
/// # Errors
/// A database failure, a day found accrued though its position said it was not, a ledger that
/// refuses a posting.
pub fn bring_up(
    conn: &mut DbConnection,
    ids: &[String],
    today: Date,
    now: i64,
    claim: Claim,
) -> anyhow::Result<Report> {
    if let DbConnection::Sqlite(_) = conn {
        // Take SQLite's write lock first (waiting for it as long as busy_timeout says), not
        // after reading, when a writer of another process would make the upgrade fail.
        diesel::sql_query("UPDATE fund_positions SET carry = carry WHERE id = ''").execute(conn)?;
    }
    let held = positions::lock_open(conn, ids, claim)?;
    let mut known: HashMap<String, Product> = HashMap::new();
    learn_products(conn, &mut known, &held)?;
    let (current, fixed): (Vec<Position>, Vec<Position>) =
        held.into_iter().partition(Position::is_current);
    let mut report = batch::accrue_many(conn, &fixed, &known, &Caps::new(), today, now)?;
    for position in &fixed {
        if let Some(product) = known.get(&position.product_id)
            && mature(conn, position, product, today, now)?
        {
            report.matured += 1;
        }
    }
    let current_ids: Vec<String> = current.into_iter().map(|p| p.id).collect();
    let current = positions::lock_open(conn, &current_ids, Claim::Wait)?;
    let caps = unpaid_maturities(conn, &mut known, &current, today)?;
    report.add(batch::accrue_many(
        conn, &current, &known, &caps, today, now,
    )?);
    Ok(report)
}

/// Adds the products of `positions` to `known`.
fn learn_products(
    conn: &mut DbConnection,
    known: &mut HashMap<String, Product>,
    positions: &[Position],
) -> QueryResult<()> {
    for position in positions {
        if !known.contains_key(&position.product_id)
            && let Some(product) = products::find(conn, &position.product_id)?
        {
            known.insert(product.id.clone(), product);
        }
    }
    Ok(())
}

/// The caps of the `current` positions' accrual: for each holder and asset, the earliest
/// maturity before `today` of a fixed position of theirs still open — one another instance
/// holds, or whose last day is not yet accrued. Accruing the current position past that date
/// would count the payout's shares from the day it is paid instead of the maturity date, and
/// lose their interest in between; the current position goes on once the payout is in.
fn unpaid_maturities(
    conn: &mut DbConnection,
    known: &mut HashMap<String, Product>,
    current: &[Position],
    today: Date,
) -> QueryResult<Caps> {
    let users: Vec<&str> = current.iter().map(|p| p.user_id.as_str()).collect();
    let unpaid = positions::open_fixed_of_users(conn, &users)?;
    learn_products(conn, known, &unpaid)?;
    let mut caps = Caps::new();
    for position in unpaid {
        let Some(fixed) = known.get(&position.product_id).and_then(|p| p.terms.fixed) else {
            continue;
        };
        let maturity = fixed.maturity_date();
        if maturity < today {
            caps.entry((position.user_id, position.asset))
                .and_modify(|cap| *cap = (*cap).min(maturity))
                .or_insert(maturity);
        }
    }
    Ok(caps)
}

/// Brings the user's positions of `asset` up to `today` (before a redemption reads them),
/// waiting for the job if it holds one of them.
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
    let ids: Vec<String> = positions::of_user(conn, user_id, asset)?
        .into_iter()
        .filter(Position::is_open)
        .map(|p| p.id)
        .collect();
    bring_up(conn, &ids, today, now, Claim::Wait)
}

/// Batches of the job one instance runs at once on PostgreSQL. The database does the work of a
/// batch on one core (the job's own process waits for it), so two batches use a two-core
/// machine's second core; their users are disjoint ([`batches`]), and what they share — the
/// platform's interest and rounding accounts — each locks last, just before it commits
/// ([`ledger::post_batch`]). SQLite has one writer: its batches run one after another.
pub const PG_WORKERS: usize = 2;

/// Runs the job until every business day before `until` is accrued: the due positions read,
/// then [`BATCH`] of them a write transaction (the writer's queue on SQLite, so users' writes
/// take turns with the job's batches instead of waiting for the whole run; [`PG_WORKERS`] at
/// once on PostgreSQL), again until a turn finds nothing to do. `fiscard admin fund accrue
/// --until DATE` and the timer run this.
///
/// # Errors
/// As [`bring_up`]; the batches written before the failure stay.
pub async fn catch_up(db: &Db, until: Date, now: i64) -> Result<Report, AppError> {
    use futures_util::stream::{self, StreamExt, TryStreamExt};
    let workers = match db.backend() {
        crate::db::Backend::Postgres => PG_WORKERS,
        crate::db::Backend::Sqlite => 1,
    };
    let mut report = Report::default();
    loop {
        let due: Vec<Position> = db
            .read(move |conn| Ok(positions::due(conn, until)?))
            .await?;
        let turn = stream::iter(batches(&due))
            .map(|ids| {
                db.write(move |conn| Ok(bring_up(conn, &ids, until, now, Claim::SkipLocked)?))
            })
            .buffer_unordered(workers)
            .try_fold(Report::default(), |mut turn, done| async move {
                turn.add(done);
                Ok(turn)
            })
            .await?;
        report.add(turn);
        // Nothing left, or only what other instances hold.
        if turn.days == 0 && turn.matured == 0 {
            return Ok(report);
        }
    }
}

/// The due positions' ids (sorted by user, as [`positions::due`] answers them) cut into
/// batches of about [`BATCH`], never between two positions of one user: a user's fixed
/// position pays into their current position at maturity, and batches that run at once must
/// not wait for each other's positions and accounts.
fn batches(due: &[Position]) -> Vec<Vec<String>> {
    let mut batches: Vec<Vec<String>> = Vec::new();
    let mut last_user: Option<&str> = None;
    for position in due {
        let next_user = last_user != Some(position.user_id.as_str());
        match batches.last_mut() {
            Some(batch) if !(next_user && batch.len() >= BATCH) => batch.push(position.id.clone()),
            _ => batches.push(vec![position.id.clone()]),
        }
        last_user = Some(&position.user_id);
    }
    batches
}

/// Runs the job every `every` (real time) on today's business date by `clock`, at start and
/// then on each tick; safe on every instance at once. A failed run is logged and the next one
/// tries again. Runs until the runtime stops.
pub fn spawn(db: Db, clock: Clock, every: Duration) -> actix_web::rt::task::JoinHandle<()> {
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(every);
        loop {
            let scheduled = ticks.tick().await.into_std();
            let started = std::time::Instant::now();
            let now = clock.now_ms();
            let caught_up = catch_up(&db, super::business_date(now), now).await;
            crate::telemetry::job_run("fund_accrual", scheduled, started, caught_up.is_ok());
            match caught_up {
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
    })
}

#[cfg(test)]
mod tests {
    use domain::exchange::Asset;
    use domain::fund::ProductType;

    use super::*;

    fn position(id: usize, user: &str) -> Position {
        Position {
            id: format!("p{id:04}"),
            user_id: user.to_owned(),
            product_id: "current".to_owned(),
            product_type: ProductType::Current,
            asset: Asset::Usd,
            principal: 0,
            status: positions::OPEN.to_owned(),
            next_date: Date::parse("2026-11-27").unwrap(),
            start_shares: 10_000,
            carry: 0,
            created_at: 0,
        }
    }

    #[test]
    fn batches_hold_about_batch_positions_and_never_split_a_user() {
        // One user with BATCH - 1 positions, one with 3, then one with 1.
        let mut due: Vec<Position> = (0..BATCH - 1).map(|i| position(i, "u1")).collect();
        due.extend((0..3).map(|i| position(BATCH + i, "u2")));
        due.push(position(2 * BATCH, "u3"));
        let cut = batches(&due);
        assert_eq!(
            cut.iter().map(Vec::len).collect::<Vec<_>>(),
            [BATCH + 2, 1],
            "u2's positions stay together in the first batch"
        );
        assert_eq!(cut[1], ["p1000"]);
        assert!(batches(&[]).is_empty());
    }
}
