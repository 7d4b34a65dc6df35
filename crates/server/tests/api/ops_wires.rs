//! Wires in the console (finance): recorded once per bank reference, credited at once, parked
//! unmatched or waiting for a second operator, assigned, approved and returned; the money in
//! `WireSuspense` always equal to the waiting wires (the ledger check after each test).

use domain::money::USD;
use domain::wire_memo::WireMemo;
use serde_json::{Value, json};
use server::services::ledger::{self, Account, AccountKind};
use server::services::operators::Role;
use server::services::wires;

use crate::cards::assert_ledger_sound;
use crate::helpers::{PASSWORD, TestApp, spawn_app};
use crate::ops_review::audited;

const FORBIDDEN: &str = "Your operator roles do not allow this";

/// A registered user's id and wire memo.
pub(crate) async fn user_with_memo(app: &TestApp, email: &str) -> (String, String) {
    app.register(email, PASSWORD).await;
    let uid = app.user_id(email).await;
    let now = app.clock.now_ms();
    let owner = uid.clone();
    let memo = app
        .db
        .write(move |conn| Ok(wires::memo_of(conn, &owner, now)?))
        .await
        .unwrap();
    (uid, memo.as_str().to_owned())
}

/// The user's bank balance in minor units.
pub(crate) async fn bank_minor(app: &TestApp, uid: &str) -> i64 {
    let bank = Account::of_user(uid, AccountKind::Bank, USD.code);
    app.db
        .read(move |conn| Ok(ledger::balance(conn, &bank)?))
        .await
        .unwrap()
}

async fn suspense_minor(app: &TestApp) -> i64 {
    let suspense = Account::of_platform(AccountKind::WireSuspense, USD.code);
    app.db
        .read(move |conn| Ok(ledger::balance(conn, &suspense)?))
        .await
        .unwrap()
}

/// `memo` with its first character changed so that its check character disagrees.
fn mistyped(memo: &str) -> String {
    "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
        .chars()
        .map(|c| format!("{c}{}", &memo[1..]))
        .find(|m| m != memo && WireMemo::parse(m).is_err())
        .unwrap()
}

pub(crate) fn wire(amount: &str, reference: &str, memo: &str) -> Value {
    json!({"amount": amount, "reference": reference, "memo": memo, "sender": "ACME LTD"})
}

