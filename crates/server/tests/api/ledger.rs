//! The USD accounts on the double-entry ledger: balances, wire instructions, wire credits
//! (idempotent by the bank's reference, unknown memos refused), the ledger check, and
//! concurrent movements that never overdraw.

use domain::wire_memo::WireMemo;
use serde_json::json;
use server::services::ledger::{self, Account, AccountKind, Movement, Refusal};
use server::services::wires::{self, CreditRefusal, Credited};

use crate::helpers::{EN, PASSWORD, TestApp, ZH, spawn_app};

const ME: &str = "me@example.com";

async fn credit(
    app: &TestApp,
    memo: &str,
    amount: i64,
    reference: &str,
) -> Result<Credited, CreditRefusal> {
    let (memo, reference, now) = (memo.to_owned(), reference.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| Ok(wires::credit(conn, &memo, amount, &reference, now)?))
        .await
        .unwrap()
        .map(|(credited, _)| credited)
}

async fn assert_ledger_sound(app: &TestApp) -> ledger::CheckReport {
    let report = app.db.read(|conn| Ok(ledger::check(conn)?)).await.unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    report
}

#[actix_web::test]
async fn a_new_user_has_two_empty_accounts_and_no_coins() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let answer = app.get_api("/account/balance", EN, Some(&token)).await;
    // The main account lists the wallet's coins too, each in its own scale.
    assert_eq!(
        answer.assert_ok(),
        &json!([
            { "accountType": "MainAccount", "balance": "0.00",
              "assets": [
                  { "coinCode": "USD", "type": "available", "amount": "0.00" },
                  { "coinCode": "BTC", "type": "available", "amount": "0.00000000" },
                  { "coinCode": "ETH", "type": "available", "amount": "0.00000000" },
                  { "coinCode": "USDT", "type": "available", "amount": "0.000000" },
              ] },
            { "accountType": "BankAccount", "balance": "0.00",
              "assets": [{ "coinCode": "USD", "type": "available", "amount": "0.00" }] },
        ])
    );
    app.get_api("/account/balance", EN, None)
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn the_wire_instructions_carry_the_users_short_memo_which_names_them() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let wire = app
        .get_api("/account/deposit/wire", ZH, Some(&token))
        .await
        .assert_ok()
        .clone();
    // Nine unambiguous characters with a check character, not the 36-character uid; the same
    // each time it is asked for, and it finds the user again.
    let memo = wire["memo"].as_str().expect("a memo").to_owned();
    assert_eq!(memo.len(), 9, "{memo}");
    assert!(
        memo.chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    );
    assert!(!memo.contains(['I', 'L', 'O', 'U']), "{memo}");
    let parsed = WireMemo::parse(&memo).expect("its check character agrees");
    let again = app
        .get_api("/account/deposit/wire", EN, Some(&token))
        .await
        .assert_ok()["memo"]
        .clone();
    assert_eq!(again, memo.as_str());
    let holder = app
        .db
        .read(move |conn| Ok(wires::user_of_memo(conn, &parsed)?))
        .await
        .unwrap();
    assert_eq!(holder, Some(app.user_id(ME).await));
    assert_eq!(wire["currency"], "USD");
    for field in [
        "bankName",
        "bankCountry",
        "bankAddress",
        "abaNumber",
        "swiftCode",
        "accountNumber",
        "accountName",
        "accountAddress",
    ] {
        assert!(!wire[field].as_str().unwrap().is_empty(), "{field}");
    }
}

#[actix_web::test]
async fn a_credited_wire_raises_the_bank_balance_once_and_tells_the_user() {
    let app = spawn_app().await;
    let token = app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    let first = credit(&app, &uid, 100_050, "FED-20261121-0001")
        .await
        .unwrap();
    assert!(
        matches!(
            first,
            Credited::Now {
                balance: 100_050,
                ..
            }
        ),
        "{first:?}"
    );
    // The same wire again: nothing moves.
    let again = credit(&app, &uid, 100_050, "FED-20261121-0001")
        .await
        .unwrap();
    assert!(matches!(again, Credited::Before { .. }), "{again:?}");
    // The same reference for another amount or user is refused.
    assert_eq!(
        credit(&app, &uid, 5, "FED-20261121-0001").await,
        Err(CreditRefusal::ReferenceReused)
    );
    credit(&app, &uid, 2_500, "FED-20261121-0002")
        .await
        .unwrap();
    let balances = app
        .get_api("/account/balance", EN, Some(&token))
        .await
        .assert_ok()
        .clone();
    assert_eq!(balances[1]["accountType"], "BankAccount");
    assert_eq!(balances[1]["balance"], "1025.50");
    assert_eq!(balances[0]["balance"], "0.00");
    let report = assert_ledger_sound(&app).await;
    assert_eq!(report.transactions, 2);
    assert_eq!(report.entries, 4);
}

#[actix_web::test]
async fn unknown_memos_and_amounts_not_above_zero_are_refused() {
    let app = spawn_app().await;
    app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    assert_eq!(
        credit(&app, "not-a-user", 100, "R1").await,
        Err(CreditRefusal::UnknownMemo)
    );
    assert_eq!(
        credit(&app, &uid, 0, "R2").await,
        Err(CreditRefusal::NotPositive)
    );
    assert_eq!(
        credit(&app, &uid, -100, "R3").await,
        Err(CreditRefusal::NotPositive)
    );
    assert_eq!(assert_ledger_sound(&app).await.transactions, 0);
}

