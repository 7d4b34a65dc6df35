//! `make test-scale` (scripts/test-scale.sh): the load and the checks against three instances
//! behind a load balancer on one PostgreSQL database and one S3-compatible store.
//!
//! `cargo run -p server --example scale -- <balancer url> <data dir> <database url>
//!  <instance url,instance url,instance url> <seconds> <started flag file>`
//!
//! First, what must hold across instances, called on them directly: a session opened on one is
//! valid on another, a captcha solution used on one is refused on another, and a login attempt
//! limit counts attempts made on all of them. Then a bounded mixed load through the balancer
//! (authenticated reads, logins, exchange swaps, card recharges, the card network's signed
//! authorizations, document uploads to the shared store) while the script kills one instance (SIGKILL)
//! and stops another (SIGTERM); the flag file says when the load starts. Then: every swap that
//! was answered is in the database once, each quote swapped at most once, each recharge key and
//! network transaction moved money once, each answered upload reads back, the ledger adds up.

#![allow(clippy::cast_precision_loss)]

#[path = "common/mod.rs"]
mod common;
#[path = "scale/money.rs"]
mod money;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use diesel::prelude::*;
use domain::wallet::Coin;
use serde_json::{Value, json};
use server::db::schema::exchange_swaps;
use server::services::{passwords::Passwords, wallet::prices};

use common::{PIN, captcha, post_as, prepare, register};
use money::Answered;

const WORKERS: usize = 6;
const PASSWORD: &str = "Scale-password-1";

/// One call's body and statusCode; a transport failure or an HTTP error is `Err`.
async fn call(
    client: &reqwest::Client,
    request: reqwest::RequestBuilder,
) -> anyhow::Result<(i64, Value)> {
    let response = client.execute(request.build()?).await?;
    ensure!(response.status().is_success(), "HTTP {}", response.status());
    let body: Value = response.json().await?;
    Ok((body["statusCode"].as_i64().unwrap_or(0), body))
}

fn post(client: &reqwest::Client, base: &str, path: &str, body: &Value) -> reqwest::RequestBuilder {
    client
        .post(format!("{base}/api{path}"))
        .header("X-Forwarded-For", "198.51.100.9")
        .json(body)
}

/// Sessions, captcha solutions and attempt limits behave as on one instance.
async fn across_instances(
    client: &reqwest::Client,
    instances: &[String],
    data: &std::path::Path,
) -> anyhow::Result<()> {
    let [a, b, c] = instances else {
        bail!("three instance URLs, comma-separated");
    };
    // A session opened on A is good on B.
    let email = format!("scale-session-{}@example.com", std::process::id());
    let token = register(client, a, data, &email, PASSWORD).await?;
    let (code, _) = call(
        client,
        client
            .get(format!("{b}/api/user/self"))
            .header("Access-Token", &token),
    )
    .await?;
    ensure!(code == 200, "a session from A is refused on B ({code})");
    println!("across instances: a session opened on A is valid on B");

    // A captcha solution used on A is refused on C.
    let solution = captcha(client, a).await?;
    let first = json!({ "email": format!("scale-captcha-1-{}@example.com", std::process::id()), "token": solution });
    let (code, _) = call(client, post(client, a, "/user/register", &first)).await?;
    ensure!(
        code == 200,
        "a fresh captcha solution was refused on A ({code})"
    );
    let again = json!({ "email": format!("scale-captcha-2-{}@example.com", std::process::id()), "token": solution });
    let (code, body) = call(client, post(client, c, "/user/register", &again)).await?;
    ensure!(
        code != 200,
        "a captcha solution used on A was accepted on C: {body}"
    );
    println!("across instances: a captcha solution used on A is refused on C ({code})");

    // Wrong passwords spread over A, B and C count together: four are judged (422), the fifth
    // locks this client out of the account (429), on every instance.
    for (i, base) in [a, b, c, a, b].into_iter().enumerate() {
        let token = captcha(client, base).await?;
        let wrong = json!({ "email": email, "password": "Wrong password 1", "token": token });
        let (code, _) = call(client, post(client, base, "/user/login", &wrong)).await?;
        let expected = if i < 4 { 422 } else { 429 };
        ensure!(
            code == expected,
            "wrong password {} answered {code}, not {expected}",
            i + 1
        );
    }
    let token = captcha(client, c).await?;
    let right = json!({ "email": email, "password": PASSWORD, "token": token });
    let (code, _) = call(client, post(client, c, "/user/login", &right)).await?;
    ensure!(
        code == 429,
        "the right password after the lock, on C, answered {code}, not 429"
    );
    println!(
        "across instances: 4 wrong passwords over A, B, C, the fifth on B locks the client out, on C too (429)"
    );
    Ok(())
}

