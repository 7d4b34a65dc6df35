//! `make bench` (ledger part): ledger postings per second at the service level against the
//! database's own rate for transactions of the same size, on the same machine, in one run.
//!
//! `cargo run --release -p server --example ledger -- <database-url> [postings]`
//!
//! The service: `ledger::post` of a two-line movement (1.00 USD from a clearing account, which
//! may go negative, to a bank account) inside `Db::write`, as the server's services call it
//! (SQLite: the in-process writer's turn; the blocking pool; a transaction and the posting's
//! savepoint; each account's id found by its key; the guarded balance updates; diesel).
//! The database's own rate: the same rows (the transaction row, the two guarded balance
//! updates, the two entries) written by prepared plain SQL statements in one transaction each,
//! through the database's own client (rusqlite, the `postgres` crate), the accounts' ids known.
//! Each way one at a time (`postings` in a loop) and from 8 tasks at once (`postings` in all,
//! each task on accounts of its own). On SQLite the 8 plain-SQL tasks take their turns under
//! one lock, as the server's writers do (SQLite has one writer at a time).

#![allow(clippy::cast_precision_loss)]

use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, ensure};
use server::clock::{Clock, new_id};
use server::db::{Backend, Db};
use server::services::ledger::{self, Account, AccountKind, Movement};

const TASKS: usize = 8;
const AMOUNT: i64 = 100;

/// The two accounts of the postings tagged `tag`.
fn pair(tag: &str) -> [Account; 2] {
    let account = |kind: AccountKind| Account {
        key: format!("bench:{tag}:{}:USD", kind.as_str()),
        user_id: None,
        kind,
        currency: "USD".to_owned(),
    };
    [
        account(AccountKind::WireClearing),
        account(AccountKind::Bank),
    ]
}

