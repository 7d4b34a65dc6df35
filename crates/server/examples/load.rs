//! `make bench` (server part): load against a running release server on the embedded default.
//!
//! `cargo run --release -p server --example load -- <base-url> <data-dir>`

// Figures are approximate by nature: counts become floats for rates and percentiles.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
//!
//! Registers a user through the real flow (captcha solved, code read from the outbox), then
//! prints requests/s and latency percentiles of `/healthz` and of an authenticated
//! `GET /api/user/self`, their ratio, and the p99 of `user/self` while 16 logins run at once.

#[path = "common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{login, measure, register, report};

const WORKERS: usize = 8;
const PHASE: Duration = Duration::from_secs(5);
const STORM_LOGINS: usize = 16;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let base = args
        .next()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let data = PathBuf::from(args.next().unwrap_or_else(|| "data".into()));
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;

    let email = format!("bench-{}@example.com", std::process::id());
    let password = "Bench-password-1";
    let token = register(&client, &base, &data, &email, password).await?;

    let health = measure(&client, &format!("{base}/healthz"), None, WORKERS, PHASE).await;
    report("GET /healthz", &health);
    let me = measure(
        &client,
        &format!("{base}/api/user/self"),
        Some(&token),
        WORKERS,
        PHASE,
    )
    .await;
    report("GET /api/user/self", &me);
    println!(
        "ratio self/healthz   {:.2} (budget ≥ 0.5)",
        me.rps / health.rps
    );

    let storm: Vec<_> = (0..STORM_LOGINS)
        .map(|_| {
            let (client, base, email) = (client.clone(), base.clone(), email.clone());
            tokio::spawn(async move {
                let deadline = Instant::now() + PHASE;
                let mut done = 0_u32;
                while Instant::now() < deadline {
                    if login(&client, &base, &email, password).await.is_ok() {
                        done += 1;
                    }
                }
                done
            })
        })
        .collect();
    let during = measure(
        &client,
        &format!("{base}/api/user/self"),
        Some(&token),
        2,
        PHASE,
    )
    .await;
    let mut logins = 0;
    for task in storm {
        logins += task.await?;
    }
    report("GET /api/user/self during 16 concurrent logins", &during);
    println!(
        "logins completed     {logins} in {:.0} s ({:.1}/s); p99 of user/self {:.1} ms (budget < 50 ms)",
        PHASE.as_secs_f64(),
        f64::from(logins) / PHASE.as_secs_f64(),
        during.p99_ms
    );
    Ok(())
}
