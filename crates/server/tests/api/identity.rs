//! Identity verification: basic identity (draft per step, commit), investor certification
//! (individual and company), the AML and QI questionnaires, their gates (105 then 106), the
//! operators' decisions (`admin identity approve|reject`), resubmission after a rejection,
//! concurrent commits (screening: `screening.rs`).

use domain::review::{RejectionKind, RejectionReason, Verification};
use serde_json::{Value, json};
use server::services::identity::Decision;

use crate::helpers::{Answer, EN, PASSWORD, TestApp, spawn_app};
use crate::uploads::{png, uploaded};

pub fn step1() -> Value {
    json!({
        "firstName": "Ada", "lastName": "Lovelace", "country": "GB", "birthday": "1990-12-10",
        "postcode": "W1", "province": "London", "city": "London", "address": "1 Main Street"
    })
}

pub async fn post(app: &TestApp, token: &str, path: &str, body: &Value) -> Answer {
    app.post_json(path, body, EN, Some(token)).await
}

/// An operator's decision from the command line; an investor certification's approval is
/// given by two operators (the two-person rule).
pub async fn decide(app: &TestApp, email: &str, verification: Verification, decision: Decision) {
    let operators: &[&str] = match (&decision, verification) {
        (Decision::Approve, Verification::Investor) => &["test-operator", "second-operator"],
        _ => &["test-operator"],
    };
    for operator in operators {
        server::admin_identity::decide(
            &app.db,
            app.clock.now_ms(),
            operator,
            email,
            verification,
            decision.clone(),
        )
        .await
        .expect("the decision is taken");
    }
}

pub fn reject(kind: RejectionKind, field: &str) -> Decision {
    Decision::Reject {
        kind,
        items: vec![(
            field.to_owned(),
            RejectionReason::DocumentUnreadable,
            "The photo is blurred.\nPlease take it again in daylight.".to_owned(),
            "glare over the MRZ".to_owned(),
        )],
    }
}

fn statuses(me: &Value) -> Value {
    json!([
        me["status"],
        me["investor"]["status"],
        me["aml"],
        me["qualify"]
    ])
}

/// A user with a committed basic identity draft (both steps saved); answers token and image.
pub async fn basic_in_review(app: &TestApp, email: &str) -> (String, String) {
    let token = app.register(email, PASSWORD).await;
    let image = uploaded(app, &token, "passport.png", png(4000)).await;
    post(app, &token, "/user/info", &step1()).await.assert_ok();
    let step2 = json!({ "idCard": "X1234567", "backImg": image, "idType": "PASSPORT" });
    post(app, &token, "/user/info", &step2).await.assert_ok();
    let committed = post(app, &token, "/user/commit", &json!({})).await;
    assert_eq!(committed.assert_ok()["status"], 2);
    assert_eq!(committed.assert_ok()["attempt"], 1);
    (token, image)
}

