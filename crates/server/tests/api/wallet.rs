//! The crypto wallet's coins and deposit addresses: the coin list, the same address for the same
//! user and network (the sandbox keys' published addresses), each chain's terms as operators
//! set them, reference prices, balances and the 30-day overview at the prices of each day; and
//! the helpers the other wallet tests share. The sandbox chain is in `wallet_chain.rs`,
//! withdrawals in `wallet_withdrawals.rs`; every teardown checks the ledger.

use domain::wallet::{Coin, Network, check_address};
use serde_json::{Value, json};
use server::services::wallet::chain::{self, Output};

use crate::cards::{Holder, holder};
use crate::helpers::{EN, TestApp, spawn_app, spawn_app_with};

/// Runs `fiscard <args>`: its standard output, or its error output when it failed.
pub fn cli(app: &TestApp, args: &[&str]) -> Result<String, String> {
    let output = app.fiscard(args);
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// `fiscard simulate chain <args>`.
pub fn sandbox(app: &TestApp, args: &[&str]) -> Result<String, String> {
    let mut all = vec!["simulate", "chain"];
    all.extend_from_slice(args);
    cli(app, &all)
}

pub fn ledger_check_passes(app: &TestApp) {
    let out = cli(app, &["admin", "ledger-check"]).expect("the ledger check passes");
    assert!(out.contains("ledger check passed"), "{out}");
}

/// The user's deposit address for `coin` on `network`, through the API.
pub async fn address(app: &TestApp, token: &str, coin: &str, network: &str) -> String {
    let path = format!("/wallet/deposit/address?coinCode={coin}&network={network}");
    app.get_api(&path, EN, Some(token)).await.assert_ok()["address"]
        .as_str()
        .expect("an address")
        .to_owned()
}

/// Credits `amount` of `coin` on `network` to the user: a deposit to their address, mined to
/// its confirmations (in process; the CLI's own path is tested below).
pub async fn fund(app: &TestApp, token: &str, coin: Coin, network: Network, amount: &str) {
    let to = address(app, token, coin.code(), network.code()).await;
    let (amount, now) = (amount.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            let output = Output {
                network,
                txid: server::services::wallet::sandbox_txid(network),
                vout: 0,
                address: to,
                coin: Some(coin),
                amount,
            };
            chain::deposit(conn, &output, now)?;
            let mined = chain::mine(conn, network, 30, now)?;
            assert_eq!(mined.credited.len(), 1, "{mined:?}");
            Ok(())
        })
        .await
        .expect("funded");
}

/// The wallet's entry for `coin` (`available`, `frozen`, `total`, `price`, `value`).
pub async fn coin_balance(app: &TestApp, token: &str, coin: &str) -> Value {
    let balance = app.get_api("/wallet/balance", EN, Some(token)).await;
    balance.assert_ok()["wallet"]
        .as_array()
        .expect("coins")
        .iter()
        .find(|c| c["coinCode"] == coin)
        .expect("the coin")
        .clone()
}

pub async fn records(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let answer = app
        .get_api(&format!("/wallet/record?{query}"), EN, Some(token))
        .await;
    answer.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .clone()
}

/// Sets a reference price (USD per coin, `domain::exchange::PRICE_SCALE`: 10⁻⁸ USD) at the app's
/// time (the command line runs on the system's clock; its own test is below).
pub async fn set_price(app: &TestApp, coin: Coin, price: i64) {
    let now = app.clock.now_ms();
    app.db
        .write(move |conn| {
            Ok(server::services::wallet::prices::set(
                conn, coin, price, "test", now,
            )?)
        })
        .await
        .unwrap();
}

#[actix_web::test]
async fn operators_set_reference_prices_and_each_is_audited() {
    let app = spawn_app().await;
    let out = cli(&app, &["admin", "wallet", "price", "set", "BTC", "65432.1"]).unwrap();
    assert!(out.contains("BTC is now 65432.10 USD"), "{out}");
    // Prices carry up to 8 decimals (the exchange's PRICE_SCALE); a ninth is refused, never
    // rounded away.
    let out = cli(
        &app,
        &["admin", "wallet", "price", "set", "USDT", "0.99987654"],
    )
    .unwrap();
    assert!(out.contains("USDT is now 0.99987654 USD"), "{out}");
    let refused = cli(
        &app,
        &["admin", "wallet", "price", "set", "ETH", "3500.000000001"],
    );
    assert!(
        refused.as_ref().unwrap_err().contains("at most 8 decimals"),
        "{refused:?}"
    );
    assert!(cli(&app, &["admin", "wallet", "price", "set", "DOGE", "1"]).is_err());
    let list = cli(&app, &["admin", "wallet", "price", "list"]).unwrap();
    assert!(
        list.contains("BTC\t65432.10 USD")
            && list.contains("USDT\t0.99987654 USD")
            && list.contains("ETH\t3500.00 USD"),
        "{list}"
    );
    let audited = crate::wallet_withdrawals::audit_actions(&app, "BTC").await;
    assert_eq!(audited, ["wallet_price_set"]);
}

