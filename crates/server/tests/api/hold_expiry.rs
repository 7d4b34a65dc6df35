//! Authorization holds the network never clears nor voids expire after
//! `FISCARD_AUTHORIZATION_HOLD_DAYS` (7 by default): exactly the held amount goes back to the
//! card, once (a second run, or two at once, do nothing more), the spending counters let go of
//! it, the cardholder reads it as expired; a clearing that comes after the expiry still takes
//! the money from the card's balance (a force post), the part it cannot cover owed by the
//! cardholder; the ledger and counter checks pass after each.

use serde_json::{Value, json};
use server::services::card_events::expire::{self, ExpiryReport};
use server::services::card_events::spending;
use server::services::ledger::{self, Account, AccountKind};

use crate::card_events::{auth, event, funded_card};
use crate::cards::{Holder, assert_ledger_sound};
use crate::helpers::{EN, PASSWORD, TestApp, spawn_app};

const DAY_MS: i64 = 24 * 3_600_000;
const ME: &str = "me@example.com";

/// One run of the job at the app's time, with the default 7 days.
async fn expire_now(app: &TestApp) -> ExpiryReport {
    expire::expire_holds(&app.db, app.clock.now_ms(), 7)
        .await
        .unwrap()
}

async fn approve(app: &TestApp, card: &str, id: &str, amount: &str) {
    let answer = event(app, &auth(card, id, amount, "USD", None)).await;
    assert_eq!(answer.assert_ok()["approved"], true, "{}", answer.content());
}

async fn clearing(app: &TestApp, card: &str, id: &str) -> crate::helpers::Answer {
    event(
        app,
        &json!({ "event": "clearing", "transactionId": id, "cardKey": card }),
    )
    .await
}

/// The card's balance and what its authorizations hold, in cents (from the ledger: days
/// pass in these tests, and sessions end).
async fn balances(app: &TestApp, h: &Holder, card: &str) -> (i64, i64) {
    let accounts = [AccountKind::Card, AccountKind::CardHold]
        .map(|kind| Account::of_card(&h.uid, card, kind, "USD"));
    let found = app
        .db
        .read(move |conn| Ok(ledger::balances(conn, &accounts)?))
        .await
        .unwrap();
    (found[0], found[1])
}

/// The card's transaction `id` as its holder reads it (logged in again: days have passed).
async fn transaction(app: &TestApp, email: &str, card: &str, id: &str) -> Value {
    let token = app.login(email, PASSWORD).await.token();
    let list = app
        .get_api(
            &format!("/fiscard/history?cardKey={card}"),
            EN,
            Some(&token),
        )
        .await
        .assert_ok()["list"]
        .clone();
    list.as_array()
        .unwrap()
        .iter()
        .find(|t| t["transactionId"] == id)
        .unwrap_or_else(|| panic!("{id} is not in {list}"))
        .clone()
}

/// The ledger and the spending counters both check out.
async fn assert_sound(app: &TestApp) {
    assert_ledger_sound(app).await;
    let counters = app
        .db
        .read(|conn| Ok(spending::check(conn)?))
        .await
        .unwrap();
    assert!(counters.problems.is_empty(), "{:?}", counters.problems);
}

#[actix_web::test]
async fn a_hold_left_open_expires_after_seven_days_once_giving_back_exactly_what_it_held() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, ME, "200").await; // 198.00 on the card
    approve(&app, &card, "old", "100").await; // holds 101.00 (1% fee)
    app.advance_ms(3 * DAY_MS);
    approve(&app, &card, "young", "10").await; // holds 10.10
    assert_eq!(balances(&app, &h, &card).await, (8690, 11110));

    // Seven days after the first, to the second: not yet.
    app.advance_ms(4 * DAY_MS - 10_000);
    assert_eq!(expire_now(&app).await, ExpiryReport::default());
    app.advance_ms(20_000);
    let report = expire_now(&app).await;
    assert_eq!((report.expired, report.released), (1, 10_100));
    assert_eq!(balances(&app, &h, &card).await, (18790, 1010));
    let old = transaction(&app, ME, &card, "old").await;
    assert_eq!(
        (&old["status"], &old["state"], &old["movesMoney"]),
        (&json!("expired"), &json!("expired"), &json!(false))
    );
    assert_eq!(
        transaction(&app, ME, &card, "young").await["state"],
        "pendingHold"
    );
    assert_sound(&app).await;

    // A second run finds nothing; the younger hold goes when its own days are up.
    assert_eq!(expire_now(&app).await, ExpiryReport::default());
    assert_eq!(balances(&app, &h, &card).await, (18790, 1010));
    app.advance_ms(3 * DAY_MS);
    assert_eq!(expire_now(&app).await.expired, 1);
    assert_eq!(balances(&app, &h, &card).await, (19800, 0));
    // The network can no longer void or reverse what expired.
    event(
        &app,
        &json!({ "event": "void", "transactionId": "v1", "originTransactionId": "young",
                 "cardKey": card }),
    )
    .await
    .assert_refused(
        422,
        "The original transaction is not in a state this event applies to",
    );
    assert_sound(&app).await;
}

