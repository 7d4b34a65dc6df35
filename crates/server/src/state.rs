//! What every handler can reach.

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mailer::Mailer;
use crate::services::issuer::CardIssuer;
use crate::services::passwords::Passwords;
use crate::services::sessions::Lifetimes;
use crate::services::uploads::Uploads;
use crate::services::vault::Vault;
use crate::services::wallet::derive::DepositKeys;

/// Shared by every request (cheap to clone).
#[derive(Debug, Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub clock: Clock,
    pub passwords: Passwords,
    pub mailer: Mailer,
    /// Seals secrets at rest.
    pub vault: Vault,
    /// Creates cards and knows their CVV.
    pub issuer: Arc<dyn CardIssuer>,
    /// Where uploaded documents are stored, encrypted.
    pub uploads: Uploads,
    /// The networks' account xpubs deposit addresses are derived from.
    pub deposit_keys: Arc<DepositKeys>,
    /// SQLite: the shared lock a restore waits for (held while any clone lives).
    pub serving: Arc<crate::backup::ServingLock>,
}

impl AppState {
    pub fn session_lifetimes(&self) -> Lifetimes {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        Lifetimes {
            idle_ms: ms(self.config.session_idle),
            absolute_ms: ms(self.config.session_absolute),
        }
    }

    /// How long operators' sessions live.
    pub fn ops_lifetimes(&self) -> Lifetimes {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        Lifetimes {
            idle_ms: ms(self.config.ops.idle),
            absolute_ms: ms(self.config.ops.absolute),
        }
    }

    /// The key e-mail codes are hashed with.
    pub fn code_key(&self) -> Vec<u8> {
        self.config.secrets.captcha_hmac_key.expose().clone()
    }
}
