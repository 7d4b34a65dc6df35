//! `fiscard simulate …`: plays the card network for demos and tests. Signs issuer events with
//! the webhook secret (the same configuration as the server) and sends them to a running
//! server's `/api/issuer/events`.

use anyhow::{Context, bail};
use domain::money::{amount_text, currency_scale, parse_amount};
use serde_json::{Value, json};

use crate::config::Config;
use crate::routes::issuer::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};

/// What a simulated payment looks like.
#[derive(Debug, Clone)]
pub struct Payment {
    /// The server, e.g. `http://127.0.0.1:8080`.
    pub server: String,
    pub card: String,
    pub amount: String,
    pub currency: String,
    pub merchant: String,
    /// Card-currency (USD) per unit of `currency`; the sandbox's own rate when absent.
    pub rate: Option<String>,
    /// The transaction a refund or void refers to.
    pub origin: Option<String>,
}

/// Sandbox exchange rates to USD (USD per unit), as a card network would convert.
fn sandbox_rate(currency: &str) -> Option<&'static str> {
    Some(match currency {
        "USD" => "1",
        "EUR" => "1.08",
        "GBP" => "1.27",
        "HKD" => "0.128",
        "CNY" => "0.138",
        "JPY" => "0.0067",
        "SGD" => "0.74",
        "AUD" => "0.65",
        "CAD" => "0.73",
        "CHF" => "1.12",
        _ => return None,
    })
}

/// `amount` (minor units of a currency with `scale`) converted at `rate` into USD cents,
/// rounded half up.
fn to_usd_cents(amount: i64, scale: u8, rate: &str) -> anyhow::Result<i64> {
    let micro = parse_amount(rate, 6)
        .ok()
        .filter(|r| *r > 0)
        .with_context(|| format!("the rate {rate:?} is not a positive number"))?;
    let numerator = i128::from(amount) * i128::from(micro) * 100;
    let denominator = 10_i128.pow(u32::from(scale)) * 1_000_000;
    let cents = (numerator + denominator / 2) / denominator;
    i64::try_from(cents).context("the converted amount is too large")
}

fn event_amounts(p: &Payment) -> anyhow::Result<(String, String, String)> {
    let currency = p.currency.trim().to_uppercase();
    let scale = currency_scale(&currency)
        .with_context(|| format!("{currency:?} is not a currency code"))?;
    let minor = parse_amount(&p.amount, scale)
        .map_err(|e| anyhow::anyhow!("{:?} is not an amount in {currency}: {e:?}", p.amount))?;
    let rate = match &p.rate {
        Some(rate) => rate.clone(),
        None => sandbox_rate(&currency)
            .with_context(|| format!("no sandbox rate for {currency}: give --rate"))?
            .to_owned(),
    };
    let billing = to_usd_cents(minor, scale, &rate)?;
    Ok((amount_text(minor, scale), currency, amount_text(billing, 2)))
}

fn transaction_id() -> String {
    format!("sim_{}", uuid::Uuid::now_v7().simple())
}

/// Signs and sends one event; answers the API's answer.
async fn send(config: &Config, server: &str, event: &Value) -> anyhow::Result<Value> {
    let body = serde_json::to_vec(event)?;
    let timestamp = crate::clock::Clock::for_config(config)?.now_ms() / 1000;
    let signature = sign(config.secrets.webhook_secret.expose(), timestamp, &body);
    let url = format!("{}/api/issuer/events", server.trim_end_matches('/'));
    let answer: Value = reqwest::Client::new()
        .post(&url)
        .header("Content-Type", "application/json")
        .header(TIMESTAMP_HEADER, timestamp.to_string())
        .header(SIGNATURE_HEADER, signature)
        .body(body)
        .send()
        .await
        .with_context(|| format!("sending the event to {url}"))?
        .json()
        .await
        .context("the server's answer is not JSON")?;
    println!("{} {}", event["event"].as_str().unwrap_or("?"), answer);
    if answer["statusCode"] != 200 {
        bail!("the server refused the event: {}", answer["message"]);
    }
    Ok(answer["content"].clone())
}

fn payment_event(kind: &str, p: &Payment, id: &str) -> anyhow::Result<Value> {
    let (amount, currency, billing) = event_amounts(p)?;
    Ok(json!({
        "event": kind,
        "transactionId": id,
        "originTransactionId": p.origin,
        "cardKey": p.card.trim(),
        "amount": amount,
        "currency": currency,
        "billingAmount": billing,
        "merchant": p.merchant,
    }))
}

/// A purchase: the authorization and, when approved and `clear`, its clearing.
pub async fn purchase(config: &Config, p: &Payment, clear: bool) -> anyhow::Result<()> {
    let id = transaction_id();
    let answer = send(config, &p.server, &payment_event("authorization", p, &id)?).await?;
    if answer["approved"] != true {
        println!("declined: {}", answer["declineReason"]);
        return Ok(());
    }
    if clear {
        send(
            config,
            &p.server,
            &json!({ "event": "clearing", "transactionId": id, "cardKey": p.card.trim() }),
        )
        .await?;
    }
    println!("transaction {id}");
    Ok(())
}

/// A refund (of `origin` when given).
pub async fn refund(config: &Config, p: &Payment) -> anyhow::Result<()> {
    let id = transaction_id();
    send(config, &p.server, &payment_event("refund", p, &id)?).await?;
    println!("transaction {id}");
    Ok(())
}

/// A void of `origin`, or of a new authorization made for the purpose.
pub async fn void(config: &Config, p: &Payment) -> anyhow::Result<()> {
    let origin = if let Some(origin) = &p.origin {
        origin.clone()
    } else {
        let id = transaction_id();
        let answer = send(config, &p.server, &payment_event("authorization", p, &id)?).await?;
        if answer["approved"] != true {
            bail!(
                "the authorization to void was declined: {}",
                answer["declineReason"]
            );
        }
        id
    };
    let id = transaction_id();
    send(
        config,
        &p.server,
        &json!({
            "event": "void",
            "transactionId": id,
            "originTransactionId": origin,
            "cardKey": p.card.trim(),
        }),
    )
    .await?;
    println!("transaction {id} voided {origin}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_amounts_convert_to_usd_cents_half_up() {
        assert_eq!(to_usd_cents(10_000, 2, "1.08").unwrap(), 10_800);
        assert_eq!(to_usd_cents(1_005, 0, "0.0067").unwrap(), 673); // 6.7335
        assert_eq!(to_usd_cents(1, 2, "1.5").unwrap(), 2); // 1.5 cents → 2
        assert!(to_usd_cents(1, 2, "0").is_err());
    }
}