#[actix_web::test]
async fn concurrent_debits_never_overdraw_and_the_ledger_stays_balanced() {
    let app = spawn_app().await;
    app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    credit(&app, &uid, 5_000, "W1").await.unwrap();
    // 100 debits of 1.00 against 50.00, at once: exactly 50 pass.
    let bank = Account::of_user(&uid, AccountKind::Bank, "USD");
    let main = Account::of_user(&uid, AccountKind::Main, "USD");
    let attempts = (0..100).map(|n| {
        let movement = Movement {
            kind: "test_transfer",
            reference: format!("test:{n}"),
            user_id: Some(uid.clone()),
            lines: vec![(bank.clone(), -100), (main.clone(), 100)],
        };
        let (db, now) = (app.db.clone(), app.clock.now_ms());
        async move {
            db.write(move |conn| Ok(ledger::post(conn, &movement, now)?))
                .await
                .unwrap()
        }
    });
    let outcomes = futures_util::future::join_all(attempts).await;
    let passed = outcomes.iter().filter(|o| o.is_ok()).count();
    assert_eq!(passed, 50);
    assert!(outcomes.iter().all(|o| match o {
        Ok(_) => true,
        Err(Refusal::Insufficient { account_key }) => *account_key == bank.key,
        Err(other) => panic!("{other:?}"),
    }));
    let (bank_balance, main_balance) = app
        .db
        .read(move |conn| Ok((ledger::balance(conn, &bank)?, ledger::balance(conn, &main)?)))
        .await
        .unwrap();
    assert_eq!((bank_balance, main_balance), (0, 5_000));
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn an_unbalanced_movement_is_a_programming_error_and_writes_nothing() {
    let app = spawn_app().await;
    app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    let movement = Movement {
        kind: "broken",
        reference: "broken:1".into(),
        user_id: Some(uid.clone()),
        lines: vec![(Account::of_user(&uid, AccountKind::Main, "USD"), 100)],
    };
    let now = app.clock.now_ms();
    let outcome = app
        .db
        .write(move |conn| Ok(ledger::post(conn, &movement, now)?))
        .await;
    assert!(outcome.is_err());
    assert_eq!(assert_ledger_sound(&app).await.transactions, 0);
}

#[actix_web::test]
async fn the_ledger_check_finds_a_drifted_balance_and_an_unbalanced_transaction() {
    use diesel::prelude::*;
    use server::db::schema::{ledger_accounts, ledger_entries};

    let app = spawn_app().await;
    app.ledger_broken_on_purpose();
    app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    credit(&app, &uid, 1_000, "W1").await.unwrap();
    let bank_key = Account::of_user(&uid, AccountKind::Bank, "USD").key;
    let key = bank_key.clone();
    app.db
        .write(move |conn| {
            diesel::update(ledger_accounts::table.filter(ledger_accounts::account_key.eq(&key)))
                .set(ledger_accounts::balance.eq(ledger_accounts::balance + 1))
                .execute(conn)?;
            // A stray entry: its transaction and the whole ledger no longer sum to zero.
            let (transaction_id, account_id): (String, String) = ledger_entries::table
                .select((ledger_entries::transaction_id, ledger_entries::account_id))
                .first(conn)?;
            diesel::insert_into(ledger_entries::table)
                .values((
                    ledger_entries::id.eq("stray"),
                    ledger_entries::transaction_id.eq(transaction_id),
                    ledger_entries::account_id.eq(account_id),
                    ledger_entries::amount.eq(7_i64),
                    ledger_entries::created_at.eq(0_i64),
                ))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let report = app.db.read(|conn| Ok(ledger::check(conn)?)).await.unwrap();
    let problems = report.problems.join("\n");
    assert!(problems.contains(&bank_key), "{problems}");
    assert!(problems.contains("entries sum to 7"), "{problems}");
    assert!(
        problems.contains("all entries sum to 7, not zero"),
        "{problems}"
    );
}

/// Every test app checks the ledger as it is torn down: one left unsound fails its test even
/// when the test never looked.
#[actix_web::test]
async fn a_test_that_leaves_the_ledger_unsound_fails_at_teardown() {
    use diesel::prelude::*;
    use server::db::schema::ledger_accounts;

    let app = spawn_app().await;
    app.register(ME, PASSWORD).await;
    let uid = app.user_id(ME).await;
    credit(&app, &uid, 1_000, "W1").await.unwrap();
    let key = Account::of_user(&uid, AccountKind::Bank, "USD").key;
    app.db
        .write(move |conn| {
            diesel::update(ledger_accounts::table.filter(ledger_accounts::account_key.eq(&key)))
                .set(ledger_accounts::balance.eq(ledger_accounts::balance + 1))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    let teardown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(app)));
    let message = teardown.expect_err("the teardown check refuses an unsound ledger");
    let text = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(text.contains("the ledger does not add up"), "{text}");
}
