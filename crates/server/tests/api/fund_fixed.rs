//! Fixed products: a subscription from the fund account through raise, waiting, earning and
//! maturity across a year end and 29 February (the clock moved), and an early redemption that
//! forfeits exactly the interest its preview showed (409 when the shown interest is stale).

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{DEFAULT_ANNUAL_RATE, FixedTerms, ProductTerms, ProductType, redeem_preview};
use serde_json::{Value, json};
use server::db::schema::fund_accruals;
use server::services::fund::accrual;
use server::services::fund::positions::{self, Claim, Position};
use server::services::fund::products::{self, NewProduct};

use crate::fund::{
    DAY_MS, accrue, asset, fund_app, investor, next_days, reconcile, redeem, rows_of, subscribe,
    today,
};
use crate::helpers::{EN, TestApp};
use crate::wallet::ledger_check_passes;

/// Creates a USD fixed product at `rate` percent.
pub async fn fixed_product(
    app: &TestApp,
    raise: Date,
    interest: Date,
    period: u16,
    rate: &str,
) -> String {
    let new = NewProduct {
        name: format!("{period} days"),
        terms: ProductTerms {
            product_type: ProductType::Fixed,
            annual_rate: domain::fund::AnnualRate::parse_percent(rate)
                .unwrap_or(DEFAULT_ANNUAL_RATE),
            asset: Asset::Usd,
            fixed: Some(FixedTerms::new(raise, interest, period).expect("good terms")),
        },
        minimum: 100,
        maximum: 100_000_000,
    };
    let now = app.clock.now_ms();
    app.db
        .write(move |conn| Ok(products::create(conn, &new, now)?))
        .await
        .unwrap()
        .expect("the product is created")
        .id
}

/// The product as `GET product` lists it.
async fn listed(app: &TestApp, id: &str) -> Value {
    let all = app.get_api("/product", EN, None).await.assert_ok().clone();
    all.as_array()
        .and_then(|a| a.iter().find(|p| p["productId"] == json!(id)).cloned())
        .expect("the product is listed")
}

pub fn into_fixed(id: &str, amount: &str) -> Value {
    json!({ "productId": id, "source": "FUND", "amount": amount })
}

pub fn out_of_fixed(id: &str, position: &str, amount: &str) -> Value {
    json!({ "productId": id, "positionId": position, "destination": "FUND", "amount": amount })
}

/// Moves the clock to noon of `date`.
fn move_to(app: &TestApp, date: &str) {
    let target = Date::parse(date).expect("a date").start_ms() + DAY_MS / 2;
    app.advance_ms(target - app.clock.now_ms());
}

