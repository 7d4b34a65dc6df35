//! `make bench` (cards part): card authorizations through `POST /api/issuer/events` on a
//! running release server, as the card network sends them: signed `authorization` events of
//! 0.01 USD.
//!
//! `cargo run --release -p server --example authorizations -- <base-url> <data-dir> <database-url>`
//!
//! Open loop: events sent at a fixed offered rate (200, 400, 800 per second) whatever the
//! answers, each timed from when it was due; on a fresh card and on a busy card with 20,000
//! authorizations this month. Closed loop: 8 clients, each sending its next event when the last
//! is answered. Prints the figures; asserts nothing about them.
//!
//! The busy card's history is written straight into its transactions (20,000 cleared
//! authorizations of 0.01 this month, as a card network's day of a busy business card would
//! leave them), so that it is there in seconds; everything measured goes through HTTP.

#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]

#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::Db;
use server::db::schema::card_transactions as txs;
use server::routes::issuer::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};
use server::services::card_events::spending;
use server::services::{ledger, passwords::Passwords};

use common::{PIN, post_as, prepare, register};

const PHASE: Duration = Duration::from_secs(5);
const RATES: [u32; 3] = [200, 400, 800];
const HISTORY: i64 = 20_000;
const CLIENTS: usize = 8;

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
        .pool_max_idle_per_host(1024)
        .timeout(Duration::from_secs(60))
        .build()?;
    let secret = hex::decode(std::fs::read_to_string(data.join("secrets/webhook.key"))?.trim())?;

    let pin_hash = Passwords::new(1)?
        .hash(PIN.to_owned())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let email = format!("auths-{}@example.com", std::process::id());
    let token = register(&client, &base, &data, &email, "Bench-password-1").await?;
    prepare(&db, &email, &pin_hash, 0).await?;
    let mut cards = Vec::new();
    for _ in 0..3 {
        let card = post_as(
            &client,
            &base,
            &token,
            "/fiscard/apply",
            json!({ "bin": "485932" }),
        )
        .await?;
        let key = card["cardKey"].as_str().unwrap_or_default().to_owned();
        post_as(
            &client,
            &base,
            &token,
            "/fiscard/recharge",
            json!({ "cardKey": key, "amount": "5000.00", "securityPassword": PIN }),
        )
        .await?;
        cards.push(key);
    }
    let (fresh, busy, closed) = (&cards[0], &cards[1], &cards[2]);
    let started = Instant::now();
    write_history(&db, busy).await?;
    println!(
        "busy card: {HISTORY} authorizations this month written in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let sender = Sender {
        client,
        url: format!("{base}/api/issuer/events"),
        secret: Arc::new(secret),
        next_id: Arc::new(AtomicU64::new(0)),
    };
    for (name, card) in [("fresh card", fresh), ("busy card", busy)] {
        for rate in RATES {
            let figures = open_loop(&sender, card, rate).await;
            figures.report(&format!("{name}, {rate}/s offered"));
        }
    }
    let figures = closed_loop(&sender, closed).await;
    figures.report(&format!("closed loop, {CLIENTS} clients"));

    let (ledger, counters) = db
        .read(|conn| Ok((ledger::check(conn)?, spending::check(conn)?)))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let problems: Vec<&String> = ledger.problems.iter().chain(&counters.problems).collect();
    println!(
        "ledger and counter check {} ({} entries, {} cards with counters)",
        if problems.is_empty() {
            "passed".to_owned()
        } else {
            format!("FAILED: {problems:?}")
        },
        ledger.entries,
        counters.cards
    );
    if !problems.is_empty() {
        anyhow::bail!("the ledger or counter check failed");
    }
    Ok(())
}

/// 20,000 cleared authorizations of 0.01 on `card` this month.
async fn write_history(db: &Db, card: &str) -> anyhow::Result<()> {
    let card = card.to_owned();
    let now = server::clock::Clock::System.now_ms();
    let month_start = domain::date::Date::of_instant_ms(now)
        .first_of_month()
        .start_ms();
    db.write(move |conn| {
        let user_id: String = server::db::schema::cards::table
            .find(&card)
            .select(server::db::schema::cards::user_id)
            .first(conn)?;
        // One insert each: diesel's multi-backend connection has no multi-row insert.
        for i in 0..HISTORY {
            let at = (now - 60_000 - i * 10).max(month_start);
            let row = (
                txs::id.eq(uuid::Uuid::now_v7().to_string()),
                txs::transaction_id.eq(format!("history-{card}-{i}")),
                txs::card_id.eq(card.clone()),
                txs::user_id.eq(user_id.clone()),
                txs::transaction_type.eq("auth"),
                txs::status.eq("succeed"),
                txs::merchant_name_location.eq("Bench Merchant, San Francisco US"),
                txs::transaction_amount.eq(1_i64),
                txs::transaction_currency.eq("USD"),
                txs::account_gross_amount.eq(1_i64),
                txs::account_currency.eq("USD"),
                (
                    txs::transaction_fee.eq(0_i64),
                    txs::conversion_fee.eq(0_i64),
                    txs::cross_border_fee.eq(0_i64),
                    txs::refund_fee.eq(0_i64),
                    txs::held.eq(0_i64),
                    txs::occurred_at.eq(at),
                    txs::created_at.eq(at),
                    txs::updated_at.eq(at),
                ),
            );
            diesel::insert_into(txs::table).values(row).execute(conn)?;
        }
        Ok(())
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))
}

