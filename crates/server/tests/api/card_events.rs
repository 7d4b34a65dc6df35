//! Issuer events: signatures (forged, stale, replayed), authorizations decided in real time
//! (status, limits, balance with the 1% and 0.15% fees), clearing, void, reversal, refund,
//! verification, each handled once; the card's history; concurrent authorizations.

use serde_json::{Value, json};
use server::routes::issuer::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};

use crate::cards::{Holder, apply, assert_ledger_sound, cards_of, holder, recharge, with_pin};
use crate::helpers::{Answer, EN, TestApp, spawn_app};

fn secret(app: &TestApp) -> Vec<u8> {
    let text = std::fs::read_to_string(app.data_dir.join("secrets/webhook.key")).unwrap();
    hex::decode(text.trim()).unwrap()
}

async fn send_signed(app: &TestApp, body: &Value, timestamp: i64, signature: &str) -> Answer {
    app.send(
        app.client
            .post(app.url("/api/issuer/events"))
            .header("Content-Type", "application/json")
            .header(TIMESTAMP_HEADER, timestamp.to_string())
            .header(SIGNATURE_HEADER, signature)
            .body(serde_json::to_vec(body).unwrap()),
    )
    .await
}

/// Signs `body` a second later than the last event (each event its own signature) and sends
/// it.
pub async fn event(app: &TestApp, body: &Value) -> Answer {
    app.advance_ms(1_000);
    let timestamp = app.clock.now_secs();
    let signature = sign(&secret(app), timestamp, &serde_json::to_vec(body).unwrap());
    send_signed(app, body, timestamp, &signature).await
}

pub fn auth(card: &str, id: &str, amount: &str, currency: &str, billing: Option<&str>) -> Value {
    json!({
        "event": "authorization",
        "transactionId": id,
        "cardKey": card,
        "amount": amount,
        "currency": currency,
        "billingAmount": billing,
        "merchant": "Café de Flore, Paris FR",
    })
}

pub async fn funded_card(app: &TestApp, email: &str, usd: &str) -> (Holder, String) {
    let cents = domain::money::parse_amount(usd, 2).unwrap();
    let h = holder(app, email, cents).await;
    let card = apply(app, &h).await;
    recharge(app, &h, &card, usd).await.assert_ok();
    (h, card)
}

async fn history(app: &TestApp, h: &Holder, card: &str) -> Vec<Value> {
    app.get_api(
        &format!("/fiscard/history?cardKey={card}"),
        EN,
        Some(&h.token),
    )
    .await
    .assert_ok()["list"]
        .as_array()
        .unwrap()
        .clone()
}

