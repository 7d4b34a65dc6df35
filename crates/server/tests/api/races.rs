//! The money-race table: requests that move money, sent at once over HTTP. On PostgreSQL the
//! writes really race (on SQLite the writer lock takes them one by one); each row holds on both.
//! Every row ends with the ledger sound (checked at teardown) and says what must have happened:
//! money moved once, never below zero. A new money action adds a row.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::card_events::{auth, event, funded_card};
use crate::cards::{apply, bank_balance, cards_of, holder, with_pin};
use crate::helpers::{Answer, EN, TestApp, spawn_app};

/// `n` copies of a request sent at once.
async fn at_once<F, Fut>(n: usize, send: F) -> Vec<Answer>
where
    F: Fn(usize) -> Fut,
    Fut: Future<Output = Answer>,
{
    join_all((0..n).map(send)).await
}

fn codes(answers: &[Answer]) -> Vec<i64> {
    let mut codes: Vec<i64> = answers.iter().map(Answer::code).collect();
    codes.sort_unstable();
    codes
}

async fn post(app: &TestApp, path: &str, body: &Value, token: &str) -> Answer {
    app.post_json(path, body, EN, Some(token)).await
}

#[actix_web::test]
async fn two_cancels_at_once_return_the_balance_once() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "101.00").await;
    let body = with_pin(json!({ "cardKey": card }));
    let answers = at_once(2, |_| post(&app, "/fiscard/cancel", &body, &h.token)).await;
    assert_eq!(
        codes(&answers),
        [200, 422],
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    // 101.00 less the 1% recharge fee came back, once.
    assert_eq!(bank_balance(&app, &h).await, "99.99");
    assert!(cards_of(&app, &h).await.is_empty());
}

#[actix_web::test]
async fn a_cancel_and_an_authorization_at_once_never_both_keep_the_money() {
    let app = spawn_app().await;
    let (h, card) = funded_card(&app, "me@example.com", "101.00").await;
    let cancel_body = with_pin(json!({ "cardKey": card }));
    let purchase = auth(&card, "tx-race", "50", "USD", None);
    let (cancelled, authorized) = futures_util::future::join(
        post(&app, "/fiscard/cancel", &cancel_body, &h.token),
        event(&app, &purchase),
    )
    .await;
    let approved = authorized.assert_ok()["approved"] == true;
    match (cancelled.code(), approved) {
        // The card went first: the payment found it cancelled.
        (200, false) => assert_eq!(bank_balance(&app, &h).await, "99.99"),
        // The payment went first: its hold keeps the card open.
        (422, true) => {
            assert_eq!(cards_of(&app, &h).await[0]["heldBalance"], "50.50");
            assert_eq!(bank_balance(&app, &h).await, "0.00");
        }
        other => panic!(
            "cancel {} and approved {}: {other:?}",
            cancelled.text, authorized.text
        ),
    }
}

#[actix_web::test]
async fn one_idempotency_key_sent_twice_at_once_moves_money_once() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let body = with_pin(json!({ "cardKey": card, "amount": "60" }));
    let answers = at_once(2, |_| {
        app.send(
            app.client
                .post(app.url("/api/fiscard/recharge"))
                .header("User-Lang", EN)
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", "double-click")
                .json(&body),
        )
    })
    .await;
    assert_eq!(codes(&answers), [200, 200]);
    assert_eq!(answers[0].content()["order"], answers[1].content()["order"]);
    assert_eq!(bank_balance(&app, &h).await, "40.00");
}

#[actix_web::test]
async fn recharges_verified_by_pin_at_once_against_a_balance_for_one_pass_once() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let body = with_pin(json!({ "cardKey": card, "amount": "100" }));
    let answers = at_once(5, |_| post(&app, "/fiscard/recharge", &body, &h.token)).await;
    // The right PIN five times: never "too many attempts", one recharge, four refusals.
    assert_eq!(codes(&answers), [200, 422, 422, 422, 422]);
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    // The user can act at once.
    post(
        &app,
        "/fiscard/query/cvv",
        &with_pin(json!({ "cardKey": card })),
        &h.token,
    )
    .await
    .assert_ok();
}

