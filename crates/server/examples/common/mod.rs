//! What the load examples share: timing loops, the real registration and login flows.

// Figures are approximate by nature: counts become floats for rates and percentiles.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    dead_code
)]

pub mod cards;

use std::path::Path;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::Db;
use server::db::schema::{user_security, users};
use server::services::{accounts, wires};

/// The PIN `prepare` gives the users (trade checks by PIN only).
pub const PIN: &str = "246810";

pub struct Figures {
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub count: usize,
    pub errors: usize,
}

pub fn report(name: &str, f: &Figures) {
    println!(
        "{name:<48} {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  ({} requests, {} errors)",
        f.rps, f.p50_ms, f.p99_ms, f.count, f.errors
    );
}

/// What the loops read of an answer: the envelope's statusCode (absent from `/healthz`'s). The
/// rest of the body is checked to be JSON and skipped, not built into a tree: the client runs on
/// the same two cores as the server, and every allocation it makes for a tree of the card list
/// is time the server does not get.
#[derive(serde::Deserialize)]
struct Envelope {
    #[serde(rename = "statusCode")]
    status_code: Option<i64>,
}

/// `workers` loops GETting `url` for `phase`.
pub async fn measure(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    workers: usize,
    phase: Duration,
) -> Figures {
    let tokens: Vec<String> = token.into_iter().map(str::to_owned).collect();
    measure_mix(client, &[url.to_owned()], &tokens, workers, phase).await
}

