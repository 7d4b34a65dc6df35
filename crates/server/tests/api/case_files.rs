//! A case's documents on the command line: `admin identity show` lists each document field's
//! files, `admin identity file` decrypts one into a new file for the operator (the bytes the user
//! uploaded), refuses a reference that is not the user's upload and never replaces a file, and
//! every read is in the operators' audit log.

use diesel::prelude::*;
use serde_json::json;
use server::db::schema::{audit_trail, verification_attempts};

use crate::helpers::{PASSWORD, TestApp, spawn_app};
use crate::identity::basic_in_review;
use crate::uploads::{png, uploaded};

/// `admin identity file` of `email`'s basic identity document `field` (file `index`) into
/// `out`.
fn fetch(app: &TestApp, email: &str, field: &str, index: &str, out: &str) -> std::process::Output {
    app.fiscard(&[
        "admin",
        "identity",
        "file",
        "--email",
        email,
        "--verification",
        "basic",
        "--field",
        field,
        "--index",
        index,
        "--out",
        out,
    ])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The audit log's document reads: (operator, subject, detail).
fn file_reads(app: &TestApp) -> Vec<(String, String, String)> {
    app.db
        .write_blocking(|conn| {
            audit_trail::table
                .filter(audit_trail::action.eq("identity_file_read"))
                .select((
                    audit_trail::operator,
                    audit_trail::subject,
                    audit_trail::after,
                ))
                .load::<(String, String, Option<String>)>(conn)
        })
        .expect("the audit log")
        .into_iter()
        .map(|(operator, subject, after)| (operator, subject, after.unwrap_or_default()))
        .collect()
}

#[actix_web::test]
async fn an_operator_reads_a_case_document_as_it_was_uploaded_and_the_read_is_audited() {
    let app = spawn_app().await;
    let email = "case@example.com";
    // basic_in_review uploads png(4000) as passport.png for backImg.
    let (_, image) = basic_in_review(&app, email).await;

    let shown = app.fiscard(&[
        "admin",
        "identity",
        "show",
        "--email",
        email,
        "--verification",
        "basic",
    ]);
    assert!(shown.status.success(), "{shown:?}");
    let shown = text(&shown.stdout);
    assert!(shown.contains("document backImg:"), "{shown}");
    assert!(
        shown.contains(&format!("  1. {image}\t\"passport.png\"\tpng\t4000 bytes")),
        "{shown}"
    );

    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("passport.png");
    let out_text = out.to_string_lossy().into_owned();
    let fetched = fetch(&app, email, "backImg", "1", &out_text);
    assert!(fetched.status.success(), "{fetched:?}");
    assert_eq!(std::fs::read(&out).expect("written"), png(4000));
    let said = text(&fetched.stdout);
    assert!(
        said.contains(&image) && said.contains("\"passport.png\"") && said.contains("4000 bytes"),
        "{said}"
    );

    let reads = file_reads(&app);
    assert_eq!(reads.len(), 1, "{reads:?}");
    let (operator, subject, detail) = &reads[0];
    assert_eq!(operator, "cli:cli-test");
    assert_eq!(subject, &app.user_id(email).await);
    for part in [email, "basic #1", "backImg", image.as_str()] {
        assert!(detail.contains(part), "{part} in {detail}");
    }

    // An existing file is never replaced.
    std::fs::write(&out, b"the operator's own notes").expect("written");
    let again = fetch(&app, email, "backImg", "1", &out_text);
    assert!(!again.status.success(), "{again:?}");
    assert_eq!(
        std::fs::read(&out).expect("kept"),
        b"the operator's own notes"
    );

    // Neither a file the field does not have nor a field that holds no documents.
    let other = dir.path().join("other.png");
    let other_text = other.to_string_lossy().into_owned();
    for (field, index) in [("backImg", "2"), ("backImg", "0"), ("firstName", "1")] {
        let refused = fetch(&app, email, field, index, &other_text);
        assert!(!refused.status.success(), "{field} {index}: {refused:?}");
        assert!(!other.exists());
    }
    assert_eq!(file_reads(&app).len(), 1, "only reads are audited");
}

#[actix_web::test]
async fn another_users_reference_in_a_case_is_not_read() {
    let app = spawn_app().await;
    let email = "tampered@example.com";
    basic_in_review(&app, email).await;
    let stranger = app.register("stranger@example.com", PASSWORD).await;
    let theirs = uploaded(&app, &stranger, "theirs.png", png(5000)).await;
    // A case whose answers name someone else's upload (commits refuse that: this one was
    // altered in the database).
    let user_id = app.user_id(email).await;
    let data = json!({ "idCard": "X1234567", "backImg": theirs }).to_string();
    app.db
        .write_blocking(move |conn| {
            diesel::update(
                verification_attempts::table.filter(verification_attempts::user_id.eq(user_id)),
            )
            .set(verification_attempts::data.eq(data))
            .execute(conn)
        })
        .expect("altered");

    let shown = app.fiscard(&[
        "admin",
        "identity",
        "show",
        "--email",
        email,
        "--verification",
        "basic",
    ]);
    let shown = text(&shown.stdout);
    assert!(
        shown.contains(&format!("  1. {theirs}\tNOT AN UPLOAD OF THIS USER")),
        "{shown}"
    );
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("theirs.png");
    let refused = fetch(&app, email, "backImg", "1", &out.to_string_lossy());
    assert!(!refused.status.success(), "{refused:?}");
    assert!(
        text(&refused.stderr).contains("is not an upload of"),
        "{refused:?}"
    );
    assert!(!out.exists());
    assert!(file_reads(&app).is_empty());
}
