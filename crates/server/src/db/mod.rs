//! Persistence: one connection type over SQLite and PostgreSQL, picked from the URL scheme.
//!
//! Diesel is blocking, so every query runs on actix's blocking thread pool ([`Db::read`],
//! [`Db::write`]), never on the async workers. SQLite (the embedded default) allows one writer
//! at a time: write transactions take an in-process lock first, so a transaction that reads
//! and then writes never meets `SQLITE_BUSY_SNAPSHOT`; PostgreSQL runs them concurrently. The
//! lock is waited for on the async side, so writes waiting their turn hold no thread and no
//! connection, and [`Db::write_by`] gives up at a deadline instead of queueing on.

pub mod schema;

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel::{Connection, PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::api::AppError;

/// A connection to either database.
#[allow(missing_debug_implementations)] // diesel's connections are not Debug
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Pg(PgConnection),
    Sqlite(SqliteConnection),
}

/// Runs `$body` with `$c` bound to the inner connection of either database. A query written with
/// diesel's DSL compiles for both; run on the inner connection it is built and prepared once and
/// then taken from that connection's statement cache, where the enum's `MultiConnection` would
/// build its SQL again on every call.
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::DbConnection::Pg($c) => $body,
            $crate::db::DbConnection::Sqlite($c) => $body,
        }
    };
}

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Which database a URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// `postgres://` and `postgresql://` are PostgreSQL; anything else is a SQLite file path
    /// (with or without a `sqlite://` prefix). Chosen here rather than by trial connection,
    /// which would hide a PostgreSQL connection error behind a SQLite one.
    pub fn of(url: &str) -> (Backend, &str) {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url)
        } else {
            (
                Backend::Sqlite,
                url.strip_prefix("sqlite://").unwrap_or(url),
            )
        }
    }
}

/// Sets the connection up the way the product needs it, each time the pool opens one.
#[derive(Debug, Clone, Copy)]
struct Setup(Backend);

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for Setup {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        let sql = match self.0 {
            // WAL: readers never block the writer; busy_timeout: wait, don't fail, on a lock.
            Backend::Sqlite => {
                "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;"
            }
            Backend::Postgres => "SET TIME ZONE 'UTC';",
        };
        conn.batch_execute(sql)
            .map_err(diesel::r2d2::Error::QueryError)
    }
}

