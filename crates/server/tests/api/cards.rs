//! Cards through the API: BINs, applying behind the identity and mobile gates, the list,
//! revealing the details after verification, recharging with the fee (idempotent, never
//! overdrawn), freezing, cancelling, orders; another user's card is out of reach.

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::schema::{cards, users};
use server::services::ledger;
use server::services::wires;

use crate::helpers::{EN, PASSWORD, TestApp, ZH, spawn_app};

pub const PIN: &str = "135790";

/// A user who may hold cards: identity approved, a mobile bound, a PIN set, trade checks by
/// PIN alone, and `usd` cents wired to the USD account.
pub struct Holder {
    pub token: String,
    pub uid: String,
}

pub async fn holder(app: &TestApp, email: &str, usd: i64) -> Holder {
    let token = app.register(email, PASSWORD).await;
    let uid = app.user_id(email).await;
    let code = app.verify_code(&token, email).await;
    app.post_json(
        "/user/security/password",
        &json!({ "password": PIN, "confirm": PIN, "emailCaptcha": code }),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
    app.set_switches(email, [false, false], [false, false, true])
        .await;
    let h = Holder { token, uid };
    approve(app, &h).await;
    bind_mobile(app, &h).await;
    if usd > 0 {
        wire(app, &h, usd, &format!("W-{email}")).await;
    }
    h
}

pub async fn approve(app: &TestApp, h: &Holder) {
    let (uid, now) = (h.uid.clone(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            Ok(server::services::accounts::set_identity_status(
                conn, &uid, 1, now,
            )?)
        })
        .await
        .unwrap();
}

pub async fn bind_mobile(app: &TestApp, h: &Holder) {
    // Each test has its own database: a number this process has not given out yet is free
    // there (the user id's last digits were not: two holders of one test shared a number).
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let uid = h.uid.clone();
    let mobile = format!("+8529{n:07}");
    app.db
        .write(move |conn| {
            diesel::update(users::table.find(uid))
                .set((
                    users::mobile.eq(mobile),
                    users::mobile_code.eq("852"),
                    users::mobile_country.eq("HK"),
                ))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .unwrap();
}

pub async fn wire(app: &TestApp, h: &Holder, usd: i64, reference: &str) {
    let (uid, reference, now) = (h.uid.clone(), reference.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| Ok(wires::credit(conn, &uid, usd, &reference, now)?))
        .await
        .unwrap()
        .unwrap();
}

pub fn with_pin(mut body: Value) -> Value {
    body["securityPassword"] = json!(PIN);
    body
}

pub async fn apply(app: &TestApp, h: &Holder) -> String {
    let answer = app
        .post_json(
            "/fiscard/apply",
            &json!({ "bin": "485932" }),
            EN,
            Some(&h.token),
        )
        .await;
    answer.assert_ok()["cardKey"].as_str().unwrap().to_owned()
}

pub async fn recharge(
    app: &TestApp,
    h: &Holder,
    card: &str,
    amount: &str,
) -> crate::helpers::Answer {
    app.post_json(
        "/fiscard/recharge",
        &with_pin(json!({ "cardKey": card, "amount": amount })),
        EN,
        Some(&h.token),
    )
    .await
}

pub async fn cards_of(app: &TestApp, h: &Holder) -> Vec<Value> {
    app.get_api("/fiscard/list", EN, Some(&h.token))
        .await
        .assert_ok()["list"]
        .as_array()
        .unwrap()
        .clone()
}

pub async fn bank_balance(app: &TestApp, h: &Holder) -> String {
    app.get_api("/account/balance", EN, Some(&h.token))
        .await
        .assert_ok()[1]["balance"]
        .as_str()
        .unwrap()
        .to_owned()
}

pub async fn assert_ledger_sound(app: &TestApp) -> ledger::CheckReport {
    let report = app.db.read(|conn| Ok(ledger::check(conn)?)).await.unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    report
}

#[actix_web::test]
async fn bins_are_public_and_applying_needs_identity_then_a_mobile() {
    let app = spawn_app().await;
    let bins = app.get_api("/fiscard/bins", EN, None).await;
    let items = bins.assert_ok()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["bin"], "485932");
    assert_eq!(items[0]["locationCode"], "US");
    // The product page shows what its cards will cost.
    assert_eq!(items[0]["paymentRate"], "0.01");
    assert_eq!(items[0]["exchangeRate"], "0.0015");
    assert_eq!(items[0]["limits"]["perTransaction"], "10000.00");

    let body = json!({ "bin": "485932" });
    app.post("/fiscard/apply", &body)
        .await
        .assert_refused(101, "Login has expired");
    let token = app.register("me@example.com", PASSWORD).await;
    let h = Holder {
        uid: app.user_id("me@example.com").await,
        token,
    };
    app.post_json("/fiscard/apply", &body, EN, Some(&h.token))
        .await
        .assert_refused(105, "Please verify your identity");
    approve(&app, &h).await;
    app.post_json("/fiscard/apply", &body, ZH, Some(&h.token))
        .await
        .assert_refused(110, "此服務需要綁定手機，是否前往綁定？");
    bind_mobile(&app, &h).await;
    app.post_json(
        "/fiscard/apply",
        &json!({ "bin": "999999" }),
        EN,
        Some(&h.token),
    )
    .await
    .assert_refused(
        422,
        "This card type is not available, please choose another",
    );
    let issued = app
        .post_json("/fiscard/apply", &body, EN, Some(&h.token))
        .await;
    assert_eq!(issued.message(), "Your card has been issued");
    let card = issued.assert_ok().clone();
    let mask = card["maskCardNo"].as_str().unwrap();
    assert!(mask.starts_with("4859 32** **** "), "{mask}");
    // No limit on the number of cards, no opening fee.
    app.post_json(
        "/fiscard/apply",
        &json!({ "bin": "522981" }),
        EN,
        Some(&h.token),
    )
    .await
    .assert_ok();
    let list = cards_of(&app, &h).await;
    assert_eq!(list.len(), 2);
    let first = &list[1];
    assert_eq!(first["cardKey"], card["cardKey"]);
    assert_eq!(first["cardStatus"], "normal");
    assert_eq!(first["cardBalance"], "0.00");
    assert_eq!(first["currency"], "USD");
    assert_eq!(first["orgName"], "VISA");
    assert_eq!(first["location"], "US");
    assert_eq!(first["rechargeRate"], "0.01");
    assert_eq!(first["paymentRate"], "0.01");
    assert_eq!(first["exchangeRate"], "0.0015");
    assert_eq!(
        first["limits"],
        json!({ "perTransaction": "10000.00", "daily": "20000.00", "monthly": "50000.00" })
    );
    assert_eq!(bank_balance(&app, &h).await, "0.00");
}

#[actix_web::test]
async fn the_details_show_after_verification_and_the_number_is_stored_only_sealed() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 0).await;
    let card = apply(&app, &h).await;
    let ask = json!({ "cardKey": card });
    let answer = app
        .post_json("/fiscard/query/cvv", &ask, EN, Some(&h.token))
        .await;
    answer.assert_refused(103, "Please complete the verification");
    app.post_json(
        "/fiscard/query/cvv",
        &json!({ "cardKey": card, "securityPassword": "000000" }),
        EN,
        Some(&h.token),
    )
    .await
    .assert_refused(104, "The security code is incorrect");
    let revealed = app
        .post_json(
            "/fiscard/query/cvv",
            &with_pin(ask.clone()),
            EN,
            Some(&h.token),
        )
        .await;
    assert_eq!(
        revealed.message(),
        "Card details are shown to you only; keep them private"
    );
    let details = revealed.assert_ok().clone();
    let number = details["cardNo"].as_str().unwrap().to_owned();
    assert_eq!(number.len(), 16);
    assert!(number.starts_with("485932"));
    assert!(domain::card::luhn_valid(&number));
    assert_eq!(details["cvv"].as_str().unwrap().len(), 3);
    let again = app
        .post_json(
            "/fiscard/query/cvv",
            &with_pin(ask.clone()),
            EN,
            Some(&h.token),
        )
        .await
        .assert_ok()
        .clone();
    assert_eq!(again, details, "the same details on every reveal");
    assert!(details["expirationDate"].as_str().unwrap().ends_with("/29"));
    assert!(!details["billAddress"].as_str().unwrap().is_empty());
    let events = app.security_events(Some(&h.uid)).await;
    assert_eq!(
        events.iter().filter(|e| *e == "card_revealed").count(),
        2,
        "{events:?}"
    );

    // Stored sealed: no column holds the number, nor does the database file.
    let rows: Vec<(String, String, String)> = app
        .db
        .read(|conn| {
            Ok(cards::table
                .select((cards::pan_sealed, cards::pan_digest, cards::mask_card_no))
                .load(conn)?)
        })
        .await
        .unwrap();
    for (sealed, digest, mask) in rows {
        for column in [sealed, digest, mask] {
            assert!(!column.contains(&number[6..12]), "{column}");
        }
    }
    for file in ["fiscard.db", "fiscard.db-wal"] {
        if let Ok(bytes) = std::fs::read(app.data_dir.join(file)) {
            assert!(
                !bytes.windows(16).any(|w| w == number.as_bytes()),
                "{file} holds the card number in clear"
            );
        }
    }

    // Another user cannot reach the card.
    let other = holder(&app, "other@example.com", 0).await;
    app.post_json("/fiscard/query/cvv", &with_pin(ask), EN, Some(&other.token))
        .await
        .assert_refused(404, "There is no such card");
    assert!(cards_of(&app, &other).await.is_empty());
    app.get_api(
        &format!("/fiscard/history?cardKey={card}"),
        EN,
        Some(&other.token),
    )
    .await
    .assert_refused(404, "There is no such card");
}

