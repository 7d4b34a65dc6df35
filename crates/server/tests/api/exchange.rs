//! The exchange: pairs and their terms, the indicative rate, stale prices, quotes bound to one
//! user for ten seconds and answered only when the balance covers them; and the helpers the
//! other exchange tests share. Swaps are in `exchange_swaps.rs`, prices and the commands in
//! `exchange_prices.rs`; every teardown checks the ledger, the exchange's accounts included.

use domain::wallet::Coin;
use serde_json::{Value, json};

use crate::cards::{Holder, bank_balance, holder};
use crate::helpers::{EN, TestApp, ZH, spawn_app};
use crate::wallet::set_price;

/// 65 000.00, 3 500.00 and 1.00 USD (PRICE_SCALE).
pub const BTC_PRICE: i64 = 6_500_000_000_000;
pub const ETH_PRICE: i64 = 350_000_000_000;
pub const USDT_PRICE: i64 = 100_000_000;

/// Every coin priced at the app's time.
pub async fn fresh_prices(app: &TestApp) {
    set_price(app, Coin::Btc, BTC_PRICE).await;
    set_price(app, Coin::Eth, ETH_PRICE).await;
    set_price(app, Coin::Usdt, USDT_PRICE).await;
}

/// A verified user with `usd` cents in their USD account and every coin priced now.
pub async fn trader(app: &TestApp, email: &str, usd: i64) -> Holder {
    let h = holder(app, email, usd).await;
    fresh_prices(app).await;
    h
}

pub async fn quote(app: &TestApp, h: &Holder, body: &Value) -> crate::helpers::Answer {
    app.post_json("/exchange/quote", body, EN, Some(&h.token))
        .await
}

pub async fn swap(app: &TestApp, h: &Holder, quote_id: &str) -> crate::helpers::Answer {
    app.post_json(
        "/exchange/swap",
        &json!({ "quoteId": quote_id }),
        EN,
        Some(&h.token),
    )
    .await
}

/// A quote's id, asked for and answered.
pub async fn quote_id(app: &TestApp, h: &Holder, body: &Value) -> String {
    quote(app, h, body).await.assert_ok()["quoteId"]
        .as_str()
        .expect("a quote id")
        .to_owned()
}

pub async fn rate(app: &TestApp, h: &Holder, from: &str, to: &str) -> crate::helpers::Answer {
    let path = format!("/exchange/rate?fromCoin={from}&toCoin={to}");
    app.get_api(&path, EN, Some(&h.token)).await
}

#[actix_web::test]
async fn every_direction_is_open_with_the_default_terms_of_its_from_asset() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    let pairs = app.get_api("/exchange/pairs", EN, Some(&h.token)).await;
    let list = pairs.assert_ok().as_array().expect("pairs").clone();
    assert_eq!(list.len(), 12);
    assert_eq!(
        list[0],
        json!({ "fromCoin": "USD", "toCoin": "BTC", "fromScale": 2, "toScale": 8,
                "minimum": "1.00", "maximum": "1000000.00", "spreadBps": 10, "feeBps": 10,
                "enabled": true })
    );
    let minimum_of = |from: &str| {
        list.iter()
            .filter(|p| p["fromCoin"] == from)
            .map(|p| (p["minimum"].clone(), p["maximum"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        minimum_of("BTC"),
        vec![(json!("0.00001000"), json!("100.00000000")); 3]
    );
    assert_eq!(
        minimum_of("ETH"),
        vec![(json!("0.00010000"), json!("1000.00000000")); 3]
    );
    assert_eq!(
        minimum_of("USDT"),
        vec![(json!("1.000000"), json!("1000000.000000")); 3]
    );
    assert!(list.iter().all(|p| p["enabled"] == true
        && p["spreadBps"] == 10
        && p["feeBps"] == 10
        && p["fromCoin"] != p["toCoin"]));
}

#[actix_web::test]
async fn the_rate_states_reference_rate_spread_and_fee_apart_with_the_balances() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 100_000).await;
    let answer = rate(&app, &h, "USD", "BTC").await;
    let r = answer.assert_ok();
    assert_eq!(
        r["terms"],
        json!({ "from": "USD", "to": "BTC", "fromPrice": 100_000_000, "toPrice": BTC_PRICE,
                "spreadBps": 10, "feeBps": 10 })
    );
    // 1 / 65 000 = 0.0000153846…, cut at 10 decimals; after 0.1 % fee and 0.1 % spread.
    assert_eq!(r["referenceRate"], "0.0000153846");
    assert_eq!(r["rate"], "0.0000153538");
    assert_eq!(
        (&r["fromPrice"], &r["toPrice"]),
        (&json!("1.00"), &json!("65000.00"))
    );
    assert_eq!(r["priceTime"], app.clock.now_ms());
    assert_eq!(
        (&r["minimum"], &r["maximum"]),
        (&json!("1.00"), &json!("1000000.00"))
    );
    assert_eq!(
        (&r["fromAvailable"], &r["toAvailable"], &r["quoteSeconds"]),
        (&json!("1000.00"), &json!("0.00000000"), &json!(10))
    );
    let back = rate(&app, &h, "BTC", "USD").await;
    assert_eq!(back.assert_ok()["referenceRate"], "65000.00");
    rate(&app, &h, "BTC", "BTC")
        .await
        .assert_refused(404, "The exchange does not trade this pair");
    rate(&app, &h, "DOGE", "USD")
        .await
        .assert_refused(404, "The exchange does not trade this pair");
}