#[derive(Default)]
struct Tally {
    answered: AtomicUsize,
    refused: AtomicUsize,
    failed: AtomicUsize,
    swaps: std::sync::Mutex<Vec<String>>,
}

impl Tally {
    fn count(&self, result: &anyhow::Result<(i64, Value)>) -> Option<Value> {
        match result {
            Ok((200, body)) => {
                self.answered.fetch_add(1, Ordering::Relaxed);
                Some(body["content"].clone())
            }
            Ok(_) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                None
            }
            Err(_) => {
                self.failed.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }
}

/// One worker: its user, session and card.
struct Worker {
    email: String,
    token: String,
    card: String,
}

/// What the workers share: the balancer's URL, the card network's signing key, the tallies.
struct Shared {
    client: reqwest::Client,
    base: String,
    secret: Vec<u8>,
    tally: Tally,
    money: Answered,
}

/// One worker's loop until `until`: a read, a swap (quote, then accept), a login, a recharge,
/// an authorization, an upload, in turn.
async fn work(shared: Arc<Shared>, worker: Worker, until: Instant) {
    let Worker {
        email,
        mut token,
        card,
    } = worker;
    let (client, base, tally) = (&shared.client, &shared.base, &shared.tally);
    let mut step = 0_usize;
    while Instant::now() < until {
        step += 1;
        match step % 6 {
            3 => {
                tally.count(&shared.money.recharge(client, base, &token, &card).await);
            }
            4 => {
                let answer = shared
                    .money
                    .authorize(client, base, &shared.secret, &card)
                    .await;
                tally.count(&answer);
            }
            5 => {
                tally.count(&shared.money.upload(client, base, &token).await);
            }
            0 => {
                let read = client
                    .get(format!("{base}/api/user/self"))
                    .header("Access-Token", &token);
                tally.count(&call(client, read).await);
            }
            1 => {
                let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "1" });
                let quote =
                    post(client, base, "/exchange/quote", &asked).header("Access-Token", &token);
                let Some(quote) = tally.count(&call(client, quote).await) else {
                    continue;
                };
                let accept = json!({ "quoteId": quote["quoteId"] });
                let swap =
                    post(client, base, "/exchange/swap", &accept).header("Access-Token", &token);
                if let Some(swap) = tally.count(&call(client, swap).await)
                    && let Some(id) = swap["id"].as_str()
                {
                    tally
                        .swaps
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(id.to_owned());
                }
            }
            _ => {
                let Ok(solution) = captcha(client, base).await else {
                    tally.failed.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                let login = json!({ "email": email, "password": PASSWORD, "token": solution });
                let answered = call(
                    client,
                    client.post(format!("{base}/api/user/login")).json(&login),
                )
                .await;
                if let Some(session) = tally.count(&answered)
                    && let Some(fresh) = session["token"].as_str()
                {
                    fresh.clone_into(&mut token);
                }
            }
        }
    }
}