#[actix_web::test]
async fn the_expired_amount_no_longer_counts_against_the_monthly_limit() {
    let app = spawn_app().await;
    // Limits: 20,000 a day, 50,000 a month; the clock starts on 21 September.
    let (_, card) = funded_card(&app, ME, "60000").await;
    for day in 0..3 {
        approve(&app, &card, &format!("a{day}"), "10000").await;
        approve(&app, &card, &format!("b{day}"), "6000").await;
        app.advance_ms(DAY_MS);
    }
    // 48,000 this month: 2,000.01 more would pass the monthly limit.
    let declined = event(&app, &auth(&card, "over", "2000.01", "USD", None)).await;
    assert_eq!(
        declined.assert_ok()["declineReason"],
        "exceeds_monthly_limit"
    );
    // The first day's two holds expire on 28 September, still in the month: 16,000 back, to
    // the cent.
    app.advance_ms(4 * DAY_MS + 60_000);
    assert_eq!(expire_now(&app).await.expired, 2);
    assert_sound(&app).await;
    approve(&app, &card, "room-1", "10000").await;
    approve(&app, &card, "room-2", "8000").await;
    let declined = event(&app, &auth(&card, "over-2", "0.01", "USD", None)).await;
    assert_eq!(
        declined.assert_ok()["declineReason"],
        "exceeds_monthly_limit"
    );
    assert_sound(&app).await;
}

#[actix_web::test]
async fn a_clearing_after_the_expiry_takes_the_money_from_the_card_once() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, ME, "200").await;
    approve(&app, &card, "late", "100").await;
    app.advance_ms(2 * DAY_MS + 60_000);
    // Two days are not seven; with FISCARD_AUTHORIZATION_HOLD_DAYS=2 they are enough.
    assert_eq!(expire_now(&app).await.expired, 0);
    let report = expire::expire_holds(&app.db, app.clock.now_ms(), 2)
        .await
        .unwrap();
    assert_eq!(report.expired, 1);
    assert_eq!(balances(&app, &h, &card).await, (19800, 0));

    let cleared = clearing(&app, &card, "late").await;
    assert_eq!(
        cleared.assert_ok(),
        &json!({ "transactionId": "late", "status": "succeed", "settled": "100.00",
                 "fees": "1.00" })
    );
    assert_eq!(balances(&app, &h, &card).await, (9700, 0));
    let late = transaction(&app, ME, &card, "late").await;
    assert_eq!(
        (&late["state"], &late["movesMoney"]),
        (&json!("settled"), &json!(true))
    );
    // The network's retry gets the same answer; the money moved once.
    assert_eq!(
        clearing(&app, &card, "late").await.content(),
        cleared.content()
    );
    assert_eq!(balances(&app, &h, &card).await, (9700, 0));
    assert_eq!(expire_now(&app).await, ExpiryReport::default());
    // A clearing of an authorization never made is refused, as before: nothing to settle.
    clearing(&app, &card, "never")
        .await
        .assert_refused(404, "There is no such transaction on this card");
    assert_sound(&app).await;
}

#[actix_web::test]
async fn a_late_clearing_the_card_cannot_cover_is_paid_and_the_rest_owed_by_the_cardholder() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, ME, "200").await; // 198.00
    approve(&app, &card, "late", "100").await; // 101.00 held
    app.advance_ms(8 * DAY_MS);
    assert_eq!(expire_now(&app).await.expired, 1);
    // Meanwhile the cardholder spends most of it again.
    approve(&app, &card, "spent", "150").await; // 151.50 held, 46.50 left
    assert_eq!(balances(&app, &h, &card).await, (4650, 15150));
    clearing(&app, &card, "late").await.assert_ok();
    assert_eq!(balances(&app, &h, &card).await, (0, 15150));
    let shortfall = app
        .db
        .read(|conn| {
            let account = Account::of_platform(AccountKind::CardShortfall, "USD");
            Ok(ledger::balance(conn, &account)?)
        })
        .await
        .unwrap();
    assert_eq!(shortfall, -(10_100 - 4_650));
    assert_sound(&app).await;
}

#[actix_web::test]
async fn two_runs_at_once_expire_each_hold_once() {
    let app = spawn_app().await;
    let (h1, c1) = funded_card(&app, "one@example.com", "500").await;
    let (h2, c2) = funded_card(&app, "two@example.com", "500").await;
    for i in 0..4 {
        approve(&app, &c1, &format!("one-{i}"), "10").await;
        approve(&app, &c2, &format!("two-{i}"), "20").await;
    }
    app.advance_ms(7 * DAY_MS + 60_000);
    let now = app.clock.now_ms();
    let (a, b) = tokio::join!(
        expire::expire_holds(&app.db, now, 7),
        expire::expire_holds(&app.db, now, 7)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.expired + b.expired, 8, "{a:?} {b:?}");
    assert_eq!(a.released + b.released, 4 * 1_010 + 4 * 2_020);
    assert_eq!(balances(&app, &h1, &c1).await, (49500, 0));
    assert_eq!(balances(&app, &h2, &c2).await, (49500, 0));
    assert_sound(&app).await;
}

/// `fiscard admin expire-holds` runs the same job from the command line, on its own clock (the
/// system's, well past the tests' manual clock): the open hold expires, a second run finds none.
#[actix_web::test]
async fn the_command_expires_the_holds_and_a_second_run_does_nothing() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, ME, "200").await;
    approve(&app, &card, "open", "100").await;
    let stdout = |args: &[&str]| {
        let output = app.fiscard(args);
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(stdout(&["admin", "expire-holds"]).starts_with("1 authorization holds"));
    assert!(stdout(&["admin", "expire-holds"]).starts_with("0 authorization holds"));
    assert_eq!(balances(&app, &h, &card).await, (19800, 0));
    assert!(stdout(&["admin", "ledger-check"]).contains("counter check passed"));
}