#[actix_web::test]
async fn the_coin_list_names_every_coin_and_its_networks() {
    let app = spawn_app().await;
    let list = app.get_api("/coinlist", EN, None).await;
    let coins = &list.assert_ok()["coin"];
    assert_eq!(
        coins[2],
        json!({ "coinCode": "USDT", "scale": 6, "networks": [
            { "network": "ETH", "depositEnabled": true, "withdrawEnabled": true },
            { "network": "TRX", "depositEnabled": true, "withdrawEnabled": true },
        ] })
    );
    assert_eq!(
        (&coins[0]["coinCode"], &coins[0]["scale"]),
        (&json!("BTC"), &json!(8))
    );
    cli(
        &app,
        &[
            "admin",
            "wallet",
            "config",
            "set",
            "--coin",
            "USDT",
            "--network",
            "TRX",
            "--withdraw-enabled",
            "false",
        ],
    )
    .unwrap();
    let list = app.get_api("/coinlist", EN, None).await;
    assert_eq!(
        list.assert_ok()["coin"][2]["networks"][1]["withdrawEnabled"],
        false
    );
}

#[actix_web::test]
async fn each_user_and_network_has_one_address_the_networks_coins_share() {
    let app = spawn_app().await;
    let ada = app
        .register("ada@example.com", crate::helpers::PASSWORD)
        .await;
    let bob = app
        .register("bob@example.com", crate::helpers::PASSWORD)
        .await;
    let btc = address(&app, &ada, "BTC", "BTC").await;
    assert_eq!(address(&app, &ada, "BTC", "BTC").await, btc);
    // The first index of each network's sandbox key: the published addresses of the BIP-39 test
    // mnemonic's accounts (BIP-84's own vector for Bitcoin).
    assert_eq!(btc, "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    assert_eq!(
        check_address(Network::Btc, &btc).as_deref(),
        Ok(btc.as_str())
    );
    let eth = address(&app, &ada, "ETH", "ETH").await;
    assert_eq!(eth, "0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
    assert_eq!(address(&app, &ada, "USDT", "ETH").await, eth);
    assert_eq!(
        check_address(Network::Eth, &eth).as_deref(),
        Ok(eth.as_str())
    );
    let trx = address(&app, &ada, "USDT", "TRX").await;
    assert_eq!(trx, "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
    assert_eq!(
        check_address(Network::Trx, &trx).as_deref(),
        Ok(trx.as_str())
    );
    assert_ne!(address(&app, &bob, "BTC", "BTC").await, btc);

    let no_chain = app
        .get_api(
            "/wallet/deposit/address?coinCode=BTC&network=TRX",
            EN,
            Some(&ada),
        )
        .await;
    no_chain.assert_refused(404, "This coin is not available on that network");
    cli(
        &app,
        &[
            "admin",
            "wallet",
            "config",
            "set",
            "--coin",
            "BTC",
            "--network",
            "BTC",
            "--deposit-enabled",
            "false",
        ],
    )
    .unwrap();
    let off = app
        .get_api(
            "/wallet/deposit/address?coinCode=BTC&network=BTC",
            EN,
            Some(&ada),
        )
        .await;
    off.assert_refused(
        409,
        "Deposits of this coin on this network are suspended for now",
    );
}

#[actix_web::test]
async fn balances_and_the_overview_value_the_coins_at_the_reference_prices_of_each_day() {
    let app = spawn_app_with(&[
        ("FISCARD_SESSION_IDLE_MINUTES", "4320"),
        ("FISCARD_SESSION_ABSOLUTE_HOURS", "72"),
    ])
    .await;
    let h = holder(&app, "ada@example.com", 0).await;
    set_price(&app, Coin::Btc, 6_000_000_000_000).await;
    fund(&app, &h.token, Coin::Btc, Network::Btc, "0.5").await;
    fund(&app, &h.token, Coin::Usdt, Network::Trx, "10000").await;
    let btc = coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(
        btc,
        json!({ "coinCode": "BTC", "available": "0.50000000", "frozen": "0.00000000",
                "total": "0.50000000", "price": "60000.00", "value": "30000.00" })
    );
    let balance = app.get_api("/wallet/balance", EN, Some(&h.token)).await;
    assert_eq!(balance.assert_ok()["overview"]["totalValue"], "40000.00");
    assert_eq!(
        balance.assert_ok()["overview"]["priceTime"],
        app.clock.now_ms()
    );

    app.advance_ms(86_400_000);
    set_price(&app, Coin::Btc, 7_000_000_000_000).await;
    let overview = app.get_api("/wallet/overview", EN, Some(&h.token)).await;
    let o = overview.assert_ok();
    assert_eq!(o["totalValue"], "45000.00");
    assert_eq!(
        o["allocation"],
        json!([
            { "coinCode": "BTC", "value": "35000.00", "shareBps": 7778 },
            { "coinCode": "ETH", "value": "0.00", "shareBps": 0 },
            { "coinCode": "USDT", "value": "10000.00", "shareBps": 2222 },
        ])
    );
    let history = o["history"].as_array().expect("points");
    assert_eq!(history.len(), 30);
    assert_eq!(history[29]["value"], "45000.00");
    // Yesterday ended with the same coins at yesterday's price; the day before held none.
    assert_eq!(history[28]["value"], "40000.00");
    assert_eq!(history[27]["value"], "0.00");
    assert_eq!(
        history[29]["date"],
        domain::date::Date::of_instant_ms(app.clock.now_ms()).to_string()
    );
}

#[actix_web::test]
async fn a_coins_terms_follow_what_operators_set_and_each_change_is_audited() {
    let app = spawn_app().await;
    let h: Holder = holder(&app, "ada@example.com", 0).await;
    let config = app
        .get_api("/wallet/coin/config?coinCode=USDT", EN, Some(&h.token))
        .await;
    let c = config.assert_ok();
    assert_eq!(
        (&c["coinCode"], &c["scale"], &c["available"]),
        (&json!("USDT"), &json!(6), &json!("0.000000"))
    );
    assert_eq!(
        c["networks"][1],
        json!({ "network": "TRX", "depositEnabled": true, "withdrawEnabled": true,
                "minDeposit": "1.000000", "minWithdraw": "10.000000", "maxWithdraw": "100000.000000",
                "withdrawFee": "1.000000", "multiple": "0.010000", "confirmations": 19,
                "memoRequired": false, "addressFormat": "tron_base58",
                "dailyLimit": "200000.000000", "dailyLeft": "200000.000000" })
    );
    cli(
        &app,
        &[
            "admin",
            "wallet",
            "config",
            "set",
            "--coin",
            "USDT",
            "--network",
            "TRX",
            "--fee",
            "1.5",
            "--confirmations",
            "3",
        ],
    )
    .unwrap();
    let refused = cli(
        &app,
        &[
            "admin",
            "wallet",
            "config",
            "set",
            "--coin",
            "USDT",
            "--network",
            "TRX",
            "--fee",
            "0.0000001",
        ],
    );
    assert!(refused.unwrap_err().contains("at most 6 decimals"));
    let refused = cli(
        &app,
        &[
            "admin",
            "wallet",
            "config",
            "set",
            "--coin",
            "BTC",
            "--network",
            "TRX",
            "--fee",
            "1",
        ],
    );
    assert!(
        refused
            .unwrap_err()
            .contains("the platform has no BTC on TRX")
    );
    let config = app
        .get_api("/wallet/coin/config?coinCode=USDT", EN, Some(&h.token))
        .await;
    let trx = &config.assert_ok()["networks"][1];
    assert_eq!(
        (&trx["withdrawFee"], &trx["confirmations"]),
        (&json!("1.500000"), &json!(3))
    );
    let unknown = app
        .get_api("/wallet/coin/config?coinCode=DOGE", EN, Some(&h.token))
        .await;
    assert_eq!(unknown.code(), 404);
    let audited = crate::wallet_withdrawals::audit_actions(&app, "USDT/TRX").await;
    assert_eq!(audited, ["wallet_config_set"]);
}
