//! Saved bank accounts (`fund/investor/bankAccount/*`): behind the basic-identity gate (105) and
//! the trade step-up (103, 104); the domain's bank rules, case for case as the shared vectors
//! say; the holder is the verified name (the company's for a company investor), whatever the
//! body says; the cooling-off period and the first payout's cap come from the configuration;
//! the list is the user's own, newest first, paged; deleting is immediate and another user's id
//! answers as an unknown one.

use diesel::prelude::*;
use domain::forms::{BankAccountForm, NoContext};
use serde_json::{Value, json};
use server::db::schema::{bank_accounts, users};

use crate::cards::{Holder, PIN, holder};
use crate::helpers::{
    Answer, EN, PASSWORD, TestApp, domain_errors, flags, spawn_app, spawn_app_with,
    without_messages,
};
use crate::identity::approved_company;

const ADD: &str = "/fund/investor/bankAccount/add";
const HOUR_MS: i64 = 3_600_000;

/// A US account every rule accepts.
pub fn us_account() -> Value {
    json!({
        "nickname": "Chase checking",
        "bankCountry": "US",
        "bankName": "JPMorgan Chase Bank, N.A.",
        "bankAddress": "383 Madison Avenue, New York, NY 10179",
        "accountNumber": "123456789012",
        "swiftCode": "CHASUS33",
        "routingNumber": "021000021",
        "accountAddress": "1 Main Street, Springfield, IL 62701"
    })
}

/// A German account (IBAN) every rule accepts.
fn de_account() -> Value {
    json!({
        "nickname": "Girokonto",
        "bankCountry": "DE",
        "bankName": "Deutsche Bank AG",
        "bankAddress": "Taunusanlage 12, 60325 Frankfurt am Main",
        "accountNumber": "DE89 3704 0044 0532 0130 00",
        "swiftCode": "DEUTDEFF",
        "accountAddress": "Hauptstraße 1, 10115 Berlin"
    })
}

/// A card holder (identity approved, trade checks by PIN alone) whose verified name is set.
pub async fn saver(app: &TestApp, email: &str, first: &str, last: &str) -> Holder {
    let h = holder(app, email, 0).await;
    name(app, &h.uid, first, last).await;
    h
}

/// Sets the user's verified name (the tests' holders are approved without one).
pub async fn name(app: &TestApp, uid: &str, first: &str, last: &str) {
    let (uid, first, last) = (uid.to_owned(), first.to_owned(), last.to_owned());
    app.db
        .write(move |conn| {
            diesel::update(users::table.find(uid))
                .set((users::first_name.eq(first), users::last_name.eq(last)))
                .execute(conn)
                .map_err(Into::into)
        })
        .await
        .expect("the verified name");
}

fn with_pin(body: &Value) -> Value {
    let mut body = body.clone();
    body["securityPassword"] = json!(PIN);
    body
}

pub async fn add(app: &TestApp, h: &Holder, body: &Value) -> Answer {
    app.post_json(ADD, &with_pin(body), EN, Some(&h.token))
        .await
}

async fn list(app: &TestApp, h: &Holder, query: &str) -> Value {
    let path = format!("/fund/investor/bankAccount/select{query}");
    app.get_api(&path, EN, Some(&h.token))
        .await
        .assert_ok()
        .clone()
}

async fn delete(app: &TestApp, token: &str, id: &str, body: &Value) -> Answer {
    let path = format!("/fund/investor/bankAccount/delete/{id}");
    app.post_json(&path, body, EN, Some(token)).await
}

/// Every account row of the user, deleted ones too.
async fn rows(app: &TestApp, uid: &str) -> Vec<(String, Option<i64>)> {
    let uid = uid.to_owned();
    app.db
        .read(move |conn| {
            Ok(bank_accounts::table
                .filter(bank_accounts::user_id.eq(uid))
                .order(bank_accounts::created_at)
                .select((bank_accounts::id, bank_accounts::deleted_at))
                .load(conn)?)
        })
        .await
        .expect("the rows")
}

#[actix_web::test]
async fn saving_needs_an_approved_basic_identity() {
    let app = spawn_app().await;
    let email = "new@example.com";
    let token = app.register(email, PASSWORD).await;
    let answer = app.post_json(ADD, &us_account(), EN, Some(&token)).await;
    assert_eq!(answer.code(), 105, "{}", answer.text);
    let uid = app.user_id(email).await;
    assert!(rows(&app, &uid).await.is_empty());
}

