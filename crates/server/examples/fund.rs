//! `make bench` (fund part): the daily accrual of many positions for one business day, and the
//! re-run of that day (which must do nothing), then the ledger check and reconcile.
//!
//! `cargo run --release -p server --example fund -- <database-url> [positions]`
//!
//! The holders are seeded with the server's own services (`fiscard simulate fund-holders`: a
//! user, a wire, a subscription of 100.00 USD each) on day d0 — on PostgreSQL only the first,
//! the rest copies of it ([`clone`]: the services' round trips would take minutes); the job then accrues d0 (the
//! subscription day, which earns nothing: one row a position, no posting) unmeasured, and the
//! measured run accrues d1, on which every position earns 0.01 USD (one row and one ledger
//! posting a position).

#![allow(clippy::cast_precision_loss)]

#[path = "fund/clone.rs"]
mod clone;

use std::time::Instant;

use server::db::{Backend, Db};
use server::services::fund::{accrual, business_date, reconcile};

const DAY_MS: i64 = 86_400_000;

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let url = args
        .get(1)
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("usage: fund <database-url> [positions]"))?;
    let count: u64 = args.get(2).map_or(Ok(100_000), |n| n.parse())?;
    let local = tokio::task::LocalSet::new();
    local
        .run_until(async move {
            let db = Db::connect(&url, 2)?;
            // Day d0 two days back, so that d1 is an ended day.
            let d0_ms = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)?
                .as_millis();
            let d0_ms = i64::try_from(d0_ms)? - 2 * DAY_MS;
            let started = Instant::now();
            match db.backend() {
                Backend::Sqlite => {
                    server::fund_cli::seed_holders(&db, count, 10_000, d0_ms).await?;
                }
                Backend::Postgres => clone::seed_holders(&db, count, 10_000, d0_ms).await?,
            }
            println!(
                "seeded {count} holders (user, wire, subscription) in {:.1} s",
                started.elapsed().as_secs_f64()
            );
            let (d1, d2) = (business_date(d0_ms + DAY_MS), business_date(d0_ms + 2 * DAY_MS));
            let now = d0_ms + 2 * DAY_MS;
            let warm = accrual::catch_up(&db, d1, now)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            anyhow::ensure!(warm.days as u64 == count, "the subscription day: {warm:?}");
            let started = Instant::now();
            let day = accrual::catch_up(&db, d2, now)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let took = started.elapsed();
            anyhow::ensure!(day.days as u64 == count, "one day of each position: {day:?}");
            println!(
                "accrual of {count} positions for {d1}: {:.2} s ({:.0} positions/s; {} rows, {} minor units of interest)   target < 10 s",
                took.as_secs_f64(),
                count as f64 / took.as_secs_f64(),
                day.days,
                day.interest
            );
            let started = Instant::now();
            let again = accrual::catch_up(&db, d2, now)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let took = started.elapsed();
            anyhow::ensure!(again == accrual::Report::default(), "the re-run did something: {again:?}");
            println!("re-run of {d1} (nothing to do): {:.3} s   target < 2 s", took.as_secs_f64());
            let started = Instant::now();
            let report = db
                .read(|conn| Ok(server::services::ledger::check(conn)?))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            anyhow::ensure!(report.problems.is_empty(), "ledger check: {:?}", report.problems);
            println!(
                "ledger check passed: {} transactions, {} entries, in {:.1} s",
                report.transactions,
                report.entries,
                started.elapsed().as_secs_f64()
            );
            let started = Instant::now();
            let found = db
                .read(move |conn| Ok(reconcile::run(conn, d2)?))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            anyhow::ensure!(found.differences.is_empty(), "reconcile: {:?}", found.differences);
            println!(
                "reconcile passed: {} holdings compared in {:.1} s",
                found.compared,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        })
        .await
}