/// `workers` loops GETting `urls` in turn for `phase`; worker `i` sends `tokens[i % len]` as
/// its session (none when `tokens` is empty).
pub async fn measure_mix(
    client: &reqwest::Client,
    urls: &[String],
    tokens: &[String],
    workers: usize,
    phase: Duration,
) -> Figures {
    let started = Instant::now();
    let tasks: Vec<_> = (0..workers)
        .map(|i| {
            let (client, urls) = (client.clone(), urls.to_vec());
            let token = (!tokens.is_empty()).then(|| tokens[i % tokens.len()].clone());
            tokio::spawn(async move {
                let (mut latencies, mut errors) = (Vec::new(), 0);
                let mut turn = i;
                while started.elapsed() < phase {
                    let t = Instant::now();
                    turn += 1;
                    let mut request = client.get(&urls[turn % urls.len()]);
                    if let Some(token) = &token {
                        request = request.header("Access-Token", token);
                    }
                    match request.send().await {
                        Ok(r) if r.status().is_success() => {
                            let ok = r
                                .json::<Envelope>()
                                .await
                                .is_ok_and(|e| e.status_code.is_none_or(|c| c == 200));
                            if ok {
                                latencies.push(t.elapsed());
                            } else {
                                errors += 1;
                            }
                        }
                        _ => errors += 1,
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

impl Figures {
    /// Rate and percentiles of the successful requests' latencies over `elapsed`.
    pub fn of(mut latencies: Vec<Duration>, errors: usize, elapsed: Duration) -> Figures {
        latencies.sort();
        let pct = |p: f64| {
            latencies
                .get(((latencies.len() as f64 - 1.0) * p).round() as usize)
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        Figures {
            rps: latencies.len() as f64 / elapsed.as_secs_f64(),
            p50_ms: pct(0.5),
            p99_ms: pct(0.99),
            count: latencies.len(),
            errors,
        }
    }
}

pub async fn captcha(client: &reqwest::Client, base: &str) -> anyhow::Result<String> {
    let challenge: altcha::Challenge = client
        .get(format!("{base}/api/captcha/challenge"))
        .send()
        .await?
        .json()
        .await?;
    altcha::solve(&challenge).ok_or_else(|| anyhow::anyhow!("challenge not solvable"))
}

pub async fn post(
    client: &reqwest::Client,
    base: &str,
    path: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let answer: Value = client
        .post(format!("{base}/api{path}"))
        .json(&body)
        .send()
        .await?
        .json()
        .await?;
    if answer["statusCode"] != 200 {
        anyhow::bail!("{path}: {answer}");
    }
    Ok(answer["content"].clone())
}

pub async fn login(
    client: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<String> {
    let token = captcha(client, base).await?;
    let content = post(
        client,
        base,
        "/user/login",
        json!({ "email": email, "password": password, "token": token }),
    )
    .await?;
    content["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no session token"))
}

pub async fn register(
    client: &reqwest::Client,
    base: &str,
    data: &Path,
    email: &str,
    password: &str,
) -> anyhow::Result<String> {
    let token = captcha(client, base).await?;
    post(
        client,
        base,
        "/user/register",
        json!({ "email": email, "token": token }),
    )
    .await?;
    let code = code_from_outbox(&data.join("outbox"), email).await?;
    let content = post(
        client,
        base,
        "/user/register",
        json!({ "email": email, "emailCaptcha": code, "password": password, "confirm": password }),
    )
    .await?;
    content["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no session token"))
}

/// The code of the newest mail to `email` in the outbox (the subject carries it).
pub async fn code_from_outbox(outbox: &Path, email: &str) -> anyhow::Result<String> {
    use base64::Engine;
    for _ in 0..50 {
        let mut mails: Vec<_> = std::fs::read_dir(outbox)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        mails.sort();
        for path in mails.iter().rev() {
            let text = std::fs::read_to_string(path)?;
            if !text.contains(&format!("To: {email}\r\n")) {
                continue;
            }
            let subject = text
                .lines()
                .find_map(|l| l.strip_prefix("Subject: =?UTF-8?B?"))
                .and_then(|l| l.strip_suffix("?="))
                .unwrap_or("");
            let subject =
                String::from_utf8(base64::engine::general_purpose::STANDARD.decode(subject)?)?;
            if let Some(code) = subject
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| w.len() == 6)
            {
                return Ok(code.to_owned());
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("no code for {email} in {}", outbox.display())
}

/// Identity approved, a mobile, a PIN, trade checks by PIN only, a large wire credited.
pub async fn prepare(db: &Db, email: &str, pin_hash: &str, i: usize) -> anyhow::Result<()> {
    let (email, pin_hash) = (email.to_owned(), pin_hash.to_owned());
    let now = server::clock::Clock::System.now_ms();
    db.write(move |conn| {
        let id = accounts::find_by_email(conn, &email)?
            .map(|u| u.id)
            .unwrap_or_default();
        accounts::set_identity_status(conn, &id, 1, now)?;
        diesel::update(users::table.find(&id))
            .set((
                users::mobile.eq(format!("+8529{:03}{:04}", std::process::id() % 1000, i)),
                users::mobile_code.eq("852"),
                users::mobile_country.eq("HK"),
            ))
            .execute(conn)?;
        diesel::update(user_security::table.find(&id))
            .set((
                user_security::pin_hash.eq(Some(pin_hash)),
                user_security::trade_email.eq(false),
                user_security::trade_mfa.eq(false),
                user_security::trade_security.eq(true),
            ))
            .execute(conn)?;
        wires::credit(conn, &id, 100_000_000, &format!("bench-{id}"), now)?
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        Ok(())
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))
}

pub async fn post_as(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    path: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let answer: Value = client
        .post(format!("{base}/api{path}"))
        .header("Access-Token", token)
        .json(&body)
        .send()
        .await?
        .json()
        .await?;
    if answer["statusCode"] != 200 {
        anyhow::bail!("{path}: {answer}");
    }
    Ok(answer["content"].clone())
}

/// The server the example measures, from its arguments: its base URL, its data directory and
/// its database (the SQLite file in the data directory unless a URL is given), attached.
pub fn target() -> anyhow::Result<(String, std::path::PathBuf, Db)> {
    let mut args = std::env::args().skip(1);
    let base = args
        .next()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let data = std::path::PathBuf::from(args.next().unwrap_or_else(|| "data".into()));
    let database_url = args
        .next()
        .unwrap_or_else(|| data.join("fiscard.db").to_string_lossy().into_owned());
    let db = Db::attach(&database_url, 2)?;
    Ok((base, data, db))
}

/// Runs the ledger check and prints its verdict; an error when it found a problem.
pub async fn ledger_check(db: &Db) -> anyhow::Result<()> {
    let check = db
        .read(|conn| Ok(server::services::ledger::check(conn)?))
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
