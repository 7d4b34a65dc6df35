//! Swaps: the preview (the domain's `price` with the terms `exchange/rate` sent) equal to the
//! execution to the smallest unit, a quote accepted once as one ledger transaction, expiry with
//! a fresh quote, another user's quote, the history and the wallet's records, a swap the ledger
//! refuses, the ledger check against the swaps, and the purge of quotes never accepted. Every
//! teardown checks the ledger; the money-moving tests also run `fiscard admin ledger-check`.

use domain::exchange::{ExchangeTerms, Side, price};
use domain::wallet::{Coin, Network};
use serde_json::{Value, json};

use crate::cards::{bank_balance, holder};
use crate::exchange::{quote, quote_id, rate, swap, trader};
use crate::helpers::{EN, TestApp, spawn_app};
use crate::wallet::{coin_balance, fund, ledger_check_passes, records};

/// The browser previews with the domain's `price` and the terms `exchange/rate` sent; the swap
/// executes exactly that, to the smallest unit, in both directions and on either side.
#[actix_web::test]
async fn the_preview_with_the_rates_terms_equals_the_executed_swap_to_the_unit() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 100_000).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "0.5").await;
    for (from, to, side, typed, minor) in [
        ("USD", "BTC", Side::From, "100", 10_000),
        ("BTC", "USD", Side::From, "0.01", 1_000_000),
        ("USD", "ETH", Side::To, "0.01234567", 1_234_567),
        ("BTC", "USDT", Side::To, "777.777777", 777_777_777),
        ("BTC", "ETH", Side::From, "0.00001", 1_000),
    ] {
        let terms: ExchangeTerms =
            serde_json::from_value(rate(&app, &h, from, to).await.assert_ok()["terms"].clone())
                .expect("the rate's terms");
        let preview = price(&terms, side, minor).expect("the preview prices");
        let field = if side == Side::From {
            "fromAmount"
        } else {
            "toAmount"
        };
        let asked = json!({ "fromCoin": from, "toCoin": to, field: typed });
        let q = quote(&app, &h, &asked).await.assert_ok().clone();
        let text = |minor: i64, asset: domain::exchange::Asset| {
            domain::money::amount_text(minor, asset.scale())
        };
        assert_eq!(
            (&q["fromAmount"], &q["toAmount"], &q["fee"], &q["spread"]),
            (
                &json!(text(preview.from_amount, terms.from)),
                &json!(text(preview.to_amount, terms.to)),
                &json!(text(preview.fee, terms.from)),
                &json!(text(preview.spread, terms.from)),
            ),
            "{asked}"
        );
        let id = q["quoteId"].as_str().expect("quote id");
        let done = swap(&app, &h, id).await;
        let s = done.assert_ok();
        assert_eq!(done.message(), "Exchanged: your balances are updated");
        assert_eq!(
            (&s["fromAmount"], &s["toAmount"]),
            (&q["fromAmount"], &q["toAmount"])
        );
        // The ledger moved exactly the preview's parts, the rounding remainder included.
        let reference = format!("exchange_swap:{id}");
        let entries = app
            .db
            .read(move |conn| Ok(server::services::ledger::entries_of(conn, &reference)?))
            .await
            .unwrap();
        let expected = server::services::exchange::swaps::movement(
            &server::services::exchange::quotes::Quote {
                id: id.to_owned(),
                user_id: h.uid.clone(),
                side,
                amount: minor,
                terms,
                priced: preview,
                price_time: 0,
                created_at: 0,
                expires_at: 0,
                accepted_at: None,
            },
        );
        let mut lines: Vec<(String, i64)> = expected
            .lines
            .iter()
            .map(|(a, v)| (a.key.clone(), *v))
            .collect();
        lines.sort();
        assert_eq!(entries, lines, "{asked}");
        assert_eq!(
            preview.from_amount,
            preview.fee + preview.spread + preview.exchanged + preview.remainder
        );
    }
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn a_swap_moves_both_balances_once_and_the_second_accept_answers_the_first() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "0.5").await;
    let id = quote_id(
        &app,
        &h,
        &json!({ "fromCoin": "BTC", "toCoin": "USD", "fromAmount": "0.01" }),
    )
    .await;
    let first = swap(&app, &h, &id).await;
    // 0.01 BTC: fee 0.00001, spread ⌈0.00999 × 0.1 %⌉ = 0.00000999, the rest 0.00998001 BTC
    // at 65 000 = 648.70065 USD → 648.70 USD, worth 0.00998 BTC: 1 satoshi of rounding.
    assert_eq!(
        {
            let mut s = first.assert_ok().clone();
            s.as_object_mut()
                .unwrap()
                .retain(|k, _| !["id", "quoteId", "createdAt"].contains(&k.as_str()));
            s
        },
        json!({ "fromCoin": "BTC", "toCoin": "USD", "fromAmount": "0.01000000",
                "toAmount": "648.70", "fee": "0.00001000", "spread": "0.00000999",
                "referenceRate": "65000.00", "rate": "64870.00" })
    );
    let again = swap(&app, &h, &id).await;
    assert_eq!(
        again.message(),
        "This quote was already accepted: here is its exchange"
    );
    assert_eq!(again.assert_ok(), first.assert_ok());
    // Even once expired, it answers the swap it made.
    app.advance_ms(30_000);
    assert_eq!(swap(&app, &h, &id).await.assert_ok(), first.assert_ok());
    assert_eq!(bank_balance(&app, &h).await, "648.70");
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "0.49000000"
    );
    let rounding = app
        .db
        .read(|conn| {
            Ok(server::services::ledger::balance(
                conn,
                &server::services::exchange::platform(
                    server::services::ledger::AccountKind::ExchangeRounding,
                    domain::exchange::Asset::Btc,
                ),
            )?)
        })
        .await
        .unwrap();
    assert_eq!(rounding, 1);
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn an_expired_quote_is_refused_with_a_fresh_one_for_the_same_amount() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 100_000).await;
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "toAmount": "0.001" });
    let old = quote(&app, &h, &asked).await.assert_ok().clone();
    assert_eq!(old["expiresAt"], app.clock.now_ms() + 10_000);
    assert_eq!(old["side"], "TO");
    app.advance_ms(10_000);
    let refused = swap(&app, &h, old["quoteId"].as_str().unwrap()).await;
    refused.assert_refused(112, "This quote has expired: here is a new one");
    let fresh = refused.content();
    assert_ne!(fresh["quoteId"], old["quoteId"]);
    assert_eq!(
        (&fresh["side"], &fresh["toAmount"]),
        (&json!("TO"), &json!("0.00100000"))
    );
    assert_eq!(fresh["expiresAt"], app.clock.now_ms() + 10_000);
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
    // The fresh one is accepted like any other.
    swap(&app, &h, fresh["quoteId"].as_str().unwrap())
        .await
        .assert_ok();
    ledger_check_passes(&app);
    // With the prices stale, none can be made: null.
    let again = quote(&app, &h, &asked).await.assert_ok().clone();
    app.advance_ms(61_000);
    let refused = swap(&app, &h, again["quoteId"].as_str().unwrap()).await;
    refused.assert_refused(112, "This quote has expired: here is a new one");
    assert_eq!(refused.content(), &Value::Null);
}