#[actix_web::test]
async fn a_hundred_recharges_at_once_against_fifty_pass_exactly_fifty() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 50_000).await;
    let card = apply(&app, &h).await;
    let body = with_pin(json!({ "cardKey": card, "amount": "10" }));
    let answers = at_once(100, |_| post(&app, "/fiscard/recharge", &body, &h.token)).await;
    let passed = answers.iter().filter(|a| a.code() == 200).count();
    let refused = answers
        .iter()
        .filter(|a| a.code() == 422 && a.message() == "Insufficient Balance")
        .count();
    assert_eq!((passed, refused), (50, 50));
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "495.00");
}

/// The PIN's attempt limit counts wrong PINs only: the right one sent ten times at once passes
/// ten times, and the user can act at once afterwards.
#[actix_web::test]
async fn the_right_pin_ten_times_at_once_passes_ten_times() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 100_000).await;
    let card = apply(&app, &h).await;
    let body = with_pin(json!({ "cardKey": card, "amount": "1" }));
    let answers = at_once(10, |_| post(&app, "/fiscard/recharge", &body, &h.token)).await;
    assert_eq!(codes(&answers), [200; 10]);
    post(
        &app,
        "/fiscard/query/cvv",
        &with_pin(json!({ "cardKey": card })),
        &h.token,
    )
    .await
    .assert_ok();
}

/// Twenty wrong PINs at once: five are judged (wrong), the rest refused at the limit, and the
/// right PIN waits out the window.
#[actix_web::test]
async fn twenty_wrong_pins_at_once_stop_at_the_limit() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 100_000).await;
    let card = apply(&app, &h).await;
    let wrong = json!({ "cardKey": card, "amount": "1", "securityPassword": "975310" });
    let answers = at_once(20, |_| post(&app, "/fiscard/recharge", &wrong, &h.token)).await;
    let mut expected = vec![104; 5];
    expected.extend([429; 15]);
    assert_eq!(codes(&answers), expected);
    let right = with_pin(json!({ "cardKey": card, "amount": "1" }));
    post(&app, "/fiscard/recharge", &right, &h.token)
        .await
        .assert_refused(429, "Too many attempts, please try again in 900 seconds");
    app.advance_minutes(15);
    post(&app, "/fiscard/recharge", &right, &h.token)
        .await
        .assert_ok();
}

/// What once let a sixth wrong PIN be judged on PostgreSQL, made to happen every time: the
/// check whose turn ends counts its wrong PIN (the fifth) and frees the turn in one
/// transaction, and the next check asks for the turn before that transaction commits. It must
/// see the fifth counted and refuse (429), not judge a sixth. (On SQLite the writer lock runs the
/// two one after the other; on PostgreSQL they overlap here.)
#[actix_web::test]
async fn the_turn_after_the_fifth_wrong_secret_sees_it_counted() {
    use server::api::ApiCode;
    use server::services::throttle;
    use server::services::verification::{PER_FACTOR, end_turn, take_turn};
    use std::time::Duration;

    let app = spawn_app().await;
    let key = "verify:security:interleaved";
    let now = app.clock.now_ms();
    app.db
        .write(move |conn| {
            for _ in 0..4 {
                throttle::take(conn, key, PER_FACTOR, now)?;
            }
            Ok(())
        })
        .await
        .expect("four wrong secrets counted");
    let turn = app.db.write(move |conn| take_turn(conn, key, now)).await;
    assert!(turn.expect("the database").expect("under the limit"));

    // The fifth wrong secret, counted and not yet committed.
    let (counted_tx, counted) = std::sync::mpsc::channel();
    let (commit_tx, commit) = std::sync::mpsc::channel::<()>();
    let db = app.db.clone();
    let ending = actix_web::rt::spawn(async move {
        db.write(move |conn| {
            end_turn(conn, key, true, now)?;
            counted_tx.send(()).expect("the test waits");
            commit
                .recv_timeout(Duration::from_secs(10))
                .expect("the test says when to commit");
            Ok(())
        })
        .await
    });
    actix_web::rt::task::spawn_blocking(move || counted.recv_timeout(Duration::from_secs(10)))
        .await
        .expect("the waiting thread")
        .expect("the fifth is counted");
    let db = app.db.clone();
    let next =
        actix_web::rt::spawn(async move { db.write(move |conn| take_turn(conn, key, now)).await });
    // The next check reads and waits for the turn while the fifth is uncommitted.
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    commit_tx.send(()).expect("the ending turn waits");
    ending
        .await
        .expect("the ending task")
        .expect("the fifth is committed");
    let refused = next
        .await
        .expect("the next task")
        .expect("the database")
        .expect_err("no sixth turn after five wrong secrets");
    assert_eq!(refused.code(), ApiCode::TooManyAttempts);
}

