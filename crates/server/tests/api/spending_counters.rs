//! Spending counters: the daily, monthly and per-transaction limits decline exactly at the
//! boundary when checked against the card's counters, across a day and a month boundary
//! (moved clock), in the BIN's time zone, after voids and reversals, and under 50 concurrent
//! authorizations; the counter check (`admin ledger-check`) passes after each and fails on a
//! counter that differs from the transactions.

use serde_json::{Value, json};
use server::services::card_events::spending;

use crate::card_events::{auth, event, funded_card};
use crate::cards::{holder, recharge};
use crate::helpers::{Answer, START_MS, TestApp, spawn_app};

const HOUR_MS: i64 = 3_600_000;
/// 2026-09-22T00:00:00Z: the first midnight (UTC) after the tests' clock starts.
const SEPT_22: i64 = 1_790_035_200_000;
const DAY_MS: i64 = 24 * HOUR_MS;
/// 2026-10-01T00:00:00Z.
const OCT_1: i64 = SEPT_22 + 9 * DAY_MS;

/// The decline reason of an authorization (null when approved).
fn reason(answer: &Answer) -> Value {
    answer.assert_ok()["declineReason"].clone()
}

async fn pay(app: &TestApp, card: &str, id: &str, amount: &str) -> Value {
    reason(&event(app, &auth(card, id, amount, "USD", None)).await)
}

async fn void(app: &TestApp, card: &str, id: &str, origin: &str) {
    event(
        app,
        &json!({ "event": "void", "transactionId": id, "originTransactionId": origin, "cardKey": card }),
    )
    .await
    .assert_ok();
}

async fn reverse(app: &TestApp, card: &str, id: &str, origin: &str, amount: &str) {
    event(
        app,
        &json!({ "event": "corrective_auth", "transactionId": id, "originTransactionId": origin,
                 "cardKey": card, "amount": amount }),
    )
    .await
    .assert_ok();
}

/// Moves the clock so that the next event (a second later, see `event`) happens at `at`.
fn next_event_at(app: &TestApp, at: i64) {
    let now = app.clock.now_ms();
    assert!(at - 1_000 >= now, "the clock only moves forward");
    app.advance_ms(at - 1_000 - now);
}

/// The counter check over every card: passes, and covers `cards` cards.
async fn assert_counters_sound(app: &TestApp, cards: usize) {
    let report = app
        .db
        .read(|conn| Ok(spending::check(conn)?))
        .await
        .unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.cards, cards);
}

const APPROVED: Value = Value::Null;

#[actix_web::test]
async fn the_daily_and_per_transaction_limits_decline_exactly_at_the_boundary_and_voids_and_reversals_give_room_back()
 {
    let app = spawn_app().await;
    // Limits: 10,000 per transaction, 20,000 a day, 50,000 a month.
    let (_, card) = funded_card(&app, "me@example.com", "60000").await;
    assert_eq!(
        pay(&app, &card, "t0", "10000.01").await,
        "exceeds_transaction_limit"
    );
    assert_eq!(pay(&app, &card, "t1", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "t2", "9999.99").await, APPROVED);
    assert_eq!(pay(&app, &card, "t3", "0.02").await, "exceeds_daily_limit");
    assert_eq!(pay(&app, &card, "t4", "0.01").await, APPROVED);
    assert_eq!(pay(&app, &card, "t5", "0.01").await, "exceeds_daily_limit");
    assert_counters_sound(&app, 1).await;

    // A void gives the whole amount back; a reversal the part it reverses.
    void(&app, &card, "v1", "t1").await;
    assert_counters_sound(&app, 1).await;
    assert_eq!(
        pay(&app, &card, "t6", "10000.01").await,
        "exceeds_transaction_limit"
    );
    assert_eq!(pay(&app, &card, "t7", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "t8", "0.01").await, "exceeds_daily_limit");
    reverse(&app, &card, "r1", "t2", "0.50").await;
    assert_counters_sound(&app, 1).await;
    assert_eq!(pay(&app, &card, "t9", "0.51").await, "exceeds_daily_limit");
    assert_eq!(pay(&app, &card, "t10", "0.50").await, APPROVED);
    // A reversal of the whole amount ends the authorization.
    reverse(&app, &card, "r2", "t4", "0.01").await;
    assert_eq!(pay(&app, &card, "t11", "0.01").await, APPROVED);
    assert_eq!(pay(&app, &card, "t12", "0.01").await, "exceeds_daily_limit");
    // A clearing keeps the amount spent.
    event(
        &app,
        &json!({ "event": "clearing", "transactionId": "t7", "cardKey": card }),
    )
    .await
    .assert_ok();
    assert_eq!(pay(&app, &card, "t13", "0.01").await, "exceeds_daily_limit");
    assert_counters_sound(&app, 1).await;

    // The last second of the day is still the day; its first second is a new one.
    next_event_at(&app, SEPT_22 - 1_000);
    assert_eq!(pay(&app, &card, "t14", "0.01").await, "exceeds_daily_limit");
    assert_eq!(pay(&app, &card, "t15", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "t16", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "t17", "0.01").await, "exceeds_daily_limit");
    assert_counters_sound(&app, 1).await;
    // Voiding yesterday's payment gives nothing back to today, but to the month.
    void(&app, &card, "v2", "t2").await;
    assert_eq!(pay(&app, &card, "t18", "0.01").await, "exceeds_daily_limit");
    assert_counters_sound(&app, 1).await;
}