/// The connection pool and what it needs to run queries safely.
#[derive(Clone)]
pub struct Db {
    pool: Pool<ConnectionManager<DbConnection>>,
    backend: Backend,
    /// SQLite only: one write transaction at a time.
    writer: Arc<tokio::sync::Mutex<()>>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Db {
    /// Opens the pool and brings the schema up to date.
    pub fn connect(url: &str, pool_size: u32) -> anyhow::Result<Db> {
        let db = Db::attach(url, pool_size)?;
        db.migrate()?;
        Ok(db)
    }

    /// Opens the pool on a database a running server keeps up to date (the bench beside it),
    /// leaving its schema as it is.
    pub fn attach(url: &str, pool_size: u32) -> anyhow::Result<Db> {
        let (backend, target) = Backend::of(url);
        if backend == Backend::Sqlite
            && let Some(dir) = std::path::Path::new(target)
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let manager = ConnectionManager::<DbConnection>::new(target);
        let pool = Pool::builder()
            .max_size(pool_size)
            .connection_timeout(Duration::from_secs(10))
            .connection_customizer(Box::new(Setup(backend)))
            .build(manager)
            .with_context(|| format!("connecting to the {backend:?} database"))?;
        Ok(Db {
            pool,
            backend,
            writer: Arc::new(tokio::sync::Mutex::new(())),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    fn migrate(&self) -> anyhow::Result<()> {
        let mut conn = self
            .pool
            .get()
            .context("no database connection for migrations")?;
        let migrations = match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS,
            Backend::Postgres => POSTGRES_MIGRATIONS,
        };
        let applied = conn
            .run_pending_migrations(migrations)
            .map_err(|e| anyhow::anyhow!("migrations failed: {e}"))?;
        for m in applied {
            tracing::info!(migration = %m, "applied migration");
        }
        Ok(())
    }

    /// Runs `f` on a pooled connection off the async workers.
    pub async fn read<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        actix_web::web::block(move || {
            let mut conn = connection(&pool)?;
            f(&mut conn)
        })
        .await
        .map_err(|e| AppError::internal(anyhow::anyhow!("blocking pool: {e}")))?
    }

    /// Runs `f` in a transaction off the async workers; rolls back when `f` fails.
    pub async fn write<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let turn = self.writer_turn().await;
        let pool = self.pool.clone();
        actix_web::web::block(move || {
            let mut conn = connection(&pool)?;
            let _turn = turn;
            (*conn).transaction(f)
        })
        .await
        .map_err(|e| AppError::internal(anyhow::anyhow!("blocking pool: {e}")))?
    }

    /// Like [`Db::write`], but only when the transaction can have its turn before `deadline`:
    /// the writer's turn (SQLite), a connection, and on PostgreSQL the row locks it waits for
    /// (`lock_timeout`) are waited for until then, no longer. `None` when it could not (nothing
    /// was written).
    pub async fn write_by<T, F>(&self, deadline: Instant, f: F) -> Result<Option<T>, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let turn = if self.backend == Backend::Sqlite {
            let waited = tokio::time::timeout_at(
                tokio::time::Instant::from_std(deadline),
                self.writer.clone().lock_owned(),
            )
            .await;
            match waited {
                Ok(turn) => Some(turn),
                Err(_) => return Ok(None),
            }
        } else {
            None
        };
        let pool = self.pool.clone();
        actix_web::web::block(move || {
            let _turn = turn;
            // The blocking pool's queue counts too.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            let Ok(mut conn) = pool.get_timeout(left) else {
                return Ok(None);
            };
            let pg = matches!(*conn, DbConnection::Pg(_));
            let done = (*conn).transaction(|conn| {
                if pg {
                    let left = deadline.saturating_duration_since(Instant::now());
                    let ms = left.as_millis().max(1);
                    conn.batch_execute(&format!("SET LOCAL lock_timeout = '{ms}ms'"))?;
                }
                f(conn)
            });
            match done {
                Err(e) if pg && waited_too_long(&e) => Ok(None),
                done => done.map(Some),
            }
        })
        .await
        .map_err(|e| AppError::internal(anyhow::anyhow!("blocking pool: {e}")))?
    }

    /// SQLite: the writer's turn, waited for without holding a thread; PostgreSQL: none needed.
    async fn writer_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        if self.backend == Backend::Sqlite {
            Some(self.writer.clone().lock_owned().await)
        } else {
            None
        }
    }

    /// Runs `f` in a transaction on the calling thread (start-up work, before serving).
    ///
    /// # Errors
    /// No connection, or `f` failed (rolled back).
    pub fn write_blocking<T>(
        &self,
        f: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<T>,
    ) -> anyhow::Result<T> {
        let mut conn = self
            .pool
            .get()
            .context("no database connection for start-up work")?;
        // On the calling thread, which may be inside the async runtime (a test's teardown):
        // polled, not blocked on.
        let _turn = loop {
            if let Ok(turn) = self.writer.try_lock() {
                break turn;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        Ok((*conn).transaction(f)?)
    }

    /// Whether the database answers and has every migration this binary knows (`/readyz`).
    pub async fn readiness(&self) -> Readiness {
        let backend = self.backend;
        let pending = self
            .read(move |conn| {
                let migrations = match backend {
                    Backend::Sqlite => SQLITE_MIGRATIONS,
                    Backend::Postgres => POSTGRES_MIGRATIONS,
                };
                conn.pending_migrations(migrations)
                    .map(|pending| pending.len())
                    .map_err(|e| AppError::internal(anyhow::anyhow!("reading migrations: {e}")))
            })
            .await;
        match pending {
            Ok(0) => Readiness::Ready,
            Ok(count) => Readiness::Pending(count),
            Err(error) => Readiness::Unreachable(
                error
                    .cause()
                    .map_or_else(|| "no answer".to_owned(), |c| format!("{c:#}")),
            ),
        }
    }

    /// True when the database answers a trivial query.
    pub async fn healthy(&self) -> bool {
        self.read(|conn| conn.batch_execute("SELECT 1").map_err(AppError::from))
            .await
            .is_ok()
    }
}

/// The migration versions this binary knows for SQLite (`admin restore` refuses a backup that
/// has others: a newer binary wrote it).
///
/// # Errors
/// The embedded migrations do not list (a build error).
pub fn sqlite_migration_versions() -> anyhow::Result<Vec<String>> {
    use diesel::migration::MigrationSource;
    let migrations: Vec<Box<dyn diesel::migration::Migration<diesel::sqlite::Sqlite>>> =
        SQLITE_MIGRATIONS
            .migrations()
            .map_err(|e| anyhow::anyhow!("listing the migrations: {e}"))?;
    Ok(migrations
        .iter()
        .map(|m| m.name().version().to_string())
        .collect())
}

/// What [`Db::readiness`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Readiness {
    /// It answers, every migration applied.
    Ready,
    /// It answers, this many migrations not applied (another version migrated it, or not yet).
    Pending(usize),
    /// It does not answer (the error, for the log).
    Unreachable(String),
}