#[actix_web::test]
async fn a_recharge_takes_the_fee_from_the_amount_and_records_a_deposit_order() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 100_000).await;
    let card = apply(&app, &h).await;
    let done = recharge(&app, &h, &card, "100").await;
    assert_eq!(done.message(), "The recharge has been completed");
    let done = done.assert_ok().clone();
    assert_eq!(done["credited"], "99.00");
    assert_eq!(done["cardBalance"], "99.00");
    assert_eq!(done["availableBalance"], "900.00");
    assert_eq!(done["order"]["type"], "DEPOSIT");
    assert_eq!(done["order"]["amount"], "100.00");
    assert_eq!(done["order"]["fee"], "1.00");
    assert_eq!(done["order"]["status"], 2);
    // The browser's preview is the same computation.
    let preview = domain::money::recharge_quote_for("100", "0.01").unwrap();
    assert_eq!((preview.fee_minor, preview.credited_minor), (100, 9_900));

    // 12.34 at 1%: 0.1234 → 0.12.
    let odd = recharge(&app, &h, &card, "12.34").await.assert_ok().clone();
    assert_eq!(odd["order"]["fee"], "0.12");
    assert_eq!(odd["credited"], "12.22");

    for (amount, code) in [
        ("-5", "amount_not_positive"),
        ("0", "amount_not_positive"),
        ("1.234", "amount_too_many_decimals"),
        ("abc", "amount_invalid"),
        ("99999999999999999999", "amount_invalid"),
        ("", "recharge_amount_required"),
    ] {
        let refused = recharge(&app, &h, &card, amount).await;
        assert_eq!(refused.code(), 102, "{amount}: {}", refused.text);
        assert_eq!(refused.content()[0]["code"], code, "{amount}");
    }
    let over = recharge(&app, &h, &card, "887.67").await;
    over.assert_refused(422, "Insufficient Balance");
    let over_zh = app
        .post_json(
            "/fiscard/recharge",
            &with_pin(json!({ "cardKey": card, "amount": "1000" })),
            ZH,
            Some(&h.token),
        )
        .await;
    over_zh.assert_refused(422, "餘額不足");
    assert_eq!(bank_balance(&app, &h).await, "887.66");

    let orders = app
        .get_api("/fiscard/order?pageSize=1", EN, Some(&h.token))
        .await
        .assert_ok()
        .clone();
    assert_eq!(orders["totalCount"], 2);
    assert_eq!(orders["totalPage"], 2);
    assert_eq!(orders["list"][0]["amount"], "12.34");
    assert!(
        orders["list"][0]["maskCardNo"]
            .as_str()
            .unwrap()
            .starts_with("4859 32")
    );
    let report = assert_ledger_sound(&app).await;
    assert_eq!(report.transactions, 3, "the wire and two recharges");

    let other = holder(&app, "other@example.com", 100_000).await;
    recharge(&app, &other, &card, "10")
        .await
        .assert_refused(404, "There is no such card");
    assert!(
        app.get_api("/fiscard/order", EN, Some(&other.token))
            .await
            .assert_ok()["list"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[actix_web::test]
async fn a_retry_with_one_idempotency_key_moves_money_once() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let send = |key: &'static str, amount: &'static str| {
        let request = app
            .client
            .post(app.url("/api/fiscard/recharge"))
            .header("Access-Token", &h.token)
            .header("Idempotency-Key", key)
            .json(&with_pin(json!({ "cardKey": card, "amount": amount })));
        app.send(request)
    };
    let first = send("retry-1", "10").await;
    first.assert_ok();
    let second = send("retry-1", "10").await;
    assert_eq!(second.text, first.text, "the first answer, word for word");
    assert_eq!(second.header("Idempotent-Replayed"), Some("true"));
    assert_eq!(bank_balance(&app, &h).await, "90.00");
    send("retry-1", "11").await.assert_refused(
        409,
        "This Idempotency-Key was already used for a different request",
    );
    // A refusal is an answer too: the same key keeps answering it.
    let over = send("retry-2", "500").await;
    over.assert_refused(422, "Insufficient Balance");
    wire(&app, &h, 100_000, "W-2").await;
    assert_eq!(send("retry-2", "500").await.text, over.text);
    assert_eq!(bank_balance(&app, &h).await, "1090.00");
    let bad = app
        .send(
            app.client
                .post(app.url("/api/fiscard/recharge"))
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", "has space")
                .json(&with_pin(json!({ "cardKey": card, "amount": "1" }))),
        )
        .await;
    assert_eq!(bad.code(), 400);
    // A retried application issues one card.
    for _ in 0..2 {
        app.send(
            app.client
                .post(app.url("/api/fiscard/apply"))
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", "apply-1")
                .json(&json!({ "bin": "522981" })),
        )
        .await
        .assert_ok();
    }
    assert_eq!(cards_of(&app, &h).await.len(), 2);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn frozen_cards_take_no_recharge_and_cancelling_returns_the_balance() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    recharge(&app, &h, &card, "50").await.assert_ok();
    let body = json!({ "cardKey": card });
    let frozen = app
        .post_json("/fiscard/freeze", &body, EN, Some(&h.token))
        .await;
    assert_eq!(frozen.assert_ok()["cardStatus"], "frozen");
    app.post_json("/fiscard/freeze", &body, EN, Some(&h.token))
        .await
        .assert_refused(422, "The card's current status does not allow this");
    recharge(&app, &h, &card, "1")
        .await
        .assert_refused(422, "Only a card in normal status can be recharged");
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "frozen");
    app.post_json("/fiscard/unfreeze", &body, EN, Some(&h.token))
        .await
        .assert_refused(103, "Please complete the verification");
    app.post_json(
        "/fiscard/unfreeze",
        &with_pin(body.clone()),
        EN,
        Some(&h.token),
    )
    .await
    .assert_ok();

    app.post_json("/fiscard/cancel", &body, EN, Some(&h.token))
        .await
        .assert_refused(103, "Please complete the verification");
    let cancelled = app
        .post_json(
            "/fiscard/cancel",
            &with_pin(body.clone()),
            EN,
            Some(&h.token),
        )
        .await;
    assert_eq!(
        cancelled.message(),
        "The card has been cancelled; its balance is back in your USD account"
    );
    let order = cancelled.assert_ok()["order"].clone();
    assert_eq!(order["type"], "CANCEL");
    assert_eq!(order["amount"], "49.50");
    assert_eq!(bank_balance(&app, &h).await, "99.50");
    assert!(
        cards_of(&app, &h).await.is_empty(),
        "cancelled cards are hidden"
    );
    recharge(&app, &h, &card, "1")
        .await
        .assert_refused(422, "Only a card in normal status can be recharged");
    app.post_json("/fiscard/cancel", &with_pin(body), EN, Some(&h.token))
        .await
        .assert_refused(422, "The card's current status does not allow this");
    let events = app.security_events(Some(&h.uid)).await;
    for kind in [
        "card_issued",
        "card_frozen",
        "card_unfrozen",
        "card_cancelled",
    ] {
        assert!(events.iter().any(|e| e == kind), "{kind}: {events:?}");
    }
    assert_ledger_sound(&app).await;
}