#[actix_web::test]
async fn basic_identity_goes_from_draft_to_review_to_approved() {
    let app = spawn_app().await;
    let email = "basic@example.com";
    let token = app.register(email, PASSWORD).await;
    assert_eq!(
        statuses(app.user_self(&token).await.assert_ok()),
        json!([0, 0, 0, 0])
    );
    // A step checks only what it sends.
    let saved = post(&app, &token, "/user/info", &step1()).await;
    assert_eq!(saved.assert_ok()["answers"]["idType"], "PASSPORT");
    let bad = post(
        &app,
        &token,
        "/user/info",
        &json!({ "birthday": "2030-01-01" }),
    )
    .await;
    assert_eq!(bad.code(), 102);
    assert_eq!(
        bad.content().as_array().map(Vec::len),
        Some(1),
        "{}",
        bad.text
    );
    assert_eq!(bad.content()[0]["field"], "birthday");
    // The commit checks the whole form: step 2 is missing.
    let incomplete = post(&app, &token, "/user/commit", &json!({})).await;
    assert_eq!(incomplete.code(), 102);
    let fields: Vec<&str> = incomplete
        .content()
        .as_array()
        .expect("errors")
        .iter()
        .filter_map(|e| e["field"].as_str())
        .collect();
    assert_eq!(fields, ["idCard", "backImg"]);

    let image = uploaded(&app, &token, "passport.png", png(4000)).await;
    post(
        &app,
        &token,
        "/user/info",
        &json!({ "idCard": "X1234567", "backImg": image }),
    )
    .await
    .assert_ok();
    post(&app, &token, "/user/commit", &json!({}))
        .await
        .assert_ok();
    let me = app.user_self(&token).await;
    assert_eq!(statuses(me.assert_ok()), json!([2, 0, 0, 0]));
    assert!(me.assert_ok().get("accountHolder").is_none());
    // In review: no more drafts or commits.
    assert_eq!(post(&app, &token, "/user/info", &step1()).await.code(), 409);
    assert_eq!(
        post(&app, &token, "/user/commit", &json!({})).await.code(),
        409
    );

    decide(&app, email, Verification::Basic, Decision::Approve).await;
    let me = app.user_self(&token).await;
    let me = me.assert_ok();
    assert_eq!(statuses(me), json!([1, 0, 0, 0]));
    assert_eq!(me["firstName"], "Ada");
    assert_eq!(me["country"], "GB");
    assert_eq!(me["accountHolder"], "Ada Lovelace");
    let audit: i64 = {
        use diesel::prelude::*;
        app.db
            .write_blocking(|conn| {
                server::db::schema::audit_trail::table
                    .filter(server::db::schema::audit_trail::action.eq("identity_approve"))
                    .count()
                    .get_result(conn)
            })
            .expect("audit")
    };
    assert_eq!(audit, 1, "the decision is audited");
}

#[actix_web::test]
async fn a_reference_in_a_form_must_be_the_users_own_upload() {
    let app = spawn_app().await;
    let other = app.register("other-ref@example.com", PASSWORD).await;
    let theirs = uploaded(&app, &other, "passport.png", png(500)).await;
    let token = app.register("ref@example.com", PASSWORD).await;
    for value in [theirs.as_str(), "0193a1b2-0000-7000-8000-000000000000.png"] {
        let answer = post(
            &app,
            &token,
            "/user/info",
            &json!({ "idCard": "X1234567", "backImg": value }),
        )
        .await;
        assert_eq!(answer.code(), 102, "{}", answer.text);
        assert_eq!(answer.content()[0]["field"], "backImg");
        assert_eq!(answer.content()[0]["code"], "file_not_owned");
    }
}

#[actix_web::test]
async fn concurrent_commits_create_one_attempt() {
    let app = spawn_app().await;
    let token = app.register("race-commit@example.com", PASSWORD).await;
    let image = uploaded(&app, &token, "passport.png", png(500)).await;
    post(&app, &token, "/user/info", &step1()).await.assert_ok();
    post(
        &app,
        &token,
        "/user/info",
        &json!({ "idCard": "X1234567", "backImg": image }),
    )
    .await
    .assert_ok();
    let empty = json!({});
    let commits = (0..6).map(|_| post(&app, &token, "/user/commit", &empty));
    let answers = futures_util::future::join_all(commits).await;
    let mut codes: Vec<i64> = answers.iter().map(Answer::code).collect();
    codes.sort_unstable();
    assert_eq!(codes, [200, 409, 409, 409, 409, 409]);
    let attempts: i64 = {
        use diesel::prelude::*;
        app.db
            .write_blocking(|conn| {
                server::db::schema::verification_attempts::table
                    .count()
                    .get_result(conn)
            })
            .expect("count")
    };
    assert_eq!(attempts, 1);
}

