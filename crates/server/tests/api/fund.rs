//! The fund (issue 26): subscribing and redeeming the current product from the USD account,
//! the daily accrual (a re-run does nothing, a catch-up of 30 days equals 30 single days, two
//! runs at once accrue once), the figures against `admin fund reconcile` (and a tampered row
//! it finds), and the gates. Fixed products are in `fund_fixed.rs`. Every teardown checks the
//! ledger; the money-moving tests also run `fiscard admin ledger-check`.

use diesel::prelude::*;
use domain::date::Date;
use serde_json::{Value, json};
use server::db::schema::{fund_accruals, users};
use server::services::fund::{accrual, business_date};

use crate::cards::{Holder, bank_balance, holder, with_pin};
use crate::helpers::{Answer, EN, TestApp, spawn_app_with};
use crate::wallet::{cli, ledger_check_passes};

pub const DAY_MS: i64 = 86_400_000;

/// A server whose sessions outlast the days and years the fund's tests move the clock.
pub async fn fund_app() -> TestApp {
    spawn_app_with(&[
        ("FISCARD_SESSION_IDLE_MINUTES", "100000000"),
        ("FISCARD_SESSION_ABSOLUTE_HOURS", "10000000"),
    ])
    .await
}

/// A holder approved for a fund account (basic identity, investor certification, AML, QI),
/// with `usd` cents in their USD account.
pub async fn investor(app: &TestApp, email: &str, usd: i64) -> Holder {
    let h = holder(app, email, usd).await;
    set_statuses(app, &h, 1, 1, 1).await;
    h
}

