//! Crypto withdrawals (`wallet/withdraw`): behind the basic-identity gate and the trade step-up;
//! the domain's rules as the browser runs them; broadcast at once below the chain's review
//! threshold and completed after its confirmations; in review above it, then approved,
//! rejected or failed by an operator (audited), or cancelled by the user, each giving amount
//! and fee back; a client order id moves money once however often (and however concurrently)
//! it is sent; a withdrawal to another user's deposit address settles inside the ledger, without
//! fee. `admin ledger-check` passes after each.

use diesel::prelude::*;
use domain::forms::{CryptoWithdrawalContext, CryptoWithdrawalForm};
use domain::wallet::{Coin, Network};
use serde_json::{Value, json};
use server::db::schema::audit_trail;

use crate::cards::{Holder, PIN, holder};
use crate::helpers::{EN, PASSWORD, TestApp, domain_errors, spawn_app, without_messages};
use crate::wallet::{address, cli, coin_balance, fund, ledger_check_passes, records, sandbox};

pub const WITHDRAW: &str = "/wallet/withdraw";
/// Valid addresses of no user of the platform (BIP-173, EIP-55 and TRON's published ones).
pub const BTC_OUT: &str = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
pub const ETH_OUT: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
pub const TRX_OUT: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

pub fn body(coin: &str, network: &str, to: &str, amount: &str, order: &str) -> Value {
    json!({ "coinCode": coin, "network": network, "address": to, "amount": amount,
            "clientOrderId": order, "securityPassword": PIN })
}

pub async fn withdraw(app: &TestApp, h: &Holder, body: &Value) -> crate::helpers::Answer {
    app.post_json(WITHDRAW, body, EN, Some(&h.token)).await
}

/// Runs `fiscard admin wallet withdrawal <args>`.
fn admin(app: &TestApp, args: &[&str]) -> Result<String, String> {
    let mut all = vec!["admin", "wallet", "withdrawal"];
    all.extend_from_slice(args);
    cli(app, &all)
}

pub async fn audit_actions(app: &TestApp, subject: &str) -> Vec<String> {
    let subject = subject.to_owned();
    app.db
        .read(move |conn| {
            Ok(audit_trail::table
                .filter(audit_trail::subject.eq(subject))
                .order(audit_trail::seq)
                .select(audit_trail::action)
                .load(conn)?)
        })
        .await
        .unwrap()
}

fn id_of(record: &Value) -> String {
    record["id"].as_str().expect("an id").to_owned()
}

#[actix_web::test]
async fn withdrawing_needs_basic_identity_then_the_trade_factors() {
    let app = spawn_app().await;
    let token = app.register("new@example.com", PASSWORD).await;
    let answer = app
        .post_json(
            WITHDRAW,
            &body("BTC", "BTC", BTC_OUT, "0.01", "o1"),
            EN,
            Some(&token),
        )
        .await;
    assert_eq!(answer.code(), 105, "{}", answer.text);
    let h = holder(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "1").await;
    let mut unverified = body("BTC", "BTC", BTC_OUT, "0.01", "o1");
    unverified
        .as_object_mut()
        .unwrap()
        .remove("securityPassword");
    let answer = withdraw(&app, &h, &unverified).await;
    assert_eq!(answer.code(), 103, "{}", answer.text);
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "1.00000000"
    );
}

#[actix_web::test]
async fn the_domains_rules_refuse_what_the_browser_refuses() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Eth, Network::Eth, "2").await;
    let context = CryptoWithdrawalContext {
        coin: Coin::Eth,
        network: Network::Eth,
        available: 200_000_000,
        fee: 200_000,
        minimum: 1_000_000,
        maximum: 5_000_000_000,
        multiple: 1_000,
        daily_left: 10_000_000_000,
        withdraw_enabled: true,
        memo_required: false,
    };
    let bad_checksum = ETH_OUT.replace("aAeb", "aaeb");
    for (to, amount) in [
        (bad_checksum.as_str(), "0.1"),
        (BTC_OUT, "0.1"),
        ("", "0.1"),
        (ETH_OUT, "0.001"),
        (ETH_OUT, "0.123456789"),
        (ETH_OUT, "0.0100001"),
        (ETH_OUT, "1.999"),
    ] {
        let request = body("ETH", "ETH", to, amount, "rules");
        let answer = withdraw(&app, &h, &request).await;
        assert_eq!(answer.code(), 102, "{to} {amount}: {}", answer.text);
        assert_eq!(
            without_messages(answer.content()),
            domain_errors::<CryptoWithdrawalForm>(&request, &context),
            "{to} {amount}"
        );
    }
    assert_eq!(
        coin_balance(&app, &h.token, "ETH").await["available"],
        "2.00000000"
    );
    let unknown = withdraw(&app, &h, &body("DOGE", "ETH", ETH_OUT, "1", "x")).await;
    assert_eq!(unknown.code(), 102, "{}", unknown.text);
}

