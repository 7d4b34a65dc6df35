//! The hash-chained audit trail and `fiscard admin audit verify`: an intact chain passes; an
//! edited, deleted or reordered entry fails, naming the first bad seq.

use diesel::prelude::*;
use server::db::schema::{audit_head, audit_trail};
use server::services::audit::{self, Entry};

use crate::helpers::{TestApp, spawn_app};

/// Appends `n` console-like entries.
fn append(app: &TestApp, n: usize) {
    app.db
        .write_blocking(|conn| {
            for i in 0..n {
                audit::append(
                    conn,
                    &Entry {
                        operator_id: Some("op-1"),
                        operator: "ops@example.com",
                        action: "review.claim",
                        subject: &format!("attempt:{i}"),
                        before: None,
                        after: Some(format!("{{\"n\":{i}}}")),
                        ip: Some("127.0.0.1"),
                    },
                    1_000 + i64::try_from(i).unwrap(),
                )?;
            }
            Ok(())
        })
        .expect("appended");
}

/// `admin audit verify`: (exit code, stdout).
fn verify(app: &TestApp) -> (i32, String) {
    let out = app.fiscard(&["admin", "audit", "verify"]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn edit(app: &TestApp, sql: &str) {
    let sql = sql.to_owned();
    app.db
        .write_blocking(move |conn| diesel::sql_query(sql).execute(conn))
        .expect("the database edited");
}

#[actix_web::test]
async fn an_intact_chain_verifies_and_counts_its_entries() {
    let app = spawn_app().await;
    assert_eq!(
        verify(&app),
        (0, "audit trail: 0 entries, chain intact\n".to_owned())
    );
    append(&app, 4);
    // A command-line action is chained too.
    let out = app.fiscard(&["admin", "create-operator", "first@example.com"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        verify(&app),
        (0, "audit trail: 5 entries, chain intact\n".to_owned())
    );
    let seqs: Vec<i64> = app
        .db
        .write_blocking(|conn| {
            audit_trail::table
                .order(audit_trail::seq)
                .select(audit_trail::seq)
                .load(conn)
        })
        .unwrap();
    assert_eq!(seqs, [1, 2, 3, 4, 5]);
}

#[actix_web::test]
async fn an_edited_entry_breaks_the_chain_at_its_seq() {
    let app = spawn_app().await;
    append(&app, 5);
    edit(
        &app,
        "UPDATE audit_trail SET \"after\" = '{\"n\":99}' WHERE seq = 3",
    );
    let (code, said) = verify(&app);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("chain broken at seq 3"), "{said}");
}

#[actix_web::test]
async fn an_edited_entry_with_its_hash_recomputed_still_breaks_the_chain() {
    let app = spawn_app().await;
    append(&app, 3);
    // The last entry rewritten with a hash of its own: the head no longer vouches for it.
    let row: audit::Row = app
        .db
        .write_blocking(|conn| {
            audit_trail::table
                .find(3_i64)
                .select(audit::Row::as_select())
                .first(conn)
        })
        .unwrap();
    let forged = audit::Row {
        subject: "attempt:forged".to_owned(),
        ..row.clone()
    };
    let hash = audit::hash_of(row.prev_hash.as_deref().unwrap(), &forged);
    app.db
        .write_blocking(move |conn| {
            diesel::update(audit_trail::table.find(3_i64))
                .set((
                    audit_trail::subject.eq("attempt:forged"),
                    audit_trail::hash.eq(hash),
                ))
                .execute(conn)
        })
        .unwrap();
    let (code, said) = verify(&app);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("chain broken at seq 3"), "{said}");
}

#[actix_web::test]
async fn a_deleted_entry_breaks_the_chain_at_its_seq() {
    let app = spawn_app().await;
    append(&app, 5);
    edit(&app, "DELETE FROM audit_trail WHERE seq = 2");
    let (code, said) = verify(&app);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("chain broken at seq 2"), "{said}");
}

