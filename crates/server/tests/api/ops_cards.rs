//! Cards in the console (finance) and `fiscard admin card`: freeze and unfreeze with a reason
//! from the catalogue (a note with `other`), by the card status machine (409 otherwise); the
//! holder sees the card frozen, cannot lift an operator's freeze, and reads what the operator
//! did in their security log (without the operator's address); each change audited with the
//! status before and after, alike from the console and the command line.

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::schema::audit_trail;
use server::services::operators::Role;

use crate::cards::{Holder, apply, cards_of, holder, with_pin};
use crate::helpers::{EN, TestApp, spawn_app};

const FORBIDDEN: &str = "Your operator roles do not allow this";

#[actix_web::test]
async fn a_finance_operator_freezes_a_card_for_a_reason_and_lifts_it() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let reviewer = app
        .operator("rev@example.com", &[Role::Reviewer, Role::Admin])
        .await;
    let freeze = format!("/ops/cards/{card}/freeze");
    let unfreeze = format!("/ops/cards/{card}/unfreeze");
    let fraud = json!({"reason": "suspected_fraud", "note": "Three declines in a minute"});
    app.ops_post(&freeze, &fraud, Some(&reviewer.token))
        .await
        .assert_refused(403, FORBIDDEN);
    app.ops_post(&freeze, &fraud, Some(&h.token))
        .await
        .assert_refused(101, "Login has expired");

    // The body's rules are the domain form's.
    let no_note = app
        .ops_post(&freeze, &json!({"reason": "other"}), Some(&finance.token))
        .await;
    assert_eq!(no_note.code(), 102, "{}", no_note.text);
    assert_eq!(
        (
            &no_note.content()[0]["field"],
            &no_note.content()[0]["code"]
        ),
        (&json!("note"), &json!("required_input"))
    );
    let odd = app
        .ops_post(&freeze, &json!({"reason": "boredom"}), Some(&finance.token))
        .await;
    assert_eq!(odd.content()[0]["code"], "option_invalid", "{}", odd.text);
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "normal");

    let frozen = app.ops_post(&freeze, &fraud, Some(&finance.token)).await;
    let frozen = frozen.assert_ok().clone();
    assert_eq!(frozen["status"], "frozen");
    assert_eq!(frozen["frozenReason"], "suspected_fraud");
    assert_eq!(frozen["cardKey"], json!(card));
    assert_eq!(frozen["last4"].as_str().unwrap().len(), 4);
    // The holder sees it frozen, as after `admin card freeze`.
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "frozen");
    // The machine refuses a second freeze: 409, nothing changes.
    let again = app.ops_post(&freeze, &fraud, Some(&finance.token)).await;
    assert_eq!(again.code(), 409, "{}", again.text);

    let lifted = app
        .ops_post(
            &unfreeze,
            &json!({"reason": "customer_request"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(lifted.assert_ok()["status"], "normal");
    assert_eq!(lifted.content()["frozenReason"], Value::Null);
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "normal");
    let twice = app
        .ops_post(
            &unfreeze,
            &json!({"reason": "compliance"}),
            Some(&finance.token),
        )
        .await;
    assert_eq!(twice.code(), 409, "{}", twice.text);
    let missing = app
        .ops_post(
            "/ops/cards/no-such-card/freeze",
            &fraud,
            Some(&finance.token),
        )
        .await;
    assert_eq!(missing.code(), 404, "{}", missing.text);

    let subject = format!("card:{card}");
    let entries: Vec<(String, Option<String>, Option<String>)> = app
        .db
        .write_blocking(move |conn| {
            audit_trail::table
                .filter(audit_trail::subject.eq(subject))
                .order(audit_trail::seq)
                .select((audit_trail::action, audit_trail::before, audit_trail::after))
                .load(conn)
        })
        .unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(actions, ["card.freeze", "card.unfreeze"]);
    let after: Value = serde_json::from_str(entries[0].2.as_deref().unwrap()).unwrap();
    assert_eq!(after["status"], "frozen");
    assert_eq!(after["reason"], "suspected_fraud");
    assert_eq!(after["note"], "Three declines in a minute");
    let before: Value = serde_json::from_str(entries[0].1.as_deref().unwrap()).unwrap();
    assert_eq!(before["status"], "normal");
}

#[actix_web::test]
async fn a_card_an_operator_froze_is_lifted_by_an_operator_not_by_its_holder() {
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    let body = json!({ "cardKey": card });
    let fraud = json!({"reason": "suspected_fraud"});
    app.ops_post(
        &format!("/ops/cards/{card}/freeze"),
        &fraud,
        Some(&finance.token),
    )
    .await
    .assert_ok();

    // Refused before any verification is asked for, and with it: the card stays frozen.
    for attempt in [body.clone(), with_pin(body.clone())] {
        app.post_json("/fiscard/unfreeze", &attempt, EN, Some(&h.token))
            .await
            .assert_refused(
                422,
                "This card was frozen by fiscard. Please contact support to unfreeze it.",
            );
    }
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "frozen");

    // Once an operator lifts it, the holder's own freeze is the holder's to lift.
    app.ops_post(
        &format!("/ops/cards/{card}/unfreeze"),
        &json!({"reason": "customer_request"}),
        Some(&finance.token),
    )
    .await
    .assert_ok();
    app.post_json("/fiscard/freeze", &body, EN, Some(&h.token))
        .await
        .assert_ok();
    app.post_json("/fiscard/unfreeze", &with_pin(body), EN, Some(&h.token))
        .await
        .assert_ok();
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "normal");
}

