//! `make bench` (cards part): recharges per second, sequential and 16 at once, and
//! `GET fiscard/list` with 10 cards against `/healthz`, on a running release server; then the
//! ledger check.
//!
//! `cargo run --release -p server --example cards -- <base-url> <data-dir> <database-url>`
//!
//! Users register through the real flow; what an operator or the user would set up through
//! other screens (identity approved, a mobile, a PIN with trade checks by PIN, a wire
//! credited) is written with the server's own services on the same database.

#![allow(clippy::cast_precision_loss)]

#[path = "common/mod.rs"]
mod common;

use std::time::Duration;

use server::services::ledger;

use common::cards::{apply, holders, recharge_loop, recharge_together};
use common::{measure, report};

const PHASE: Duration = Duration::from_secs(5);
const CONCURRENT: usize = 16;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let (base, data, db) = common::target()?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let holders = holders(&client, &base, &data, &db, "cards", CONCURRENT).await?;
    for _ in 1..10 {
        apply(&client, &base, &holders[0].token).await?;
    }

    let health = measure(&client, &format!("{base}/healthz"), None, 8, PHASE).await;
    report("GET /healthz", &health);
    let list = measure(
        &client,
        &format!("{base}/api/fiscard/list"),
        Some(&holders[0].token),
        8,
        PHASE,
    )
    .await;
    report("GET /api/fiscard/list (10 cards)", &list);
    println!("ratio list/healthz   {:.2}", list.rps / health.rps);

    let sequential = recharge_loop(&client, &base, &holders[0], PHASE).await;
    report("POST /api/fiscard/recharge, one at a time", &sequential);
    let (rate, each) = recharge_together(&client, &base, holders, PHASE).await?;
    let done: usize = each.iter().map(|f| f.count).sum();
    let errors: usize = each.iter().map(|f| f.errors).sum();
    let p99 = each.iter().map(|f| f.p99_ms).fold(0.0_f64, f64::max);
    println!(
        "{:<48} {rate:>8.0} req/s  worst per-user p99 {p99:>6.2} ms  ({done} recharges, {errors} errors)",
        "POST /api/fiscard/recharge, 16 users at once",
    );
    let check = db
        .read(|conn| Ok(ledger::check(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "ledger check         {} ({} accounts, {} transactions, {} entries)",
        if check.problems.is_empty() {
            "passed".to_owned()
        } else {
            format!("FAILED: {:?}", check.problems)
        },
        check.accounts,
        check.transactions,
        check.entries
    );
    if !check.problems.is_empty() {
        anyhow::bail!("the ledger check failed");
    }
    Ok(())
}
