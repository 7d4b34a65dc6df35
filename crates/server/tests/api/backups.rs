//! `fiscard admin backup` and `admin restore` on SQLite: a backup taken beside a running server
//! restores the data as it was, the ledger check passes on it, and a restore is refused while a
//! server runs on the database. On PostgreSQL both commands point at pg_dump / pg_restore.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use server::db::Db;
use server::db::schema::{ledger_accounts as accounts, ledger_transactions as transactions};

use crate::cards::{apply, holder, recharge};
use crate::helpers::spawn_app_with;

fn fiscard(data: &Path, database: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fiscard"))
        .args(args)
        .current_dir(data)
        .env("FISCARD_DATA_DIR", data)
        .env("DATABASE_URL", database)
        .output()
        .expect("fiscard runs")
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Every account's balance and the number of ledger transactions.
async fn money(db: &Db) -> (Vec<(String, i64)>, i64) {
    db.read(|conn| {
        let balances = accounts::table
            .select((accounts::account_key, accounts::balance))
            .order(accounts::account_key)
            .load(conn)?;
        let count = transactions::table.count().get_result(conn)?;
        Ok((balances, count))
    })
    .await
    .expect("the ledger reads")
}

#[actix_web::test]
async fn a_backup_restores_the_money_as_it_was_and_the_ledger_check_passes() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let data = dir.path();
    let database = data.join("fiscard.db").to_string_lossy().into_owned();
    let app = spawn_app_with(&[("DATABASE_URL", database.as_str())]).await;
    let h = holder(&app, "backed.up@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    recharge(&app, &h, &card, "50").await.assert_ok();
    let at_backup = money(&app.db).await;

    // Beside the running server.
    let file = data.join("backup.db");
    let file_arg = file.to_string_lossy().into_owned();
    let backed = fiscard(data, &database, &["admin", "backup", &file_arg]);
    assert!(backed.status.success(), "{}", said(&backed));
    let again = fiscard(data, &database, &["admin", "backup", &file_arg]);
    assert!(!again.status.success());
    assert!(said(&again).contains("never replaces"), "{}", said(&again));

    // Money moves after the backup.
    recharge(&app, &h, &card, "25").await.assert_ok();
    let moved = money(&app.db).await;
    assert_ne!(moved, at_backup);

    let refused = fiscard(data, &database, &["admin", "restore", &file_arg]);
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("a server is running"),
        "{}",
        said(&refused)
    );
    assert_eq!(
        money(&app.db).await,
        moved,
        "a refused restore changes nothing"
    );
    drop(app);

    // The server's workers let go of the database as they stop.
    let deadline = Instant::now() + Duration::from_secs(30);
    let restored = loop {
        let restored = fiscard(data, &database, &["admin", "restore", &file_arg]);
        if restored.status.success() || Instant::now() > deadline {
            break restored;
        }
        // Awaited, not slept: the stopping server runs on this test's runtime.
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(restored.status.success(), "{}", said(&restored));
    assert!(said(&restored).contains("before the restore is in"));

    let checked = fiscard(data, &database, &["admin", "ledger-check"]);
    assert!(checked.status.success(), "{}", said(&checked));
    assert!(said(&checked).contains("ledger check passed"));
    let db = Db::connect(&database, 1).expect("the restored database");
    assert_eq!(money(&db).await, at_backup, "the money is as at the backup");

    // A file that is not a backup is refused, and changes nothing.
    let junk = data.join("junk.db");
    std::fs::write(&junk, b"not a database").expect("junk written");
    let junk_arg = junk.to_string_lossy().into_owned();
    let refused = fiscard(data, &database, &["admin", "restore", &junk_arg]);
    assert!(!refused.status.success(), "{}", said(&refused));
    assert_eq!(money(&db).await, at_backup);
}

#[test]
fn on_postgresql_backup_and_restore_point_at_its_own_tools() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let url = "postgres://nobody@127.0.0.1:1/nothing";
    let backup = fiscard(dir.path(), url, &["admin", "backup", "out.dump"]);
    assert!(!backup.status.success());
    assert!(said(&backup).contains("pg_dump"), "{}", said(&backup));
    let restore = fiscard(dir.path(), url, &["admin", "restore", "out.dump"]);
    assert!(!restore.status.success());
    assert!(said(&restore).contains("pg_restore"), "{}", said(&restore));
    assert!(!dir.path().join("out.dump").exists());
}
