//! USD withdrawals (`fund/investor/withdrawal/*`): behind the basic-identity gate and the trade
//! step-up; the domain's withdrawal rules case for case; the cooling-off period refused with
//! the time left; the first-payout cap, the daily limit; the fee and the amount received as the
//! domain quotes them; approval at once below the review threshold; cancelling until sent; one
//! key, one movement. The operator's steps are in `payouts.rs`; the ledger is checked at every
//! teardown (the withdrawals' holds and queues included).

use domain::forms::{WithdrawalContext, WithdrawalForm};
use serde_json::{Value, json};

use crate::bank_accounts::{add, saver, us_account};
use crate::cards::{Holder, PIN, bank_balance, wire};
use crate::helpers::{
    Answer, EN, TestApp, domain_errors, spawn_app, spawn_app_with, without_messages,
};

pub const WITHDRAW: &str = "/fund/investor/withdrawal/create";
const HOUR_MS: i64 = 3_600_000;

/// A holder with `usd` cents in the USD account and a saved US account past its cooling-off
/// period; answers the holder and the account's id.
pub async fn ready(app: &TestApp, email: &str, usd: i64) -> (Holder, String) {
    let h = saver(app, email, "Ada", "Lovelace").await;
    if usd > 0 {
        wire(app, &h, usd, &format!("W-{email}")).await;
    }
    let account = add(app, &h, &us_account()).await.assert_ok()["id"]
        .as_str()
        .expect("an account id")
        .to_owned();
    end_cooling_off(app, &account).await;
    (h, account)
}

/// Ends the account's cooling-off period now (moving the clock a day would end the test's
/// sessions too).
pub async fn end_cooling_off(app: &TestApp, account: &str) {
    use diesel::prelude::*;
    use server::db::schema::bank_accounts;
    let (account, now) = (account.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            diesel::update(bank_accounts::table.find(account))
                .set(bank_accounts::usable_from.eq(now))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .expect("the cooling-off period ended");
}

/// Sessions that outlast the day the test moves the clock by.
const LONG_SESSIONS: [(&str, &str); 2] = [
    ("FISCARD_SESSION_IDLE_MINUTES", "2880"),
    ("FISCARD_SESSION_ABSOLUTE_HOURS", "48"),
];

pub fn body(account: &str, amount: &str) -> Value {
    json!({ "bankAccountId": account, "amount": amount, "securityPassword": PIN })
}

pub async fn withdraw(app: &TestApp, h: &Holder, account: &str, amount: &str) -> Answer {
    app.post_json(WITHDRAW, &body(account, amount), EN, Some(&h.token))
        .await
}

pub async fn terms(app: &TestApp, h: &Holder) -> Value {
    app.get_api("/fund/investor/withdrawal/config", EN, Some(&h.token))
        .await
        .assert_ok()
        .clone()
}

pub async fn listed(app: &TestApp, h: &Holder) -> Vec<Value> {
    app.get_api("/fund/investor/withdrawal/select", EN, Some(&h.token))
        .await
        .assert_ok()["list"]
        .as_array()
        .expect("a list")
        .clone()
}

#[actix_web::test]
async fn withdrawing_needs_basic_identity_then_the_trade_factors() {
    let app = spawn_app().await;
    let token = app
        .register("new@example.com", crate::helpers::PASSWORD)
        .await;
    let answer = app
        .post_json(WITHDRAW, &body("any", "100"), EN, Some(&token))
        .await;
    assert_eq!(answer.code(), 105, "{}", answer.text);

    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let mut unverified = body(&account, "100");
    unverified
        .as_object_mut()
        .unwrap()
        .remove("securityPassword");
    let answer = app
        .post_json(WITHDRAW, &unverified, EN, Some(&h.token))
        .await;
    assert_eq!(answer.code(), 103, "{}", answer.text);
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
}

#[actix_web::test]
async fn the_terms_show_the_fee_the_limits_and_each_accounts_payout_state() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    wire(&app, &h, 250_000, "W-1").await;
    let saved_at = app.clock.now_ms();
    let account = add(&app, &h, &us_account()).await.assert_ok()["id"].clone();
    let t = terms(&app, &h).await;
    assert_eq!(t["fee"], json!({ "fixed": "10.00", "rate": "0.001" }));
    assert_eq!(
        (
            &t["minimum"],
            &t["maximum"],
            &t["dailyLeft"],
            &t["monthlyLeft"]
        ),
        (
            &json!("50.00"),
            &json!("50000.00"),
            &json!("50000.00"),
            &json!("200000.00")
        )
    );
    assert_eq!(
        (&t["availableBalance"], &t["underWay"]),
        (&json!("2500.00"), &json!("0.00"))
    );
    assert_eq!(t["reviewAbove"], "1000.00");
    assert_eq!(
        t["destinations"],
        json!([{
            "bankAccount": {
                "id": account, "nickname": "Chase checking", "bankName": "JPMorgan Chase Bank, N.A.",
                "bankCountry": "US", "accountNumber": "****9012"
            },
            "usableFrom": saved_at + 24 * HOUR_MS,
            "needsNewDetails": false,
            "capLeft": "1000.00"
        }])
    );
}