/// The right e-mail code sent ten times at once: one passes, the others find it spent, and none
/// counts as a guess: the user is not locked out.
#[actix_web::test]
async fn the_right_email_code_ten_times_at_once_passes_once_and_locks_nobody_out() {
    let app = spawn_app().await;
    let email = "me@example.com";
    let h = holder(&app, email, 10_000).await;
    let card = apply(&app, &h).await;
    app.set_switches(email, [false, false], [true, false, false])
        .await;
    let code = app.verify_code(&h.token, email).await;
    let body = json!({ "cardKey": card, "emailCaptcha": code });
    let answers = at_once(10, |_| post(&app, "/fiscard/query/cvv", &body, &h.token)).await;
    assert_eq!(
        codes(&answers),
        [104, 104, 104, 104, 104, 104, 104, 104, 104, 200]
    );
    let code = app.verify_code(&h.token, email).await;
    post(
        &app,
        "/fiscard/query/cvv",
        &json!({ "cardKey": card, "emailCaptcha": code }),
        &h.token,
    )
    .await
    .assert_ok();
}

/// The right authenticator code sent ten times at once: one passes, and the copies do not
/// count as guesses.
#[actix_web::test]
async fn the_right_authenticator_code_ten_times_at_once_passes_once_and_locks_nobody_out() {
    let app = spawn_app().await;
    let email = "me@example.com";
    let h = holder(&app, email, 10_000).await;
    let card = apply(&app, &h).await;
    let (secret, _) = app.bind_authenticator(&h.token, email, "Phone", None).await;
    app.set_switches(email, [false, false], [false, true, false])
        .await;
    let body = json!({ "cardKey": card, "mfaCode": app.totp(&secret, 0) });
    let answers = at_once(10, |_| post(&app, "/fiscard/query/cvv", &body, &h.token)).await;
    assert_eq!(
        codes(&answers),
        [104, 104, 104, 104, 104, 104, 104, 104, 104, 200]
    );
    app.next_step();
    let body = json!({ "cardKey": card, "mfaCode": app.totp(&secret, 0) });
    post(&app, "/fiscard/query/cvv", &body, &h.token)
        .await
        .assert_ok();
}