#[actix_web::test]
async fn a_rejected_document_must_change_before_the_identity_is_submitted_again() {
    let app = spawn_app().await;
    let email = "rejected@example.com";
    let (token, _) = basic_in_review(&app, email).await;
    decide(
        &app,
        email,
        Verification::Basic,
        reject(RejectionKind::Retry, "backImg"),
    )
    .await;
    let me = app.user_self(&token).await;
    let me = me.assert_ok();
    assert_eq!(me["status"], 3);
    assert_eq!(
        me["rejections"],
        json!([{
            "verification": "basic",
            "kind": "retry",
            "items": [{
                "field": "backImg",
                "reason": "document_unreadable",
                "message": "The photo is blurred.\nPlease take it again in daylight."
            }]
        }]),
        "the user sees the items, never the operators' note"
    );
    // The draft starts from the last attempt: committing it unchanged is refused.
    let unchanged = post(&app, &token, "/user/commit", &json!({})).await;
    assert_eq!(unchanged.code(), 102, "{}", unchanged.text);
    assert_eq!(unchanged.content()[0]["field"], "backImg");
    assert_eq!(unchanged.content()[0]["code"], "rejected_unchanged");
    // Changing only a field that was not rejected is not enough either.
    post(&app, &token, "/user/info", &json!({ "city": "Bath" }))
        .await
        .assert_ok();
    assert_eq!(
        post(&app, &token, "/user/commit", &json!({})).await.code(),
        102
    );
    let new_image = uploaded(&app, &token, "passport-again.png", png(4100)).await;
    post(&app, &token, "/user/info", &json!({ "backImg": new_image }))
        .await
        .assert_ok();
    let again = post(&app, &token, "/user/commit", &json!({})).await;
    assert_eq!(again.assert_ok()["attempt"], 2);

    decide(
        &app,
        email,
        Verification::Basic,
        reject(RejectionKind::Final, ""),
    )
    .await;
    let me = app.user_self(&token).await;
    assert_eq!(me.assert_ok()["rejections"][0]["kind"], "final");
    let refused = post(&app, &token, "/user/commit", &json!({})).await;
    assert_eq!(refused.code(), 422, "{}", refused.text);
}

#[actix_web::test]
async fn gates_open_in_order_105_then_106() {
    let app = spawn_app().await;
    let email = "gates@example.com";
    let token = app.register(email, PASSWORD).await;
    let investor = post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ "type": 0 }),
    )
    .await;
    assert_eq!(investor.code(), 105);
    assert_eq!(
        post(&app, &token, "/investor/aml", &json!({})).await.code(),
        106
    );
    assert_eq!(
        post(&app, &token, "/investor/qualify", &json!({}))
            .await
            .code(),
        106
    );
    assert_eq!(
        post(&app, &token, "/user/identity/commit", &json!({}))
            .await
            .code(),
        105
    );
}

/// A user with an approved basic identity and a company investor draft saved: nine uploaded
/// documents and [`company_fields`], with `more`'s fields laid over them. Answers the token.
pub async fn company_draft(app: &TestApp, email: &str, more: Value) -> String {
    let (token, _) = basic_in_review(app, email).await;
    decide(app, email, Verification::Basic, Decision::Approve).await;
    let mut documents = Vec::new();
    for i in 0..9 {
        documents.push(uploaded(app, &token, &format!("doc{i}.png"), png(300 + i)).await);
    }
    let mut company = company_fields(&documents);
    for (field, value) in more.as_object().expect("fields") {
        company[field] = value.clone();
    }
    post(app, &token, "/user/identity/investor", &company)
        .await
        .assert_ok();
    token
}

