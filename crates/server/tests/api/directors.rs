//! A company investor's directors (`directorNames`): checked by the domain's name rule as the
//! draft is saved, kept with the answers, screened at commit beside the company (a listed
//! director holds the case) and again when a list is imported.

use domain::review::Verification;
use serde_json::{Value, json};
use server::services::identity::Decision;

use crate::helpers::{TestApp, spawn_app};
use crate::identity::{company_draft, decide, post};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/screening-list.tsv");

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn show_investor(app: &TestApp, email: &str) -> String {
    stdout(&app.fiscard(&[
        "admin",
        "identity",
        "show",
        "--email",
        email,
        "--verification",
        "investor",
    ]))
}

/// A user with an approved basic identity and the company draft saved with `directors`;
/// answers the token.
async fn company_with_directors(app: &TestApp, email: &str, directors: Value) -> String {
    company_draft(app, email, json!({ "directorNames": directors })).await
}

#[actix_web::test]
async fn directors_names_follow_the_name_rule_and_are_kept_with_the_answers() {
    let app = spawn_app().await;
    let email = "directors@example.com";
    let token = company_with_directors(&app, email, json!(["Ada Lovelace"])).await;
    for (names, code, index) in [
        (
            json!(["Ada Lovelace", "R2D2"]),
            "name_invalid_characters",
            "1",
        ),
        (json!(["陳大文"]), "name_needs_latin", "0"),
        (json!(["Ada Lovelace", " "]), "required_input", "1"),
    ] {
        let refused = post(
            &app,
            &token,
            "/user/identity/investor",
            &json!({ "directorNames": names }),
        )
        .await;
        assert_eq!(refused.code(), 102, "{}", refused.text);
        assert_eq!(refused.content()[0]["field"], "directorNames");
        assert_eq!(refused.content()[0]["code"], code);
        assert_eq!(refused.content()[0]["params"]["index"], index);
    }
    let many: Vec<String> = (b'A'..=b'U')
        .map(|letter| format!("Director {}", char::from(letter)))
        .collect();
    assert_eq!(many.len(), 21);
    let refused = post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ "directorNames": many }),
    )
    .await;
    assert_eq!(refused.content()[0]["code"], "director_names_too_many");
    assert_eq!(refused.content()[0]["params"]["max"], "20");

    let names = json!(["Ada Lovelace", "陳大文 Chan Tai Man"]);
    post(
        &app,
        &token,
        "/user/identity/investor",
        &json!({ "directorNames": names }),
    )
    .await
    .assert_ok();
    let shown = app
        .get_api("/user/identity/investor", crate::helpers::EN, Some(&token))
        .await;
    assert_eq!(shown.assert_ok()["answers"]["directorNames"], names);
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let case = show_investor(&app, email);
    assert!(case.contains("陳大文 Chan Tai Man"), "{case}");
    assert!(!case.contains("SCREENING"), "{case}");
}

#[actix_web::test]
async fn a_listed_director_holds_the_company_case_at_commit() {
    let app = spawn_app().await;
    stdout(&app.fiscard(&["admin", "screening", "import", FIXTURE]));
    let email = "held-company@example.com";
    // The company is not listed; its second director is (the list's "Irene ADLER").
    let token = company_with_directors(&app, email, json!(["Ada Lovelace", "ADLER Irene"])).await;
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    let queue = stdout(&app.fiscard(&["admin", "identity", "list"]));
    let held: Vec<&str> = queue.lines().filter(|l| l.contains("HELD")).collect();
    assert_eq!(held.len(), 1, "{queue}");
    assert!(
        held[0].starts_with(&format!("{email}\tinvestor")),
        "{queue}"
    );
    let case = show_investor(&app, email);
    let hits = case
        .lines()
        .find(|l| l.starts_with("SCREENING HITS"))
        .unwrap_or_else(|| panic!("{case}"));
    for feature in [
        "\"role\":\"director\"",
        "\"subject\":\"ADLER Irene\"",
        "\"listed\":\"Irene ADLER\"",
        "\"list\":\"pep-fixture\"",
        "\"nameScore\":1.0",
        "\"birthDateScore\":0.5",
        "\"countryScore\":0.5",
        "\"score\":0.85",
    ] {
        assert!(hits.contains(feature), "{feature} in {hits}");
    }
    assert!(!hits.contains("Ada Lovelace"), "{hits}");
}

#[actix_web::test]
async fn importing_a_list_screens_approved_companies_directors_again() {
    let app = spawn_app().await;
    let email = "approved-company@example.com";
    let token = company_with_directors(&app, email, json!(["Vladimir Nemo"])).await;
    post(&app, &token, "/user/identity/commit", &json!({}))
        .await
        .assert_ok();
    decide(&app, email, Verification::Investor, Decision::Approve).await;
    assert!(!show_investor(&app, email).contains("SCREENING"));

    let imported = stdout(&app.fiscard(&["admin", "screening", "import", FIXTURE]));
    assert!(
        imported.contains("re-screened 1 approved users: 1 verifications with a hit"),
        "{imported}"
    );
    let case = show_investor(&app, email);
    let alert = case
        .lines()
        .find(|l| l.starts_with("SCREENING ALERT"))
        .unwrap_or_else(|| panic!("{case}"));
    assert!(
        alert.contains("\"role\":\"director\"") && alert.contains("\"listed\":\"Vladimir Nemo\""),
        "{alert}"
    );
}