#[actix_web::test]
async fn a_stale_price_stops_quoting_rather_than_quoting_wrong() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 100_000).await;
    let body = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "100" });
    quote(&app, &h, &body).await.assert_ok();
    // Sixty seconds old still quotes; one millisecond more does not.
    app.advance_ms(60_000);
    quote(&app, &h, &body).await.assert_ok();
    app.advance_ms(1);
    let refused = quote(&app, &h, &body).await;
    refused.assert_refused(
        111,
        "Prices are being updated: please try again in a moment",
    );
    rate(&app, &h, "USD", "BTC").await.assert_refused(
        111,
        "Prices are being updated: please try again in a moment",
    );
    // A coin-to-coin pair needs both prices fresh: ETH alone is not enough.
    set_price(&app, Coin::Eth, ETH_PRICE).await;
    assert_eq!(rate(&app, &h, "ETH", "BTC").await.code(), 111);
    assert_eq!(rate(&app, &h, "ETH", "USD").await.code(), 200);
    let zh = app
        .post_json("/exchange/quote", &body, ZH, Some(&h.token))
        .await;
    zh.assert_refused(111, "價格正在更新，請稍後再試");
}

#[actix_web::test]
async fn a_quote_is_answered_only_when_the_balance_covers_it_and_the_form_holds() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 10_000).await;
    let refused = |from: &str, to: &str, field: &str, amount: &str| json!({ "fromCoin": from, "toCoin": to, field: amount });
    let cases = [
        (
            refused("USD", "BTC", "fromAmount", "100.01"),
            "fromAmount",
            "insufficient_balance",
        ),
        (
            refused("USD", "BTC", "fromAmount", "0.99"),
            "fromAmount",
            "exchange_below_minimum",
        ),
        (
            refused("USD", "BTC", "fromAmount", "1.001"),
            "fromAmount",
            "amount_too_many_decimals",
        ),
        (
            refused("USD", "USD", "fromAmount", "10"),
            "toCoin",
            "exchange_same_asset",
        ),
        (
            refused("BTC", "USD", "fromAmount", "0.001"),
            "fromAmount",
            "insufficient_balance",
        ),
        (
            json!({ "fromCoin": "USD", "toCoin": "BTC" }),
            "fromAmount",
            "exchange_amount_required",
        ),
        (
            json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "10", "toAmount": "0.001" }),
            "toAmount",
            "exchange_one_amount",
        ),
        (
            refused("DOGE", "BTC", "fromAmount", "10"),
            "fromCoin",
            "option_invalid",
        ),
    ];
    for (body, field, code) in cases {
        let answer = quote(&app, &h, &body).await;
        assert_eq!(answer.code(), 102, "{body}: {}", answer.text);
        let first = &answer.content()[0];
        assert_eq!(
            (first["field"].as_str(), first["code"].as_str()),
            (Some(field), Some(code)),
            "{body}: {}",
            answer.text
        );
    }
    // Exactly the balance is covered: 100.00 USD.
    quote(
        &app,
        &h,
        &json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "100" }),
    )
    .await
    .assert_ok();
    // Basic identity first (105).
    let stranger = app
        .register("bob@example.com", crate::helpers::PASSWORD)
        .await;
    let closed = app
        .post_json(
            "/exchange/quote",
            &json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "1" }),
            EN,
            Some(&stranger),
        )
        .await;
    assert_eq!(closed.code(), 105, "{}", closed.text);
    // A quote made before the identity went back to review is not accepted either.
    let id = quote_id(
        &app,
        &h,
        &json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "50" }),
    )
    .await;
    let (uid, now) = (h.uid.clone(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            Ok(server::services::accounts::set_identity_status(
                conn, &uid, 2, now,
            )?)
        })
        .await
        .unwrap();
    assert_eq!(swap(&app, &h, &id).await.code(), 105);
    assert_eq!(bank_balance(&app, &h).await, "100.00");
}
