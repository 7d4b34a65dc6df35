//! Where the exchange's prices come from and what operators change: the sandbox feed's ticks
//! (each written once however many instances poll), `fiscard simulate prices`, `fiscard admin
//! exchange price move` and `pair list|set`, every change audited.

use domain::exchange::USD_PRICE;
use domain::wallet::Coin;
use serde_json::json;
use server::services::exchange::feed::{self, SandboxFeed};
use server::services::wallet::prices;

use crate::exchange::{BTC_PRICE, fresh_prices, quote, trader};
use crate::helpers::{EN, spawn_app};
use crate::wallet::cli;
use crate::wallet_withdrawals::audit_actions;

const FEED: SandboxFeed = SandboxFeed {
    seed: 22,
    tick_ms: 5_000,
};

#[actix_web::test]
async fn each_tick_moves_every_coin_within_its_step_and_is_written_once() {
    let app = spawn_app().await;
    fresh_prices(&app).await;
    app.advance_ms(5_000);
    let at = feed::tick_at(app.clock.now_ms(), FEED.tick_ms);
    let write = || {
        app.db
            .write(move |conn| Ok(feed::write_tick(conn, &FEED, at)?))
    };
    let first = write().await.unwrap();
    assert_eq!(first.len(), 3);
    for t in &first {
        let before = match t.coin {
            Coin::Btc => BTC_PRICE,
            Coin::Eth => crate::exchange::ETH_PRICE,
            Coin::Usdt => crate::exchange::USDT_PRICE,
        };
        let bound = before / 10_000 * SandboxFeed::step_bps(t.coin);
        assert!((t.price - before).abs() <= bound, "{t:?}");
        assert_eq!(t.at, at);
    }
    // A second poll of the same tick (another instance, or this one again) writes nothing.
    assert!(write().await.unwrap().is_empty());
    let newest = app
        .db
        .read(move |conn| Ok(prices::newest(conn, Coin::Btc, at)?))
        .await
        .unwrap()
        .expect("a price");
    assert_eq!(newest.price, first[0].price);
    // The tick's prices quote.
    let h = trader(&app, "ada@example.com", 10_000).await;
    app.advance_ms(5_000);
    let next = feed::tick_at(app.clock.now_ms(), FEED.tick_ms);
    app.db
        .write(move |conn| Ok(feed::write_tick(conn, &FEED, next)?))
        .await
        .unwrap();
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "10" });
    let q = quote(&app, &h, &asked).await;
    assert_eq!(q.assert_ok()["priceTime"], next);
    // USD is always one dollar.
    let rate = app
        .get_api("/exchange/rate?fromCoin=USD&toCoin=ETH", EN, Some(&h.token))
        .await;
    assert_eq!(rate.assert_ok()["terms"]["fromPrice"], USD_PRICE);
}

#[actix_web::test]
async fn the_command_line_moves_prices_walks_the_sandbox_and_sets_pairs_audited() {
    let app = spawn_app().await;
    cli(&app, &["admin", "wallet", "price", "set", "BTC", "65000"]).unwrap();
    let out = cli(
        &app,
        &["admin", "exchange", "price", "move", "BTC", "+1.5%"],
    )
    .unwrap();
    assert!(
        out.contains("BTC moved from 65000.00 USD to 65975.00 USD"),
        "{out}"
    );
    let out = cli(
        &app,
        &["admin", "exchange", "price", "move", "BTC", "-0.0001%"],
    )
    .unwrap();
    assert!(out.contains("to 65974.934025 USD"), "{out}");
    let refused = cli(&app, &["admin", "exchange", "price", "move", "BTC", "1.5"]);
    assert!(refused.unwrap_err().contains("is not a change like"));
    assert_eq!(
        audit_actions(&app, "BTC").await,
        [
            "wallet_price_set",
            "exchange_price_move",
            "exchange_price_move"
        ]
    );

    let walked = cli(&app, &["simulate", "prices", "--ticks", "3"]).unwrap();
    assert!(walked.contains("9 prices written"), "{walked}");
    assert!(walked.contains("USDT\t"), "{walked}");

    let out = cli(
        &app,
        &[
            "admin",
            "exchange",
            "pair",
            "set",
            "--from",
            "BTC",
            "--to",
            "USD",
            "--spread-bps",
            "25",
            "--minimum",
            "0.001",
        ],
    )
    .unwrap();
    assert!(
        out.contains(
            "BTC/USD\topen\tspread 25 bps\tfee 10 bps\tminimum 0.00100000\tmaximum 100.00000000"
        ),
        "{out}"
    );
    for (args, why) in [
        (
            vec!["--from", "BTC", "--to", "USD", "--fee-bps", "9975"],
            "below 10000 bps",
        ),
        (
            vec!["--from", "BTC", "--to", "USD", "--minimum", "0.000000001"],
            "at most 8 decimals",
        ),
        (vec!["--from", "USD", "--to", "USD"], "has no pair USD/USD"),
        (vec!["--from", "EUR", "--to", "USD"], "unknown asset"),
    ] {
        let mut all = vec!["admin", "exchange", "pair", "set"];
        all.extend(args);
        let err = cli(&app, &all).unwrap_err();
        assert!(err.contains(why), "{err}");
    }
    let list = cli(&app, &["admin", "exchange", "pair", "list"]).unwrap();
    assert_eq!(list.lines().count(), 12, "{list}");
    assert!(
        list.lines().next().unwrap().starts_with("USD/BTC\topen"),
        "{list}"
    );
    assert_eq!(audit_actions(&app, "BTC/USD").await, ["exchange_pair_set"]);
    let h = crate::cards::holder(&app, "ada@example.com", 0).await;
    let pairs = app.get_api("/exchange/pairs", EN, Some(&h.token)).await;
    let btc_usd = pairs
        .assert_ok()
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["fromCoin"] == "BTC" && p["toCoin"] == "USD")
        .unwrap()
        .clone();
    assert_eq!(
        (&btc_usd["spreadBps"], &btc_usd["minimum"]),
        (&json!(25), &json!("0.00100000"))
    );
}

/// The feed's job writes the tick the clock is in, every tick: a moved clock gets its next
/// tick.
#[actix_web::test]
async fn the_feed_job_writes_each_tick_as_the_clock_reaches_it() {
    use std::sync::Arc;
    let app = spawn_app().await;
    let tick_ms = 1_000;
    let feed = SandboxFeed { seed: 22, tick_ms };
    feed::spawn(app.db.clone(), app.clock.clone(), Arc::new(feed), tick_ms);
    let ticked = |at: i64| {
        app.db.read(move |conn| {
            Ok(prices::newest(conn, Coin::Btc, at)?.is_some_and(|p| p.set_at == at))
        })
    };
    let first = feed::tick_at(app.clock.now_ms(), tick_ms);
    let mut seen = false;
    for _ in 0..50 {
        if ticked(first).await.unwrap() {
            seen = true;
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(seen, "no tick at {first}");
    app.advance_ms(tick_ms);
    let next = first + tick_ms;
    let mut seen = false;
    for _ in 0..50 {
        if ticked(next).await.unwrap() {
            seen = true;
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(seen, "no tick at {next}");
}