#[actix_web::test]
async fn another_users_quote_and_swap_answer_as_unknown_ones() {
    let app = spawn_app().await;
    let ada = holder(&app, "ada@example.com", 100_000).await;
    let bob = trader(&app, "bob@example.com", 100_000).await;
    let id = quote_id(
        &app,
        &ada,
        &json!({ "fromCoin": "USD", "toCoin": "ETH", "fromAmount": "50" }),
    )
    .await;
    swap(&app, &bob, &id)
        .await
        .assert_refused(404, "Quote not found");
    assert_eq!(bank_balance(&app, &ada).await, "1000.00");
    assert_eq!(bank_balance(&app, &bob).await, "1000.00");
    let made = swap(&app, &ada, &id).await.assert_ok().clone();
    let path = format!("/exchange/swaps/{}", made["id"].as_str().unwrap());
    app.get_api(&path, EN, Some(&bob.token))
        .await
        .assert_refused(404, "Exchange not found");
    assert_eq!(
        app.get_api(&path, EN, Some(&ada.token)).await.assert_ok(),
        &made
    );
}

#[actix_web::test]
async fn the_history_and_the_wallets_records_show_each_swap_and_its_coin_legs() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 100_000).await;
    let usd_btc = quote_id(
        &app,
        &h,
        &json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "200" }),
    )
    .await;
    let first = swap(&app, &h, &usd_btc).await.assert_ok().clone();
    app.advance_ms(1_000);
    let btc_usdt = quote_id(
        &app,
        &h,
        &json!({ "fromCoin": "BTC", "toCoin": "USDT", "fromAmount": "0.001" }),
    )
    .await;
    let second = swap(&app, &h, &btc_usdt).await.assert_ok().clone();
    let page = app
        .get_api("/exchange/swaps?pageSize=1", EN, Some(&h.token))
        .await;
    let p = page.assert_ok();
    assert_eq!((&p["totalCount"], &p["totalPage"]), (&json!(2), &json!(2)));
    assert_eq!(p["list"][0], second);
    let page2 = app
        .get_api("/exchange/swaps?pageSize=1&pageID=2", EN, Some(&h.token))
        .await;
    assert_eq!(page2.assert_ok()["list"][0], first);

    let legs = records(&app, &h.token, "").await;
    let kinds: Vec<(&str, &str, &str)> = legs
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap(),
                r["coinCode"].as_str().unwrap(),
                r["amount"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("SWAP_OUT", "BTC", "0.00100000"),
            ("SWAP_IN", "USDT", second["toAmount"].as_str().unwrap()),
            ("SWAP_IN", "BTC", first["toAmount"].as_str().unwrap()),
        ]
    );
    let out = &legs[0];
    assert_eq!(
        (
            &out["swapId"],
            &out["fee"],
            &out["network"],
            &out["address"],
            &out["status"]
        ),
        (
            &second["id"],
            &second["fee"],
            &Value::Null,
            &Value::Null,
            &json!("COMPLETED")
        )
    );
    let only_out = records(&app, &h.token, "type=SWAP_OUT").await;
    assert_eq!(only_out.len(), 1);
    let one = app
        .get_api(
            &format!("/wallet/record/{}", out["id"].as_str().unwrap()),
            EN,
            Some(&h.token),
        )
        .await;
    assert_eq!(one.assert_ok(), out);
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn a_closed_pair_refuses_quotes_and_a_swap_the_ledger_refuses_moves_nothing() {
    let app = spawn_app().await;
    let h = trader(&app, "ada@example.com", 10_000).await;
    crate::wallet::cli(
        &app,
        &[
            "admin",
            "exchange",
            "pair",
            "set",
            "--from",
            "USD",
            "--to",
            "ETH",
            "--enabled",
            "false",
        ],
    )
    .unwrap();
    let closed = quote(
        &app,
        &h,
        &json!({ "fromCoin": "USD", "toCoin": "ETH", "fromAmount": "10" }),
    )
    .await;
    assert_eq!(closed.code(), 102);
    assert_eq!(closed.content()[0]["code"], "exchange_pair_closed");
    // Two quotes for the whole balance: the first swap takes it, the second is refused whole.
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "100" });
    let (a, b) = (
        quote_id(&app, &h, &asked).await,
        quote_id(&app, &h, &asked).await,
    );
    swap(&app, &h, &a).await.assert_ok();
    swap(&app, &h, &b)
        .await
        .assert_refused(422, "Insufficient Balance");
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    let history = app.get_api("/exchange/swaps", EN, Some(&h.token)).await;
    assert_eq!(history.assert_ok()["totalCount"], 1);
    ledger_check_passes(&app);
}