/// A hundred withdrawals at once against a balance for fifty: exactly fifty pass, the USD
/// account ends at zero, never below.
#[actix_web::test]
async fn a_hundred_withdrawals_at_once_against_fifty_pass_exactly_fifty() {
    let app =
        crate::helpers::spawn_app_with(&[("FISCARD_FIRST_PAYOUT_CAP_USD", "100000.00")]).await;
    let (h, account) = crate::withdrawals::ready(&app, "me@example.com", 300_000).await;
    let body = crate::withdrawals::body(&account, "60");
    let path = crate::withdrawals::WITHDRAW;
    let answers = at_once(100, |_| post(&app, path, &body, &h.token)).await;
    let passed = answers.iter().filter(|a| a.code() == 200).count();
    assert_eq!(
        passed,
        50,
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    assert!(answers.iter().all(|a| [200, 102, 422].contains(&a.code())));
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    let page = app
        .get_api("/fund/investor/withdrawal/select", EN, Some(&h.token))
        .await;
    assert_eq!(page.assert_ok()["totalCount"], 50);
}

/// Two cancels of one withdrawal at once give the amount back once.
#[actix_web::test]
async fn two_cancels_of_a_withdrawal_at_once_give_it_back_once() {
    let app = spawn_app().await;
    let (h, account) = crate::withdrawals::ready(&app, "me@example.com", 100_000).await;
    let id = crate::withdrawals::withdraw(&app, &h, &account, "100")
        .await
        .assert_ok()["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let path = format!("/fund/investor/withdrawal/cancel/{id}");
    let nothing = json!({});
    let answers = at_once(2, |_| post(&app, &path, &nothing, &h.token)).await;
    assert_eq!(codes(&answers), [200, 422]);
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
}

/// A hundred crypto withdrawals at once (each its own client order id) against a balance for
/// fifty with their fees: exactly fifty pass, the coin's balance ends at zero, never below.
#[actix_web::test]
async fn a_hundred_crypto_withdrawals_at_once_against_fifty_pass_exactly_fifty() {
    use crate::wallet_withdrawals::{BTC_OUT, WITHDRAW, body};
    use domain::wallet::{Coin, Network};
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 0).await;
    crate::wallet::fund(&app, &h.token, Coin::Btc, Network::Btc, "0.51").await;
    let answers = at_once(100, |i| {
        let request = body("BTC", "BTC", BTC_OUT, "0.01", &format!("race-{i}"));
        let (app, token) = (&app, h.token.clone());
        async move { post(app, WITHDRAW, &request, &token).await }
    })
    .await;
    let passed = answers.iter().filter(|a| a.code() == 200).count();
    assert_eq!(
        passed,
        50,
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    assert!(answers.iter().all(|a| [200, 102, 422].contains(&a.code())));
    let balance = crate::wallet::coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(
        (&balance["available"], &balance["frozen"]),
        (&json!("0.00000000"), &json!("0.51000000"))
    );
    let page = app
        .get_api("/wallet/record?type=WITHDRAW", EN, Some(&h.token))
        .await;
    assert_eq!(page.assert_ok()["totalCount"], 50);
}

/// Two cancels of one crypto withdrawal in review at once give amount and fee back once.
#[actix_web::test]
async fn two_cancels_of_a_crypto_withdrawal_at_once_give_it_back_once() {
    use crate::wallet_withdrawals::{BTC_OUT, body, withdraw};
    use domain::wallet::{Coin, Network};
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 0).await;
    crate::wallet::fund(&app, &h.token, Coin::Btc, Network::Btc, "2").await;
    let record = withdraw(&app, &h, &body("BTC", "BTC", BTC_OUT, "1.5", "c-1")).await;
    let id = record.assert_ok()["id"].as_str().expect("an id").to_owned();
    let path = format!("/wallet/withdraw/cancel/{id}");
    let nothing = json!({});
    let answers = at_once(2, |_| post(&app, &path, &nothing, &h.token)).await;
    assert_eq!(codes(&answers), [200, 422]);
    let balance = crate::wallet::coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(balance["available"], "2.00000000");
}

/// Ten quotes of 20.00 USD, each covered by a balance of 100.00 on its own, accepted at once:
/// exactly five swap, the others are refused whole (422), the USD account ends at zero, never
/// below, and the BTC received is five quotes' worth.
#[actix_web::test]
async fn ten_quotes_accepted_at_once_against_a_balance_for_five_swap_exactly_five() {
    use crate::exchange::{quote, swap, trader};
    let app = spawn_app().await;
    let h = trader(&app, "me@example.com", 10_000).await;
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "20" });
    let mut quotes = Vec::new();
    for _ in 0..10 {
        quotes.push(quote(&app, &h, &asked).await.assert_ok().clone());
    }
    let answers = at_once(10, |i| {
        swap(&app, &h, quotes[i]["quoteId"].as_str().unwrap())
    })
    .await;
    let mut expected = vec![200; 5];
    expected.extend([422; 5]);
    assert_eq!(
        codes(&answers),
        expected,
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    let each = domain::money::parse_amount(quotes[0]["toAmount"].as_str().unwrap(), 8).unwrap();
    let btc = crate::wallet::coin_balance(&app, &h.token, "BTC").await;
    assert_eq!(btc["available"], domain::money::amount_text(5 * each, 8));
    let history = app.get_api("/exchange/swaps", EN, Some(&h.token)).await;
    assert_eq!(history.assert_ok()["totalCount"], 5);
}

/// One quote accepted ten times at once swaps once: every answer is that swap.
#[actix_web::test]
async fn one_quote_accepted_ten_times_at_once_swaps_once() {
    use crate::exchange::{quote_id, swap, trader};
    let app = spawn_app().await;
    let h = trader(&app, "me@example.com", 10_000).await;
    let asked = json!({ "fromCoin": "USD", "toCoin": "ETH", "fromAmount": "60" });
    let id = quote_id(&app, &h, &asked).await;
    let answers = at_once(10, |_| swap(&app, &h, &id)).await;
    assert_eq!(codes(&answers), [200; 10]);
    assert!(answers.iter().all(|a| a.content() == answers[0].content()));
    let done = answers
        .iter()
        .filter(|a| a.message() == "Exchanged: your balances are updated")
        .count();
    assert_eq!(done, 1);
    assert_eq!(bank_balance(&app, &h).await, "40.00");
    let history = app.get_api("/exchange/swaps", EN, Some(&h.token)).await;
    assert_eq!(history.assert_ok()["totalCount"], 1);
}

