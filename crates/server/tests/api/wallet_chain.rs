//! The sandbox chain (`fiscard simulate chain …`): a deposit credited exactly once after its
//! confirmations, under replays and concurrent miners; a reorganisation before the credit drops
//! it (and is refused after); dust and a deposit on the wrong network recorded, never credited.
//! `admin ledger-check` passes after each.

use serde_json::{Value, json};

use crate::cards::holder;
use crate::helpers::{EN, spawn_app};
use crate::wallet::{address, coin_balance, ledger_check_passes, records, sandbox};

#[actix_web::test]
async fn a_deposit_is_credited_once_after_its_confirmations_however_often_it_is_replayed() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    let to = address(&app, &h.token, "BTC", "BTC").await;
    let deposit = [
        "deposit",
        "--network",
        "BTC",
        "--address",
        &to,
        "--txid",
        "aa11",
        "--vout",
        "1",
        "--amount",
        "0.5",
    ];
    let out = sandbox(&app, &deposit).unwrap();
    assert!(
        out.contains("recorded") && out.contains("is PENDING"),
        "{out}"
    );
    let replay = sandbox(&app, &deposit).unwrap();
    assert!(replay.contains("seen before"), "{replay}");
    let mut changed = deposit;
    changed[10] = "0.6";
    assert!(
        sandbox(&app, &changed)
            .unwrap_err()
            .contains("was recorded before")
    );

    let mined = sandbox(&app, &["mine", "--network", "BTC"]).unwrap();
    assert!(
        mined.contains("1 deposits confirming, 0 credited"),
        "{mined}"
    );
    let record = &records(&app, &h.token, "").await[0];
    assert_eq!(
        (
            &record["status"],
            &record["confirmations"],
            &record["requiredConfirmations"]
        ),
        (&json!("CONFIRMING"), &json!(1), &json!(2))
    );
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "0.00000000"
    );
    sandbox(&app, &deposit).unwrap();
    let mined = sandbox(&app, &["mine", "--network", "BTC"]).unwrap();
    assert!(mined.contains("1 credited"), "{mined}");
    for _ in 0..2 {
        sandbox(&app, &deposit).unwrap();
        let again = sandbox(&app, &["mine", "--network", "BTC", "--blocks", "3"]).unwrap();
        assert!(again.contains("0 credited"), "{again}");
    }
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "0.50000000"
    );
    let list = records(&app, &h.token, "coinCode=BTC&type=DEPOSIT").await;
    assert_eq!(list.len(), 1);
    assert_eq!(
        (
            &list[0]["status"],
            &list[0]["statusLabelKey"],
            &list[0]["amount"],
            &list[0]["txid"]
        ),
        (
            &json!("CREDITED"),
            &json!("deposit_status.credited"),
            &json!("0.50000000"),
            &json!("aa11")
        )
    );
    let detail = app
        .get_api(
            &format!("/wallet/record/{}", list[0]["id"].as_str().unwrap()),
            EN,
            Some(&h.token),
        )
        .await;
    assert_eq!(detail.assert_ok()["confirmations"], 2);
    let balance = app.get_api("/account/balance", EN, Some(&h.token)).await;
    assert_eq!(
        balance.assert_ok()[0]["assets"][1],
        json!({ "coinCode": "BTC", "type": "available", "amount": "0.50000000" })
    );
    assert!(records(&app, &h.token, "coinCode=ETH").await.is_empty());
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn concurrent_miners_credit_a_deposit_once() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    let to = address(&app, &h.token, "ETH", "ETH").await;
    sandbox(
        &app,
        &[
            "deposit",
            "--network",
            "ETH",
            "--address",
            &to,
            "--txid",
            "0xbeef",
            "--amount",
            "1.25",
        ],
    )
    .unwrap();
    let app = std::sync::Arc::new(app);
    let miners: Vec<_> = (0..8)
        .map(|_| {
            let app = app.clone();
            std::thread::spawn(move || {
                sandbox(&app, &["mine", "--network", "ETH", "--blocks", "3"])
            })
        })
        .collect();
    let outputs: Vec<String> = miners
        .into_iter()
        .map(|m| m.join().expect("a miner").expect("mined"))
        .collect();
    let credited = outputs.iter().filter(|o| o.contains("1 credited")).count();
    assert_eq!(credited, 1, "{outputs:#?}");
    assert!(
        outputs.iter().any(|o| o.contains("height 21000024")),
        "{outputs:#?}"
    );
    assert_eq!(
        coin_balance(&app, &h.token, "ETH").await["available"],
        "1.25000000"
    );
    let entries = app
        .db
        .read(|conn| Ok(server::services::ledger::entries_of(conn, "ETH:0xbeef:0")?))
        .await
        .unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn a_reorganisation_drops_a_deposit_before_its_credit_and_is_refused_after() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    let to = address(&app, &h.token, "USDT", "TRX").await;
    let pay = |txid: &'static str| {
        [
            "deposit",
            "--network",
            "TRX",
            "--address",
            &to,
            "--txid",
            txid,
            "--amount",
            "250",
        ]
        .map(str::to_owned)
    };
    let args = pay("t1");
    sandbox(&app, &args.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
    sandbox(&app, &["mine", "--network", "TRX", "--blocks", "5"]).unwrap();
    let out = sandbox(&app, &["reorg", "--network", "TRX", "--txid", "t1"]).unwrap();
    assert!(out.contains("dropped deposits"), "{out}");
    sandbox(&app, &["mine", "--network", "TRX", "--blocks", "30"]).unwrap();
    assert_eq!(
        coin_balance(&app, &h.token, "USDT").await["available"],
        "0.000000"
    );
    let dropped = &records(&app, &h.token, "").await[0];
    assert_eq!(
        (
            &dropped["status"],
            &dropped["reason"],
            &dropped["confirmations"]
        ),
        (&json!("DROPPED"), &json!("reorg"), &json!(0))
    );

    let args = pay("t2");
    sandbox(&app, &args.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
    sandbox(&app, &["mine", "--network", "TRX", "--blocks", "19"]).unwrap();
    assert_eq!(
        coin_balance(&app, &h.token, "USDT").await["available"],
        "250.000000"
    );
    let refused = sandbox(&app, &["reorg", "--network", "TRX", "--txid", "t2"]).unwrap_err();
    assert!(
        refused.contains("a credited deposit is not reorganised away"),
        "{refused}"
    );
    assert_eq!(records(&app, &h.token, "").await[0]["status"], "CREDITED");
    assert!(sandbox(&app, &["reorg", "--network", "TRX", "--txid", "nope"]).is_err());
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn dust_and_a_deposit_on_the_wrong_network_are_recorded_never_credited() {
    let app = spawn_app().await;
    let h = holder(&app, "ada@example.com", 0).await;
    let btc = address(&app, &h.token, "BTC", "BTC").await;
    let dust = sandbox(
        &app,
        &[
            "deposit",
            "--network",
            "BTC",
            "--address",
            &btc,
            "--txid",
            "d1",
            "--amount",
            "0.00009999",
        ],
    )
    .unwrap();
    assert!(dust.contains("is DROPPED (dust)"), "{dust}");
    let wrong = sandbox(
        &app,
        &[
            "deposit",
            "--network",
            "ETH",
            "--address",
            &btc,
            "--txid",
            "0xd2",
            "--amount",
            "1",
        ],
    )
    .unwrap();
    assert!(wrong.contains("is DROPPED (wrong_network)"), "{wrong}");
    let stranger = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    let unknown = sandbox(
        &app,
        &[
            "deposit",
            "--network",
            "BTC",
            "--address",
            stranger,
            "--txid",
            "d3",
            "--amount",
            "1",
        ],
    )
    .unwrap_err();
    assert!(
        unknown.contains("is no deposit address of this platform"),
        "{unknown}"
    );
    let too_fine = sandbox(
        &app,
        &[
            "deposit",
            "--network",
            "BTC",
            "--address",
            &btc,
            "--txid",
            "d4",
            "--amount",
            "0.000000001",
        ],
    )
    .unwrap_err();
    assert!(too_fine.contains("at most 8 decimals"), "{too_fine}");
    for network in ["BTC", "ETH"] {
        sandbox(&app, &["mine", "--network", network, "--blocks", "20"]).unwrap();
    }
    assert_eq!(
        coin_balance(&app, &h.token, "BTC").await["available"],
        "0.00000000"
    );
    assert_eq!(
        coin_balance(&app, &h.token, "ETH").await["available"],
        "0.00000000"
    );
    let list = records(&app, &h.token, "type=DEPOSIT").await;
    let mut seen: Vec<(Value, Value)> = list
        .iter()
        .map(|r| (r["status"].clone(), r["reason"].clone()))
        .collect();
    seen.sort_by_key(|(_, r)| r.to_string());
    assert_eq!(
        seen,
        [
            (json!("DROPPED"), json!("dust")),
            (json!("DROPPED"), json!("wrong_network"))
        ]
    );
    ledger_check_passes(&app);
}