#[actix_web::test]
async fn a_fixed_product_through_raise_waiting_earning_and_maturity_across_29_february() {
    let app = fund_app().await;
    move_to(&app, "2027-12-20");
    let h = investor(&app, "ada@example.com", 1_000_000).await;
    subscribe(
        &app,
        &h,
        &json!({ "productId": "usd-current", "source": "USD", "amount": "5000" }),
    )
    .await
    .assert_ok();
    next_days(&app, 1);
    let d = |s: &str| Date::parse(s).unwrap();
    // 70 days from 23 December: through 1 January and 29 February 2028; maturity 2 March.
    let id = fixed_product(&app, d("2027-12-21"), d("2027-12-23"), 70, "5").await;
    let p = listed(&app, &id).await;
    assert_eq!(
        (&p["phase"], &p["maturityDate"], &p["open"], &p["subscribe"]),
        (
            &json!("RAISING"),
            &json!("2028-03-02"),
            &json!(true),
            &json!(["FUND"])
        )
    );
    let done = subscribe(&app, &h, &into_fixed(&id, "1000")).await;
    let order = done.assert_ok().clone();
    assert_eq!(order["deliveryDate"], json!("2028-03-02"), "{done:?}");
    let position = order["id"].as_str().unwrap().to_owned();
    next_days(&app, 1);
    assert_eq!(listed(&app, &id).await["phase"], json!("WAITING"));
    // The raise is over: no more subscriptions.
    assert_eq!(
        subscribe(&app, &h, &into_fixed(&id, "10")).await.code(),
        102
    );
    accrue(&app).await;
    let a = asset(&app, &h).await;
    assert_eq!(
        (
            &a["fixedProduct"]["unInterestShares"],
            &a["fixedProduct"]["holdingProducts"]
        ),
        (&json!("1000.00"), &json!(1))
    );
    move_to(&app, "2028-01-15");
    accrue(&app).await;
    let a = asset(&app, &h).await;
    // 23 December to 14 January: 23 days of ⌊100000 × 5 % / 365⌋ = 13 cents.
    assert_eq!(
        (
            &a["fixedProduct"]["interestShares"],
            &a["fixedProduct"]["unsettleProfit"]
        ),
        (&json!("1000.00"), &json!("2.99"))
    );
    move_to(&app, "2028-03-02");
    assert_eq!(accrue(&app).await.matured, 1);
    let fixed_rows: Vec<_> = rows_of(&app, &h.uid)
        .await
        .into_iter()
        .filter(|r| r.1 == 100_000)
        .collect();
    assert_eq!(fixed_rows.len(), 70);
    assert!(fixed_rows.iter().any(|r| r.0 == "2028-02-29"));
    assert!(fixed_rows.iter().any(|r| r.0 == "2028-01-01"));
    let paid = app
        .get_api("/fund/v2/order?type=MATURITY", EN, Some(&h.token))
        .await;
    let paid = paid.assert_ok()["list"][0].clone();
    assert_eq!(
        (&paid["amount"], &paid["interest"], &paid["businessDate"]),
        (&json!("1000.00"), &json!("9.10"), &json!("2028-03-02"))
    );
    let a = asset(&app, &h).await;
    assert_eq!(
        (
            &a["fixedProduct"]["historyProfit"],
            &a["fixedProduct"]["totalShares"]
        ),
        (&json!("9.10"), &json!("0.00"))
    );
    // The payout is in the current shares from the maturity date: it earns that day.
    next_days(&app, 1);
    accrue(&app).await;
    let current: Vec<_> = rows_of(&app, &h.uid)
        .await
        .into_iter()
        .filter(|r| r.0 == "2028-03-01" || r.0 == "2028-03-02")
        .filter(|r| r.1 != 100_000)
        .collect();
    assert_eq!(current.len(), 2);
    assert_eq!(current[1].1 - current[0].1 - current[0].2, 100_910);
    // Redeeming a matured position is refused.
    let refused = redeem(&app, &h, &out_of_fixed(&id, &position, "1000")).await;
    assert_eq!(refused.code(), 102, "{refused:?}");
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}

#[actix_web::test]
async fn an_early_redemption_forfeits_exactly_the_interest_shown() {
    let app = fund_app().await;
    let h = investor(&app, "ada@example.com", 2_000_000).await;
    subscribe(
        &app,
        &h,
        &json!({ "productId": "usd-current", "source": "USD", "amount": "10000" }),
    )
    .await
    .assert_ok();
    next_days(&app, 1);
    let d1 = today(&app);
    let id = fixed_product(&app, d1, d1.add_days(2), 30, "5").await;
    let a = subscribe(&app, &h, &into_fixed(&id, "3000"))
        .await
        .assert_ok()["id"]
        .clone();
    let b = subscribe(&app, &h, &into_fixed(&id, "2000"))
        .await
        .assert_ok()["id"]
        .clone();
    let (a, b) = (
        a.as_str().unwrap().to_owned(),
        b.as_str().unwrap().to_owned(),
    );
    // Cancelled before the interest date: nothing forfeited.
    let c = subscribe(&app, &h, &into_fixed(&id, "100"))
        .await
        .assert_ok()["id"]
        .clone();
    let cancelled = redeem(&app, &h, &out_of_fixed(&id, c.as_str().unwrap(), "100")).await;
    assert_eq!(cancelled.assert_ok()["forfeitedInterest"], json!("0.00"));
    next_days(&app, 12);
    // The job has not run: the redemption itself brings the position up to yesterday.
    let config = app
        .get_api(
            &format!("/config?productId={id}&positionId={a}"),
            EN,
            Some(&h.token),
        )
        .await;
    let context = config.assert_ok()["redeem"].clone();
    assert_eq!(context["redeemable"], json!(300_000));
    let terms: ProductTerms = serde_json::from_value(context["product"].clone()).unwrap();
    let preview = redeem_preview(&terms, today(&app), 300_000).expect("a preview");
    // 10 days from the interest date, ⌊300000 × 5 % / 365⌋ = 41 cents a day.
    assert_eq!((preview.early, preview.forfeited_interest), (true, 410));
    let shown = domain::money::amount_text(preview.forfeited_interest, 2);
    let mut body = out_of_fixed(&id, &a, "3000");
    body["forfeitedInterest"] = json!(shown);
    let done = redeem(&app, &h, &body).await;
    let order = done.assert_ok();
    assert_eq!(
        (
            &order["forfeitedInterest"],
            &order["type"],
            &order["amount"]
        ),
        (&json!("4.10"), &json!("REDEEM"), &json!("3000.00")),
        "{done:?}"
    );
    assert_eq!(
        done.message(),
        "Redeemed: the money is on its way to where you chose"
    );
    // A preview of another day's interest is stale: 409, nothing moves.
    let mut stale = out_of_fixed(&id, &b, "2000");
    stale["forfeitedInterest"] = json!("2.43");
    let refused = redeem(&app, &h, &stale).await;
    assert_eq!(refused.code(), 409, "{refused:?}");
    let a_figures = asset(&app, &h).await;
    // B: 10 days of ⌊200000 × 5 % / 365⌋ = 27 cents, still held.
    assert_eq!(a_figures["fixedProduct"]["unsettleProfit"], json!("2.70"));
    assert_eq!(
        a_figures["fixedProduct"]["interestShares"],
        json!("2000.00")
    );
    // Another user's position is not found.
    let other = investor(&app, "bob@example.com", 0).await;
    let answer = app
        .get_api(
            &format!("/config?productId={id}&positionId={b}"),
            EN,
            Some(&other.token),
        )
        .await;
    assert_eq!(answer.code(), 404);
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}