/// The same `Idempotency-Key` on two subscriptions at once: one subscription, answered twice.
#[actix_web::test]
async fn one_idempotency_key_on_two_subscriptions_at_once_subscribes_once() {
    let app = crate::fund::fund_app().await;
    let h = crate::fund::investor(&app, "me@example.com", 10_000).await;
    let body = with_pin(json!({ "productId": "usd-current", "source": "USD", "amount": "60" }));
    let answers = at_once(2, |_| {
        app.send(
            app.client
                .post(app.url("/api/subscribe"))
                .header("User-Lang", EN)
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", "double-click")
                .json(&body),
        )
    })
    .await;
    assert_eq!(codes(&answers), [200, 200]);
    assert_eq!(answers[0].content()["id"], answers[1].content()["id"]);
    assert_eq!(bank_balance(&app, &h).await, "40.00");
}

/// Ten subscriptions at once (different keys) against a balance for five: exactly five, the
/// USD account never below zero; then ten redemptions at once of shares for five: exactly five.
#[actix_web::test]
async fn ten_subscriptions_and_ten_redemptions_at_once_against_enough_for_five_pass_five() {
    let app = crate::fund::fund_app().await;
    let h = crate::fund::investor(&app, "me@example.com", 10_000).await;
    let body = with_pin(json!({ "productId": "usd-current", "source": "USD", "amount": "20" }));
    let answers = at_once(10, |n| {
        app.send(
            app.client
                .post(app.url("/api/subscribe"))
                .header("User-Lang", EN)
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", format!("subscribe-{n}"))
                .json(&body),
        )
    })
    .await;
    let passed = answers.iter().filter(|a| a.code() == 200).count();
    assert_eq!(
        passed,
        5,
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    assert_eq!(bank_balance(&app, &h).await, "0.00");
    crate::fund::next_days(&app, 1);
    crate::fund::accrue(&app).await;
    let out = with_pin(json!({ "productId": "usd-current", "destination": "USD", "amount": "20" }));
    let answers = at_once(10, |n| {
        app.send(
            app.client
                .post(app.url("/api/redeem"))
                .header("User-Lang", EN)
                .header("Access-Token", &h.token)
                .header("Idempotency-Key", format!("redeem-{n}"))
                .json(&out),
        )
    })
    .await;
    let passed = answers.iter().filter(|a| a.code() == 200).count();
    assert_eq!(
        passed,
        5,
        "{:?}",
        answers.iter().map(|a| &a.text).collect::<Vec<_>>()
    );
    assert_eq!(bank_balance(&app, &h).await, "100.00");
    let a = crate::fund::asset(&app, &h).await;
    // The subscription day earned nothing: nothing is left.
    assert_eq!(a["currentProduct"]["usableShares"], json!("0.00"));
}

#[actix_web::test]
async fn the_same_wire_recorded_twice_at_once_credits_once() {
    use crate::ops_wires::{bank_minor, user_with_memo, wire};
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let finance = app
        .operator(
            "fin@example.com",
            &[server::services::operators::Role::Finance],
        )
        .await;
    let body = wire("500.00", "BANK-RACE", &memo);
    let answers = at_once(2, |_| {
        app.ops_post("/ops/wires", &body, Some(&finance.token))
    })
    .await;
    assert_eq!(codes(&answers), [200, 200]);
    assert_eq!(answers[0].content()["id"], answers[1].content()["id"]);
    assert_eq!(bank_minor(&app, &uid).await, 50_000);
}

#[actix_web::test]
async fn a_withdrawal_approved_and_sent_twice_at_once_moves_once_each_time() {
    use crate::ops_withdrawals::{in_review, step};
    let (app, h, id, finance) = in_review().await;
    let second = app
        .operator(
            "fin2@example.com",
            &[server::services::operators::Role::Finance],
        )
        .await;
    let operators = [&finance, &second];
    let (empty, sent) = (json!({}), json!({"reference": "FED-RACE"}));
    let answers = at_once(2, |n| step(&app, operators[n], &id, "approve", &empty)).await;
    assert_eq!(codes(&answers), [200, 409]);
    let answers = at_once(2, |n| step(&app, operators[n], &id, "send", &sent)).await;
    assert_eq!(codes(&answers), [200, 409]);
    // The amount left the USD account once and the fee was earned once.
    assert_eq!(bank_balance(&app, &h).await, "3000.00");
    crate::wallet::ledger_check_passes(&app);
}