#[actix_web::test]
async fn saving_asks_for_the_trade_factors_then_refuses_wrong_ones_then_saves() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let without = app.post_json(ADD, &us_account(), EN, Some(&h.token)).await;
    assert_eq!(
        (without.code(), without.content()),
        (103, &flags(false, false, true)),
        "{}",
        without.text
    );
    let mut wrong = us_account();
    wrong["securityPassword"] = json!("975310");
    let wrong = app.post_json(ADD, &wrong, EN, Some(&h.token)).await;
    assert_eq!(wrong.code(), 104, "{}", wrong.text);
    assert!(rows(&app, &h.uid).await.is_empty());

    let saved = add(&app, &h, &us_account()).await;
    let item = saved.assert_ok();
    assert_eq!(saved.message(), "The bank account has been saved");
    assert_eq!(item["accountName"], "Ada Lovelace");
    assert_eq!(item["nickname"], "Chase checking");
    assert_eq!(item["bankCountry"], "US");
    assert_eq!(item["accountNumber"], "****9012");
    assert_eq!(item["swiftCode"], "CHASUS33");
    assert_eq!(item["routingNumber"], "021000021");
    assert_eq!(item["createdAt"], app.clock.now_ms());
    assert_eq!(item["usableFrom"], app.clock.now_ms() + 24 * HOUR_MS);
    assert_eq!(item["firstPayoutCap"], "1000.00");
    assert_eq!(item["needsNewDetails"], false);
    assert_eq!(list(&app, &h, "").await["list"], json!([item]));
    let events = app.security_events(Some(&h.uid)).await;
    assert_eq!(
        events.last().map(String::as_str),
        Some("bank_account_added")
    );
}

#[actix_web::test]
async fn the_holder_is_the_verified_name_whatever_the_body_says() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let mut body = de_account();
    body["accountName"] = json!("Somebody Else");
    body["accountHolder"] = json!("Somebody Else");
    let item = add(&app, &h, &body).await.assert_ok().clone();
    assert_eq!(item["accountName"], "Ada Lovelace");
    // Outside the US a routing number is not kept; the IBAN is kept without its spaces.
    assert_eq!(item["routingNumber"], Value::Null);
    assert_eq!(item["accountNumber"], "****3000");
    let uid = h.uid.clone();
    let stored: String = app
        .db
        .read(move |conn| {
            Ok(bank_accounts::table
                .filter(bank_accounts::user_id.eq(uid))
                .select(bank_accounts::account_number)
                .first(conn)?)
        })
        .await
        .unwrap();
    assert_eq!(stored, "DE89370400440532013000");
}

#[actix_web::test]
async fn a_company_investor_saves_accounts_in_the_companys_name() {
    let app = spawn_app().await;
    let email = "company@example.com";
    let token = approved_company(&app, email, json!({})).await;
    // Trade checks by e-mail code alone (the default switches).
    let mut body = us_account();
    body["emailCaptcha"] = json!(app.verify_code(&token, email).await);
    let item = app.post_json(ADD, &body, EN, Some(&token)).await;
    assert_eq!(item.assert_ok()["accountName"], "Analytical Engines Ltd");
}

/// The shared vectors' bank-form cases (`tests/vectors/bank-account*.json`).
fn vector_cases() -> Vec<(String, Value, Value)> {
    let mut cases = Vec::new();
    for file in ["bank-account.json", "bank-account-iban.json"] {
        let path = format!("{}/../../tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
        let file: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("vectors"))
            .expect("vectors are JSON");
        assert_eq!(file["form"], "bankAccount");
        for case in file["cases"].as_array().expect("cases") {
            if case["input"].is_object() {
                cases.push((
                    case["name"].as_str().expect("name").to_owned(),
                    case["input"].clone(),
                    case["expect"].clone(),
                ));
            }
        }
    }
    cases
}

#[actix_web::test]
async fn every_bank_rule_holds_as_the_shared_vectors_say() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (mut saved, mut refused) = (0, 0);
    for (name, input, expect) in vector_cases() {
        assert_eq!(
            domain_errors::<BankAccountForm>(&input, &NoContext),
            expect,
            "{name}: the domain"
        );
        let answer = add(&app, &h, &input).await;
        if expect.as_array().is_some_and(Vec::is_empty) {
            answer.assert_ok();
            saved += 1;
        } else {
            assert_eq!(answer.code(), 102, "{name}: {}", answer.text);
            assert_eq!(without_messages(answer.content()), expect, "{name}");
            refused += 1;
        }
    }
    // ABA only for US banks, BICs, IBANs by country: both kinds of case are there.
    assert!(
        saved >= 20 && refused >= 40,
        "{saved} saved, {refused} refused"
    );
    let total = list(&app, &h, "?pageSize=1").await["totalCount"].clone();
    assert_eq!(total, saved);
}

