//! `fiscard admin backup FILE` and `fiscard admin restore FILE` for the embedded SQLite database
//! (DESIGN §14). A PostgreSQL database is backed up and restored with its own tools (`pg_dump`,
//! `pg_restore`; see the README's Deployment section): both commands say so and change nothing.
//!
//! Backup runs beside running servers: `VACUUM INTO` writes a consistent, compact copy of the
//! database as of one read transaction, while writers go on. Restore refuses while any server
//! serves the database (each holds a shared lock on `<database>.serving.lock` from start to
//! exit; restore needs it exclusively, and a server does not start while a restore holds it),
//! refuses a file that is not an intact fiscard database or that holds migrations this binary
//! does not know (a newer version wrote it), first copies the current database aside
//! (`<database>.before-restore-<unix seconds>`), then copies the backup in through SQLite's
//! online backup API, which writes through the destination's own journal (WAL included).
//! The keys in the data folder (or `FISCARD_*_KEY`) and the uploads' store are not in the
//! database: they are backed up on their own.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use fs4::{FileExt, TryLockError};
use rusqlite::{Connection, OpenFlags};

use crate::config::Config;
use crate::db::Backend;

/// The SQLite file `config` names, or the PostgreSQL refusal with `advice`.
fn sqlite_path(config: &Config, advice: &str) -> anyhow::Result<PathBuf> {
    match Backend::of(config.database_url.expose()) {
        (Backend::Postgres, _) => bail!(
            "the database is PostgreSQL: {advice} (see the README's Deployment section); this \
             command copies the embedded SQLite database"
        ),
        (Backend::Sqlite, path) => Ok(PathBuf::from(path)),
    }
}

/// The lock file beside the database.
fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".serving.lock");
    PathBuf::from(name)
}

fn open_lock(database: &Path) -> anyhow::Result<File> {
    let path = lock_path(database);
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))
}

/// Held by a serving instance on SQLite from start to exit: a restore waits for none.
#[derive(Debug)]
pub struct ServingLock(#[allow(dead_code)] Option<File>);

impl ServingLock {
    /// The shared lock on the database `config` names (none on PostgreSQL).
    ///
    /// # Errors
    /// A restore holds the lock, or the lock file cannot be opened.
    pub fn acquire(config: &Config) -> anyhow::Result<ServingLock> {
        let (Backend::Sqlite, path) = Backend::of(config.database_url.expose()) else {
            return Ok(ServingLock(None));
        };
        let file = open_lock(Path::new(path))?;
        match FileExt::try_lock_shared(&file) {
            Ok(()) => Ok(ServingLock(Some(file))),
            Err(TryLockError::WouldBlock) => {
                bail!("a restore of {path} is under way: start the server when it has finished")
            }
            Err(TryLockError::Error(e)) => Err(e).context("locking the database for serving"),
        }
    }
}

/// `admin backup FILE`: a consistent copy of the SQLite database into a new file.
///
/// # Errors
/// PostgreSQL, an existing `file`, or SQLite's error.
pub fn backup(config: &Config, file: &Path) -> anyhow::Result<()> {
    let database = sqlite_path(config, "back it up with pg_dump")?;
    if file.exists() {
        bail!("{} exists: a backup never replaces a file", file.display());
    }
    let source = open(&database, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let target = file.to_str().context("the backup's path is not UTF-8")?;
    source
        .execute("VACUUM INTO ?1", [target])
        .with_context(|| format!("backing up {} into {}", database.display(), file.display()))?;
    let versions = check_backup(file)?;
    println!(
        "backed up {} into {} ({} migrations)",
        database.display(),
        file.display(),
        versions
    );
    Ok(())
}

/// `admin restore FILE`: the database as it was when `file` was backed up.
///
/// # Errors
/// PostgreSQL, a server running on the database, a file that is not a fiscard backup this
/// binary can run, or SQLite's error.
pub fn restore(config: &Config, file: &Path, now_secs: u64) -> anyhow::Result<()> {
    let database = sqlite_path(config, "restore a pg_dump archive with pg_restore")?;
    check_backup(file)?;
    let lock = open_lock(&database)?;
    match FileExt::try_lock(&lock) {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => bail!(
            "a server is running on {}: stop every instance (SIGTERM) before restoring",
            database.display()
        ),
        Err(TryLockError::Error(e)) => return Err(e).context("locking the database"),
    }
    let mut target = open(
        &database,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
    )?;
    let mut aside = database.as_os_str().to_owned();
    aside.push(format!(".before-restore-{now_secs}"));
    let aside = PathBuf::from(aside);
    if aside.exists() {
        bail!("{} exists: try again in a second", aside.display());
    }
    target
        .execute(
            "VACUUM INTO ?1",
            [aside.to_str().context("the database's path is not UTF-8")?],
        )
        .context("copying the current database aside")?;
    let source = open(file, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    {
        let copy =
            rusqlite::backup::Backup::new(&source, &mut target).context("starting the restore")?;
        copy.step(-1).context("restoring")?;
    }
    target
        .query_row("PRAGMA integrity_check", [], |row| row.get::<_, String>(0))
        .context("checking the restored database")
        .and_then(|result| {
            if result == "ok" {
                Ok(())
            } else {
                bail!("the restored database is not intact: {result}")
            }
        })?;
    drop(target);
    drop(lock);
    println!(
        "restored {} from {}; the database before the restore is in {}",
        database.display(),
        file.display(),
        aside.display()
    );
    Ok(())
}

fn open(path: &Path, flags: OpenFlags) -> anyhow::Result<Connection> {
    let conn = Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .with_context(|| format!("opening {}", path.display()))?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    Ok(conn)
}

/// `file` is an intact SQLite database whose migrations this binary knows; answers how many.
fn check_backup(file: &Path) -> anyhow::Result<usize> {
    if !file.is_file() {
        bail!("{} is not a file", file.display());
    }
    let conn = open(file, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("{} is not a SQLite database", file.display()))?;
    let intact: String = conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .with_context(|| format!("{} is not a SQLite database", file.display()))?;
    if intact != "ok" {
        bail!("{} is damaged: {intact}", file.display());
    }
    let mut statement = conn
        .prepare("SELECT version FROM __diesel_schema_migrations")
        .with_context(|| format!("{} is not a fiscard database", file.display()))?;
    let versions: Vec<String> = statement
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let known = crate::db::sqlite_migration_versions()?;
    let unknown: Vec<&String> = versions.iter().filter(|v| !known.contains(v)).collect();
    if !unknown.is_empty() {
        bail!(
            "{} was written by a newer fiscard (migrations {unknown:?}): restore it with that version",
            file.display()
        );
    }
    if versions.is_empty() {
        bail!("{} is not a fiscard database", file.display());
    }
    Ok(versions.len())
}