/// `count` postings on the pair `tag`, one after another, each in its own `Db::write`.
async fn service(db: Db, tag: String, count: usize) -> anyhow::Result<()> {
    let [from, to] = pair(&tag);
    for i in 0..count {
        let movement = Movement {
            kind: "bench",
            reference: format!("bench:{tag}:{i}:{}", new_id()),
            user_id: None,
            lines: vec![(from.clone(), -AMOUNT), (to.clone(), AMOUNT)],
        };
        let now = Clock::System.now_ms();
        db.write(move |conn| {
            ledger::post(conn, &movement, now)?
                .map_err(|refusal| anyhow::anyhow!("refused: {refusal:?}"))?;
            Ok(())
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(())
}

const INSERT_TRANSACTION: &str = "INSERT INTO ledger_transactions (id, kind, reference, user_id, created_at) VALUES ($1, 'bench', $2, NULL, $3)";
const UPDATE_BALANCE: &str = "UPDATE ledger_accounts SET balance = balance + $1 WHERE id = $2 AND (may_go_negative OR balance + $1 >= 0)";
const INSERT_ENTRY: &str = "INSERT INTO ledger_entries (id, transaction_id, account_id, amount, created_at) VALUES ($1, $2, $3, $4, $5)";

/// The database's own client on the bench's database.
enum Plain {
    Sqlite(rusqlite::Connection),
    Pg(postgres::Client),
}

impl Plain {
    fn open(url: &str) -> anyhow::Result<Plain> {
        Ok(match Backend::of(url) {
            (Backend::Sqlite, path) => {
                let conn = rusqlite::Connection::open(path)?;
                // The server's own settings (crates/server/src/db/mod.rs).
                conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")?;
                Plain::Sqlite(conn)
            }
            (Backend::Postgres, url) => Plain::Pg(postgres::Client::connect(url, postgres::NoTls)?),
        })
    }

    /// The ids of the pair `tag`'s accounts (opened by a posting before).
    fn ids(&mut self, tag: &str) -> anyhow::Result<[String; 2]> {
        let [from, to] = pair(tag);
        let mut id = |key: &str| -> anyhow::Result<String> {
            Ok(match self {
                Plain::Sqlite(conn) => conn.query_row(
                    "SELECT id FROM ledger_accounts WHERE account_key = ?1",
                    [key],
                    |row| row.get(0),
                )?,
                Plain::Pg(client) => client
                    .query_one(
                        "SELECT id FROM ledger_accounts WHERE account_key = $1",
                        &[&key],
                    )?
                    .get(0),
            })
        };
        Ok([id(&from.key)?, id(&to.key)?])
    }

    /// `count` postings of the pair `tag` in plain SQL, a transaction each; on SQLite under
    /// `turn`.
    fn run(&mut self, tag: &str, count: usize, turn: &Mutex<()>) -> anyhow::Result<()> {
        let accounts = self.ids(tag)?;
        let lines = [(&accounts[0], -AMOUNT), (&accounts[1], AMOUNT)];
        match self {
            Plain::Sqlite(conn) => {
                for i in 0..count {
                    let _turn = turn
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    let (id, now) = (new_id(), Clock::System.now_ms());
                    let tx =
                        conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                    let reference = format!("plain:{tag}:{i}:{id}");
                    tx.prepare_cached(INSERT_TRANSACTION)?
                        .execute(rusqlite::params![id, reference, now])?;
                    for (account, amount) in lines {
                        let applied = tx
                            .prepare_cached(UPDATE_BALANCE)?
                            .execute(rusqlite::params![amount, account])?;
                        ensure!(applied == 1, "refused");
                        tx.prepare_cached(INSERT_ENTRY)?.execute(rusqlite::params![
                            new_id(),
                            id,
                            account,
                            amount,
                            now
                        ])?;
                    }
                    tx.commit()?;
                }
            }
            Plain::Pg(client) => {
                let insert_transaction = client.prepare(INSERT_TRANSACTION)?;
                let update_balance = client.prepare(UPDATE_BALANCE)?;
                let insert_entry = client.prepare(INSERT_ENTRY)?;
                for i in 0..count {
                    let (id, now) = (new_id(), Clock::System.now_ms());
                    let mut tx = client.transaction()?;
                    let reference = format!("plain:{tag}:{i}:{id}");
                    tx.execute(&insert_transaction, &[&id, &reference, &now])?;
                    for (account, amount) in lines {
                        let applied = tx.execute(&update_balance, &[&amount, account])?;
                        ensure!(applied == 1, "refused");
                        tx.execute(&insert_entry, &[&new_id(), &id, account, &amount, &now])?;
                    }
                    tx.commit()?;
                }
            }
        }
        Ok(())
    }
}

/// Postings per second of `count` postings taking `started`'s time to now.
fn rate(count: usize, started: Instant) -> f64 {
    count as f64 / started.elapsed().as_secs_f64()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let url = args
        .get(1)
        .cloned()
        .context("usage: ledger <database-url> [postings]")?;
    let count: usize = args.get(2).map_or(Ok(2000), |n| n.parse())?;
    let db = Db::connect(&url, u32::try_from(TASKS)?)?;
    let tags = |way: &str| -> Vec<String> { (0..TASKS).map(|i| format!("{way}{i}")).collect() };
    // One posting on every pair opens its accounts (unmeasured).
    for tag in tags("service").iter().chain(&tags("plain")) {
        service(db.clone(), tag.clone(), 1).await?;
    }

    let started = Instant::now();
    service(db.clone(), "service0".into(), count).await?;
    let service_one = rate(count, started);

    let started = Instant::now();
    let tasks: Vec<_> = tags("service")
        .into_iter()
        .map(|tag| tokio::spawn(service(db.clone(), tag, count / TASKS)))
        .collect();
    for task in tasks {
        task.await??;
    }
    let service_many = rate(count / TASKS * TASKS, started);

    let plain_url = url.clone();
    let (plain_one, plain_many) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let turn = Mutex::new(());
        let mut clients = (0..TASKS)
            .map(|_| Plain::open(&plain_url))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let started = Instant::now();
        clients[0].run("plain0", count, &turn)?;
        let one = rate(count, started);
        let started = Instant::now();
        std::thread::scope(|scope| {
            let runs: Vec<_> = clients
                .iter_mut()
                .zip(tags("plain"))
                .map(|(client, tag)| {
                    let turn = &turn;
                    scope.spawn(move || client.run(&tag, count / TASKS, turn))
                })
                .collect();
            runs.into_iter().try_for_each(|run| {
                run.join()
                    .map_err(|_| anyhow::anyhow!("a plain-SQL task panicked"))?
            })
        })?;
        Ok((one, rate(count / TASKS * TASKS, started)))
    })
    .await??;

    let line = |what: &str, service: f64, plain: f64| {
        println!(
            "{what:<24} service {service:>7.0} postings/s   plain SQL {plain:>7.0} transactions/s   ratio {:.2}",
            service / plain
        );
    };
    line("one at a time", service_one, plain_one);
    line(&format!("{TASKS} tasks at once"), service_many, plain_many);

    let check = db
        .read(|conn| Ok(ledger::check(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    ensure!(
        check.problems.is_empty(),
        "ledger check: {:?}",
        check.problems
    );
    println!(
        "ledger check passed ({} transactions, {} entries)",
        check.transactions, check.entries
    );
    Ok(())
}