/// PostgreSQL gave up waiting for a lock (`lock_timeout`).
fn waited_too_long(e: &AppError) -> bool {
    e.cause()
        .into_iter()
        .flat_map(anyhow::Error::chain)
        .filter_map(|c| c.downcast_ref::<diesel::result::Error>())
        .any(|c| {
            matches!(c, diesel::result::Error::DatabaseError(_, info)
                if info.message().contains("lock timeout"))
        })
}

/// Runs `insert` in a savepoint and answers `false`, instead of an error, when a unique
/// constraint refuses it: the row is there already (spent, taken, written by a concurrent
/// request). The savepoint keeps the surrounding transaction usable on PostgreSQL.
pub fn insert_unless_taken(
    conn: &mut DbConnection,
    insert: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<usize>,
) -> diesel::QueryResult<bool> {
    match conn.transaction(insert) {
        Ok(_) => Ok(true),
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Runs the statements of `f` as one snapshot where that is cheaper: on SQLite in one read
/// transaction, so the WAL read lock is taken once instead of once per statement (each took 3% of
/// a signed-in read's server time) and every statement sees the same state; on PostgreSQL as they
/// are, each its own (`BEGIN` and `COMMIT` would be two more round trips). `f` must not write: on
/// SQLite a write inside fails when another connection wrote since the snapshot began.
///
/// # Errors
/// `f`'s error, or the database's.
pub fn snapshot<T>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, AppError>,
) -> Result<T, AppError> {
    match conn {
        DbConnection::Sqlite(_) => conn.transaction(f),
        DbConnection::Pg(_) => f(conn),
    }
}

fn connection(
    pool: &Pool<ConnectionManager<DbConnection>>,
) -> Result<PooledConnection<ConnectionManager<DbConnection>>, AppError> {
    pool.get()
        .map_err(|e| AppError::internal(anyhow::anyhow!("no database connection: {e}")))
}

#[cfg(test)]
mod tests {
    use diesel::RunQueryDsl;
    use diesel_migrations::MigrationHarness;

    use super::*;
    use crate::services::audit::{self, Verdict};

    /// Each migration's version (its directory's date and number) is its own: diesel records
    /// applied migrations by version, so a second migration of the same version is taken as
    /// applied and never runs (`card_list_order` once shared its version with `operators`, and
    /// its index was missing from every database). Both databases have the same migrations.
    #[test]
    fn every_migration_has_a_version_of_its_own_on_both_databases() {
        use diesel::migration::MigrationSource;
        fn names<DB: diesel::backend::Backend>(source: &EmbeddedMigrations) -> Vec<String>
        where
            EmbeddedMigrations: MigrationSource<DB>,
        {
            let mut names: Vec<String> = MigrationSource::<DB>::migrations(source)
                .unwrap()
                .iter()
                .map(|m| m.name().to_string())
                .collect();
            names.sort();
            names
        }
        let sqlite = names::<diesel::sqlite::Sqlite>(&SQLITE_MIGRATIONS);
        let postgres = names::<diesel::pg::Pg>(&POSTGRES_MIGRATIONS);
        assert_eq!(sqlite, postgres, "the same migrations on both databases");
        let mut versions: Vec<&str> = sqlite.iter().map(|n| &n[..17]).collect();
        versions.dedup();
        assert_eq!(
            versions.len(),
            sqlite.len(),
            "a version used twice: {sqlite:#?}"
        );
    }

    /// The bundled SQLite is built as `.cargo/config.toml` asks: one plan per statement (QPSG,
    /// so the statement cache keeps its statements) and no mutex per connection (multi-thread).
    #[test]
    fn sqlite_is_built_with_the_projects_options() {
        #[derive(diesel::QueryableByName)]
        struct Used {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            qpsg: i32,
            #[diesel(sql_type = diesel::sql_types::Integer)]
            multi_thread: i32,
        }
        let mut conn = SqliteConnection::establish(":memory:").unwrap();
        let used: Used = diesel::sql_query(
            "SELECT sqlite_compileoption_used('ENABLE_QPSG') AS qpsg, \
             sqlite_compileoption_used('THREADSAFE=2') AS multi_thread",
        )
        .get_result(&mut conn)
        .unwrap();
        assert_eq!((used.qpsg, used.multi_thread), (1, 1));
    }

    /// The old `operator_audit` log is carried into the start of the audit trail, oldest first,
    /// and chained on its first verification.
    #[test]
    fn the_operators_log_is_carried_into_the_audit_trail() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("carry.db");
        let mut conn =
            DbConnection::Sqlite(SqliteConnection::establish(&path.to_string_lossy()).unwrap());
        while !conn
            .pending_migrations(SQLITE_MIGRATIONS)
            .unwrap()
            .first()
            .is_some_and(|m| m.name().to_string().ends_with("_operators"))
        {
            conn.run_next_migration(SQLITE_MIGRATIONS).unwrap();
        }
        diesel::sql_query(
            "INSERT INTO operator_audit (id, operator, action, subject, detail, created_at) VALUES \
             ('b', 'cli:bob', 'credit_wire', 'MEMO', 'amount 100', 20), \
             ('a', 'cli:ann', 'bin_disable', '123456', '', 10)",
        )
        .execute(&mut conn)
        .unwrap();
        conn.run_pending_migrations(SQLITE_MIGRATIONS).unwrap();
        let rows: Vec<(i64, String, Option<String>)> =
            diesel::sql_query("SELECT seq, operator, \"after\" FROM audit_trail ORDER BY seq")
                .load::<Carried>(&mut conn)
                .unwrap()
                .into_iter()
                .map(|c| (c.seq, c.operator, c.after))
                .collect();
        assert_eq!(
            rows,
            [
                (1, "cli:ann".to_owned(), None),
                (2, "cli:bob".to_owned(), Some("\"amount 100\"".to_owned())),
            ]
        );
        assert_eq!(
            audit::verify(&mut conn).unwrap(),
            Verdict::Intact { entries: 2 }
        );
    }

    #[derive(diesel::QueryableByName)]
    struct Carried {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        seq: i64,
        #[diesel(sql_type = diesel::sql_types::Text)]
        operator: String,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
        after: Option<String>,
    }
}
