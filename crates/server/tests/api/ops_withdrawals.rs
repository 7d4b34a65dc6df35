//! Withdrawals in the console (finance): the queue oldest first, and approve / reject / send /
//! complete / return as `fiscard admin withdrawal …` takes them — a step off the status is
//! 409 and moves nothing, every step is audited, the user is mailed when their payout is sent,
//! rejected or returned, and `admin ledger-check` passes after each money move.

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::schema::audit_trail;
use server::services::operators::Role;

use crate::cards::bank_balance;
use crate::helpers::{TestApp, spawn_app_with};
use crate::ops_helpers::Operator;
use crate::wallet::ledger_check_passes;
use crate::withdrawals::{listed, ready, withdraw};

const FORBIDDEN: &str = "Your operator roles do not allow this";

/// A large withdrawal waiting for review: the app, its user's holder, its id and a finance
/// operator.
pub(crate) async fn in_review() -> (TestApp, crate::cards::Holder, String, Operator) {
    let app = spawn_app_with(&[("FISCARD_FIRST_PAYOUT_CAP_USD", "10000.00")]).await;
    let (h, account) = ready(&app, "ada@example.com", 500_000).await;
    let item = withdraw(&app, &h, &account, "2000")
        .await
        .assert_ok()
        .clone();
    assert_eq!(item["status"], "requested");
    let id = item["id"].as_str().unwrap().to_owned();
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    (app, h, id, finance)
}

pub(crate) async fn step(
    app: &TestApp,
    op: &Operator,
    id: &str,
    step: &str,
    body: &Value,
) -> crate::helpers::Answer {
    app.ops_post(
        &format!("/ops/withdrawals/{id}/{step}"),
        body,
        Some(&op.token),
    )
    .await
}

fn actions(app: &TestApp, subject: &str) -> Vec<String> {
    let subject = subject.to_owned();
    app.db
        .write_blocking(move |conn| {
            audit_trail::table
                .filter(audit_trail::subject.eq(subject))
                .order(audit_trail::seq)
                .select(audit_trail::action)
                .load(conn)
        })
        .unwrap()
}

#[actix_web::test]
async fn a_finance_operator_takes_a_withdrawal_from_review_to_the_bank_and_back() {
    let (app, h, id, finance) = in_review().await;
    let t = Some(finance.token.as_str());
    let queue = app.ops_get("/ops/withdrawals?status=requested", t).await;
    let queue = queue.assert_ok().clone();
    assert_eq!(queue["totalCount"], 1);
    let item = &queue["list"][0];
    assert_eq!(item["id"], json!(id));
    assert_eq!(item["user"]["email"], "ada@example.com");
    assert_eq!(
        (&item["amount"], &item["received"], &item["needsReview"]),
        (&json!("2000.00"), &json!("1988.00"), &json!(true))
    );
    assert!(
        item["account"]["accountNumber"]
            .as_str()
            .unwrap()
            .contains('*')
    );
    let unknown = app.ops_get("/ops/withdrawals?status=lost", t).await;
    assert_eq!(unknown.code(), 102, "{}", unknown.text);

    // Sending before approval does not follow: 409, nothing moves.
    let early = step(&app, &finance, &id, "send", &json!({"reference": "FED-1"})).await;
    assert_eq!(early.code(), 409, "{}", early.text);
    assert_eq!(listed(&app, &h).await[0]["status"], "requested");

    let approved = step(&app, &finance, &id, "approve", &json!({})).await;
    assert_eq!(approved.assert_ok()["status"], "approved");
    assert_eq!(approved.content()["approvedBy"], "fin@example.com");
    assert_eq!(
        step(&app, &finance, &id, "approve", &json!({}))
            .await
            .code(),
        409
    );
    ledger_check_passes(&app);

    let blank = step(&app, &finance, &id, "send", &json!({"reference": " "})).await;
    assert_eq!(blank.code(), 102, "{}", blank.text);
    assert_eq!(blank.content()[0]["field"], "reference");
    let sent = step(
        &app,
        &finance,
        &id,
        "send",
        &json!({"reference": " FED-1 "}),
    )
    .await;
    assert_eq!(sent.assert_ok()["status"], "sent");
    assert_eq!(sent.content()["bankReference"], "FED-1");
    let mail = app.next_mail("ada@example.com").await;
    assert!(mail.body.contains("FED-1"), "{}", mail.body);
    ledger_check_passes(&app);

    let completed = step(&app, &finance, &id, "complete", &json!({})).await;
    assert_eq!(completed.assert_ok()["status"], "completed");
    assert_eq!(bank_balance(&app, &h).await, "3000.00");
    ledger_check_passes(&app);

    let bad = step(&app, &finance, &id, "return", &json!({"reason": "whim"})).await;
    assert_eq!(bad.code(), 102, "{}", bad.text);
    let returned = step(
        &app,
        &finance,
        &id,
        "return",
        &json!({"reason": "account_closed"}),
    )
    .await;
    assert_eq!(returned.assert_ok()["status"], "returned");
    assert_eq!(returned.content()["reason"], "account_closed");
    // The whole amount, fee included, is back.
    assert_eq!(bank_balance(&app, &h).await, "5000.00");
    app.next_mail("ada@example.com").await;
    ledger_check_passes(&app);

    assert_eq!(
        actions(&app, &format!("withdrawal:{id}")),
        [
            "withdrawal.approve",
            "withdrawal.send",
            "withdrawal.complete",
            "withdrawal.return"
        ]
    );
    assert_eq!(actions(&app, "withdrawals:requested"), ["withdrawal.list"]);
    let missing = step(&app, &finance, "no-such-id", "approve", &json!({})).await;
    assert_eq!(missing.code(), 404, "{}", missing.text);
}

#[actix_web::test]
async fn a_rejection_gives_the_money_back_and_needs_the_finance_role() {
    let (app, h, id, finance) = in_review().await;
    let admin = app
        .operator("admin@example.com", &[Role::Admin, Role::Reviewer])
        .await;
    for (name, body) in [
        ("approve", json!({})),
        ("reject", json!({"reason": "compliance"})),
        ("send", json!({"reference": "R"})),
        ("complete", json!({})),
        ("return", json!({"reason": "compliance"})),
    ] {
        step(&app, &admin, &id, name, &body)
            .await
            .assert_refused(403, FORBIDDEN);
    }
    app.ops_get("/ops/withdrawals", Some(&admin.token))
        .await
        .assert_refused(403, FORBIDDEN);
    let user = app.ops_get("/ops/withdrawals", Some(&h.token)).await;
    assert_eq!(user.code(), 101, "{}", user.text);

    let missing = step(&app, &finance, &id, "reject", &json!({})).await;
    assert_eq!(missing.code(), 102, "{}", missing.text);
    assert_eq!(missing.content()[0]["code"], "required_choice");
    let rejected = step(
        &app,
        &finance,
        &id,
        "reject",
        &json!({"reason": "compliance"}),
    )
    .await;
    assert_eq!(rejected.assert_ok()["status"], "rejected");
    assert_eq!(bank_balance(&app, &h).await, "5000.00");
    let mail = app.next_mail("ada@example.com").await;
    assert!(!mail.body.is_empty());
    assert_eq!(
        step(&app, &finance, &id, "approve", &json!({}))
            .await
            .code(),
        409
    );
    assert_eq!(
        actions(&app, &format!("withdrawal:{id}")),
        ["withdrawal.reject"]
    );
    ledger_check_passes(&app);
}