#[actix_web::test]
async fn the_monthly_limit_declines_exactly_at_the_boundary_until_the_month_turns() {
    let app = spawn_app().await;
    let (_, card) = funded_card(&app, "me@example.com", "70000").await;
    // 20,000 on each of two days and 9,999.99 on a third: 49,999.99 this month.
    for (day, amounts) in [
        (0, &["10000", "10000"][..]),
        (1, &["10000", "10000"][..]),
        (2, &["9999.99"][..]),
    ] {
        if day > 0 {
            next_event_at(&app, SEPT_22 + (day - 1) * DAY_MS + HOUR_MS);
        }
        for (i, amount) in amounts.iter().enumerate() {
            assert_eq!(
                pay(&app, &card, &format!("m{day}-{i}"), amount).await,
                APPROVED
            );
        }
    }
    assert_eq!(
        pay(&app, &card, "m3", "0.02").await,
        "exceeds_monthly_limit"
    );
    assert_eq!(pay(&app, &card, "m4", "0.01").await, APPROVED);
    next_event_at(&app, SEPT_22 + 5 * DAY_MS);
    assert_eq!(
        pay(&app, &card, "m5", "0.01").await,
        "exceeds_monthly_limit"
    );
    assert_counters_sound(&app, 1).await;
    // Voiding a payment of an earlier day of the month gives its amount back to the month.
    void(&app, &card, "v1", "m0-0").await;
    assert_counters_sound(&app, 1).await;
    assert_eq!(pay(&app, &card, "m6", "10000").await, APPROVED);
    assert_eq!(
        pay(&app, &card, "m7", "0.01").await,
        "exceeds_monthly_limit"
    );
    // The last second of September, then the first of October.
    next_event_at(&app, OCT_1 - 1_000);
    assert_eq!(
        pay(&app, &card, "m8", "0.01").await,
        "exceeds_monthly_limit"
    );
    assert_eq!(pay(&app, &card, "m9", "10000").await, APPROVED);
    assert_counters_sound(&app, 1).await;
    // A void of September's payment in October changes nothing this month.
    void(&app, &card, "v2", "m6").await;
    assert_eq!(pay(&app, &card, "m10", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "m11", "0.01").await, "exceeds_daily_limit");
    assert_counters_sound(&app, 1).await;
}

/// A BIN whose cards count their days in Hong Kong time (UTC+8): the day turns at 16:00 UTC.
#[actix_web::test]
async fn the_day_turns_at_midnight_in_the_bins_time_zone() {
    use server::services::bins::{self, Bin, Terms};

    let app = spawn_app().await;
    let now = app.clock.now_ms();
    app.db
        .write(move |conn| {
            let bin = Bin {
                bin: "622202".into(),
                location_code: "HK".into(),
                org_name: "VISA".into(),
                currency: "USD".into(),
                terms: Terms::default(),
                utc_offset_minutes: 480,
                enabled: true,
            };
            Ok(bins::save(conn, &bin.checked().unwrap(), now)?)
        })
        .await
        .unwrap();
    let h = holder(&app, "hk@example.com", 3_000_000).await;
    let card = app
        .post_json(
            "/fiscard/apply",
            &json!({ "bin": "622202" }),
            crate::helpers::EN,
            Some(&h.token),
        )
        .await
        .assert_ok()["cardKey"]
        .as_str()
        .unwrap()
        .to_owned();
    recharge(&app, &h, &card, "30000").await.assert_ok();
    // 14:13 UTC is 22:13 in Hong Kong.
    assert!(app.clock.now_ms() < START_MS + HOUR_MS);
    assert_eq!(pay(&app, &card, "h1", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "h2", "10000").await, APPROVED);
    assert_eq!(pay(&app, &card, "h3", "0.01").await, "exceeds_daily_limit");
    let hong_kong_midnight = SEPT_22 - 8 * HOUR_MS;
    next_event_at(&app, hong_kong_midnight - 1_000);
    assert_eq!(pay(&app, &card, "h4", "0.01").await, "exceeds_daily_limit");
    assert_eq!(pay(&app, &card, "h5", "0.01").await, APPROVED);
    assert_counters_sound(&app, 1).await;
    // A card of the UTC BIN still counts 16:00 UTC as the same day.
    let (_, utc_card) = funded_card(&app, "utc@example.com", "30000").await;
    assert_eq!(pay(&app, &utc_card, "u1", "10000").await, APPROVED);
    assert_eq!(pay(&app, &utc_card, "u2", "10000").await, APPROVED);
    assert_eq!(
        pay(&app, &utc_card, "u3", "0.01").await,
        "exceeds_daily_limit"
    );
    assert_counters_sound(&app, 2).await;
}

