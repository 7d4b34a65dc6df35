//! The time, as UTC milliseconds since the Unix epoch. Tests move a manual clock to reach
//! expiries without waiting; a server started for browser tests (`FISCARD_TEST_CLOCK`, local
//! mode only) runs on the system's time plus an offset the tests move.

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;

use crate::config::Config;

#[derive(Debug, Clone, Default)]
pub enum Clock {
    #[default]
    System,
    Manual(Arc<AtomicI64>),
    /// The system's time moved forward by an offset, kept in a file of the data directory so
    /// the command line (`admin`, `simulate`) run beside the server sees the same time.
    Shifted(Arc<Shift>),
}

/// How far a [`Clock::Shifted`] is ahead of the system's time.
#[derive(Debug)]
pub struct Shift {
    offset_ms: AtomicI64,
    file: PathBuf,
    /// One move at a time, so the file ends with the last offset.
    moving: Mutex<()>,
}

/// The file of the data directory that holds the test clock's offset (milliseconds).
const OFFSET_FILE: &str = "test-clock-offset-ms";

impl Clock {
    /// The clock `config` asks for: the system's, or with `FISCARD_TEST_CLOCK` the system's
    /// moved by the offset the tests have set so far.
    pub fn for_config(config: &Config) -> anyhow::Result<Clock> {
        if !config.test_clock {
            return Ok(Clock::System);
        }
        let file = config.data_dir.join(OFFSET_FILE);
        let offset_ms = match std::fs::read_to_string(&file) {
            Ok(text) => text
                .trim()
                .parse()
                .with_context(|| format!("{} holds no offset", file.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
            Err(e) => return Err(e).with_context(|| format!("reading {}", file.display())),
        };
        Ok(Clock::Shifted(Arc::new(Shift {
            offset_ms: AtomicI64::new(offset_ms),
            file,
            moving: Mutex::new(()),
        })))
    }

    /// A clock that stands still at `start_ms` until moved.
    pub fn manual(start_ms: i64) -> Clock {
        Clock::Manual(Arc::new(AtomicI64::new(start_ms)))
    }

    pub fn now_ms(&self) -> i64 {
        match self {
            Clock::System => system_ms(),
            Clock::Manual(ms) => ms.load(Ordering::SeqCst),
            Clock::Shifted(shift) => system_ms() + shift.offset_ms.load(Ordering::SeqCst),
        }
    }

    pub fn now_secs(&self) -> i64 {
        self.now_ms() / 1000
    }

    /// Moves a manual or shifted clock forward (no effect on the system clock). A shifted
    /// clock writes its new offset for the command line; only that write can fail.
    pub fn advance(&self, ms: i64) -> std::io::Result<()> {
        match self {
            Clock::System => Ok(()),
            Clock::Manual(now) => {
                now.fetch_add(ms, Ordering::SeqCst);
                Ok(())
            }
            Clock::Shifted(shift) => {
                let _one_at_a_time = shift.moving.lock().unwrap_or_else(PoisonError::into_inner);
                let offset = shift.offset_ms.fetch_add(ms, Ordering::SeqCst) + ms;
                std::fs::write(&shift.file, offset.to_string())
            }
        }
    }
}

fn system_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A fresh unguessable, time-ordered id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(dir: &std::path::Path, test_clock: bool) -> Config {
        let data_dir = dir.to_string_lossy().into_owned();
        let flag = test_clock.to_string();
        Config::from_lookup(|name| match name {
            "FISCARD_DATA_DIR" => Some(data_dir.clone()),
            "FISCARD_TEST_CLOCK" => Some(flag.clone()),
            _ => None,
        })
        .expect("a local configuration")
    }

    #[test]
    fn without_the_test_setting_the_clock_is_the_systems_and_stays_put() {
        let dir = tempfile::tempdir().unwrap();
        let clock = Clock::for_config(&config(dir.path(), false)).unwrap();
        assert!(matches!(clock, Clock::System));
        clock.advance(3_600_000).unwrap();
        assert!((clock.now_ms() - system_ms()).abs() < 1_000);
        assert!(!dir.path().join(OFFSET_FILE).exists());
    }

    #[test]
    fn a_shifted_clock_runs_ahead_and_the_command_line_sees_the_same_time() {
        let dir = tempfile::tempdir().unwrap();
        let server = Clock::for_config(&config(dir.path(), true)).unwrap();
        assert!((server.now_ms() - system_ms()).abs() < 1_000);
        server.advance(90_000).unwrap();
        server.advance(30_000).unwrap();
        assert!((server.now_ms() - system_ms() - 120_000).abs() < 1_000);
        // `admin` and `simulate` read the offset when they start.
        let command_line = Clock::for_config(&config(dir.path(), true)).unwrap();
        assert!((command_line.now_ms() - server.now_ms()).abs() < 1_000);
    }
}
