//! A case's documents in the console (read inline, uncached, audited; the previous attempt's
//! beside them), and the command line as one of the two operators an investor certification
//! needs.

use domain::review::Verification;
use serde_json::json;
use server::services::identity::Decision;
use server::services::operators::Role;

use crate::helpers::spawn_app;
use crate::identity::{basic_in_review, company_draft, post};
use crate::ops_review::{audited, case_of, claim, decide_case, decision, show};
use crate::uploads::{png, uploaded};

#[actix_web::test]
async fn a_document_is_read_inline_without_caching_and_each_read_is_audited() {
    let app = spawn_app().await;
    let (_, image) = basic_in_review(&app, "user@example.com").await;
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &a.token, "user@example.com").await;
    let shown = show(&app, &a.token, &case).await;
    assert_eq!(audited(&app, "review.case.read"), 1);
    let back = shown["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["field"] == "backImg")
        .unwrap();
    assert_eq!(back["documents"][0]["reference"], image);
    let url = back["documents"][0]["url"].as_str().unwrap();
    let response = app
        .client
        .get(app.url(url))
        .header("Ops-Token", &a.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(header("content-type"), "image/png");
    assert!(header("content-disposition").starts_with("inline"));
    assert_eq!(header("cache-control"), "no-store");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(response.bytes().await.unwrap().to_vec(), png(4000));
    assert_eq!(audited(&app, "review.document.read"), 1);
    app.ops_get(
        &format!("/ops/review/cases/{case}/documents/someone-else.png"),
        Some(&a.token),
    )
    .await
    .assert_refused(404, "This document is not part of the case");
}

/// The bytes of the document at `url` (a case's listing), read as the operator `token`.
async fn read(app: &crate::helpers::TestApp, token: &str, url: &str) -> Vec<u8> {
    let response = app
        .client
        .get(app.url(url))
        .header("Ops-Token", token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{url}");
    response.bytes().await.unwrap().to_vec()
}

#[actix_web::test]
async fn a_resubmitted_case_lists_the_previous_attempts_documents_which_read_audited() {
    let app = spawn_app().await;
    let email = "company@example.com";
    let token = company_draft(&app, email, json!({})).await;
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let first = case_of(&app, &a.token, email).await;
    claim(&app, &a.token, &first).await.assert_ok();
    let document = domain::forms::COMPANY_DOCUMENTS[0];
    let shown = show(&app, &a.token, &first).await;
    assert!(
        shown["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["previousDocuments"] == json!([])),
        "a first attempt has no previous documents"
    );
    decide_case(&app, &a.token, &first, &decision(&shown, &[document]))
        .await
        .assert_ok();
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
    assert_ne!(case, first);
    let shown = show(&app, &a.token, &case).await;
    let items = shown["items"].as_array().unwrap();
    let item = items.iter().find(|i| i["field"] == document).unwrap();
    assert_eq!(item["changed"], true);
    assert_eq!(item["documents"][0]["reference"], fixed.as_str());
    let before = &item["previousDocuments"];
    assert_eq!(before.as_array().unwrap().len(), 1, "{before}");
    assert_eq!(before[0]["name"], "doc0.png");
    assert_eq!(before[0]["contentType"], "image/png");
    assert_eq!(before[0]["size"], 300);
    // Read as the previous attempt's document (its own case id), and audited.
    let url = before[0]["url"].as_str().unwrap();
    assert!(url.contains(&format!("/cases/{first}/documents/")), "{url}");
    let reads = audited(&app, "review.document.read");
    assert_eq!(read(&app, &a.token, url).await, png(300));
    assert_eq!(audited(&app, "review.document.read"), reads + 1);
    // An unchanged document item lists the same document before and now.
    let same = items
        .iter()
        .find(|i| i["field"] == domain::forms::COMPANY_DOCUMENTS[1])
        .unwrap();
    assert_eq!(same["changed"], false);
    assert_eq!(
        same["previousDocuments"][0]["reference"],
        same["documents"][0]["reference"]
    );
}

#[actix_web::test]
async fn the_command_line_counts_as_one_of_the_two_operators() {
    let app = spawn_app().await;
    let email = "company@example.com";
    let token = company_draft(&app, email, json!({})).await;
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let approve = || {
        server::admin_identity::decide(
            &app.db,
            app.clock.now_ms(),
            "cli:alice",
            email,
            Verification::Investor,
            Decision::Approve,
        )
    };
    let said = approve().await.unwrap();
    assert!(said.contains("a second operator must approve it"), "{said}");
    let err = approve().await.unwrap_err();
    assert!(
        err.to_string()
            .contains("a second operator must approve it"),
        "{err}"
    );
    assert_eq!(
        app.user_self(&token).await.assert_ok()["investor"]["status"],
        2
    );
    // The console's reviewer gives the second approval.
    let a = app.operator("a@example.com", &[Role::Reviewer]).await;
    let case = case_of(&app, &a.token, email).await;
    claim(&app, &a.token, &case).await.assert_ok();
    let shown = show(&app, &a.token, &case).await;
    assert_eq!(shown["firstDecision"]["operator"], "cli:alice");
    decide_case(&app, &a.token, &case, &decision(&shown, &[]))
        .await
        .assert_ok();
    assert_eq!(
        app.user_self(&token).await.assert_ok()["investor"]["status"],
        1
    );
}