#[actix_web::test]
async fn the_domain_rules_hold_case_for_case() {
    let app = spawn_app_with(&[("FISCARD_WITHDRAWAL_MAX_USD", "600.00")]).await;
    let (h, account) = ready(&app, "ada@example.com", 70_000).await;
    let now = app.clock.now_ms();
    let context = WithdrawalContext {
        now,
        available_balance: 70_000,
        minimum: 5_000,
        maximum: 60_000,
        daily_left: 5_000_000,
        monthly_left: 20_000_000,
        destination: Some(domain::forms::Destination {
            usable_from: now,
            needs_new_details: false,
            cap_left: Some(100_000),
        }),
    };
    let cases = [
        json!({ "bankAccountId": account, "amount": "49.99" }),
        json!({ "bankAccountId": account, "amount": "600.01" }),
        json!({ "bankAccountId": account, "amount": "1.005" }),
        json!({ "bankAccountId": account, "amount": "" }),
        json!({ "bankAccountId": account, "amount": true }),
        json!({ "bankAccountId": account }),
    ];
    for case in cases {
        let expect = domain_errors::<WithdrawalForm>(&case, &context);
        assert!(expect.as_array().is_some_and(|e| !e.is_empty()), "{case}");
        let mut sent = case.clone();
        sent["securityPassword"] = json!(PIN);
        let answer = app.post_json(WITHDRAW, &sent, EN, Some(&h.token)).await;
        assert_eq!(answer.code(), 102, "{case}: {}", answer.text);
        assert_eq!(without_messages(answer.content()), expect, "{case}");
    }
    // Over the balance (600 is within the maximum, 700.00 held).
    assert_eq!(bank_balance(&app, &h).await, "700.00");
    let answer = withdraw(&app, &h, &account, "600").await;
    answer.assert_ok();
    let answer = withdraw(&app, &h, &account, "100.01").await;
    assert_eq!(answer.code(), 102, "{}", answer.text);
    assert_eq!(answer.content()[0]["code"], "insufficient_balance");
    assert_eq!(answer.message(), "Insufficient Balance");
}

#[actix_web::test]
async fn a_payout_before_the_cooling_off_ends_is_refused_with_the_time_left() {
    let app = spawn_app_with(&LONG_SESSIONS).await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    wire(&app, &h, 100_000, "W-1").await;
    let account = add(&app, &h, &us_account()).await.assert_ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.advance_ms(HOUR_MS + 30 * 60_000);
    let answer = withdraw(&app, &h, &account, "100").await;
    assert_eq!(answer.code(), 102, "{}", answer.text);
    assert_eq!(
        without_messages(answer.content()),
        json!([{ "field": "bankAccountId", "code": "bank_account_cooling_off",
                 "params": { "hours": "22", "minutes": "30" } }])
    );
    assert_eq!(
        answer.message(),
        "This account was saved recently: it can receive payouts in 22 h 30 min"
    );
    let zh = app
        .post_json(WITHDRAW, &body(&account, "100"), "zh-HK", Some(&h.token))
        .await;
    assert_eq!(zh.message(), "此帳戶剛剛儲存：22 小時 30 分鐘後方可收款");
    assert_eq!(bank_balance(&app, &h).await, "1000.00");

    app.advance_ms(22 * HOUR_MS + 30 * 60_000);
    withdraw(&app, &h, &account, "100").await.assert_ok();
    assert_eq!(bank_balance(&app, &h).await, "900.00");
}

#[actix_web::test]
async fn a_small_withdrawal_is_approved_at_once_with_the_domains_fee() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let answer = withdraw(&app, &h, &account, "555.55").await;
    let item = answer.assert_ok().clone();
    assert_eq!(
        answer.message(),
        "Withdrawal approved: it will be sent to your bank"
    );
    let quote = domain::withdrawal::withdrawal_quote_for("555.55", "10.00", "0.001").unwrap();
    // 10.00 + 0.55555 → 10.56; the bank account receives 544.99.
    assert_eq!((quote.fee_minor, quote.received_minor), (1_056, 54_499));
    assert_eq!(
        (
            &item["status"],
            &item["amount"],
            &item["fee"],
            &item["received"]
        ),
        (
            &json!("approved"),
            &json!("555.55"),
            &json!("10.56"),
            &json!("544.99")
        )
    );
    assert_eq!(
        (
            &item["needsReview"],
            &item["cancellable"],
            &item["bankAccount"]["accountNumber"]
        ),
        (&json!(false), &json!(true), &json!("****9012"))
    );
    assert_eq!(bank_balance(&app, &h).await, "444.45");
    let t = terms(&app, &h).await;
    assert_eq!(
        (&t["dailyLeft"], &t["underWay"]),
        (&json!("49444.45"), &json!("555.55"))
    );
    assert_eq!(t["destinations"][0]["capLeft"], "444.45");
    assert_eq!(listed(&app, &h).await, vec![item]);
}