#[derive(Clone)]
struct Sender {
    client: reqwest::Client,
    url: String,
    secret: Arc<Vec<u8>>,
    next_id: Arc<AtomicU64>,
}

/// How one event was answered.
enum Outcome {
    Approved,
    Declined(String),
    Failed,
}

impl Sender {
    /// One signed authorization of 0.01 on `card`.
    async fn authorize(&self, card: &str) -> Outcome {
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let body = json!({
            "event": "authorization",
            "transactionId": format!("bench-{}-{n}", std::process::id()),
            "cardKey": card,
            "amount": "0.01",
            "currency": "USD",
            "merchant": "Bench Merchant, San Francisco US",
        });
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let timestamp = server::clock::Clock::System.now_secs();
        let answer = self
            .client
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header(TIMESTAMP_HEADER, timestamp.to_string())
            .header(SIGNATURE_HEADER, sign(&self.secret, timestamp, &bytes))
            .body(bytes)
            .send()
            .await;
        let Ok(answer) = answer else {
            return Outcome::Failed;
        };
        match answer.json::<Value>().await {
            Ok(v) if v["statusCode"] == 200 && v["content"]["approved"] == true => {
                Outcome::Approved
            }
            Ok(v) if v["statusCode"] == 200 => Outcome::Declined(
                v["content"]["declineReason"]
                    .as_str()
                    .unwrap_or("?")
                    .to_owned(),
            ),
            _ => Outcome::Failed,
        }
    }
}

/// Answers and their latencies.
#[derive(Default)]
struct Figures {
    latencies: Vec<Duration>,
    approved: usize,
    declined: BTreeMap<String, usize>,
    failed: usize,
    elapsed: Duration,
}

impl Figures {
    fn add(&mut self, latency: Duration, outcome: Outcome) {
        match outcome {
            Outcome::Approved => self.approved += 1,
            Outcome::Declined(reason) => *self.declined.entry(reason).or_default() += 1,
            Outcome::Failed => {
                self.failed += 1;
                return;
            }
        }
        self.latencies.push(latency);
    }

    fn report(mut self, name: &str) {
        self.latencies.sort();
        let pct = |p: f64| {
            self.latencies
                .get(((self.latencies.len() as f64 - 1.0) * p).round() as usize)
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        let secs = self.elapsed.as_secs_f64();
        let declined: Vec<String> = self
            .declined
            .iter()
            .map(|(reason, n)| format!("{n} {reason}"))
            .collect();
        println!(
            "{name:<32} answered {:>6.0}/s  approved {:>6.0}/s  p50 {:>8.2} ms  p99 {:>8.2} ms  ({} approved, declined: {}; {} failed)",
            self.latencies.len() as f64 / secs,
            self.approved as f64 / secs,
            pct(0.5),
            pct(0.99),
            self.approved,
            if declined.is_empty() {
                "none".to_owned()
            } else {
                declined.join(", ")
            },
            self.failed,
        );
    }
}

/// `rate` events a second for the phase, each sent when it is due whether or not the earlier
/// ones were answered; its latency counts from when it was due.
async fn open_loop(sender: &Sender, card: &str, rate: u32) -> Figures {
    let started = tokio::time::Instant::now();
    let total = (PHASE.as_secs_f64() * f64::from(rate)) as u32;
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = started + Duration::from_secs_f64(f64::from(i) / f64::from(rate));
        tokio::time::sleep_until(due).await;
        let (sender, card) = (sender.clone(), card.to_owned());
        tasks.push(tokio::spawn(async move {
            let outcome = sender.authorize(&card).await;
            (due.elapsed(), outcome)
        }));
    }
    let mut figures = Figures::default();
    for task in tasks {
        if let Ok((latency, outcome)) = task.await {
            figures.add(latency, outcome);
        }
    }
    figures.elapsed = started.elapsed();
    figures
}

/// `CLIENTS` clients, each sending its next event when the last is answered.
async fn closed_loop(sender: &Sender, card: &str) -> Figures {
    let started = Instant::now();
    let tasks: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (sender, card) = (sender.clone(), card.to_owned());
            tokio::spawn(async move {
                let mut figures = Figures::default();
                while started.elapsed() < PHASE {
                    let t = Instant::now();
                    let outcome = sender.authorize(&card).await;
                    figures.add(t.elapsed(), outcome);
                }
                figures
            })
        })
        .collect();
    let mut all = Figures::default();
    for task in tasks {
        if let Ok(f) = task.await {
            all.latencies.extend(f.latencies);
            all.approved += f.approved;
            all.failed += f.failed;
            for (reason, n) in f.declined {
                *all.declined.entry(reason).or_default() += n;
            }
        }
    }
    all.elapsed = started.elapsed();
    all
}
