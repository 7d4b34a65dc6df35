//! The identity review in the console: the queue, claims (one winner), the case and its
//! documents (audited), item decisions, the two-person rule and no decision on one's own case.

use diesel::prelude::*;
use serde_json::{Value, json};
use server::db::schema::audit_trail;
use server::services::operators::Role;

use crate::helpers::{MINUTE_MS, PASSWORD, TestApp, spawn_app};
use crate::identity::{basic_in_review, company_draft, post};
use crate::uploads::{png, uploaded};

const FORBIDDEN: &str = "Your operator roles do not allow this";

/// The queue's cases (as listed) for `token`.
pub(crate) async fn queue(app: &TestApp, token: &str, filter: &str) -> Vec<Value> {
    let answer = app
        .ops_get(&format!("/ops/review/queue?{filter}"), Some(token))
        .await;
    answer.assert_ok()["list"].as_array().unwrap().clone()
}

/// The id of `email`'s case in the queue.
pub(crate) async fn case_of(app: &TestApp, token: &str, email: &str) -> String {
    queue(app, token, "")
        .await
        .iter()
        .find(|c| c["email"] == email)
        .unwrap_or_else(|| panic!("no case of {email}"))["caseId"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Every item of `case` approved, but `rejected` (with a reason and a message).
pub(crate) fn decision(case: &Value, rejected: &[&str]) -> Value {
    let items: Vec<Value> = case["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            let field = item["field"].as_str().unwrap();
            if rejected.contains(&field) {
                json!({"field": field, "decision": "reject", "reason": "document_unreadable",
                       "message": "The scan is blurred.\nPlease upload it again.", "note": "glare"})
            } else {
                json!({"field": field, "decision": "approve"})
            }
        })
        .collect();
    if rejected.is_empty() {
        json!({ "items": items })
    } else {
        json!({ "items": items, "kind": "retry" })
    }
}

pub(crate) async fn claim(app: &TestApp, token: &str, case: &str) -> crate::helpers::Answer {
    app.ops_post(
        &format!("/ops/review/cases/{case}/claim"),
        &json!({}),
        Some(token),
    )
    .await
}

pub(crate) async fn show(app: &TestApp, token: &str, case: &str) -> Value {
    let answer = app
        .ops_get(&format!("/ops/review/cases/{case}"), Some(token))
        .await;
    answer.assert_ok().clone()
}

pub(crate) async fn decide_case(
    app: &TestApp,
    token: &str,
    case: &str,
    body: &Value,
) -> crate::helpers::Answer {
    app.ops_post(
        &format!("/ops/review/cases/{case}/decision"),
        body,
        Some(token),
    )
    .await
}

pub(crate) fn audited(app: &TestApp, action: &str) -> i64 {
    let action = action.to_owned();
    app.db
        .write_blocking(move |conn| {
            audit_trail::table
                .filter(audit_trail::action.eq(action))
                .count()
                .get_result(conn)
        })
        .unwrap()
}

#[actix_web::test]
async fn the_queue_lists_cases_oldest_first_and_every_review_endpoint_needs_the_reviewer_role() {
    let app = spawn_app().await;
    basic_in_review(&app, "first@example.com").await;
    app.advance_ms(MINUTE_MS);
    basic_in_review(&app, "second@example.com").await;
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    let listed = queue(&app, &reviewer.token, "").await;
    let emails: Vec<&str> = listed
        .iter()
        .map(|c| c["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["first@example.com", "second@example.com"]);
    assert_eq!(listed[0]["verification"], "basic");
    assert_eq!(listed[0]["stage"], "review");
    assert_eq!(listed[0]["claim"], Value::Null);
    assert!(
        queue(&app, &reviewer.token, "verification=investor")
            .await
            .is_empty()
    );
    assert!(
        queue(&app, &reviewer.token, "stage=second_approval")
            .await
            .is_empty()
    );
    assert_eq!(
        queue(&app, &reviewer.token, "screening=clear").await.len(),
        2
    );
    assert!(
        queue(&app, &reviewer.token, "waitingHours=1")
            .await
            .is_empty()
    );

    let case = listed[0]["caseId"].as_str().unwrap().to_owned();
    let admin = app
        .operator("admin@example.com", &[Role::Admin, Role::Finance])
        .await;
    let t = Some(admin.token.as_str());
    for answer in [
        app.ops_get("/ops/review/queue", t).await,
        app.ops_get(&format!("/ops/review/cases/{case}"), t).await,
        app.ops_get(&format!("/ops/review/cases/{case}/documents/x"), t)
            .await,
        app.ops_post(&format!("/ops/review/cases/{case}/claim"), &json!({}), t)
            .await,
        app.ops_post(&format!("/ops/review/cases/{case}/release"), &json!({}), t)
            .await,
        app.ops_post(&format!("/ops/review/cases/{case}/decision"), &json!({}), t)
            .await,
    ] {
        answer.assert_refused(403, FORBIDDEN);
    }
    // A user's token is no operator's.
    let user = app.login("first@example.com", PASSWORD).await.token();
    app.ops_get("/ops/review/queue", Some(&user))
        .await
        .assert_refused(101, "Login has expired");
}

#[actix_web::test]
async fn a_claim_holds_the_case_for_15_minutes_against_other_reviewers() {
    let app = spawn_app().await;
    basic_in_review(&app, "user@example.com").await;
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let b = app.operator("b@example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &a.token, "user@example.com").await;
    let claimed = claim(&app, &a.token, &case).await;
    let expires = claimed.assert_ok()["expiresAt"].as_i64().unwrap();
    assert_eq!(expires, app.clock.now_ms() + 15 * MINUTE_MS);
    claim(&app, &b.token, &case)
        .await
        .assert_refused(409, "This case is claimed by a@example.com");
    assert_eq!(
        queue(&app, &b.token, "").await[0]["claim"]["operator"],
        "a@example.com"
    );
    // A decision needs the claim.
    let body = decision(&show(&app, &b.token, &case).await, &[]);
    decide_case(&app, &b.token, &case, &body)
        .await
        .assert_refused(409, "Claim the case before deciding it");
    // Released, it is free; expired, too.
    app.ops_post(
        &format!("/ops/review/cases/{case}/release"),
        &json!({}),
        Some(&a.token),
    )
    .await
    .assert_ok();
    claim(&app, &b.token, &case).await.assert_ok();
    app.advance_ms(16 * MINUTE_MS);
    let a_token = app.ops_login(&a.email, PASSWORD, &a.secret).await.token();
    claim(&app, &a_token, &case).await.assert_ok();
    assert_eq!(audited(&app, "review.claim"), 3);
}

#[actix_web::test]
async fn two_reviewers_claiming_one_case_at_once_one_wins() {
    let app = spawn_app().await;
    basic_in_review(&app, "user@example.com").await;
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let b = app.operator("b@example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &a.token, "user@example.com").await;
    for _ in 0..5 {
        let (first, second) =
            futures_util::join!(claim(&app, &a.token, &case), claim(&app, &b.token, &case));
        let mut codes = [first.code(), second.code()];
        codes.sort_unstable();
        assert_eq!(codes, [200, 409], "{} / {}", first.text, second.text);
        let winner = if first.code() == 200 {
            &a.token
        } else {
            &b.token
        };
        app.ops_post(
            &format!("/ops/review/cases/{case}/release"),
            &json!({}),
            Some(winner),
        )
        .await
        .assert_ok();
    }
}

#[actix_web::test]
async fn a_decision_must_decide_every_item_and_explain_each_rejection() {
    let app = spawn_app().await;
    basic_in_review(&app, "user@example.com").await;
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &a.token, "user@example.com").await;
    claim(&app, &a.token, &case).await.assert_ok();
    let shown = show(&app, &a.token, &case).await;
    let refused = decide_case(&app, &a.token, &case, &json!({"items": []})).await;
    assert_eq!(refused.code(), 102, "{}", refused.text);
    let mut body = decision(&shown, &["backImg"]);
    let back = body["items"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|i| i["field"] == "backImg")
        .unwrap();
    back["reason"] = Value::Null;
    back["message"] = json!("  ");
    body["kind"] = Value::Null;
    body["items"]
        .as_array_mut()
        .unwrap()
        .push(json!({"field": "notAField", "decision": "approve"}));
    let refused = decide_case(&app, &a.token, &case, &body).await;
    assert_eq!(refused.code(), 102, "{}", refused.text);
    let mut fields: Vec<String> = refused
        .content()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap().to_owned())
        .collect();
    fields.sort();
    let at = shown["items"]
        .as_array()
        .unwrap()
        .iter()
        .position(|i| i["field"] == "backImg")
        .unwrap();
    let last = shown["items"].as_array().unwrap().len();
    let mut expected = vec![
        format!("items[{at}].reason"),
        format!("items[{at}].message"),
        format!("items[{last}].field"),
        "kind".to_owned(),
    ];
    expected.sort();
    assert_eq!(fields, expected);
}

#[actix_web::test]
async fn nobody_decides_the_case_of_their_own_account() {
    let app = spawn_app().await;
    basic_in_review(&app, "self@example.com").await;
    let op = app.operator("Self@Example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &op.token, "self@example.com").await;
    claim(&app, &op.token, &case)
        .await
        .assert_refused(403, "You cannot decide the case of your own account");
}

#[actix_web::test]
async fn a_company_investor_is_rejected_on_one_document_fixed_and_approved_by_two_operators() {
    let app = spawn_app().await;
    let email = "company@example.com";
    let token = company_draft(&app, email, json!({})).await;
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let b = app
        .operator("b@example.com", &[Role::Reviewer, Role::Admin])
        .await;
    let cases = queue(&app, &a.token, "verification=investor").await;
    assert_eq!(cases[0]["investorType"], "COMPANY");
    let case = cases[0]["caseId"].as_str().unwrap().to_owned();
    claim(&app, &a.token, &case).await.assert_ok();
    let document = domain::forms::COMPANY_DOCUMENTS[0];
    let shown = show(&app, &a.token, &case).await;
    let rejected = decide_case(&app, &a.token, &case, &decision(&shown, &[document])).await;
    assert_eq!(rejected.assert_ok()["status"], "rejected");
    let me = app.user_self(&token).await;
    let items = &me.assert_ok()["rejections"][0]["items"];
    assert_eq!(items[0]["field"], document);
    assert_eq!(
        items[0]["message"],
        "The scan is blurred.\nPlease upload it again."
    );

    // The user uploads the document again and commits.
    let fixed = uploaded(&app, &token, "certificate.png", png(777)).await;
    post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ (document): fixed }),
    )
    .await
    .assert_ok();
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let case = case_of(&app, &a.token, email).await;
    claim(&app, &a.token, &case).await.assert_ok();
    let shown = show(&app, &a.token, &case).await;
    assert_eq!(shown["previous"]["items"][0]["field"], document);
    let changed: Vec<&str> = shown["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["changed"] == true)
        .map(|i| i["field"].as_str().unwrap())
        .collect();
    assert_eq!(changed, [document]);
    let first = decide_case(&app, &a.token, &case, &decision(&shown, &[])).await;
    let first = first.assert_ok();
    assert_eq!(
        (first["stage"].as_str(), first["status"].as_str()),
        (Some("second_approval"), Some("in_review"))
    );
    assert_eq!(
        app.user_self(&token).await.assert_ok()["investor"]["status"],
        2
    );
    assert_eq!(
        queue(&app, &b.token, "stage=second_approval").await[0]["firstReviewer"],
        "a@example.com"
    );
    // The first reviewer cannot give the second approval.
    claim(&app, &a.token, &case)
        .await
        .assert_refused(403, "The second approval must come from another operator");
    claim(&app, &b.token, &case).await.assert_ok();
    let second = decide_case(&app, &b.token, &case, &decision(&shown, &[])).await;
    assert_eq!(second.assert_ok()["status"], "approved");
    assert_eq!(
        app.user_self(&token).await.assert_ok()["investor"]["status"],
        1
    );
    assert_eq!(audited(&app, "review.approve"), 1);
    let verified = app.fiscard(&["admin", "audit", "verify"]);
    assert!(verified.status.success(), "{verified:?}");
}