/// The holder's security log as their own API answers it (`user/security/events`), newest
/// first.
pub async fn own_security_log(app: &TestApp, token: &str) -> Vec<Value> {
    let answer = app
        .get_api("/user/security/events?pageSize=100", EN, Some(token))
        .await;
    answer.assert_ok()["list"].as_array().unwrap().clone()
}

/// The entries of `kind` in `log`.
pub fn of_kind<'a>(log: &'a [Value], kind: &str) -> Vec<&'a Value> {
    log.iter().filter(|e| e["kind"] == kind).collect()
}

/// Operators act from the same address as the holder here (127.0.0.1): what the operator did
/// carries no address at all, while the holder's own events keep theirs.
pub fn told_without_address(log: &[Value], kind: &str) {
    let entries = of_kind(log, kind);
    assert_eq!(entries.len(), 1, "{kind} in {log:?}");
    assert_eq!(
        (&entries[0]["ip"], &entries[0]["device"]),
        (&Value::Null, &Value::Null)
    );
    let own: Vec<&Value> = log
        .iter()
        .filter(|e| !e["kind"].as_str().unwrap().ends_with("_by_operator"))
        .collect();
    assert!(!own.is_empty());
    for e in own {
        assert_eq!(
            e["ip"], "127.0.0.1",
            "the holder's own events keep their address"
        );
    }
}

#[actix_web::test]
async fn the_holder_reads_that_an_operator_froze_and_lifted_the_card_without_the_operators_address()
{
    let app = spawn_app().await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let finance = app.operator("fin@example.com", &[Role::Finance]).await;
    app.ops_post(
        &format!("/ops/cards/{card}/freeze"),
        &json!({"reason": "compliance"}),
        Some(&finance.token),
    )
    .await
    .assert_ok();
    let log = own_security_log(&app, &h.token).await;
    assert_eq!(log[0]["kind"], "card_frozen_by_operator");
    told_without_address(&log, "card_frozen_by_operator");
    // Not the holder's own freeze.
    assert!(of_kind(&log, "card_frozen").is_empty());

    app.ops_post(
        &format!("/ops/cards/{card}/unfreeze"),
        &json!({"reason": "customer_request"}),
        Some(&finance.token),
    )
    .await
    .assert_ok();
    let log = own_security_log(&app, &h.token).await;
    assert_eq!(log[0]["kind"], "card_unfrozen_by_operator");
    told_without_address(&log, "card_unfrozen_by_operator");
    // A refused change tells the holder nothing.
    app.ops_post(
        &format!("/ops/cards/{card}/unfreeze"),
        &json!({"reason": "customer_request"}),
        Some(&finance.token),
    )
    .await;
    assert_eq!(own_security_log(&app, &h.token).await.len(), log.len());
}