#[actix_web::test]
async fn below_the_threshold_it_is_broadcast_and_completes_after_its_confirmations() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "1").await;
    let answer = withdraw(&app, &h, &body("BTC", "BTC", BTC_OUT, "0.1", "o-1")).await;
    let record = answer.assert_ok().clone();
    assert_eq!(
        answer.message(),
        "Withdrawal sent to the network: it completes after its confirmations"
    );
    assert_eq!(
        (
            &record["type"],
            &record["status"],
            &record["amount"],
            &record["fee"]
        ),
        (
            &json!("WITHDRAW"),
            &json!("BROADCASTING"),
            &json!("0.10000000"),
            &json!("0.00020000")
        )
    );
    assert_eq!(record["txid"].as_str().map(str::len), Some(64), "{record}");
    let balance = coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(
        (&balance["available"], &balance["frozen"], &balance["total"]),
        (
            &json!("0.89980000"),
            &json!("0.10020000"),
            &json!("1.00000000")
        )
    );
    let id = id_of(&record);
    let cancel = app
        .post_json(
            &format!("/wallet/withdraw/cancel/{id}"),
            &json!({}),
            EN,
            Some(&h.token),
        )
        .await;
    cancel.assert_refused(
        422,
        "This withdrawal has been sent to the network and can no longer be cancelled",
    );
    let first = sandbox(&app, &["mine", "--network", "BTC"]).unwrap();
    assert!(first.contains("0 withdrawals completed"), "{first}");
    let listed = &records(&app, &h.token, "type=WITHDRAW").await[0];
    assert_eq!(
        (&listed["status"], &listed["confirmations"]),
        (&json!("BROADCASTING"), &json!(1))
    );
    let second = sandbox(&app, &["mine", "--network", "BTC"]).unwrap();
    assert!(
        second.contains(&format!("completed withdrawal {id}")),
        "{second}"
    );
    let listed = &records(&app, &h.token, "type=WITHDRAW").await[0];
    assert_eq!(
        (&listed["status"], &listed["confirmations"]),
        (&json!("COMPLETED"), &json!(2))
    );
    let balance = coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(
        (&balance["available"], &balance["frozen"]),
        (&json!("0.89980000"), &json!("0.00000000"))
    );
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn above_the_threshold_an_operator_decides_and_every_way_back_releases_the_hold() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "3").await;
    let ask = |order: &str| body("BTC", "BTC", BTC_OUT, "1.5", order);
    let answer = withdraw(&app, &h, &ask("big-1")).await;
    assert_eq!(
        answer.message(),
        "Withdrawal submitted: it will be sent once reviewed"
    );
    let first = answer.assert_ok().clone();
    assert_eq!(
        (&first["status"], &first["txid"], &first["cancellable"]),
        (&json!("REVIEWING"), &Value::Null, &json!(true))
    );
    let first = id_of(&first);
    assert!(
        admin(&app, &["list", "--status", "REVIEWING"])
            .unwrap()
            .contains(&first)
    );
    let cancelled = app
        .post_json(
            &format!("/wallet/withdraw/cancel/{first}"),
            &json!({}),
            EN,
            Some(&h.token),
        )
        .await;
    let cancelled = cancelled.assert_ok();
    assert_eq!(
        (&cancelled["status"], &cancelled["cancellable"]),
        (&json!("CANCELLED"), &json!(false))
    );
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "3.00000000"
    );
    assert!(
        admin(&app, &["approve", &first])
            .unwrap_err()
            .contains("is CANCELLED")
    );

    let second = id_of(withdraw(&app, &h, &ask("big-2")).await.assert_ok());
    let approved = admin(&app, &["approve", &second]).unwrap();
    assert!(approved.contains("is now BROADCASTING"), "{approved}");
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["frozen"],
        "1.50020000"
    );
    admin(&app, &["fail", &second]).unwrap();
    let failed = app
        .get_api(&format!("/wallet/record/{second}"), EN, Some(&h.token))
        .await;
    assert_eq!(
        (&failed.assert_ok()["status"], &failed.assert_ok()["reason"]),
        (&json!("FAILED"), &json!("broadcast_failed"))
    );

    let third = id_of(withdraw(&app, &h, &ask("big-3")).await.assert_ok());
    assert!(
        admin(&app, &["reject", &third, "--reason", "because"])
            .unwrap_err()
            .contains("unknown reason")
    );
    admin(&app, &["reject", &third, "--reason", "compliance"]).unwrap();
    assert_eq!(
        records(&app, &h.token, "type=WITHDRAW").await[0]["status"],
        "REJECTED"
    );
    let balance = coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(
        (&balance["available"], &balance["frozen"]),
        (&json!("3.00000000"), &json!("0.00000000"))
    );
    assert_eq!(
        audit_actions(&app, &second).await,
        ["crypto_withdrawal_approve", "crypto_withdrawal_fail"]
    );
    assert_eq!(
        audit_actions(&app, &third).await,
        ["crypto_withdrawal_reject"]
    );
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn the_same_client_order_id_moves_money_once_however_often_it_is_sent() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    fund(&app, &h.token, Coin::Usdt, Network::Trx, "1000").await;
    let first = withdraw(&app, &h, &body("USDT", "TRX", TRX_OUT, "100", "order-1")).await;
    let id = id_of(first.assert_ok());
    let again = withdraw(&app, &h, &body("USDT", "TRX", TRX_OUT, "100.00", "order-1")).await;
    assert_eq!(id_of(again.assert_ok()), id);
    assert_eq!(
        again.message(),
        "This withdrawal was already submitted: here it is"
    );
    let other = withdraw(&app, &h, &body("USDT", "TRX", TRX_OUT, "200", "order-1")).await;
    other.assert_refused(
        409,
        "This client order ID was already used for a different withdrawal",
    );
    assert_eq!(
        coin_balance(&app, &h.token, "USDT").await["available"],
        "899.000000"
    );

    let request = body("USDT", "TRX", TRX_OUT, "50", "order-2");
    let answers =
        futures_util::future::join_all((0..10).map(|_| withdraw(&app, &h, &request))).await;
    let ids: std::collections::BTreeSet<String> =
        answers.iter().map(|a| id_of(a.assert_ok())).collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(records(&app, &h.token, "type=WITHDRAW").await.len(), 2);
    assert_eq!(
        coin_balance(&app, &h.token, "USDT").await["available"],
        "848.000000"
    );
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn to_another_users_deposit_address_it_settles_inside_the_ledger_without_fee() {
    let app = spawn_app().await;
    let ada = holder(&app, "ada@example.com", 0).await;
    let bob = holder(&app, "bob@example.com", 0).await;
    fund(&app, &ada.token, Coin::Usdt, Network::Eth, "100").await;
    let bobs = address(&app, &bob.token, "USDT", "ETH").await;
    let answer = withdraw(
        &app,
        &ada,
        &body("USDT", "ETH", &bobs.to_lowercase(), "30", "t-1"),
    )
    .await;
    let out = answer.assert_ok().clone();
    assert_eq!(
        answer.message(),
        "Transferred: the recipient's wallet has it now"
    );
    assert_eq!(
        (
            &out["type"],
            &out["status"],
            &out["fee"],
            &out["address"],
            &out["txid"]
        ),
        (
            &json!("TRANSFER_OUT"),
            &json!("COMPLETED"),
            &json!("0.000000"),
            &json!(bobs),
            &Value::Null
        )
    );
    assert_eq!(
        coin_balance(&app, &ada.token, "USDT").await["available"],
        "70.000000"
    );
    assert_eq!(
        coin_balance(&app, &bob.token, "USDT").await["available"],
        "30.000000"
    );
    let received = records(&app, &bob.token, "type=TRANSFER_IN").await;
    assert_eq!(
        (received.len(), &received[0]["amount"], &received[0]["id"]),
        (1, &json!("30.000000"), &out["id"])
    );
    // Bob's side is his alone: he cannot cancel it, and Ada's id shows him only his record.
    let cancel = app
        .post_json(
            &format!("/wallet/withdraw/cancel/{}", id_of(&out)),
            &json!({}),
            EN,
            Some(&bob.token),
        )
        .await;
    assert_eq!(cancel.code(), 404, "{}", cancel.text);
    let own = address(&app, &ada.token, "USDT", "ETH").await;
    let refused = withdraw(&app, &ada, &body("USDT", "ETH", &own, "10", "t-2")).await;
    refused.assert_refused(
        422,
        "This is your own deposit address: choose another destination",
    );
    ledger_check_passes(&app);
}
