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

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::services::{ledger, passwords::Passwords};

use common::{Figures, PIN, measure, post_as, prepare, register, report};

const PHASE: Duration = Duration::from_secs(5);
const CONCURRENT: usize = 16;

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

    let mut holders = Vec::new();
    for i in 0..CONCURRENT {
        let email = format!("cards-{}-{i}@example.com", std::process::id());
        let token = register(&client, &base, &data, &email, "Bench-password-1").await?;
        prepare(&db, &email, &pin_hash, i).await?;
        holders.push(token);
    }
    let apply = |token: String| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            let card = post_as(
                &client,
                &base,
                &token,
                "/fiscard/apply",
                json!({ "bin": "485932" }),
            )
            .await?;
            anyhow::Ok(card["cardKey"].as_str().unwrap_or_default().to_owned())
        }
    };
    let mut cards = Vec::new();
    for token in &holders {
        cards.push(apply(token.clone()).await?);
    }
    for _ in 1..10 {
        apply(holders[0].clone()).await?;
    }

    let health = measure(&client, &format!("{base}/healthz"), None, 8, PHASE).await;
    report("GET /healthz", &health);
    let list = measure(
        &client,
        &format!("{base}/api/fiscard/list"),
        Some(&holders[0]),
        8,
        PHASE,
    )
    .await;
    report("GET /api/fiscard/list (10 cards)", &list);
    println!("ratio list/healthz   {:.2}", list.rps / health.rps);

    let sequential = recharge_loop(&client, &base, &holders[0], &cards[0]).await;
    report("POST /api/fiscard/recharge, one at a time", &sequential);
    let started = Instant::now();
    let tasks: Vec<_> = holders
        .iter()
        .zip(&cards)
        .map(|(token, card)| {
            let (client, base, token, card) =
                (client.clone(), base.clone(), token.clone(), card.clone());
            tokio::spawn(async move { recharge_loop(&client, &base, &token, &card).await })
        })
        .collect();
    let (mut done, mut errors, mut p99) = (0, 0, 0.0_f64);
    for task in tasks {
        let f = task.await?;
        done += f.count;
        errors += f.errors;
        p99 = p99.max(f.p99_ms);
    }
    println!(
        "{:<48} {:>8.0} req/s  worst per-user p99 {:>6.2} ms  ({done} recharges, {errors} errors)",
        "POST /api/fiscard/recharge, 16 users at once",
        done as f64 / started.elapsed().as_secs_f64(),
        p99
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

/// Recharges 1.00 at a time for the phase, each with its PIN check and a fresh idempotency
/// key, as the browser sends them.
async fn recharge_loop(client: &reqwest::Client, base: &str, token: &str, card: &str) -> Figures {
    let started = Instant::now();
    let (mut latencies, mut errors) = (Vec::new(), 0);
    let mut n = 0_u64;
    while started.elapsed() < PHASE {
        n += 1;
        let t = Instant::now();
        let answer = client
            .post(format!("{base}/api/fiscard/recharge"))
            .header("Access-Token", token)
            .header("Idempotency-Key", format!("bench-{card}-{n}"))
            .json(&json!({ "cardKey": card, "amount": "1.00", "securityPassword": PIN }))
            .send()
            .await;
        let ok = match answer {
            Ok(r) => r
                .json::<Value>()
                .await
                .is_ok_and(|v| v["statusCode"] == 200),
            Err(_) => false,
        };
        if ok {
            latencies.push(t.elapsed());
        } else {
            errors += 1;
        }
    }
    Figures::of(latencies, errors, started.elapsed())
}
