//! The time, as UTC milliseconds since the Unix epoch. Tests move a manual clock to reach
//! expiries without waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, Default)]
pub enum Clock {
    #[default]
    System,
    Manual(Arc<AtomicI64>),
}

impl Clock {
    /// A clock that stands still at `start_ms` until moved.
    pub fn manual(start_ms: i64) -> Clock {
        Clock::Manual(Arc::new(AtomicI64::new(start_ms)))
    }

    pub fn now_ms(&self) -> i64 {
        match self {
            Clock::System => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
            Clock::Manual(ms) => ms.load(Ordering::SeqCst),
        }
    }

    pub fn now_secs(&self) -> i64 {
        self.now_ms() / 1000
    }

    /// Moves a manual clock forward (no effect on the system clock).
    pub fn advance(&self, ms: i64) {
        if let Clock::Manual(now) = self {
            now.fetch_add(ms, Ordering::SeqCst);
        }
    }
}

/// A fresh unguessable, time-ordered id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