/// 50 authorizations of 500.00 at once on a card that may spend 20,000 a day: exactly 40 are
/// approved, whichever order they are taken in (on PostgreSQL, concurrently).
#[actix_web::test]
async fn fifty_concurrent_authorizations_stop_exactly_at_the_daily_limit() {
    use server::routes::issuer::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};

    let app = spawn_app().await;
    let (_, card) = funded_card(&app, "me@example.com", "60000").await;
    let key = {
        let text = std::fs::read_to_string(app.data_dir.join("secrets/webhook.key")).unwrap();
        hex::decode(text.trim()).unwrap()
    };
    let now = app.clock.now_secs();
    let answers = futures_util::future::join_all((0..50).map(|i| {
        let body = auth(&card, &format!("c{i}"), "500", "USD", None);
        let bytes = serde_json::to_vec(&body).unwrap();
        let signature = sign(&key, now, &bytes);
        let app = &app;
        async move {
            app.send(
                app.client
                    .post(app.url("/api/issuer/events"))
                    .header("Content-Type", "application/json")
                    .header(TIMESTAMP_HEADER, now.to_string())
                    .header(SIGNATURE_HEADER, signature)
                    .body(bytes),
            )
            .await
        }
    }))
    .await;
    let reasons: Vec<Value> = answers.iter().map(reason).collect();
    let approved = reasons.iter().filter(|r| r.is_null()).count();
    assert_eq!(approved, 40, "{reasons:?}");
    assert!(
        reasons
            .iter()
            .all(|r| r.is_null() || r == "exceeds_daily_limit"),
        "{reasons:?}"
    );
    assert_counters_sound(&app, 1).await;
}

/// The check recomputes the counters from the transactions: a counter that differs is a
/// problem, and `fiscard admin ledger-check` exits non-zero on it.
#[actix_web::test]
async fn the_counter_check_finds_a_counter_that_differs_from_the_transactions() {
    use diesel::prelude::*;
    use server::db::schema::card_spending;

    let app = spawn_app().await;
    let (_, card) = funded_card(&app, "me@example.com", "1000").await;
    assert_eq!(pay(&app, &card, "p1", "25").await, APPROVED);
    assert_counters_sound(&app, 1).await;
    let ledger_check = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_fiscard"))
            .args(["admin", "ledger-check"])
            .env("FISCARD_DATA_DIR", &app.data_dir)
            .env("DATABASE_URL", app.database_url())
            .env("FISCARD_LOG", "error")
            .output()
            .unwrap()
    };
    let passed = ledger_check();
    assert!(passed.status.success(), "{passed:?}");
    assert!(String::from_utf8_lossy(&passed.stdout).contains("counter check passed"));

    app.ledger_broken_on_purpose();
    let key = card.clone();
    app.db
        .write(move |conn| {
            diesel::update(card_spending::table.find(key))
                .set(card_spending::day_amount.eq(card_spending::day_amount - 1))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let report = app
        .db
        .read(|conn| Ok(spending::check(conn)?))
        .await
        .unwrap();
    assert_eq!(
        report.problems,
        [format!(
            "card {card}: spending counter day amount is 2499, its transactions say 2500"
        )]
    );
    let failed = ledger_check();
    assert_eq!(failed.status.code(), Some(1), "{failed:?}");
    assert!(String::from_utf8_lossy(&failed.stdout).contains("PROBLEM card"));
}
