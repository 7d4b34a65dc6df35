//! The finance operator's side of USD withdrawals (`fiscard admin withdrawal …`): the review
//! queue, approving and rejecting, sending with the bank's reference, the bank's confirmation,
//! a returned payout. The user sees each state and is mailed when money leaves or comes back;
//! every step is audited; `admin ledger-check` passes after each.

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::schema::audit_trail;

use crate::cards::bank_balance;
use crate::helpers::{EN, TestApp, spawn_app, spawn_app_with, without_messages};
use crate::withdrawals::{listed, ready, terms, withdraw};

/// Runs `fiscard admin withdrawal <args>`: its standard output, or its error when it failed.
fn admin(app: &TestApp, args: &[&str]) -> Result<String, String> {
    let mut all = vec!["admin", "withdrawal"];
    all.extend_from_slice(args);
    let output = app.fiscard(&all);
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn ledger_check_passes(app: &TestApp) {
    let output = app.fiscard(&["admin", "ledger-check"]);
    assert!(output.status.success(), "{output:?}");
}

fn id_of(item: &Value) -> String {
    item["id"].as_str().expect("an id").to_owned()
}

#[actix_web::test]
async fn an_operator_sends_it_and_the_bank_confirms_it() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let id = id_of(withdraw(&app, &h, &account, "100").await.assert_ok());
    let queue = admin(&app, &["list", "--status", "approved"]).unwrap();
    assert!(queue.contains(&id) && queue.contains("89.90"), "{queue}");

    let sent = admin(&app, &["send", &id, "--reference", "FED-20261124-0001"]).unwrap();
    assert!(sent.contains("is now sent"), "{sent}");
    let mail = app.next_mail("ada@example.com").await;
    assert_eq!(mail.subject, "Your withdrawal of 100.00 USD is on its way");
    assert!(
        mail.body.contains("We sent 89.90 USD") && mail.body.contains("FED-20261124-0001"),
        "{}",
        mail.body
    );
    let item = &listed(&app, &h).await[0];
    assert_eq!(
        (
            &item["status"],
            &item["bankReference"],
            &item["cancellable"]
        ),
        (&json!("sent"), &json!("FED-20261124-0001"), &json!(false))
    );
    let cancel = format!("/fund/investor/withdrawal/cancel/{id}");
    let refused = app.post_json(&cancel, &json!({}), EN, Some(&h.token)).await;
    assert_eq!(refused.code(), 422, "{}", refused.text);
    assert_eq!(
        refused.message(),
        "This withdrawal has been sent and can no longer be cancelled"
    );
    ledger_check_passes(&app);

    admin(&app, &["complete", &id]).unwrap();
    assert_eq!(listed(&app, &h).await[0]["status"], "completed");
    // A completed payout lifts the first-payout cap.
    assert_eq!(
        terms(&app, &h).await["destinations"][0]["capLeft"],
        Value::Null
    );
    assert_eq!(bank_balance(&app, &h).await, "900.00");
    // The same step again changes nothing.
    let again = admin(&app, &["complete", &id]).unwrap_err();
    assert!(
        again.contains("is completed: that step does not follow"),
        "{again}"
    );
    ledger_check_passes(&app);
    let audited = audit_actions(&app, &id).await;
    assert_eq!(audited, ["withdrawal_send", "withdrawal_complete"]);
}

async fn audit_actions(app: &TestApp, subject: &str) -> Vec<String> {
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

#[actix_web::test]
async fn a_large_withdrawal_waits_for_review_and_a_rejection_gives_it_back() {
    let app = spawn_app_with(&[("FISCARD_FIRST_PAYOUT_CAP_USD", "10000.00")]).await;
    let (h, account) = ready(&app, "ada@example.com", 500_000).await;
    let answer = withdraw(&app, &h, &account, "2000").await;
    let item = answer.assert_ok().clone();
    assert_eq!(
        answer.message(),
        "Withdrawal requested: it will be sent once approved"
    );
    assert_eq!(
        (&item["status"], &item["needsReview"]),
        (&json!("requested"), &json!(true))
    );
    let id = id_of(&item);
    let early = admin(&app, &["send", &id, "--reference", "X"]).unwrap_err();
    assert!(
        early.contains("is requested: that step does not follow"),
        "{early}"
    );
    assert!(
        admin(&app, &["list", "--status", "requested"])
            .unwrap()
            .contains(&id)
    );

    admin(&app, &["approve", &id]).unwrap();
    assert_eq!(listed(&app, &h).await[0]["status"], "approved");
    ledger_check_passes(&app);
    admin(&app, &["reject", &id, "--reason", "compliance"]).unwrap();
    let item = &listed(&app, &h).await[0];
    assert_eq!(
        (&item["status"], &item["reason"]),
        (&json!("rejected"), &json!("compliance"))
    );
    assert_eq!(bank_balance(&app, &h).await, "5000.00");
    let mail = app.next_mail("ada@example.com").await;
    assert_eq!(
        mail.subject,
        "Your withdrawal of 2000.00 USD was not approved"
    );
    assert!(
        mail.body.contains("It did not pass our compliance review"),
        "{}",
        mail.body
    );
    let unknown = admin(&app, &["reject", &id, "--reason", "because"]).unwrap_err();
    assert!(unknown.contains("unknown reason"), "{unknown}");
    assert_eq!(
        audit_actions(&app, &id).await,
        ["withdrawal_approve", "withdrawal_reject"]
    );
}

#[actix_web::test]
async fn a_returned_payout_restores_the_balance_and_blocks_the_account() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let id = id_of(withdraw(&app, &h, &account, "100").await.assert_ok());
    admin(&app, &["send", &id, "--reference", "FED-1"]).unwrap();
    admin(&app, &["complete", &id]).unwrap();
    assert_eq!(bank_balance(&app, &h).await, "900.00");
    admin(&app, &["return", &id, "--reason", "account_closed"]).unwrap();
    // The whole amount, fee included, is back.
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
    let item = &listed(&app, &h).await[0];
    assert_eq!(
        (&item["status"], &item["reason"]),
        (&json!("returned"), &json!("account_closed"))
    );
    let saved = app
        .get_api("/fund/investor/bankAccount/select", EN, Some(&h.token))
        .await;
    assert_eq!(saved.assert_ok()["list"][0]["needsNewDetails"], true);
    let mail = app.mails_to("ada@example.com").pop().expect("a mail");
    assert_eq!(
        mail.subject,
        "Your withdrawal of 100.00 USD was returned by the bank"
    );

    let answer = withdraw(&app, &h, &account, "100").await;
    assert_eq!(
        without_messages(answer.content()),
        json!([{ "field": "bankAccountId", "code": "bank_account_needs_new_details", "params": {} }])
    );
    ledger_check_passes(&app);
}

#[actix_web::test]
async fn a_payout_returned_while_in_transit_restores_the_balance_too() {
    let app = spawn_app().await;
    let (h, account) = ready(&app, "ada@example.com", 100_000).await;
    let id = id_of(withdraw(&app, &h, &account, "100").await.assert_ok());
    admin(&app, &["send", &id, "--reference", "FED-2"]).unwrap();
    admin(&app, &["return", &id, "--reason", "invalid_account"]).unwrap();
    assert_eq!(bank_balance(&app, &h).await, "1000.00");
    let twice = admin(&app, &["return", &id, "--reason", "invalid_account"]).unwrap_err();
    assert!(twice.contains("is returned"), "{twice}");
    ledger_check_passes(&app);
}