/// [`company_draft`] committed and approved by an operator: a certified company investor.
pub async fn approved_company(app: &TestApp, email: &str, more: Value) -> String {
    let token = company_draft(app, email, more).await;
    post(app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    decide(app, email, Verification::Investor, Decision::Approve).await;
    token
}

pub fn company_fields(documents: &[String]) -> Value {
    let mut body = json!({
        "type": 1, "companyName": "Analytical Engines Ltd", "companyId": "HK-1234567",
        "registerJurisdictions": ["HK", "GB"], "mainBusinessOperateCountry": ["HK", "SG", "US"],
        "businessProperty": "Software", "registerAddress": "1 Queen's Road, Hong Kong"
    });
    for (field, reference) in domain::forms::COMPANY_DOCUMENTS.iter().zip(documents) {
        body[*field] = json!(reference);
    }
    body
}

#[actix_web::test]
async fn a_company_investor_is_certified_then_answers_aml_and_qi() {
    let app = spawn_app().await;
    let email = "company@example.com";
    let (token, _) = basic_in_review(&app, email).await;
    decide(&app, email, Verification::Basic, Decision::Approve).await;
    let mut documents = Vec::new();
    for i in 0..9 {
        documents.push(uploaded(&app, &token, &format!("doc{i}.png"), png(300 + i)).await);
    }
    // Step by step: the type, the company, the documents.
    post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ "type": 1 }),
    )
    .await
    .assert_ok();
    let bad = post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ "registerJurisdictions": ["HK", "XX"] }),
    )
    .await;
    assert_eq!(bad.code(), 102);
    assert_eq!(bad.content()[0]["field"], "registerJurisdictions");
    let all = company_fields(&documents);
    post(&app, &token, "/user/identity/investor", &all)
        .await
        .assert_ok();
    let shown = app
        .get_api("/user/identity/investor", EN, Some(&token))
        .await;
    assert_eq!(shown.assert_ok()["type"], 1);
    assert_eq!(
        shown.assert_ok()["answers"]["mainBusinessOperateCountry"],
        json!(["HK", "SG", "US"])
    );
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    decide(&app, email, Verification::Investor, Decision::Approve).await;
    let me = app.user_self(&token).await;
    assert_eq!(me.assert_ok()["accountHolder"], "Analytical Engines Ltd");

    // A company answers no employment question, and only total assets in the QI.
    let aml = json!({
        "sourceOfFund": ["investmentIncome", "ownFund"], "purposeOfInvestment": ["assetPreservation"],
        "haveBeenPoliticallyExposedPerson": "neverPep", "productsToSubscribe": "platformNote",
        "plannedInvestmentAmount": "250000", "howToLearn": "preExistingRelationship"
    });
    let mut salary = aml.clone();
    salary["sourceOfFund"] = json!(["salary"]);
    let refused = post(&app, &token, "/investor/aml", &salary).await;
    assert_eq!(refused.code(), 102, "{}", refused.text);
    assert_eq!(refused.content()[0]["field"], "sourceOfFund");
    post(&app, &token, "/investor/aml", &aml).await.assert_ok();
    post(
        &app,
        &token,
        "/investor/qualify",
        &json!({ "totalAssets": "A1" }),
    )
    .await
    .assert_ok();
    assert_eq!(
        statuses(app.user_self(&token).await.assert_ok()),
        json!([1, 1, 2, 2])
    );
    let shown = app.get_api("/investor/aml", EN, Some(&token)).await;
    assert_eq!(
        shown.assert_ok()["answers"]["howToLearn"],
        "preExistingRelationship"
    );
    decide(&app, email, Verification::Aml, Decision::Approve).await;
    decide(&app, email, Verification::Qualify, Decision::Approve).await;
    assert_eq!(
        statuses(app.user_self(&token).await.assert_ok()),
        json!([1, 1, 1, 1])
    );
}

#[actix_web::test]
async fn eleven_files_in_one_document_field_are_refused() {
    let app = spawn_app().await;
    let email = "eleven@example.com";
    let (token, _) = basic_in_review(&app, email).await;
    decide(&app, email, Verification::Basic, Decision::Approve).await;
    let mut references = Vec::new();
    for i in 0..11 {
        references.push(uploaded(&app, &token, &format!("tax{i}.png"), png(200 + i)).await);
    }
    let body = |n: usize| json!({ "type": 0, "taxFormFile": references[..n].join(",") });
    let refused = post(&app, &token, "/user/identity/investor", &body(11)).await;
    assert_eq!(refused.code(), 102, "{}", refused.text);
    assert_eq!(refused.content()[0]["field"], "taxFormFile");
    assert_eq!(refused.content()[0]["code"], "file_too_many");
    post(&app, &token, "/user/identity/investor", &body(10))
        .await
        .assert_ok();
}
