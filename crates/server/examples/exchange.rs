//! `make bench` (exchange part): quotes per second, swaps per second (each a fresh quote then
//! its swap, one ledger transaction), and the p99 of a quote while swaps load the server, on a
//! running release server; then the ledger check (the exchange's accounts against the swaps
//! included).
//!
//! `cargo run --release -p server --example exchange -- <base-url> <data-dir> <database-url>`
//!
//! Users register through the real flow; identity approved and a wire credited are written with
//! the server's own services on the same database, and so are fresh reference prices (the
//! server's sandbox feed keeps them fresh afterwards).

#![allow(clippy::cast_precision_loss)]

#[path = "common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use domain::wallet::Coin;
use serde_json::json;
use server::services::{passwords::Passwords, wallet::prices};

use common::{Figures, PIN, post_as, prepare, register, report};

const PHASE: Duration = Duration::from_secs(5);
const WORKERS: usize = 8;

/// `WORKERS` loops (one per token) running `step` for `PHASE`: the figures of its successes.
async fn run<F, Fut>(tokens: &[String], step: F) -> Figures
where
    F: Fn(String) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = anyhow::Result<Duration>> + Send,
{
    let step = Arc::new(step);
    let started = Instant::now();
    let tasks: Vec<_> = tokens
        .iter()
        .cloned()
        .map(|token| {
            let step = step.clone();
            tokio::spawn(async move {
                let (mut latencies, mut errors) = (Vec::new(), 0);
                while started.elapsed() < PHASE {
                    match step(token.clone()).await {
                        Ok(took) => latencies.push(took),
                        Err(_) => errors += 1,
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    let (mut all, mut errors) = (Vec::new(), 0);
    for task in tasks {
        if let Ok((l, e)) = task.await {
            all.extend(l);
            errors += e;
        }
    }
    Figures::of(all, errors, started.elapsed())
}

/// A quote for 1.00 USD of BTC: its id and how long it took.
async fn quote(
    client: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<(String, Duration)> {
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "1" });
    let t = Instant::now();
    let q = post_as(client, base, token, "/exchange/quote", asked).await?;
    let id = q["quoteId"].as_str().unwrap_or_default().to_owned();
    Ok((id, t.elapsed()))
}

async fn swap(client: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<Duration> {
    let (id, _) = quote(client, base, token).await?;
    let t = Instant::now();
    post_as(
        client,
        base,
        token,
        "/exchange/swap",
        json!({ "quoteId": id }),
    )
    .await?;
    Ok(t.elapsed())
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let (base, data, db) = common::target()?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let pin_hash = Passwords::new(1)?
        .hash(PIN.to_owned())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    let mut tokens = Vec::new();
    for i in 0..=WORKERS {
        let email = format!("exchange-{}-{i}@example.com", std::process::id());
        tokens.push(register(&client, &base, &data, &email, "Bench-password-1").await?);
        prepare(&db, &email, &pin_hash, 100 + i).await?;
    }
    let now = server::clock::Clock::System.now_ms();
    db.write(move |conn| {
        for (coin, price) in [
            (Coin::Btc, 6_500_000_000_000),
            (Coin::Eth, 350_000_000_000),
            (Coin::Usdt, 100_000_000),
        ] {
            prices::set(conn, coin, price, "bench", now)?;
        }
        Ok(())
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let probe = tokens.pop().unwrap_or_default();

    let (c, b) = (client.clone(), base.clone());
    let quotes = run(&tokens, move |token| {
        let (c, b) = (c.clone(), b.clone());
        async move { Ok(quote(&c, &b, &token).await?.1) }
    })
    .await;
    report("POST /api/exchange/quote (8 at once)", &quotes);

    // Swaps load the server while one client quotes on its own: the quote's p99 under load.
    let (c, b) = (client.clone(), base.clone());
    let loaded = tokio::spawn(async move {
        run(&tokens, move |token| {
            let (c, b) = (c.clone(), b.clone());
            async move { swap(&c, &b, &token).await }
        })
        .await
    });
    let started = Instant::now();
    let (mut probed, mut probe_errors) = (Vec::new(), 0);
    while started.elapsed() < PHASE {
        match quote(&client, &base, &probe).await {
            Ok((_, took)) => probed.push(took),
            Err(_) => probe_errors += 1,
        }
    }
    let swaps = loaded.await?;
    report("POST /api/exchange/swap (8 at once, after a quote)", &swaps);
    report(
        "POST /api/exchange/quote while 8 clients swap",
        &Figures::of(probed, probe_errors, started.elapsed()),
    );

    common::ledger_check(&db).await
}
