//! Screening (DESIGN §7): a listed name holds the case at commit; importing a list screens
//! every approved user again, and each hit is an alert the operators see (`admin identity list`
//! and `show`, with the score per feature) until a later import no longer finds it.

use domain::review::Verification;
use serde_json::json;
use server::services::identity::Decision;

use crate::helpers::{PASSWORD, TestApp, spawn_app};
use crate::identity::{approved_company, basic_in_review, decide, post, step1};
use crate::uploads::{png, uploaded};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/screening-list.tsv");

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[actix_web::test]
async fn a_listed_name_holds_the_case_and_the_command_line_decides_it() {
    let app = spawn_app().await;
    let imported = stdout(&app.fiscard(&["admin", "screening", "import", FIXTURE]));
    assert!(imported.contains("imported 4 names"), "{imported}");

    // A listed person (name order and case differ), born the same day in the same country.
    let email = "listed@example.com";
    let token = app.register(email, PASSWORD).await;
    let image = uploaded(&app, &token, "passport.png", png(700)).await;
    let mut person = step1();
    person["firstName"] = json!("James");
    person["lastName"] = json!("Moriarty");
    person["birthday"] = json!("1965-04-01");
    post(&app, &token, "/user/info", &person).await.assert_ok();
    post(
        &app,
        &token,
        "/user/info",
        &json!({ "idCard": "X7654321", "backImg": image }),
    )
    .await
    .assert_ok();
    post(&app, &token, "/user/commit", &json!({}))
        .await
        .assert_ok();
    // Someone else, not on the list.
    basic_in_review(&app, "innocent@example.com").await;

    let queue = stdout(&app.fiscard(&["admin", "identity", "list"]));
    let held: Vec<&str> = queue.lines().filter(|l| l.contains("HELD")).collect();
    assert_eq!(held.len(), 1, "{queue}");
    assert!(held[0].starts_with(email), "{queue}");
    let shown = stdout(&app.fiscard(&[
        "admin",
        "identity",
        "show",
        "--email",
        email,
        "--verification",
        "basic",
    ]));
    assert!(shown.contains("SCREENING HITS"), "{shown}");
    assert!(shown.contains("\"nameScore\":1.0"), "{shown}");
    assert!(shown.contains("\"birthDateScore\":1.0") && shown.contains("MORIARTY, James"));

    let refused = app.fiscard(&[
        "admin",
        "identity",
        "reject",
        "--email",
        email,
        "--verification",
        "basic",
        "--item",
        "notAField|other|x",
    ]);
    assert!(
        !refused.status.success(),
        "an item must name a field of the form"
    );
    stdout(&app.fiscard(&[
        "admin",
        "identity",
        "reject",
        "--email",
        email,
        "--verification",
        "basic",
        "--item",
        "|screening_match|We cannot continue.\\nPlease contact support.|sanctions hit",
        "--final",
    ]));
    let me = app.user_self(&token).await;
    let rejection = &me.assert_ok()["rejections"][0];
    assert_eq!(rejection["kind"], "final");
    assert_eq!(
        rejection["items"][0]["message"],
        "We cannot continue.\nPlease contact support."
    );
    stdout(&app.fiscard(&[
        "admin",
        "identity",
        "approve",
        "--email",
        "innocent@example.com",
        "--verification",
        "basic",
    ]));
    assert!(stdout(&app.fiscard(&["admin", "identity", "list"])).contains("nothing is waiting"));
}

/// `admin identity show` of `email`'s `verification`.
fn show(app: &TestApp, email: &str, verification: &str) -> String {
    stdout(&app.fiscard(&[
        "admin",
        "identity",
        "show",
        "--email",
        email,
        "--verification",
        verification,
    ]))
}

/// A user whose basic identity (with `person`'s names) is approved.
async fn approved_person(app: &TestApp, email: &str, person: serde_json::Value) -> String {
    let token = app.register(email, PASSWORD).await;
    let image = uploaded(app, &token, "passport.png", png(800)).await;
    post(app, &token, "/user/info", &person).await.assert_ok();
    let step2 = json!({ "idCard": "X7654321", "backImg": image });
    post(app, &token, "/user/info", &step2).await.assert_ok();
    post(app, &token, "/user/commit", &json!({}))
        .await
        .assert_ok();
    decide(app, email, Verification::Basic, Decision::Approve).await;
    token
}

