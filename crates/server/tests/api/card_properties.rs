//! A stateful property test of card money: random sequences of wires, recharges, issuer events
//! (authorizations in USD and EUR, clearings, voids, partial reversals, refunds with and
//! without their purchase) and cancels, with events sent twice and events that refer to a
//! purchase not yet made. After every step: no balance below zero, and no purchase refunded
//! beyond what it cleared; after every sequence the ledger check is clean (and again at
//! teardown).

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

use crate::card_events::{auth, event};
use crate::cards::{
    Holder, apply, assert_ledger_sound, bank_balance, cards_of, holder, wire, with_pin,
};
use crate::helpers::{EN, TestApp, spawn_app};

#[derive(Debug, Clone)]
enum Step {
    Wire(i64),
    Recharge(i64),
    /// A purchase (`tx-<n>`) of cents, in EUR when true.
    Authorize(u8, i64, bool),
    Clear(u8),
    Void(u8),
    Reverse(u8, i64),
    /// A refund of cents, of purchase `tx-<n>` when given.
    Refund(Option<u8>, i64),
    /// The step's event sent again, word for word.
    Again(usize),
    Cancel,
}

fn step() -> impl Strategy<Value = Step> {
    let purchase = 0_u8..6;
    let cents = 1_i64..4_000;
    prop_oneof![
        cents.clone().prop_map(Step::Wire),
        cents.clone().prop_map(Step::Recharge),
        (purchase.clone(), cents.clone(), any::<bool>())
            .prop_map(|(p, c, e)| Step::Authorize(p, c, e)),
        purchase.clone().prop_map(Step::Clear),
        purchase.clone().prop_map(Step::Void),
        (purchase.clone(), cents.clone()).prop_map(|(p, c)| Step::Reverse(p, c)),
        (proptest::option::of(purchase), cents).prop_map(|(p, c)| Step::Refund(p, c)),
        (0_usize..12).prop_map(Step::Again),
        Just(Step::Cancel),
    ]
}

fn amount(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

fn minor(text: &str) -> i64 {
    domain::money::parse_amount(text, 2).expect("an amount")
}

/// Runs one sequence for a new holder.
async fn run(app: &TestApp, n: usize, steps: &[Step]) {
    // (A new hour for each holder: registering asks for e-mail codes, five an hour per client.)
    app.advance_minutes(61);
    let h: Holder = holder(app, &format!("p{n}@example.com"), 0).await;
    let card = apply(app, &h).await;
    let mut sent: Vec<Value> = Vec::new();
    let mut wires = 0;
    for (i, step) in steps.iter().enumerate() {
        let id = |p: &u8| format!("p{n}-tx-{p}");
        let body = match step {
            Step::Wire(cents) => {
                wires += 1;
                wire(app, &h, *cents, &format!("W-{n}-{wires}")).await;
                None
            }
            Step::Recharge(cents) => {
                let body = with_pin(json!({ "cardKey": card, "amount": amount(*cents) }));
                app.post_json("/fiscard/recharge", &body, EN, Some(&h.token))
                    .await;
                None
            }
            Step::Cancel => {
                let body = with_pin(json!({ "cardKey": card }));
                app.post_json("/fiscard/cancel", &body, EN, Some(&h.token))
                    .await;
                None
            }
            Step::Authorize(p, cents, eur) => Some(if *eur {
                auth(
                    &card,
                    &id(p),
                    &amount(*cents),
                    "EUR",
                    Some(&amount(cents + cents / 10)),
                )
            } else {
                auth(&card, &id(p), &amount(*cents), "USD", None)
            }),
            Step::Clear(p) => {
                Some(json!({ "event": "clearing", "transactionId": id(p), "cardKey": card }))
            }
            Step::Void(p) => Some(json!({
                "event": "void", "transactionId": format!("{}-void-{i}", id(p)),
                "originTransactionId": id(p), "cardKey": card,
            })),
            Step::Reverse(p, cents) => Some(json!({
                "event": "corrective_auth", "transactionId": format!("{}-rev-{i}", id(p)),
                "originTransactionId": id(p), "cardKey": card, "amount": amount(*cents), "currency": "USD",
            })),
            Step::Refund(p, cents) => Some(json!({
                "event": "refund", "transactionId": format!("p{n}-refund-{i}"),
                "originTransactionId": p.as_ref().map(id), "cardKey": card,
                "amount": amount(*cents), "currency": "USD",
            })),
            Step::Again(k) => sent.get(*k % sent.len().max(1)).cloned(),
        };
        if let Some(body) = body {
            let answer = event(app, &body).await;
            assert!(
                answer.http.is_success() && answer.body["statusCode"].is_number(),
                "step {i} {step:?}: {}",
                answer.text
            );
            sent.push(body);
        }
        assert_sound(app, &h, &card, steps, i).await;
    }
    assert_ledger_sound(app).await;
}

/// No balance below zero; no purchase refunded beyond what it cleared.
async fn assert_sound(app: &TestApp, h: &Holder, card: &str, steps: &[Step], i: usize) {
    let bank = minor(&bank_balance(app, h).await);
    assert!(bank >= 0, "after step {i} of {steps:?}: USD account {bank}");
    if let Some(listed) = cards_of(app, h).await.first() {
        for field in ["cardBalance", "heldBalance"] {
            let value = minor(listed[field].as_str().expect("an amount"));
            assert!(value >= 0, "after step {i} of {steps:?}: {field} {value}");
        }
    }
    let history = app
        .get_api(
            &format!("/fiscard/history?cardKey={card}&pageSize=100"),
            EN,
            Some(&h.token),
        )
        .await;
    let list = history.assert_ok()["list"]
        .as_array()
        .expect("transactions")
        .clone();
    for purchase in list.iter().filter(|t| t["transactionType"] == "auth") {
        let refunded: i64 = list
            .iter()
            .filter(|t| {
                t["transactionType"] == "refund"
                    && t["originTransactionId"] == purchase["transactionId"]
            })
            .map(|t| minor(t["accountGrossAmount"].as_str().expect("an amount")))
            .sum();
        let cleared = if purchase["status"] == "succeed" {
            minor(purchase["accountGrossAmount"].as_str().expect("an amount"))
        } else {
            0
        };
        assert!(
            refunded <= cleared,
            "after step {i} of {steps:?}: {} refunded {refunded} of {cleared}",
            purchase["transactionId"]
        );
    }
}

#[actix_web::test]
async fn random_card_histories_keep_every_balance_sound() {
    let app = spawn_app().await;
    // A fixed seed: a failure names its steps, and the same run reproduces it.
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let sequences = proptest::collection::vec(step(), 4..14);
    for n in 0..24 {
        let steps = sequences
            .new_tree(&mut runner)
            .expect("a sequence")
            .current();
        run(&app, n, &steps).await;
    }
}