#[actix_web::test]
async fn entries_deleted_at_the_end_break_the_chain() {
    let app = spawn_app().await;
    append(&app, 5);
    edit(&app, "DELETE FROM audit_trail WHERE seq >= 4");
    let (code, said) = verify(&app);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("chain broken at seq 4"), "{said}");
}

#[actix_web::test]
async fn entries_carried_over_from_the_old_log_are_chained_first() {
    let app = spawn_app().await;
    // As the migration leaves the old log: entries without hashes, the head unsealed.
    app.db
        .write_blocking(|conn| {
            for seq in 1..=2_i64 {
                diesel::insert_into(audit_trail::table)
                    .values((
                        audit_trail::seq.eq(seq),
                        audit_trail::id.eq(format!("old-{seq}")),
                        audit_trail::operator.eq("cli:root"),
                        audit_trail::action.eq("credit_wire"),
                        audit_trail::subject.eq("MEMO"),
                        audit_trail::after.eq("\"amount 100\""),
                        audit_trail::created_at.eq(seq),
                    ))
                    .execute(conn)?;
            }
            diesel::update(audit_head::table.find(1))
                .set((
                    audit_head::seq.eq(2_i64),
                    audit_head::hash.eq(None::<String>),
                ))
                .execute(conn)
        })
        .unwrap();
    append(&app, 1);
    assert_eq!(
        verify(&app),
        (0, "audit trail: 3 entries, chain intact\n".to_owned())
    );
    let first: Option<String> = app
        .db
        .write_blocking(|conn| {
            audit_trail::table
                .find(1_i64)
                .select(audit_trail::prev_hash)
                .first(conn)
        })
        .unwrap();
    assert_eq!(first.as_deref(), Some(audit::GENESIS));
}

#[actix_web::test]
async fn an_admin_lists_the_trail_newest_first_filtered() {
    use serde_json::json;
    use server::services::operators::Role;
    let app = spawn_app().await;
    append(&app, 3);
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let reviewer = app.operator("rev@example.com", &[Role::Reviewer]).await;
    app.ops_get("/ops/audit", Some(&reviewer.token))
        .await
        .assert_refused(403, "Your operator roles do not allow this");
    let all = app
        .ops_get("/ops/audit?pageSize=100", Some(&admin.token))
        .await;
    let all = all.assert_ok();
    let seqs: Vec<i64> = all["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    let mut newest_first = seqs.clone();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(seqs, newest_first);
    assert_eq!(all["totalCount"], json!(seqs.len()));
    // Three appended here, then the two enrolments.
    let claims = app
        .ops_get(
            "/ops/audit?action=review.claim&subject=attempt:1",
            Some(&admin.token),
        )
        .await;
    let claims = claims.assert_ok();
    assert_eq!(claims["totalCount"], 1);
    assert_eq!(claims["list"][0]["after"], json!({"n": 1}));
    assert_eq!(claims["list"][0]["ip"], "127.0.0.1");
    let enrolments = app
        .ops_get("/ops/audit?operator=rev@example.com", Some(&admin.token))
        .await;
    assert_eq!(
        enrolments.assert_ok()["list"][0]["action"],
        "operator.enrol"
    );
}

#[actix_web::test]
async fn appends_at_once_leave_no_gap_and_no_fork() {
    let app = spawn_app().await;
    let appends = (0..12).map(|i| {
        app.db.write(move |conn| {
            let subject = format!("attempt:{i}");
            let entry = Entry {
                operator: "ops@example.com",
                action: "review.case.read",
                subject: &subject,
                ..Entry::default()
            };
            Ok(audit::append(conn, &entry, 5_000)?)
        })
    });
    let mut seqs: Vec<i64> = futures_util::future::join_all(appends)
        .await
        .into_iter()
        .map(|r| r.expect("appended"))
        .collect();
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=12).collect::<Vec<_>>());
    assert_eq!(
        verify(&app),
        (0, "audit trail: 12 entries, chain intact\n".to_owned())
    );
}