/// The ledger check holds the exchange's accounts to the swaps: a remainder or fee the swaps
/// do not record, a swap without its ledger transaction and a transaction without its swap are
/// each found, and `fiscard admin ledger-check` exits 1.
#[actix_web::test]
async fn the_ledger_check_finds_exchange_accounts_that_differ_from_the_swaps() {
    use diesel::prelude::*;
    use server::db::schema::exchange_swaps;

    let app = spawn_app().await;
    app.ledger_broken_on_purpose();
    let h = trader(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "0.5").await;
    let asked = json!({ "fromCoin": "BTC", "toCoin": "USD", "fromAmount": "0.01" });
    let id = quote_id(&app, &h, &asked).await;
    swap(&app, &h, &id).await.assert_ok();
    let other = quote_id(&app, &h, &asked).await;
    ledger_check_passes(&app);
    // A swap that says it gave the user one unit more than its transaction did.
    app.db
        .write(|conn| {
            diesel::update(exchange_swaps::table)
                .set(exchange_swaps::to_amount.eq(exchange_swaps::to_amount + 1))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let report = app
        .db
        .read(|conn| Ok(server::services::ledger::check(conn)?))
        .await
        .unwrap();
    assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
    assert!(
        report.problems[0]
            .ends_with("its transaction moved other amounts for its user than the swap says"),
        "{:?}",
        report.problems
    );
    assert_eq!(
        report.problems[1],
        "USD exchange_desk: holds -64870, exchanged into it less paid out -64871"
    );
    app.db
        .write(move |conn| {
            diesel::update(exchange_swaps::table)
                .set((
                    exchange_swaps::to_amount.eq(exchange_swaps::to_amount - 1),
                    exchange_swaps::remainder.eq(exchange_swaps::remainder + 1),
                    exchange_swaps::fee.eq(exchange_swaps::fee + 1),
                    exchange_swaps::quote_id.eq(&other),
                ))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let report = app
        .db
        .read(|conn| Ok(server::services::ledger::check(conn)?))
        .await
        .unwrap();
    assert_eq!(
        report.problems,
        [
            "BTC fee income is 1000, the fees of completed withdrawals 0 and of swaps 1001",
            "1 swaps have no ledger transaction",
            "1 swap transactions have no swap",
            "BTC exchange_rounding: holds 1, the swaps' remainders 2",
        ]
    );
    let output = app.fiscard(&["admin", "ledger-check"]);
    assert_eq!(output.status.code(), Some(1));
}

/// Purges the quotes never accepted that expired over a day before the app's time.
async fn purge(app: &TestApp) -> Result<usize, server::api::AppError> {
    let now = app.clock.now_ms();
    app.db
        .write(move |conn| Ok(server::services::exchange::quotes::purge(conn, now)?))
        .await
}

/// Quotes never accepted are purged a day after they expire; accepted ones stay with their
/// swaps, and recent ones stay.
#[actix_web::test]
async fn quotes_never_accepted_are_purged_a_day_after_they_expire() {
    use server::services::exchange::quotes;
    let app = crate::helpers::spawn_app_with(&[
        ("FISCARD_SESSION_IDLE_MINUTES", "4320"),
        ("FISCARD_SESSION_ABSOLUTE_HOURS", "72"),
    ])
    .await;
    let h = trader(&app, "ada@example.com", 10_000).await;
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "10" });
    let accepted = quote_id(&app, &h, &asked).await;
    swap(&app, &h, &accepted).await.assert_ok();
    let left = quote_id(&app, &h, &asked).await;
    app.advance_ms(10_000 + quotes::KEPT_AFTER_EXPIRY_MS);
    assert_eq!(purge(&app).await.unwrap(), 0);
    app.advance_ms(1);
    assert_eq!(purge(&app).await.unwrap(), 1);
    let (uid, left_id, accepted_id) = (h.uid.clone(), left.clone(), accepted.clone());
    let (gone, kept) = app
        .db
        .read(move |conn| {
            Ok((
                quotes::find_owned(conn, &uid, &left_id)?.is_none(),
                quotes::find_owned(conn, &uid, &accepted_id)?.is_some(),
            ))
        })
        .await
        .unwrap();
    assert!(gone && kept);
    swap(&app, &h, &left)
        .await
        .assert_refused(404, "Quote not found");
    let history = app.get_api("/exchange/swaps", EN, Some(&h.token)).await;
    assert_eq!(history.assert_ok()["totalCount"], 1);
}