#[actix_web::test]
async fn the_list_is_the_users_own_newest_first_and_paged() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let other = saver(&app, "bob@example.com", "Bob", "Builder").await;
    let mut ids = Vec::new();
    for nickname in ["first", "second", "third"] {
        let mut body = us_account();
        body["nickname"] = json!(nickname);
        ids.push(add(&app, &h, &body).await.assert_ok()["id"].clone());
        app.advance_ms(1000);
    }
    add(&app, &other, &de_account()).await.assert_ok();
    let page1 = list(&app, &h, "?pageID=1&pageSize=2").await;
    assert_eq!(page1["totalCount"], 3);
    assert_eq!(page1["totalPage"], 2);
    let shown: Vec<&Value> = page1["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|a| &a["id"])
        .collect();
    assert_eq!(shown, [&ids[2], &ids[1]]);
    let page2 = list(&app, &h, "?pageID=2&pageSize=2").await;
    assert_eq!(page2["list"][0]["id"], ids[0]);
    assert_eq!(page2["list"][0]["nickname"], "first");
    assert_eq!(page2["list"].as_array().map(Vec::len), Some(1));
    let theirs = list(&app, &other, "").await;
    assert_eq!(theirs["totalCount"], 1);
    assert_eq!(theirs["list"][0]["accountName"], "Bob Builder");
}

#[actix_web::test]
async fn the_cooling_off_period_and_the_first_payout_cap_are_configured() {
    let app = spawn_app_with(&[
        ("FISCARD_BANK_ACCOUNT_COOLING_OFF_HOURS", "48"),
        ("FISCARD_FIRST_PAYOUT_CAP_USD", "250.5"),
    ])
    .await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let item = add(&app, &h, &us_account()).await.assert_ok().clone();
    assert_eq!(item["usableFrom"], app.clock.now_ms() + 48 * HOUR_MS);
    assert_eq!(item["firstPayoutCap"], "250.50");
    assert_eq!(
        list(&app, &h, "").await["list"][0]["usableFrom"],
        item["usableFrom"]
    );
}

#[actix_web::test]
async fn deleting_needs_the_trade_factors_and_is_immediate() {
    let app = spawn_app().await;
    let h = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let kept = add(&app, &h, &de_account()).await.assert_ok()["id"].clone();
    let id = add(&app, &h, &us_account()).await.assert_ok()["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let without = delete(&app, &h.token, &id, &json!({})).await;
    assert_eq!(
        (without.code(), without.content()),
        (103, &flags(false, false, true)),
        "{}",
        without.text
    );
    let wrong = delete(
        &app,
        &h.token,
        &id,
        &json!({ "securityPassword": "975310" }),
    )
    .await;
    assert_eq!(wrong.code(), 104, "{}", wrong.text);
    assert_eq!(list(&app, &h, "").await["totalCount"], 2);

    let done = delete(&app, &h.token, &id, &json!({ "securityPassword": PIN })).await;
    done.assert_ok();
    assert_eq!(done.message(), "The bank account has been deleted");
    let left = list(&app, &h, "").await;
    assert_eq!(left["totalCount"], 1);
    assert_eq!(left["list"][0]["id"], kept);
    // Kept for the audit, deleted at once.
    let stored = rows(&app, &h.uid).await;
    assert_eq!(stored.len(), 2);
    assert!(
        stored
            .iter()
            .any(|(i, at)| *i == id && *at == Some(app.clock.now_ms()))
    );
    // Gone: a second delete answers as for an unknown id.
    delete(&app, &h.token, &id, &json!({ "securityPassword": PIN }))
        .await
        .assert_refused(404, "There is no such bank account");
    let events = app.security_events(Some(&h.uid)).await;
    assert_eq!(
        events.last().map(String::as_str),
        Some("bank_account_deleted")
    );
}

#[actix_web::test]
async fn another_users_account_answers_as_an_unknown_one_and_is_not_deleted() {
    let app = spawn_app().await;
    let owner = saver(&app, "ada@example.com", "Ada", "Lovelace").await;
    let intruder = saver(&app, "eve@example.com", "Eve", "Intruder").await;
    let id = add(&app, &owner, &us_account()).await.assert_ok()["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let pin = json!({ "securityPassword": PIN });
    let theirs = delete(&app, &intruder.token, &id, &pin).await;
    let unknown = delete(
        &app,
        &intruder.token,
        "0193a1b2-0000-7000-8000-000000000000",
        &pin,
    )
    .await;
    assert_eq!(
        (theirs.code(), theirs.message(), theirs.content()),
        (unknown.code(), unknown.message(), unknown.content())
    );
    theirs.assert_refused(404, "There is no such bank account");
    assert_eq!(list(&app, &intruder, "").await["totalCount"], 0);
    assert_eq!(list(&app, &owner, "").await["list"][0]["id"], id.as_str());
    assert_eq!(rows(&app, &owner.uid).await, [(id, None)]);
}
