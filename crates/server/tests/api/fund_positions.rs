//! `GET fund/v2/position`: the user's open fixed positions through a fixed product's phases
//! (raising, waiting, earning; gone once redeemed early and once matured), newest first, with
//! the figures the domain and the ledger give; and only the session user's own.

use serde_json::{Value, json};

use crate::cards::Holder;
use crate::fund::{accrue, fund_app, investor, next_days, reconcile, redeem, subscribe, today};
use crate::fund_fixed::{fixed_product, into_fixed, out_of_fixed};
use crate::helpers::{EN, TestApp};
use crate::wallet::ledger_check_passes;

async fn positions(app: &TestApp, h: &Holder) -> Vec<Value> {
    let answer = app.get_api("/fund/v2/position", EN, Some(&h.token)).await;
    answer
        .assert_ok()
        .as_array()
        .cloned()
        .expect("a list of positions")
}

fn ids(list: &[Value]) -> Vec<&str> {
    list.iter()
        .map(|p| p["positionId"].as_str().expect("an id"))
        .collect()
}

fn phases(list: &[Value]) -> Vec<&str> {
    list.iter()
        .map(|p| p["phase"].as_str().expect("a phase"))
        .collect()
}

/// An investor with 10 000.00 USD of usable current shares.
async fn funded(app: &TestApp, email: &str) -> Holder {
    let h = investor(app, email, 2_000_000).await;
    subscribe(
        app,
        &h,
        &json!({ "productId": "usd-current", "source": "USD", "amount": "10000" }),
    )
    .await
    .assert_ok();
    h
}

async fn subscribed(app: &TestApp, h: &Holder, product: &str, amount: &str) -> String {
    let order = subscribe(app, h, &into_fixed(product, amount)).await;
    order.assert_ok()["id"].as_str().expect("an id").to_owned()
}

#[actix_web::test]
async fn open_positions_through_raise_waiting_earning_early_redemption_and_maturity() {
    let app = fund_app().await;
    let h = funded(&app, "ada@example.com").await;
    assert!(positions(&app, &h).await.is_empty());
    // The current product's record names the user's current position.
    let records = app.get_api("/fund/v2/order", EN, Some(&h.token)).await;
    let current = records.assert_ok()["list"][0].clone();
    let current_position = current["positionId"].as_str().expect("a position id");
    assert!(!current_position.is_empty() && current["id"] != json!(current_position));
    next_days(&app, 1);
    let d1 = today(&app);
    let id = fixed_product(&app, d1, d1.add_days(2), 30, "5").await;
    let a = subscribed(&app, &h, &id, "3000").await;
    let b = subscribed(&app, &h, &id, "2000").await;
    // A fixed subscription's record names its position: itself.
    let record = app
        .get_api(&format!("/fund/v2/order/{a}"), EN, Some(&h.token))
        .await;
    assert_eq!(record.assert_ok()["positionId"], json!(a));
    let list = positions(&app, &h).await;
    assert_eq!(ids(&list), [b.as_str(), a.as_str()], "newest first");
    // 30 days of ⌊300000 × 5 % / 365⌋ = 41 cents.
    assert_eq!(
        list[1],
        json!({
            "positionId": a,
            "productId": id,
            "productName": "30 days",
            "asset": "USD",
            "principal": "3000.00",
            "subscribedDate": d1.to_string(),
            "interestDate": d1.add_days(2).to_string(),
            "maturityDate": d1.add_days(32).to_string(),
            "phase": "RAISING",
            "unsettleProfit": "0.00",
            "expectedInterest": "12.30",
            "annualRate": "5.00",
        })
    );
    // 30 days of ⌊200000 × 5 % / 365⌋ = 27 cents.
    assert_eq!(list[0]["expectedInterest"], json!("8.10"));
    next_days(&app, 1);
    assert_eq!(phases(&positions(&app, &h).await), ["WAITING", "WAITING"]);
    next_days(&app, 1);
    assert_eq!(phases(&positions(&app, &h).await), ["EARNING", "EARNING"]);
    next_days(&app, 10);
    accrue(&app).await;
    let list = positions(&app, &h).await;
    // 10 days from the interest date: the FundFixedProfit balances.
    assert_eq!(
        (&list[0]["unsettleProfit"], &list[1]["unsettleProfit"]),
        (&json!("2.70"), &json!("4.10"))
    );
    let mut early = out_of_fixed(&id, &a, "3000");
    early["forfeitedInterest"] = json!("4.10");
    redeem(&app, &h, &early).await.assert_ok();
    assert_eq!(ids(&positions(&app, &h).await), [b.as_str()]);
    // On the maturity date it is no longer open, whether or not the job has paid it yet.
    next_days(&app, 20);
    assert_eq!(today(&app), d1.add_days(32));
    assert!(positions(&app, &h).await.is_empty());
    assert_eq!(accrue(&app).await.matured, 1);
    assert!(positions(&app, &h).await.is_empty());
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}

#[actix_web::test]
async fn only_the_session_users_positions_are_listed() {
    let app = fund_app().await;
    let ada = funded(&app, "ada@example.com").await;
    let bob = funded(&app, "bob@example.com").await;
    let eve = investor(&app, "eve@example.com", 0).await;
    next_days(&app, 1);
    let d1 = today(&app);
    let id = fixed_product(&app, d1, d1.add_days(1), 10, "4").await;
    let ada_first = subscribed(&app, &ada, &id, "100").await;
    let bob_only = subscribed(&app, &bob, &id, "200").await;
    let ada_second = subscribed(&app, &ada, &id, "300").await;
    assert_eq!(
        ids(&positions(&app, &ada).await),
        [ada_second.as_str(), ada_first.as_str()]
    );
    assert_eq!(ids(&positions(&app, &bob).await), [bob_only.as_str()]);
    assert!(positions(&app, &eve).await.is_empty());
    // No session, no list.
    let anonymous = app.get_api("/fund/v2/position", EN, None).await;
    assert_eq!(anonymous.code(), 101, "{anonymous:?}");
    ledger_check_passes(&app);
}
