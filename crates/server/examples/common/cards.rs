//! Card holders and their recharges, as the cards and scale-out figures load them.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::db::Db;
use server::services::passwords::Passwords;

use super::{Figures, PIN, post_as, prepare, register};

/// A registered, prepared user's session token and the key of the card they applied for.
#[derive(Clone)]
pub struct Holder {
    pub token: String,
    pub card: String,
}

/// `count` users registered through the real flow at `base`, prepared (`super::prepare`), each
/// with a card applied for; `prefix` keeps their e-mail addresses apart.
pub async fn holders(
    client: &reqwest::Client,
    base: &str,
    data: &std::path::Path,
    db: &Db,
    prefix: &str,
    count: usize,
) -> anyhow::Result<Vec<Holder>> {
    let pin_hash = Passwords::new(1)?
        .hash(PIN.to_owned())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut holders = Vec::new();
    for i in 0..count {
        let email = format!("{prefix}-{}-{i}@example.com", std::process::id());
        let token = register(client, base, data, &email, "Bench-password-1").await?;
        prepare(db, &email, &pin_hash, i).await?;
        let card = apply(client, base, &token).await?;
        holders.push(Holder { token, card });
    }
    Ok(holders)
}

/// Applies for a card; its key.
pub async fn apply(client: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<String> {
    let card = post_as(
        client,
        base,
        token,
        "/fiscard/apply",
        json!({ "bin": "485932" }),
    )
    .await?;
    Ok(card["cardKey"].as_str().unwrap_or_default().to_owned())
}

/// Recharges 1.00 at a time for `phase`, each with its PIN check and a fresh idempotency key,
/// as the browser sends them.
pub async fn recharge_loop(
    client: &reqwest::Client,
    base: &str,
    holder: &Holder,
    phase: Duration,
) -> Figures {
    let started = Instant::now();
    let (mut latencies, mut errors) = (Vec::new(), 0);
    let mut n = 0_u64;
    while started.elapsed() < phase {
        n += 1;
        let t = Instant::now();
        let answer = client
            .post(format!("{base}/api/fiscard/recharge"))
            .header("Access-Token", &holder.token)
            .header("Idempotency-Key", format!("bench-{}-{n}", holder.card))
            .json(&json!({ "cardKey": holder.card, "amount": "1.00", "securityPassword": PIN }))
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

/// Every holder recharging their own card at once for `phase`: the recharges of all of them
/// per second, and each holder's own figures.
pub async fn recharge_together(
    client: &reqwest::Client,
    base: &str,
    holders: Vec<Holder>,
    phase: Duration,
) -> anyhow::Result<(f64, Vec<Figures>)> {
    let started = Instant::now();
    let tasks: Vec<_> = holders
        .into_iter()
        .map(|holder| {
            let (client, base) = (client.clone(), base.to_owned());
            tokio::spawn(async move { recharge_loop(&client, &base, &holder, phase).await })
        })
        .collect();
    let mut each = Vec::new();
    for task in tasks {
        each.push(task.await?);
    }
    let done: usize = each.iter().map(|f| f.count).sum();
    Ok((done as f64 / started.elapsed().as_secs_f64(), each))
}