/// A company investor approved under `name`, registered in Hong Kong.
async fn approved_company_named(app: &TestApp, email: &str, name: &str) {
    approved_company(
        app,
        email,
        json!({ "companyName": name, "registerJurisdictions": ["HK"] }),
    )
    .await;
}

#[actix_web::test]
async fn importing_a_list_screens_every_approved_user_again() {
    let app = spawn_app().await;
    // Approved while no list named them.
    let mut listed = step1();
    listed["firstName"] = json!("James");
    listed["lastName"] = json!("Moriarty");
    listed["birthday"] = json!("1965-04-01");
    approved_person(&app, "listed-later@example.com", listed).await;
    // The same name, born another day in another country: not enough evidence.
    let mut namesake = step1();
    namesake["firstName"] = json!("James");
    namesake["lastName"] = json!("Moriarty");
    namesake["country"] = json!("US");
    approved_person(&app, "namesake@example.com", namesake).await;
    approved_company_named(&app, "harbour@example.com", "Crimson Harbour Trading Ltd").await;
    approved_person(&app, "innocent@example.com", step1()).await;
    // In review, not approved: screened at its own commit, before the list.
    basic_in_review(&app, "waiting@example.com").await;
    assert!(!show(&app, "listed-later@example.com", "basic").contains("SCREENING"));

    let imported = stdout(&app.fiscard(&["admin", "screening", "import", FIXTURE]));
    assert!(imported.contains("imported 4 names"), "{imported}");
    assert!(
        imported.contains("re-screened 4 approved users: 2 verifications with a hit"),
        "{imported}"
    );

    let queue = stdout(&app.fiscard(&["admin", "identity", "list"]));
    let alerts: Vec<&str> = queue.lines().filter(|l| l.contains("ALERT")).collect();
    assert_eq!(alerts.len(), 2, "{queue}");
    assert!(
        alerts[0].starts_with("harbour@example.com\tinvestor\tapproved"),
        "{queue}"
    );
    assert!(
        alerts[1].starts_with("listed-later@example.com\tbasic\tapproved"),
        "{queue}"
    );
    assert!(
        queue.contains("waiting@example.com\tbasic\tattempt 1"),
        "{queue}"
    );

    let person = show(&app, "listed-later@example.com", "basic");
    let alert = person
        .lines()
        .find(|l| l.starts_with("SCREENING ALERT"))
        .unwrap_or_else(|| panic!("{person}"));
    for feature in [
        "\"role\":\"person\"",
        "\"listed\":\"MORIARTY, James\"",
        "\"list\":\"sanctions-fixture\"",
        "\"nameScore\":1.0",
        "\"birthDateScore\":1.0",
        "\"countryScore\":1.0",
        "\"score\":1.0",
    ] {
        assert!(alert.contains(feature), "{feature} in {alert}");
    }
    let company = show(&app, "harbour@example.com", "investor");
    assert!(
        company.contains("\"role\":\"company\"") && company.contains("\"birthDateScore\":0.5"),
        "{company}"
    );
    assert!(!show(&app, "harbour@example.com", "basic").contains("SCREENING ALERT"));
    assert!(!show(&app, "namesake@example.com", "basic").contains("SCREENING ALERT"));
    let audit: i64 = {
        use diesel::prelude::*;
        use server::db::schema::audit_trail;
        app.db
            .write_blocking(|conn| {
                audit_trail::table
                    .filter(audit_trail::action.eq("screening_rescreen"))
                    .count()
                    .get_result(conn)
            })
            .expect("audit")
    };
    assert_eq!(audit, 1, "the re-screening is audited");

    // A new edition of the list without those names: their alerts go.
    let dir = tempfile::tempdir().expect("a folder");
    let edition = dir.path().join("list.tsv");
    std::fs::write(
        &edition,
        "Someone Else\t1980-01-01\tFR\tsanctions-fixture\n",
    )
    .expect("written");
    let edition = edition.to_string_lossy();
    let again = stdout(&app.fiscard(&["admin", "screening", "import", &edition]));
    assert!(
        again.contains("re-screened 4 approved users: 0 verifications with a hit"),
        "{again}"
    );
    let queue = stdout(&app.fiscard(&["admin", "identity", "list"]));
    assert!(!queue.contains("ALERT"), "{queue}");
    assert!(!show(&app, "listed-later@example.com", "basic").contains("SCREENING ALERT"));
}