/// `fiscard admin card …` with `args` on `card`; whether it succeeded, and what it printed.
fn card_command(app: &TestApp, action: &str, card: &str, args: &[&str]) -> (bool, String) {
    let mut all = vec!["admin", "card", action, "--card", card];
    all.extend_from_slice(args);
    let out = app.fiscard(&all);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

/// The audit entries of `card`: action, operator, IP and `after`.
fn card_audit(app: &TestApp, card: &str) -> Vec<(String, String, Option<String>, Value)> {
    let subject = format!("card:{card}");
    let rows: Vec<(String, String, Option<String>, Option<String>)> = app
        .db
        .write_blocking(move |conn| {
            audit_trail::table
                .filter(audit_trail::subject.eq(subject))
                .order(audit_trail::seq)
                .select((
                    audit_trail::action,
                    audit_trail::operator,
                    audit_trail::ip,
                    audit_trail::after,
                ))
                .load(conn)
        })
        .unwrap();
    rows.into_iter()
        .map(|(action, operator, ip, after)| {
            let after = serde_json::from_str(after.as_deref().unwrap()).unwrap();
            (action, operator, ip, after)
        })
        .collect()
}

#[actix_web::test]
async fn admin_card_freeze_takes_a_reason_and_its_holder_cannot_lift_it() {
    let app = spawn_app().await;
    let h: Holder = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;

    // No reason, a reason outside the catalogue, `other` without a note: refused, nothing done.
    let (ok, said) = card_command(&app, "freeze", &card, &[]);
    assert!(!ok && said.contains("--reason"), "{said}");
    let (ok, said) = card_command(&app, "freeze", &card, &["--reason", "boredom"]);
    assert!(
        !ok && said.contains("suspected_fraud, customer_request"),
        "{said}"
    );
    let (ok, said) = card_command(&app, "freeze", &card, &["--reason", "other"]);
    assert!(!ok && said.contains("--note"), "{said}");
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "normal");
    assert!(card_audit(&app, &card).is_empty());

    let why = ["--reason", "suspected_fraud", "--note", "Chargebacks"];
    let (ok, said) = card_command(&app, "freeze", &card, &why);
    assert!(ok && said.contains("is now frozen"), "{said}");
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "frozen");
    // The holder cannot lift it, as after the console's freeze.
    let body = json!({ "cardKey": card });
    app.post_json("/fiscard/unfreeze", &with_pin(body), EN, Some(&h.token))
        .await
        .assert_refused(
            422,
            "This card was frozen by fiscard. Please contact support to unfreeze it.",
        );
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "frozen");
    told_without_address(
        &own_security_log(&app, &h.token).await,
        "card_frozen_by_operator",
    );
    // The console's audit entry, the operator being the command line's.
    let (action, operator, ip, after) = card_audit(&app, &card).remove(0);
    assert_eq!(
        (action.as_str(), operator.as_str(), ip),
        ("card.freeze", "cli:cli-test", None)
    );
    assert_eq!(
        (&after["status"], &after["frozenReason"], &after["note"]),
        (
            &json!("frozen"),
            &json!("suspected_fraud"),
            &json!("Chargebacks")
        )
    );
    // A second freeze is refused by the status machine.
    let (ok, said) = card_command(&app, "freeze", &card, &why);
    assert!(!ok && said.contains("cannot be frozen"), "{said}");

    let (ok, _) = card_command(&app, "unfreeze", &card, &[]);
    assert!(!ok, "an unfreeze also says why");
    let lift = ["--reason", "customer_request"];
    let (ok, said) = card_command(&app, "unfreeze", &card, &lift);
    assert!(ok && said.contains("is now normal"), "{said}");
    assert_eq!(cards_of(&app, &h).await[0]["cardStatus"], "normal");
    told_without_address(
        &own_security_log(&app, &h.token).await,
        "card_unfrozen_by_operator",
    );
    let actions: Vec<String> = card_audit(&app, &card).into_iter().map(|e| e.0).collect();
    assert_eq!(actions, ["card.freeze", "card.unfreeze"]);
    let (ok, said) = card_command(&app, "freeze", "no-such-card", &why);
    assert!(!ok && said.contains("there is no card"), "{said}");
}