#[actix_web::test]
async fn forged_stale_and_replayed_signatures_are_refused_and_move_nothing() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "101.01").await;
    let body = auth(&card, "tx-1", "10", "USD", None);
    let bytes = serde_json::to_vec(&body).unwrap();
    let now = app.clock.now_secs();
    let forged = sign(b"not the secret", now, &bytes);
    send_signed(&app, &body, now, &forged)
        .await
        .assert_refused(403, "The event signature is missing or invalid");
    send_signed(&app, &body, now, "v1=zz")
        .await
        .assert_refused(403, "The event signature is missing or invalid");
    let stale = now - 301;
    send_signed(&app, &body, stale, &sign(&secret(&app), stale, &bytes))
        .await
        .assert_refused(403, "The event timestamp is outside the accepted window");
    // Signed for another body.
    let other = serde_json::to_vec(&auth(&card, "tx-1", "99", "USD", None)).unwrap();
    send_signed(&app, &body, now, &sign(&secret(&app), now, &other))
        .await
        .assert_refused(403, "The event signature is missing or invalid");
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "100.00");

    let good = sign(&secret(&app), now, &bytes);
    let first = send_signed(&app, &body, now, &good).await;
    assert_eq!(first.assert_ok()["approved"], true);
    send_signed(&app, &body, now, &good)
        .await
        .assert_refused(409, "This event signature was already used");
    // The issuer's retry (signed anew) gets the first answer; money moved once.
    let retry = event(&app, &body).await;
    assert_eq!(retry.content(), first.content());
    // The same id for another event body is refused.
    event(&app, &auth(&card, "tx-1", "11", "USD", None))
        .await
        .assert_refused(
            409,
            "This transaction id was already used for a different event",
        );
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "89.90");
    assert_eq!(cards_of(&app, &h).await[0]["heldBalance"], "10.10");
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn a_euro_purchase_pays_both_fees_then_a_refund_and_a_void_show_in_the_history() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "200").await; // 198.00 on the card
    // €100 billed 108.50 USD: 1% = 1.085 → 1.09; 0.15% = 0.16275 → 0.16.
    let approved = event(&app, &auth(&card, "eur-1", "100", "EUR", Some("108.50"))).await;
    let approved = approved.assert_ok().clone();
    assert_eq!(approved["approved"], true);
    assert_eq!(approved["transactionFee"], "1.09");
    assert_eq!(approved["conversionFee"], "0.16");
    assert_eq!(approved["held"], "109.75");
    assert_eq!(approved["cardBalance"], "88.25");
    assert_eq!(approved["checkCode"].as_str().unwrap().len(), 6);
    // A foreign amount without the network's conversion is not an event we can apply.
    event(&app, &auth(&card, "eur-2", "5", "EUR", None))
        .await
        .assert_refused(400, "The event's amount or currency is not valid");
    let cleared = event(
        &app,
        &json!({ "event": "clearing", "transactionId": "eur-1", "cardKey": card }),
    )
    .await;
    assert_eq!(cleared.assert_ok()["status"], "succeed");
    event(
        &app,
        &json!({ "event": "clearing", "transactionId": "eur-1", "cardKey": card, "merchant": "x" }),
    )
    .await
    .assert_refused(
        409,
        "This transaction id was already used for a different event",
    );
    let refund = event(
        &app,
        &json!({
            "event": "refund", "transactionId": "ref-1", "originTransactionId": "eur-1",
            "cardKey": card, "amount": "20", "currency": "EUR", "billingAmount": "21.70",
        }),
    )
    .await;
    assert_eq!(refund.assert_ok()["credited"], "21.70");
    event(
        &app,
        &json!({
            "event": "refund", "transactionId": "ref-2", "originTransactionId": "eur-1",
            "cardKey": card, "amount": "90", "currency": "EUR", "billingAmount": "97.65",
        }),
    )
    .await
    .assert_refused(
        422,
        "The amount exceeds what the original transaction allows",
    );
    let held = event(&app, &auth(&card, "usd-1", "30", "USD", None)).await;
    assert_eq!(held.assert_ok()["held"], "30.30");
    let voided = event(
        &app,
        &json!({ "event": "void", "transactionId": "void-1", "originTransactionId": "usd-1", "cardKey": card }),
    )
    .await;
    assert_eq!(voided.assert_ok()["released"], "30.30");
    event(
        &app,
        &json!({ "event": "void", "transactionId": "void-2", "originTransactionId": "usd-1", "cardKey": card }),
    )
    .await
    .assert_refused(422, "The original transaction is not in a state this event applies to");
    let verification = event(
        &app,
        &json!({ "event": "verification", "transactionId": "ver-1", "cardKey": card }),
    )
    .await;
    assert_eq!(verification.assert_ok()["approved"], true);
    // 198.00 − 109.75 + 21.70 = 109.95.
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "109.95");
    assert_eq!(cards_of(&app, &h).await[0]["heldBalance"], "0.00");

    let list = history(&app, &h, &card).await;
    let kinds: Vec<(&str, &str)> = list
        .iter()
        .map(|t| {
            (
                t["transactionType"].as_str().unwrap(),
                t["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("verfication", "succeed"),
            ("void", "succeed"),
            ("auth", "void"),
            ("refund", "succeed"),
            ("auth", "succeed"),
        ]
    );
    let purchase = &list[4];
    assert_eq!(purchase["transactionAmount"], "100.00");
    assert_eq!(purchase["transactionCurrency"], "EUR");
    assert_eq!(purchase["accountGrossAmount"], "108.50");
    assert_eq!(purchase["accountCurrency"], "USD");
    assert_eq!(purchase["transactionFeeAmount"], "1.09");
    assert_eq!(purchase["conversionFeeAmount"], "0.16");
    assert_eq!(purchase["merchantNameLocation"], "Café de Flore, Paris FR");
    assert_eq!(list[3]["originTransactionId"], "eur-1");
    // What each came to for the cardholder, which way, and the card's total as the sum of its
    // parts (108.50 converted + 1.09 + 0.16).
    let states: Vec<_> = list
        .iter()
        .map(|t| {
            (
                t["state"].as_str().unwrap(),
                t["direction"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        states,
        [
            ("settled", "out"),
            ("reversed", "in"),
            ("reversed", "out"),
            ("refunded", "in"),
            ("settled", "out"),
        ]
    );
    // Which moved the card's money: the verification and the purchases settled, the refund;
    // not the released hold, nor the void that released it.
    let moved: Vec<_> = list.iter().map(|t| t["movesMoney"].as_bool()).collect();
    assert_eq!(
        moved,
        [Some(true), Some(false), Some(false), Some(true), Some(true)]
    );
    assert_eq!(purchase["accountTotalAmount"], "109.75");
    let paged = app
        .get_api(
            &format!("/fiscard/history?cardKey={card}&pageSize=2&pageID=3"),
            EN,
            Some(&h.token),
        )
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        (paged["totalCount"].clone(), paged["totalPage"].clone()),
        (json!(5), json!(3))
    );
    assert_eq!(paged["list"].as_array().unwrap().len(), 1);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn authorizations_are_declined_by_status_limits_and_balance_with_the_reason_kept() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "10000").await; // 9900.00
    let declined = |answer: Answer| answer.assert_ok()["declineReason"].clone();
    assert_eq!(
        declined(event(&app, &auth(&card, "big", "10000.01", "USD", None)).await),
        "exceeds_transaction_limit"
    );
    assert_eq!(
        declined(event(&app, &auth(&card, "a1", "9000", "USD", None)).await),
        Value::Null
    );
    assert_eq!(
        declined(event(&app, &auth(&card, "a2", "900", "USD", None)).await),
        "insufficient_funds"
    );
    let body = json!({ "cardKey": card });
    app.post_json("/fiscard/freeze", &body, EN, Some(&h.token))
        .await
        .assert_ok();
    assert_eq!(
        declined(event(&app, &auth(&card, "a3", "1", "USD", None)).await),
        "card_frozen"
    );
    let verification = event(
        &app,
        &json!({ "event": "verification", "transactionId": "v1", "cardKey": card }),
    )
    .await;
    assert_eq!(verification.assert_ok()["declineReason"], "card_frozen");
    app.post_json("/fiscard/unfreeze", &with_pin(body), EN, Some(&h.token))
        .await
        .assert_ok();
    // A reversal gives part of the hold back; the fee follows the amount that remains.
    let reversed = event(
        &app,
        &json!({ "event": "corrective_auth", "transactionId": "r1", "originTransactionId": "a1",
                 "cardKey": card, "amount": "1000" }),
    )
    .await;
    assert_eq!(reversed.assert_ok()["released"], "1010.00");
    let list = history(&app, &h, &card).await;
    let declines: Vec<&str> = list
        .iter()
        .filter_map(|t| t["declineReason"].as_str())
        .collect();
    assert_eq!(
        declines,
        [
            "card_frozen",
            "card_frozen",
            "insufficient_funds",
            "exceeds_transaction_limit"
        ]
    );
    // A declined payment charged nothing, so it shows no fee.
    for t in list.iter().filter(|t| t["declineReason"].is_string()) {
        assert_eq!(
            (
                t["transactionFeeAmount"].as_str(),
                t["conversionFeeAmount"].as_str()
            ),
            (Some("0.00"), Some("0.00")),
            "{t}"
        );
    }
    let a1 = list.iter().find(|t| t["transactionId"] == "a1").unwrap();
    assert_eq!(a1["accountGrossAmount"], "8000.00");
    assert_eq!(a1["transactionFeeAmount"], "80.00");
    // Cancelling waits for pending payments.
    app.post_json(
        "/fiscard/cancel",
        &with_pin(json!({ "cardKey": card })),
        EN,
        Some(&h.token),
    )
    .await
    .assert_refused(
        422,
        "Payments are still pending on this card; please try again once they are settled",
    );
    // Daily limit: 20,000 a day in all.
    let (h2, card2) = funded_card(&app, "rich@example.com", "50000").await;
    for (i, amount) in ["10000", "10000"].iter().enumerate() {
        let answer = event(&app, &auth(&card2, &format!("d{i}"), amount, "USD", None)).await;
        assert_eq!(answer.assert_ok()["approved"], true);
    }
    assert_eq!(
        declined(event(&app, &auth(&card2, "d2", "0.01", "USD", None)).await),
        "exceeds_daily_limit"
    );
    app.advance_ms(24 * 3_600_000);
    assert_eq!(
        declined(event(&app, &auth(&card2, "d3", "0.01", "USD", None)).await),
        Value::Null
    );
    let _ = h2;
    assert_ledger_sound(&app).await;
}

/// A card past its expiry (its stored expiry moved to now, as if the years had passed): listed
/// as expired, declined by the network, closed to recharges, freezing and revealing, and
/// still cancellable, which returns its balance to the USD account.
#[actix_web::test]
async fn an_expired_card_declines_payments_and_can_only_be_cancelled() {
    use diesel::prelude::*;
    use server::db::schema::cards;

    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "100").await;
    let (key, now) = (card.clone(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            diesel::update(cards::table.find(key))
                .set(cards::expires_at.eq(now))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .unwrap();

    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "expired");
    let answer = event(&app, &auth(&card, "late", "1", "USD", None)).await;
    assert_eq!(answer.assert_ok()["approved"], false);
    assert_eq!(answer.assert_ok()["declineReason"], "card_expired");
    recharge(&app, &h, &card, "1")
        .await
        .assert_refused(422, "Only a card in normal status can be recharged");
    let body = json!({ "cardKey": card });
    for path in ["/fiscard/freeze", "/fiscard/query/cvv"] {
        app.post_json(path, &with_pin(body.clone()), EN, Some(&h.token))
            .await
            .assert_refused(422, "The card's current status does not allow this");
    }
    let cancelled = app
        .post_json("/fiscard/cancel", &with_pin(body), EN, Some(&h.token))
        .await;
    // 100 recharged less the 1% recharge fee.
    assert_eq!(cancelled.assert_ok()["order"]["amount"], "99.00");
    assert!(cards_of(&app, &h).await.is_empty());
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn fifty_concurrent_authorizations_never_take_a_card_below_zero() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "101.01").await; // 100.00 on the card
    let now = app.clock.now_secs();
    let key = secret(&app);
    let answers = futures_util::future::join_all((0..50).map(|i| {
        let body = auth(&card, &format!("c{i}"), "5", "USD", None);
        let signature = sign(&key, now, &serde_json::to_vec(&body).unwrap());
        let app = &app;
        async move { send_signed(app, &body, now, &signature).await }
    }))
    .await;
    let approved = answers
        .iter()
        .filter(|a| a.assert_ok()["approved"] == true)
        .count();
    // Each takes 5.05; 100.00 covers 19 of them.
    assert_eq!(approved, 19);
    let listed = &cards_of(&app, &h).await[0];
    assert_eq!(listed["cardBalance"], "4.05");
    assert_eq!(listed["heldBalance"], "95.95");
    assert_ledger_sound(&app).await;
}

/// `fiscard simulate …` against a running server: what the operator's demo does.
#[actix_web::test]
async fn the_simulator_signs_events_the_server_accepts() {
    use server::simulate::{self, Payment};
    let app = spawn_app().await;
    // The simulator signs with the real time; the app's clock joins it.
    let system = server::clock::Clock::System.now_ms();
    app.advance_ms(system - app.clock.now_ms());
    let (h, card) = funded_card(&app, "me@example.com", "500").await; // 495.00
    let data_dir = app.data_dir.to_string_lossy().into_owned();
    let config = server::config::Config::from_lookup(|name| {
        (name == "FISCARD_DATA_DIR").then(|| data_dir.clone())
    })
    .unwrap();
    let payment = |amount: &str, currency: &str| Payment {
        server: app.address.clone(),
        card: card.clone(),
        amount: amount.to_owned(),
        currency: currency.to_owned(),
        merchant: "Sandbox Bistro, Lyon FR".to_owned(),
        rate: None,
        origin: None,
    };
    simulate::purchase(&config, &payment("100", "EUR"), true)
        .await
        .unwrap();
    simulate::void(&config, &payment("20", "USD"))
        .await
        .unwrap();
    simulate::refund(&config, &payment("10", "EUR"))
        .await
        .unwrap();
    let list = history(&app, &h, &card).await;
    let kinds: Vec<(&str, &str, &str)> = list
        .iter()
        .map(|t| {
            (
                t["transactionType"].as_str().unwrap(),
                t["status"].as_str().unwrap(),
                t["accountGrossAmount"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("refund", "succeed", "10.80"),
            ("void", "succeed", "20.00"),
            ("auth", "void", "20.00"),
            ("auth", "succeed", "108.00"),
        ]
    );
    // 495.00 − (108.00 + 1.08 + 0.16) + 10.80 = 396.56.
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "396.56");
    assert_ledger_sound(&app).await;
}