#[actix_web::test]
async fn the_first_payout_cap_counts_payouts_under_way() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 500_000).await;
    withdraw(&app, &h, &account, "700").await.assert_ok();
    let answer = withdraw(&app, &h, &account, "300.01").await;
    assert_eq!(answer.code(), 102, "{}", answer.text);
    assert_eq!(
        without_messages(answer.content()),
        json!([{ "field": "amount", "code": "withdrawal_first_payout_cap",
                 "params": { "amount": "300.00" } }])
    );
    withdraw(&app, &h, &account, "300").await.assert_ok();
    assert_eq!(bank_balance(&app, &h).await, "4000.00");
}

#[actix_web::test]
async fn the_daily_limit_counts_the_utc_day_and_cancelled_ones_give_theirs_back() {
    let app = spawn_app_with(&[
        LONG_SESSIONS[0],
        LONG_SESSIONS[1],
        ("FISCARD_WITHDRAWAL_DAILY_LIMIT_USD", "300.00"),
        ("FISCARD_WITHDRAWAL_MONTHLY_LIMIT_USD", "100000.00"),
    ])
    .await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let first = withdraw(&app, &h, &account, "200").await.assert_ok()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = withdraw(&app, &h, &account, "200").await;
    assert_eq!(
        without_messages(answer.content()),
        json!([{ "field": "amount", "code": "withdrawal_daily_limit",
                 "params": { "amount": "100.00" } }])
    );
    assert_eq!(
        answer.message(),
        "Above today's withdrawal limit: 100.00 USD left today"
    );
    let cancel = format!("/fund/investor/withdrawal/cancel/{first}");
    let cancelled = app.post_json(&cancel, &json!({}), EN, Some(&h.token)).await;
    assert_eq!(cancelled.assert_ok()["status"], "cancelled");
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
    withdraw(&app, &h, &account, "300").await.assert_ok();
    // The next UTC day starts again.
    let now = app.clock.now_ms();
    app.advance_ms(domain::date::DAY_MS - now.rem_euclid(domain::date::DAY_MS));
    withdraw(&app, &h, &account, "300").await.assert_ok();
    assert_eq!(bank_balance(&app, &h).await, "400.00");
}

#[actix_web::test]
async fn the_same_key_twice_moves_money_once() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let send = |key: &'static str, amount: &'static str| {
        let request = app
            .client
            .post(app.url(&format!("/api{WITHDRAW}")))
            .header("User-Lang", EN)
            .header("Access-Token", h.token.clone())
            .header("Idempotency-Key", key)
            .json(&body(&account, amount));
        app.send(request)
    };
    let first = send("payout-1", "100").await;
    let again = send("payout-1", "100").await;
    assert_eq!(first.assert_ok(), again.assert_ok());
    assert_eq!(again.header("Idempotent-Replayed"), Some("true"));
    assert_eq!(listed(&app, &h).await.len(), 1);
    assert_eq!(bank_balance(&app, &h).await, "900.00");
    let other = send("payout-1", "200").await;
    assert_eq!(other.code(), 409, "{}", other.text);
}

#[actix_web::test]
async fn another_users_account_and_a_deleted_one_are_unknown() {
    let app = spawn_app().await;
    let (owner, account) = ready(&app, "owner@example.com", 100_000).await;
    let (intruder, _) = ready(&app, "intruder@example.com", 100_000).await;
    let answer = withdraw(&app, &intruder, &account, "100").await;
    assert_eq!(answer.code(), 404, "{}", answer.text);
    let delete = format!("/fund/investor/bankAccount/delete/{account}");
    app.post_json(
        &delete,
        &json!({ "securityPassword": PIN }),
        EN,
        Some(&owner.token),
    )
    .await
    .assert_ok();
    let answer = withdraw(&app, &owner, &account, "100").await;
    assert_eq!(answer.code(), 404, "{}", answer.text);
    assert_eq!(bank_balance(&app, &owner).await, "1000.00");
    assert_eq!(bank_balance(&app, &intruder).await, "1000.00");
}