#[actix_web::test]
async fn a_wire_with_a_users_memo_is_credited_once_and_its_reference_never_reused() {
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    let body = wire("1,000.00", " BANK-1 ", &memo.to_lowercase());
    let refused = app
        .ops_post("/ops/wires", &body, Some(&reviewer.token))
        .await;
    refused.assert_refused(403, FORBIDDEN);
    assert_eq!(app.ops_post("/ops/wires", &body, None).await.code(), 101);

    let first = app
        .ops_post("/ops/wires", &body, Some(&finance.token))
        .await;
    let receipt = first.assert_ok().clone();
    assert_eq!(receipt["status"], "credited");
    assert_eq!(receipt["reference"], "BANK-1");
    assert_eq!(receipt["amount"], "1000.00");
    assert_eq!(receipt["user"]["email"], "payee@example.com");
    assert_eq!(receipt["recordedBy"], "fin@example.com");
    assert_eq!(bank_minor(&app, &uid).await, 100_000);
    let mail = app.next_mail("payee@example.com").await;
    assert!(mail.body.contains("1000.00"), "{}", mail.body);

    // The same wire again: the same receipt, nothing moved.
    let again = app
        .ops_post("/ops/wires", &body, Some(&finance.token))
        .await;
    assert_eq!(again.assert_ok()["id"], receipt["id"]);
    assert_eq!(bank_minor(&app, &uid).await, 100_000);
    // The reference with another amount: 409.
    let other = wire("999.00", "BANK-1", &memo);
    let reused = app
        .ops_post("/ops/wires", &other, Some(&finance.token))
        .await;
    assert_eq!(reused.code(), 409, "{}", reused.text);
    assert_eq!(bank_minor(&app, &uid).await, 100_000);
    assert_eq!(audited(&app, "wire.record"), 1);

    // Bad input: the amount by the domain's rule, an empty reference.
    let bad = app
        .ops_post("/ops/wires", &wire("-5", " ", &memo), Some(&finance.token))
        .await;
    assert_eq!(bad.code(), 102, "{}", bad.text);
    let mut fields: Vec<&str> = bad
        .content()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    fields.sort_unstable();
    assert_eq!(fields, ["amount", "reference"]);

    let listed = app.ops_get("/ops/wires", Some(&finance.token)).await;
    assert_eq!(listed.assert_ok()["totalCount"], 1);
    let listed = app.ops_get("/ops/wires", Some(&reviewer.token)).await;
    listed.assert_refused(403, FORBIDDEN);
    assert_eq!(audited(&app, "wire.list"), 1);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn a_mistyped_memo_waits_unmatched_until_assigned_by_email() {
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    let body = wire("250.00", "BANK-2", &mistyped(&memo));
    let receipt = app
        .ops_post("/ops/wires", &body, Some(&finance.token))
        .await;
    let receipt = receipt.assert_ok().clone();
    assert_eq!(receipt["status"], "unmatched");
    assert_eq!(receipt["user"], Value::Null);
    assert_eq!(bank_minor(&app, &uid).await, 0);
    assert_eq!(suspense_minor(&app).await, 25_000);
    assert_ledger_sound(&app).await;

    let unmatched = app
        .ops_get("/ops/wires?status=unmatched", Some(&finance.token))
        .await;
    assert_eq!(unmatched.assert_ok()["list"][0]["id"], receipt["id"]);
    let none = app
        .ops_get("/ops/wires?status=returned", Some(&finance.token))
        .await;
    assert_eq!(none.assert_ok()["totalCount"], 0);

    let id = receipt["id"].as_str().unwrap();
    let assign = format!("/ops/wires/{id}/assign");
    let by_reviewer = app
        .ops_post(
            &assign,
            &json!({"email": "payee@example.com"}),
            Some(&reviewer.token),
        )
        .await;
    by_reviewer.assert_refused(403, FORBIDDEN);
    let nobody = app
        .ops_post(
            &assign,
            &json!({"email": "nobody@example.com"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(nobody.code(), 102, "{}", nobody.text);
    assert_eq!(nobody.content()[0]["field"], "email");
    let unknown = app
        .ops_post(
            "/ops/wires/no-such-wire/assign",
            &json!({"email": "payee@example.com"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(unknown.code(), 404, "{}", unknown.text);

    let assigned = app
        .ops_post(
            &assign,
            &json!({"email": "Payee@Example.com"}),
            Some(&finance.token),
        )
        .await;
    let assigned = assigned.assert_ok();
    assert_eq!(assigned["status"], "credited");
    assert_eq!(assigned["matchedBy"], "fin@example.com");
    assert_eq!(bank_minor(&app, &uid).await, 25_000);
    assert_eq!(suspense_minor(&app).await, 0);
    app.next_mail("payee@example.com").await;

    // Steps that do not follow the status: 409, nothing moves.
    let twice = app
        .ops_post(
            &assign,
            &json!({"email": "payee@example.com"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(twice.code(), 409, "{}", twice.text);
    let back = format!("/ops/wires/{id}/return");
    let returned = app
        .ops_post(
            &back,
            &json!({"reason": "compliance"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(returned.code(), 409, "{}", returned.text);
    let approve = format!("/ops/wires/{id}/approve");
    let approved = app
        .ops_post(&approve, &json!({}), Some(&finance.token))
        .await;
    assert_eq!(approved.code(), 409, "{}", approved.text);
    assert_eq!(bank_minor(&app, &uid).await, 25_000);
    assert_eq!(audited(&app, "wire.assign"), 1);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn a_wire_above_the_threshold_waits_for_a_second_finance_operator() {
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let first = app.operator("fin1@example.com", &[Role::Finance]).await;
    let second = app.operator("fin2@example.com", &[Role::Finance]).await;
    let body = wire("10000.01", "BANK-3", &memo);
    let receipt = app.ops_post("/ops/wires", &body, Some(&first.token)).await;
    let receipt = receipt.assert_ok().clone();
    assert_eq!(receipt["status"], "pending_approval");
    assert_eq!(bank_minor(&app, &uid).await, 0);
    assert_eq!(suspense_minor(&app).await, 1_000_001);
    assert_ledger_sound(&app).await;

    let id = receipt["id"].as_str().unwrap();
    let approve = format!("/ops/wires/{id}/approve");
    let own = app.ops_post(&approve, &json!({}), Some(&first.token)).await;
    assert_eq!(own.code(), 403, "{}", own.text);
    let approved = app
        .ops_post(&approve, &json!({}), Some(&second.token))
        .await;
    let approved = approved.assert_ok();
    assert_eq!(approved["status"], "credited");
    assert_eq!(approved["approvedBy"], "fin2@example.com");
    assert_eq!(bank_minor(&app, &uid).await, 1_000_001);
    assert_eq!(suspense_minor(&app).await, 0);
    let unknown = app
        .ops_post(
            "/ops/wires/no-such-wire/approve",
            &json!({}),
            Some(&second.token),
        )
        .await;
    assert_eq!(unknown.code(), 404, "{}", unknown.text);
    assert_eq!(audited(&app, "wire.approve"), 1);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn a_waiting_wire_is_returned_to_the_senders_bank_with_a_reason() {
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let body = wire("20000.00", "BANK-4", &memo);
    let receipt = app
        .ops_post("/ops/wires", &body, Some(&finance.token))
        .await;
    let id = receipt.assert_ok()["id"].as_str().unwrap().to_owned();
    let back = format!("/ops/wires/{id}/return");
    let by_admin = app
        .ops_post(&back, &json!({"reason": "compliance"}), Some(&admin.token))
        .await;
    by_admin.assert_refused(403, FORBIDDEN);
    let no_reason = app
        .ops_post(&back, &json!({"reason": "because"}), Some(&finance.token))
        .await;
    assert_eq!(no_reason.code(), 102, "{}", no_reason.text);
    let returned = app
        .ops_post(
            &back,
            &json!({"reason": "name_mismatch"}),
            Some(&finance.token),
        )
        .await;
    let returned = returned.assert_ok();
    assert_eq!(returned["status"], "returned");
    assert_eq!(returned["returnReason"], "name_mismatch");
    assert_eq!(bank_minor(&app, &uid).await, 0);
    assert_eq!(suspense_minor(&app).await, 0);
    let again = app
        .ops_post(
            &back,
            &json!({"reason": "name_mismatch"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(again.code(), 409, "{}", again.text);
    let unknown = app
        .ops_post(
            "/ops/wires/no-such-wire/return",
            &json!({"reason": "compliance"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(unknown.code(), 404, "{}", unknown.text);
    assert_eq!(audited(&app, "wire.return"), 1);
    assert_ledger_sound(&app).await;
}

#[actix_web::test]
async fn admin_credit_wire_writes_a_receipt_and_ledger_check_holds_the_suspense_to_the_wires() {
    let app = spawn_app().await;
    let (uid, memo) = user_with_memo(&app, "payee@example.com").await;
    let credit = |reference: &str| {
        app.fiscard(&[
            "admin",
            "credit-wire",
            "--memo",
            &memo,
            "--amount",
            "75.00",
            "--reference",
            reference,
        ])
    };
    let out = credit("BANK-CLI");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(credit("BANK-CLI").status.success());
    assert_eq!(bank_minor(&app, &uid).await, 7_500);
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let listed = app.ops_get("/ops/wires", Some(&finance.token)).await;
    let listed = listed.assert_ok();
    assert_eq!(listed["totalCount"], 1);
    assert_eq!(listed["list"][0]["status"], "credited");
    assert_eq!(listed["list"][0]["recordedBy"], "cli:cli-test");
    // The same reference recorded in the console: the receipt is there already, another memo.
    let body = wire("75.00", "BANK-CLI", "nobody");
    let reused = app
        .ops_post("/ops/wires", &body, Some(&finance.token))
        .await;
    assert_eq!(reused.code(), 409, "{}", reused.text);

    // A waiting wire keeps the suspense; money taken out of it behind the receipts' back shows.
    let parked = wire("40.00", "BANK-PARKED", "nobody");
    app.ops_post("/ops/wires", &parked, Some(&finance.token))
        .await
        .assert_ok();
    let check = app.fiscard(&["admin", "ledger-check"]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    app.db
        .write_blocking(|conn| {
            use diesel::prelude::*;
            use server::db::schema::wire_receipts;
            diesel::update(wire_receipts::table.filter(wire_receipts::reference.eq("BANK-PARKED")))
                .set(wire_receipts::status.eq("returned"))
                .execute(conn)
        })
        .unwrap();
    let check = app.fiscard(&["admin", "ledger-check"]);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(!check.status.success(), "{said}");
    assert!(
        said.contains("platform:wire_suspense:USD: holds 4000"),
        "{said}"
    );
    app.ledger_broken_on_purpose();
}