/// `(date, shares, interest)` of position `id`'s accrual rows, by date.
async fn days_of(app: &TestApp, id: &str) -> Vec<(String, i64, i64)> {
    let id = id.to_owned();
    app.db
        .read(move |conn| {
            Ok(fund_accruals::table
                .filter(fund_accruals::position_id.eq(id))
                .order(fund_accruals::business_date.asc())
                .select((
                    fund_accruals::business_date,
                    fund_accruals::shares,
                    fund_accruals::interest,
                ))
                .load(conn)?)
        })
        .await
        .unwrap()
}

#[actix_web::test]
async fn a_current_position_waits_for_its_holders_unpaid_maturity() {
    let app = fund_app().await;
    let h = investor(&app, "ada@example.com", 1_000_000).await;
    subscribe(
        &app,
        &h,
        &json!({ "productId": "usd-current", "source": "USD", "amount": "5000" }),
    )
    .await
    .assert_ok();
    next_days(&app, 1);
    let d1 = today(&app);
    let id = fixed_product(&app, d1, d1.add_days(1), 5, "5").await;
    let fixed = subscribe(&app, &h, &into_fixed(&id, "1000"))
        .await
        .assert_ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let maturity = Date::parse(listed(&app, &id).await["maturityDate"].as_str().unwrap()).unwrap();
    // Three days past the maturity, and the job has not run since the subscriptions.
    move_to(&app, &maturity.add_days(3).to_string());
    let (uid, now, day) = (h.uid.clone(), app.clock.now_ms(), today(&app));
    let current = app
        .db
        .read(move |conn| Ok(positions::of_user(conn, &uid, Asset::Usd)?))
        .await
        .unwrap()
        .into_iter()
        .find(Position::is_current)
        .expect("the current position")
        .id;
    // Another instance holds the fixed position: this one takes the current position alone,
    // which accrues up to the maturity date and no further.
    let ids = vec![current.clone()];
    app.db
        .write(move |conn| Ok(accrual::bring_up(conn, &ids, day, now, Claim::SkipLocked)?))
        .await
        .unwrap();
    let days = days_of(&app, &current).await;
    assert_eq!(
        days.last().map(|d| d.0.clone()),
        Some(maturity.add_days(-1).to_string())
    );
    // The whole job: the fixed position's days and payout, then the current position from the
    // maturity date with the payout in its shares.
    assert_eq!(accrue(&app).await.matured, 1);
    let interest: i64 = days_of(&app, &fixed).await.iter().map(|d| d.2).sum();
    let days = days_of(&app, &current).await;
    let at = |date: Date| {
        days.iter()
            .find(|d| d.0 == date.to_string())
            .cloned()
            .expect("a day accrued")
    };
    let (before, on) = (at(maturity.add_days(-1)), at(maturity));
    assert_eq!(on.1 - before.1 - before.2, 100_000 + interest);
    assert_eq!(
        days.last().map(|d| d.0.clone()),
        Some(maturity.add_days(2).to_string())
    );
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}