/// Sets the investor certification, AML and QI statuses (1 approved).
pub async fn set_statuses(app: &TestApp, h: &Holder, investor: i32, aml: i32, qi: i32) {
    let uid = h.uid.clone();
    app.db
        .write(move |conn| {
            diesel::update(users::table.find(uid))
                .set((
                    users::investor_status.eq(investor),
                    users::aml_status.eq(aml),
                    users::qi_status.eq(qi),
                ))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .unwrap();
}

/// The fund's business date by the app's clock.
pub fn today(app: &TestApp) -> Date {
    business_date(app.clock.now_ms())
}

pub async fn subscribe(app: &TestApp, h: &Holder, body: &Value) -> Answer {
    app.post_json("/subscribe", &with_pin(body.clone()), EN, Some(&h.token))
        .await
}

pub async fn redeem(app: &TestApp, h: &Holder, body: &Value) -> Answer {
    app.post_json("/redeem", &with_pin(body.clone()), EN, Some(&h.token))
        .await
}

pub async fn asset(app: &TestApp, h: &Holder) -> Value {
    app.get_api("/fund/v2/asset", EN, Some(&h.token))
        .await
        .assert_ok()
        .clone()
}

/// Runs the accrual job as the server does, on the app's clock.
pub async fn accrue(app: &TestApp) -> accrual::Report {
    let now = app.clock.now_ms();
    accrual::catch_up(&app.db, business_date(now), now)
        .await
        .unwrap()
}

/// Moves the clock `days` days on.
pub fn next_days(app: &TestApp, days: i64) {
    app.advance_ms(days * DAY_MS);
}

/// `admin fund reconcile` on the app's business date.
pub fn reconcile(app: &TestApp) -> Result<String, String> {
    let on = today(app).to_string();
    let output = app.fiscard(&["admin", "fund", "reconcile", "--on", &on]);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.success() {
        Ok(out)
    } else {
        Err(out)
    }
}

/// The accrual rows of the user's positions: (date, shares, interest, rounding, carry).
pub async fn rows_of(app: &TestApp, uid: &str) -> Vec<(String, i64, i64, i64, i64)> {
    let uid = uid.to_owned();
    app.db
        .read(move |conn| {
            Ok(fund_accruals::table
                .filter(fund_accruals::user_id.eq(uid))
                .order(fund_accruals::business_date.asc())
                .select((
                    fund_accruals::business_date,
                    fund_accruals::shares,
                    fund_accruals::interest,
                    fund_accruals::rounding,
                    fund_accruals::carry,
                ))
                .load(conn)?)
        })
        .await
        .unwrap()
}

fn current(amount: &str, source: &str) -> Value {
    json!({ "productId": "usd-current", "source": source, "amount": amount })
}

fn out_of_current(amount: &str, destination: &str) -> Value {
    json!({ "productId": "usd-current", "destination": destination, "amount": amount })
}

#[actix_web::test]
async fn subscribe_from_usd_earn_day_by_day_and_redeem() {
    let app = fund_app().await;
    let h = investor(&app, "ada@example.com", 200_000).await;
    let d0 = today(&app);
    let done = subscribe(&app, &h, &current("1000", "USD")).await;
    let order = done.assert_ok().clone();
    assert_eq!(done.message(), "Subscribed: your shares are in the fund");
    assert_eq!(
        (
            &order["type"],
            &order["amount"],
            &order["source"],
            &order["status"]
        ),
        (
            &json!("SUBSCRIBE"),
            &json!("1000.00"),
            &json!("USD"),
            &json!("COMPLETED")
        )
    );
    assert_eq!(
        order["interestStartDate"],
        json!(d0.add_days(1).to_string())
    );
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
    let a = asset(&app, &h).await;
    assert_eq!(
        (
            &a["currentProduct"]["unusableShares"],
            &a["currentProduct"]["usableShares"]
        ),
        (&json!("1000.00"), &json!("0.00"))
    );
    assert_eq!(a["totalValue"], json!("1000.00"));
    // Not redeemable the day it came in.
    let refused = redeem(&app, &h, &out_of_current("1", "USD")).await;
    assert_eq!(refused.code(), 102, "{refused:?}");
    // Day 1: the subscription day earned nothing; day 1 itself earns 0.0001 × 100000 cents.
    next_days(&app, 1);
    let run = accrue(&app).await;
    assert_eq!((run.days, run.interest), (1, 0));
    let a = asset(&app, &h).await;
    assert_eq!(a["currentProduct"]["usableShares"], json!("1000.00"));
    assert_eq!(a["currentProduct"]["unsettleProfit"], json!("0.10"));
    assert_eq!(a["yesterdayProfit"], json!("0.00"));
    next_days(&app, 1);
    assert_eq!(accrue(&app).await.interest, 10);
    // A re-run of the day accrues nothing.
    assert_eq!(accrue(&app).await, accrual::Report::default());
    let a = asset(&app, &h).await;
    assert_eq!(
        (
            &a["yesterdayProfit"],
            &a["historyProfit"],
            &a["currentProduct"]["historyProfit"]
        ),
        (&json!("0.10"), &json!("0.10"), &json!("0.10"))
    );
    assert_eq!(a["currentProduct"]["usableShares"], json!("1000.10"));
    assert_eq!(a["totalValue"], json!("1000.10"));
    // Interest records: one per day that paid.
    let interest = app
        .get_api("/fund/v2/order?type=INTEREST", EN, Some(&h.token))
        .await;
    assert_eq!(interest.assert_ok()["totalCount"], json!(1));
    let done = redeem(&app, &h, &out_of_current("500.05", "USD")).await;
    assert_eq!(done.assert_ok()["amount"], json!("500.05"), "{done:?}");
    assert_eq!(bank_balance(&app, &h).await, "1500.05");
    // More than is usable is refused by the form, with the usable shares.
    let refused = redeem(&app, &h, &out_of_current("600", "WALLET")).await;
    assert_eq!(refused.code(), 102, "{refused:?}");
    let all = app.get_api("/fund/v2/order", EN, Some(&h.token)).await;
    assert_eq!(all.assert_ok()["totalCount"], json!(3));
    ledger_check_passes(&app);
    let out = reconcile(&app).expect("reconcile passes");
    assert!(out.contains("0 differences"), "{out}");
}

/// The same money, two users: one accrued every day, the other caught up once after 30 days.
#[actix_web::test]
async fn a_catch_up_of_30_missed_days_equals_30_single_days() {
    let app = fund_app().await;
    let daily = investor(&app, "ada@example.com", 500_000).await;
    let late = investor(&app, "bob@example.com", 500_000).await;
    for h in [&daily, &late] {
        subscribe(&app, h, &current("1234.57", "USD"))
            .await
            .assert_ok();
    }
    for day in 1..=30 {
        next_days(&app, 1);
        let (uid, now) = (daily.uid.clone(), app.clock.now_ms());
        app.db
            .write(move |conn| {
                Ok(accrual::bring_up_user(
                    conn,
                    &uid,
                    domain::exchange::Asset::Usd,
                    business_date(now),
                    now,
                )?)
            })
            .await
            .unwrap();
        if day == 12 {
            // Both add the same amount in the middle.
            for h in [&daily, &late] {
                subscribe(&app, h, &current("99.99", "USD"))
                    .await
                    .assert_ok();
            }
        }
    }
    assert!(rows_of(&app, &late.uid).await.is_empty());
    let caught_up = accrue(&app).await;
    assert_eq!(caught_up.days, 30);
    let (a, b) = (
        rows_of(&app, &daily.uid).await,
        rows_of(&app, &late.uid).await,
    );
    assert_eq!(a.len(), 30);
    assert_eq!(a, b);
    assert!(
        a.iter().any(|r| r.3 > 0),
        "the odd amount handed a cent to rounding"
    );
    let (x, y) = (asset(&app, &daily).await, asset(&app, &late).await);
    assert_eq!(x, y);
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}

/// Two job runs at once (two connections, two threads) accrue each day once.
#[actix_web::test]
async fn two_job_runs_at_once_accrue_once() {
    let app = fund_app().await;
    let mut holders = Vec::new();
    for n in 0..4 {
        let h = investor(&app, &format!("h{n}@example.com"), 100_000).await;
        subscribe(&app, &h, &current("500", "USD"))
            .await
            .assert_ok();
        holders.push(h);
    }
    next_days(&app, 5);
    let (url, now) = (app.database_url(), app.clock.now_ms());
    let runs: Vec<_> = (0..2)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let db = server::db::Db::attach(&url, 1).expect("a connection of its own");
                actix_web::rt::System::new()
                    .block_on(accrual::catch_up(&db, business_date(now), now))
                    .expect("a run")
            })
        })
        .collect();
    let reports: Vec<accrual::Report> = runs.into_iter().map(|r| r.join().unwrap()).collect();
    assert_eq!(reports.iter().map(|r| r.days).sum::<usize>(), 4 * 5);
    for h in &holders {
        assert_eq!(rows_of(&app, &h.uid).await.len(), 5);
    }
    ledger_check_passes(&app);
}

