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

use std::time::Duration;

use domain::wallet::{Coin, Network};
use serde_json::Value;
use server::services::wallet::chain::{self, Output};

use common::{measure, register, report};

const PHASE: Duration = Duration::from_secs(5);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let (base, data, db) = common::target()?;
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
    let own = measure(
        &client,
        &format!("{base}/api/user/self"),
        Some(&token),
        8,
        PHASE,
    )
    .await;
    report("GET /api/user/self (the session alone, for scale)", &own);
    let balance = measure(
        &client,
        &format!("{base}/api/wallet/balance"),
        Some(&token),
        8,
        PHASE,
    )
    .await;
    report("GET /api/wallet/balance (3 coins)", &balance);
    println!(
        "ratio balance/healthz   {:.2}   balance/user-self {:.2}",
        balance.rps / health.rps,
        balance.rps / own.rps
    );

    common::ledger_check(&db).await
}
