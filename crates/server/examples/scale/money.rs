//! The parts of the scale test's load that move money or store files: card recharges (each
//! with its PIN check and an `Idempotency-Key`), signed card authorizations from the card
//! network, and document uploads to the shared S3-compatible store; and what must hold after
//! an instance was killed under them: every answered recharge and authorization is stored once,
//! no key or network transaction moved money twice (the balancer retries a request cut by the
//! kill on another instance, with the same key), and every answered upload reads back, through
//! the balancer, byte for byte.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::ensure;
use diesel::prelude::*;
use domain::orders::OrderType;
use serde_json::{Value, json};
use server::db::Db;
use server::db::schema::{card_orders, card_transactions, idempotency_keys};
use server::routes::issuer::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};

/// The prefix of this run's recharge keys and network transaction ids.
fn tag() -> String {
    format!("scale-{}", std::process::id())
}

/// What the money steps were answered, for the checks after the load.
#[derive(Default)]
pub struct Answered {
    next: AtomicU64,
    /// Recharge order ids answered 200.
    recharges: Mutex<Vec<String>>,
    /// Network transaction ids answered (approved or declined).
    authorizations: Mutex<Vec<String>>,
    /// Upload references answered, with their bytes' length and first byte after the header.
    uploads: Mutex<Vec<(String, Vec<u8>)>>,
}

fn push<T>(list: &Mutex<Vec<T>>, item: T) {
    list.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push(item);
}

fn taken<T: Clone>(list: &Mutex<Vec<T>>) -> Vec<T> {
    list.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
}

/// The body of an answer with statusCode 200, or None (counted by the caller as refused or
/// failed through `outcome`).
pub type Outcome = anyhow::Result<(i64, Value)>;

async fn send(request: reqwest::RequestBuilder) -> Outcome {
    let response = request.send().await?;
    ensure!(response.status().is_success(), "HTTP {}", response.status());
    let body: Value = response.json().await?;
    Ok((body["statusCode"].as_i64().unwrap_or(0), body))
}

impl Answered {
    /// Recharges 1.00 onto `card` with the user's PIN, under a key of its own.
    pub async fn recharge(
        &self,
        client: &reqwest::Client,
        base: &str,
        token: &str,
        card: &str,
    ) -> Outcome {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let answer = send(
            client
                .post(format!("{base}/api/fiscard/recharge"))
                .header("Access-Token", token)
                .header("Idempotency-Key", format!("{}-recharge-{n}", tag()))
                .json(
                    &json!({ "cardKey": card, "amount": "1.00", "securityPassword": super::PIN }),
                ),
        )
        .await;
        if let Ok((200, body)) = &answer
            && let Some(id) = body["content"]["order"]["id"].as_str()
        {
            push(&self.recharges, id.to_owned());
        }
        answer
    }

    /// One signed `authorization` of 0.01 on `card`, as the card network sends it.
    pub async fn authorize(
        &self,
        client: &reqwest::Client,
        base: &str,
        secret: &[u8],
        card: &str,
    ) -> Outcome {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let id = format!("{}-auth-{n}", tag());
        let bytes = serde_json::to_vec(&json!({
            "event": "authorization",
            "transactionId": id,
            "cardKey": card,
            "amount": "0.01",
            "currency": "USD",
            "merchant": "Scale Merchant, San Francisco US",
        }))?;
        let timestamp = server::clock::Clock::System.now_secs();
        let answer = send(
            client
                .post(format!("{base}/api/issuer/events"))
                .header("Content-Type", "application/json")
                .header(TIMESTAMP_HEADER, timestamp.to_string())
                .header(SIGNATURE_HEADER, sign(secret, timestamp, &bytes))
                .body(bytes),
        )
        .await;
        if let Ok((200, _)) = &answer {
            push(&self.authorizations, id);
        }
        answer
    }

    /// Uploads a small PNG-looking document of its own.
    pub async fn upload(&self, client: &reqwest::Client, base: &str, token: &str) -> Outcome {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
        bytes.extend(format!("{}-upload-{n} ", tag()).repeat(64).into_bytes());
        let part = reqwest::multipart::Part::bytes(bytes.clone()).file_name("passport.png");
        let answer = send(
            client
                .post(format!("{base}/api/user/file"))
                .header("Access-Token", token)
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
        if let Ok((200, body)) = &answer
            && let Some(reference) = body["content"]["reference"].as_str()
        {
            push(&self.uploads, (format!("{reference}\n{token}"), bytes));
        }
        answer
    }

    /// The checks after the load (see the module's comment); prints what it found.
    pub async fn check(&self, client: &reqwest::Client, base: &str, db: &Db) -> anyhow::Result<()> {
        let prefix = format!("{}-%", tag());
        let (orders, keys, transactions) = db
            .read(move |conn| {
                // The load's recharges are of 1.00 (the setup's, without a key, of 50.00).
                let orders: Vec<String> = card_orders::table
                    .filter(card_orders::kind.eq(OrderType::Deposit.as_str()))
                    .filter(card_orders::amount.eq(100))
                    .select(card_orders::id)
                    .load(conn)?;
                let keys: i64 = idempotency_keys::table
                    .filter(idempotency_keys::idempotency_key.like(&prefix))
                    .count()
                    .get_result(conn)?;
                let transactions: Vec<String> = card_transactions::table
                    .filter(card_transactions::transaction_id.like(&prefix))
                    .filter(card_transactions::transaction_type.eq("auth"))
                    .select(card_transactions::transaction_id)
                    .load(conn)?;
                Ok((orders, keys, transactions))
            })
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;

        let answered = taken(&self.recharges);
        let stored: HashSet<&String> = orders.iter().collect();
        let lost: Vec<&String> = answered.iter().filter(|id| !stored.contains(id)).collect();
        ensure!(lost.is_empty(), "answered recharges missing: {lost:?}");
        let keyed_orders = i64::try_from(orders.len())?;
        ensure!(
            keyed_orders <= keys,
            "{keyed_orders} recharge orders for {keys} keys: a key moved money twice"
        );
        println!(
            "checked: every answered recharge is stored ({} answered, {} orders, {keys} keys, none twice)",
            answered.len(),
            orders.len()
        );

        let answered = taken(&self.authorizations);
        let mut per_id: HashMap<&String, usize> = HashMap::new();
        for id in &transactions {
            *per_id.entry(id).or_default() += 1;
        }
        let twice: Vec<_> = per_id.iter().filter(|(_, n)| **n > 1).collect();
        ensure!(twice.is_empty(), "authorizations stored twice: {twice:?}");
        let lost: Vec<&String> = answered
            .iter()
            .filter(|id| !per_id.contains_key(id))
            .collect();
        ensure!(lost.is_empty(), "answered authorizations missing: {lost:?}");
        println!(
            "checked: every answered authorization is stored once ({} answered, {} stored)",
            answered.len(),
            transactions.len()
        );

        let uploads = taken(&self.uploads);
        for (key, bytes) in &uploads {
            let (reference, token) = key.split_once('\n').unwrap_or_default();
            let read = client
                .get(format!("{base}/api/user/file/{reference}"))
                .header("Access-Token", token)
                .send()
                .await?;
            ensure!(
                read.status().is_success(),
                "upload {reference}: HTTP {}",
                read.status()
            );
            ensure!(
                &read.bytes().await?[..] == bytes.as_slice(),
                "upload {reference} reads back other bytes"
            );
        }
        println!(
            "checked: every answered upload reads back through the balancer ({})",
            uploads.len()
        );
        Ok(())
    }
}
