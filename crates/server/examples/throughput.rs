//! `make bench` (scale part, scripts/bench.sh): requests per second of a read mix and of
//! recharges against one address: one instance, or several behind a load balancer on one
//! PostgreSQL database. The script runs it against both and prints the ratio.
//!
//! `cargo run --release -p server --example throughput -- <base-url> <data-dir> <database-url>`
//!
//! The holders register through the real flow at that address (`common::cards::holders`, as
//! the cards figures do). The read mix: each of 8 clients, a holder's session each, GETs
//! `user/self`, `fiscard/list` and `wallet/balance` in turn. The recharges: the same 8 holders
//! recharge their cards at once, each through the HTTP API with its PIN check. The last line,
//! `figures reads=… recharges=…`, is for the script.

#[path = "common/mod.rs"]
mod common;

use std::time::Duration;

use common::cards::{holders, recharge_together};
use common::{measure_mix, report};

const PHASE: Duration = Duration::from_secs(8);
const CLIENTS: usize = 8;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let (base, data, db) = common::target()?;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(64)
        .build()?;
    let holders = holders(&client, &base, &data, &db, "throughput", CLIENTS).await?;
    let tokens: Vec<String> = holders.iter().map(|h| h.token.clone()).collect();
    let urls = ["user/self", "fiscard/list", "wallet/balance"].map(|p| format!("{base}/api/{p}"));

    let reads = measure_mix(&client, &urls, &tokens, CLIENTS, PHASE).await;
    report("GET user/self, fiscard/list, wallet/balance", &reads);
    let (recharges, each) = recharge_together(&client, &base, holders, PHASE).await?;
    let done: usize = each.iter().map(|f| f.count).sum();
    let errors: usize = each.iter().map(|f| f.errors).sum();
    println!(
        "{:<48} {recharges:>8.0} req/s  ({done} recharges, {errors} errors)",
        "POST fiscard/recharge, 8 holders at once"
    );
    common::ledger_check(&db).await?;
    anyhow::ensure!(
        reads.errors == 0 && errors == 0,
        "{} reads and {errors} recharges failed",
        reads.errors
    );
    println!("figures reads={:.1} recharges={recharges:.1}", reads.rps);
    Ok(())
}