/// Subscribing needs the fund account's gates in order; redeeming only a session.
#[actix_web::test]
async fn subscribing_asks_for_each_gate_in_order_and_redeeming_only_a_session() {
    let app = fund_app().await;
    let token = app
        .register("new@example.com", crate::helpers::PASSWORD)
        .await;
    let fresh = Holder {
        uid: app.user_id("new@example.com").await,
        token,
    };
    let answer = subscribe(&app, &fresh, &current("10", "USD")).await;
    assert_eq!(answer.code(), 105, "{answer:?}");
    let h = holder(&app, "ada@example.com", 100_000).await;
    for (statuses, code) in [((0, 0, 0), 106), ((1, 0, 0), 107), ((1, 1, 0), 108)] {
        set_statuses(&app, &h, statuses.0, statuses.1, statuses.2).await;
        let answer = subscribe(&app, &h, &current("10", "USD")).await;
        assert_eq!(answer.code(), code, "{answer:?}");
    }
    let unauthenticated = app
        .post_json("/redeem", &out_of_current("1", "USD"), EN, None)
        .await;
    assert_eq!(unauthenticated.code(), 101);
    // A user with no fund account may still redeem: the form answers (nothing to redeem).
    let answer = redeem(&app, &fresh, &out_of_current("1", "USD")).await;
    assert_eq!(answer.code(), 102, "{answer:?}");
    set_statuses(&app, &h, 1, 1, 1).await;
    subscribe(&app, &h, &current("10", "USD")).await.assert_ok();
}

/// Reconcile finds an accrual row changed behind the ledger's back.
#[actix_web::test]
async fn reconcile_passes_then_finds_a_tampered_accrual_row() {
    let app = fund_app().await;
    let h = investor(&app, "ada@example.com", 100_000).await;
    subscribe(&app, &h, &current("800", "USD"))
        .await
        .assert_ok();
    next_days(&app, 3);
    accrue(&app).await;
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
    let out = cli(&app, &["admin", "fund", "product", "list"]).expect("product list");
    assert!(out.contains("usd-current\tCURRENT\tUSD"), "{out}");
    app.ledger_broken_on_purpose();
    let uid = h.uid.clone();
    app.db
        .write(move |conn| {
            let last: String = fund_accruals::table
                .filter(fund_accruals::user_id.eq(&uid))
                .order(fund_accruals::business_date.desc())
                .select(fund_accruals::id)
                .first(conn)?;
            diesel::update(fund_accruals::table.find(last))
                .set(fund_accruals::interest.eq(fund_accruals::interest + 1))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .unwrap();
    let out = reconcile(&app).expect_err("reconcile fails");
    assert!(out.contains("DIFFERENCE"), "{out}");
}