/// The load's users, registered through the balancer, each set up (identity, PIN, a wire) as
/// the bench does, with a card of their own recharged with 50.00.
async fn workers(
    client: &reqwest::Client,
    balancer: &str,
    data: &std::path::Path,
    db: &server::db::Db,
) -> anyhow::Result<Vec<Worker>> {
    let pin_hash = Passwords::new(1)?
        .hash(PIN.to_owned())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut users = Vec::new();
    for i in 0..WORKERS {
        let email = format!("scale-{}-{i}@example.com", std::process::id());
        let token = register(client, balancer, data, &email, PASSWORD).await?;
        prepare(db, &email, &pin_hash, 300 + i).await?;
        let card = post_as(
            client,
            balancer,
            &token,
            "/fiscard/apply",
            json!({ "bin": "485932" }),
        )
        .await?["cardKey"]
            .as_str()
            .context("a card")?
            .to_owned();
        post_as(
            client,
            balancer,
            &token,
            "/fiscard/recharge",
            json!({ "cardKey": card, "amount": "50.00", "securityPassword": PIN }),
        )
        .await?;
        users.push(Worker { email, token, card });
    }
    Ok(users)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [balancer, data, database_url, instances, seconds, flag] = args.as_slice() else {
        bail!(
            "usage: scale <balancer url> <data dir> <database url> <a,b,c> <seconds> <flag file>"
        );
    };
    let data = std::path::PathBuf::from(data);
    let instances: Vec<String> = instances.split(',').map(str::to_owned).collect();
    let seconds: u64 = seconds.parse().context("seconds")?;
    let db = server::db::Db::attach(database_url, 2)?;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(32)
        .build()?;

    across_instances(&client, &instances, &data).await?;

    let users = workers(&client, balancer, &data, &db).await?;
    let secret = hex::decode(std::env::var("FISCARD_WEBHOOK_SECRET").context(
        "FISCARD_WEBHOOK_SECRET: the card network's signing key the instances were given",
    )?)?;
    let shared = Arc::new(Shared {
        client: client.clone(),
        base: balancer.clone(),
        secret,
        tally: Tally::default(),
        money: Answered::default(),
    });
    let now = server::clock::Clock::System.now_ms();
    db.write(move |conn| {
        prices::set(conn, Coin::Btc, 6_500_000_000_000, "scale", now)?;
        Ok(())
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))?;

    std::fs::write(flag, b"load started\n").context("the flag file")?;
    println!("load: {WORKERS} clients for {seconds} s through {balancer}");
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = users
        .into_iter()
        .map(|worker| tokio::spawn(work(shared.clone(), worker, until)))
        .collect();
    let tally = &shared.tally;
    for task in tasks {
        task.await?;
    }
    let accepted: Vec<String> = tally
        .swaps
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    println!(
        "load: {} answered, {} refused, {} failed in transport (cut by the kill), {} swaps accepted",
        tally.answered.load(Ordering::Relaxed),
        tally.refused.load(Ordering::Relaxed),
        tally.failed.load(Ordering::Relaxed),
        accepted.len()
    );
    ensure!(!accepted.is_empty(), "no swap was accepted");

    let (stored, quote_ids): (Vec<String>, Vec<String>) = db
        .read(|conn| {
            let ids = exchange_swaps::table
                .select(exchange_swaps::id)
                .load(conn)?;
            let quotes = exchange_swaps::table
                .select(exchange_swaps::quote_id)
                .load(conn)?;
            Ok((ids, quotes))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let quotes = quote_ids.iter().collect::<HashSet<_>>().len();
    let stored_set: HashSet<&String> = stored.iter().collect();
    let lost: Vec<&String> = accepted
        .iter()
        .filter(|id| !stored_set.contains(id))
        .collect();
    ensure!(
        lost.is_empty(),
        "accepted swaps missing from the database: {lost:?}"
    );
    ensure!(
        stored.len() == quotes,
        "a quote was swapped twice ({} swaps, {quotes} quotes)",
        stored.len()
    );
    println!(
        "checked: every accepted swap is stored ({} stored, each quote once)",
        stored.len()
    );
    shared.money.check(&client, balancer, &db).await?;
    common::ledger_check(&db).await
}
