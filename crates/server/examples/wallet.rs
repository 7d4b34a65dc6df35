//! `make bench` (wallet part, beside `derive`'s addresses per second): `GET wallet/balance`
//! (three coins, each valued at its reference price) against `/healthz` on a running release
//! server; then the ledger check.
//!
//! `cargo run --release -p server --example wallet -- <base-url> <data-dir> <database-url>`
//!
//! The user registers through the real flow and asks for deposit addresses through the API;
//! the coins arrive through the sandbox chain's own services on the same database.

#![allow(clippy::cast_precision_loss)]

#[path = "common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::Duration;

use domain::wallet::{Coin, Network};
use serde_json::Value;
use server::db::Db;
use server::services::ledger;
use server::services::wallet::chain::{self, Output};

use common::{measure, register, report};

const PHASE: Duration = Duration::from_secs(5);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let base = args
        .next()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let data = PathBuf::from(args.next().unwrap_or_else(|| "data".into()));
    let database_url = args
        .next()
        .unwrap_or_else(|| data.join("fiscard.db").to_string_lossy().into_owned());
    let db = Db::attach(&database_url, 2)?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;

    let email = format!("wallet-{}@example.com", std::process::id());
    let token = register(&client, &base, &data, &email, "Bench-password-1").await?;
    for (coin, network, amount) in [
        (Coin::Btc, Network::Btc, "0.75"),
        (Coin::Eth, Network::Eth, "12.5"),
        (Coin::Usdt, Network::Trx, "25000"),
    ] {
        let path = format!(
            "{base}/api/wallet/deposit/address?coinCode={}&network={}",
            coin.code(),
            network.code()
        );
        let answer: Value = client
            .get(path)
            .header("Access-Token", &token)
            .send()
            .await?
            .json()
            .await?;
        let address = answer["content"]["address"]
            .as_str()
            .ok_or_else(|| anyhow::anyhow!("no deposit address: {answer}"))?
            .to_owned();
        let now = server::clock::Clock::System.now_ms();
        db.write(move |conn| {
            let output = Output {
                network,
                txid: server::services::wallet::sandbox_txid(network),
                vout: 0,
                address,
                coin: Some(coin),
                amount: amount.to_owned(),
            };
            chain::deposit(conn, &output, now)?;
            chain::mine(conn, network, 30, now)?;
            Ok(())
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    }

    let health = measure(&client, &format!("{base}/healthz"), None, 8, PHASE).await;
    report("GET /healthz", &health);
    let balance = measure(
        &client,
        &format!("{base}/api/wallet/balance"),
        Some(&token),
        8,
        PHASE,
    )
    .await;
    report("GET /api/wallet/balance (3 coins)", &balance);
    println!("ratio balance/healthz   {:.2}", balance.rps / health.rps);

    let check = db
        .read(|conn| Ok(ledger::check(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "ledger check         {}",
        if check.problems.is_empty() {
            "passed".to_owned()
        } else {
            format!("FAILED: {:?}", check.problems)
        }
    );
    if !check.problems.is_empty() {
        anyhow::bail!("the ledger check failed");
    }
    Ok(())
}
