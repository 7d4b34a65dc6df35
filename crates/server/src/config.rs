//! Every setting in one place: its environment variable, its local default, and a check at
//! start. Secrets live in [`Secret`], which never prints.
//!
//! In `local` mode (the default) a fresh machine needs nothing: the database is a SQLite file
//! under `./data` and the secret keys are generated into `./data/secrets` (owner-only). In
//! `production` mode the server refuses to start without explicit secrets.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};

mod exchange;
mod operations;
mod ops;
mod payouts;
pub use exchange::{ExchangeConfig, PriceFeed};
pub use operations::OperationsConfig;
pub use ops::OpsConfig;
pub use payouts::PayoutConfig;

/// A value that must never reach a log line or an error message.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    pub fn new(value: T) -> Self {
        Secret(value)
    }

    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// Local development and tests, or a real deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Local,
    Production,
}

/// The server's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub mode: Mode,
    /// `FISCARD_BIND`, default 127.0.0.1:8080.
    pub bind: SocketAddr,
    /// `DATABASE_URL`: `postgres://…` for PostgreSQL; anything else is a SQLite file path
    /// (`sqlite://` prefix optional). Default `./data/fiscard.db`.
    pub database_url: Secret<String>,
    /// `FISCARD_DATA_DIR`, default `./data`: the SQLite file, generated secrets, the outbox.
    pub data_dir: PathBuf,
    /// `FISCARD_WEB_DIR`, default `web/dist`: the built web app.
    pub web_dir: PathBuf,
    /// `FISCARD_DB_POOL_SIZE`, default 10.
    pub db_pool_size: u32,
    /// `FISCARD_AUTHORIZATION_WAIT_MS`, default 500: how long an authorization (or a
    /// verification) may wait for its turn at the database before it is declined as
    /// `issuer_unavailable`. The card network waits about 2 s for an answer, and a late approval
    /// is worse than a quick decline.
    pub authorization_wait: Duration,
    /// `FISCARD_AUTHORIZATION_HOLD_DAYS`, default 7 (at least 1): an authorization the network
    /// neither clears nor voids within this many days expires, and its hold goes back to the
    /// card (card networks allow about 7 days for most merchants).
    pub authorization_hold_days: u32,
    /// `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com`); unset: mail goes to the outbox.
    pub smtp_url: Option<Secret<String>>,
    /// `FISCARD_MAIL_FROM`, default `fiscard <no-reply@fiscard.local>`.
    pub mail_from: String,
    /// `FISCARD_CAPTCHA_MAX_NUMBER`: proof-of-work difficulty (the client tries up to this
    /// many hashes; about half on average). Default 100 000.
    pub captcha_max_number: u64,
    /// `FISCARD_CAPTCHA_TTL_SECONDS`, default 600.
    pub captcha_ttl: Duration,
    /// `FISCARD_SESSION_IDLE_MINUTES`, default 30.
    pub session_idle: Duration,
    /// `FISCARD_SESSION_ABSOLUTE_HOURS`, default 12.
    pub session_absolute: Duration,
    /// `FISCARD_HASH_CONCURRENCY`: password hashes computed at once (each takes a core for
    /// tens of milliseconds). Default: cores − 1, at least 1, so a login storm leaves a core
    /// for everything else.
    pub hash_concurrency: usize,
    /// `FISCARD_MAX_BODY_BYTES`, default 64 KiB (uploads have their own limit).
    pub max_body_bytes: usize,
    /// `FISCARD_TRUST_PROXY`: take the client IP from `X-Forwarded-For` (only behind a proxy
    /// that sets it). Default false.
    pub trust_proxy: bool,
    /// The platform's receiving bank account, shown on the recharge screen.
    pub wire: WireInstructions,
    /// `FISCARD_TEST_CLOCK`: a clock the browser tests move (`POST /api/test/clock`), so they
    /// reach code cooldowns and authenticator steps without waiting. Local mode only; default
    /// false.
    pub test_clock: bool,
    /// Where uploaded documents are stored.
    pub uploads: UploadsConfig,
    /// Saved bank accounts: the cooling-off period and the first payout's cap.
    pub payouts: PayoutConfig,
    /// `FISCARD_WALLET_XPUB_BTC`, `…_ETH`, `…_TRX`: the account keys deposit addresses are
    /// derived from (published sandbox keys by default; production mode refuses those).
    pub deposit_keys: crate::services::wallet::derive::DepositKeys,
    /// The exchange: its price feed, how old a price may be, how long a quote holds.
    pub exchange: ExchangeConfig,
    /// `FISCARD_FUND_ACCRUAL_SECS`, default 300: how often the server runs the fund's daily
    /// accrual job (each run accrues every business day before today not yet accrued, so it
    /// is safe on every instance at once); 0 turns it off (then `fiscard admin fund accrue`
    /// runs it).
    pub fund_accrual_secs: u64,
    /// Draining on SIGTERM and the metrics listener.
    pub operations: OperationsConfig,
    /// The operator console's sessions, claims and enrolment links.
    pub ops: OpsConfig,
    pub secrets: Secrets,
}

/// `FISCARD_UPLOADS_URL`: unset for the local folder `<data dir>/uploads`; `s3://bucket[/prefix]`
/// for any S3-compatible store, configured by the usual `AWS_*` variables (`AWS_ENDPOINT`,
/// `AWS_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`,
/// `AWS_ALLOW_HTTP`, `AWS_VIRTUAL_HOSTED_STYLE_REQUEST`).
#[derive(Debug, Clone)]
pub enum UploadsConfig {
    Local(PathBuf),
    S3 {
        url: String,
        /// The `AWS_*` settings given, by lower-case name (`aws_endpoint`…).
        options: Vec<(String, Secret<String>)>,
    },
}

/// The `AWS_*` variables the S3 store reads.
const S3_VARIABLES: [&str; 7] = [
    "AWS_ENDPOINT",
    "AWS_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_ALLOW_HTTP",
    "AWS_VIRTUAL_HOSTED_STYLE_REQUEST",
];

impl UploadsConfig {
    fn from_lookup(get: &impl Fn(&str) -> Option<String>, data_dir: &Path) -> anyhow::Result<Self> {
        match get("FISCARD_UPLOADS_URL").map(|u| u.trim().to_owned()) {
            None => Ok(Self::Local(data_dir.join("uploads"))),
            Some(url) if url.starts_with("s3://") => Ok(Self::S3 {
                url,
                options: S3_VARIABLES
                    .iter()
                    .filter_map(|name| {
                        get(name).map(|v| (name.to_ascii_lowercase(), Secret::new(v)))
                    })
                    .collect(),
            }),
            Some(url) => match url.strip_prefix("file://") {
                Some(path) if !path.is_empty() => Ok(Self::Local(PathBuf::from(path))),
                _ => bail!(
                    "FISCARD_UPLOADS_URL={url:?} is not valid: use s3://bucket or file:///folder"
                ),
            },
        }
    }
}

/// Where users send wires (`FISCARD_WIRE_BANK_NAME`, `_BANK_COUNTRY`, `_BANK_ADDRESS`, `_ABA`,
/// `_SWIFT`, `_ACCOUNT_NUMBER`, `_ACCOUNT_NAME`, `_ACCOUNT_ADDRESS`). The local defaults name a
/// sandbox bank; production mode requires the account number to be set.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WireInstructions {
    pub bank_name: String,
    /// ISO 3166-1 alpha-2.
    pub bank_country: String,
    pub bank_address: String,
    pub aba_number: String,
    pub swift_code: String,
    pub account_number: String,
    pub account_name: String,
    pub account_address: String,
}

impl WireInstructions {
    fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> WireInstructions {
        let text = |name: &str, default: &str| {
            get(&format!("FISCARD_WIRE_{name}"))
                .map_or_else(|| default.to_owned(), |v| v.trim().to_owned())
        };
        WireInstructions {
            bank_name: text("BANK_NAME", "fiscard Sandbox Bank"),
            bank_country: text("BANK_COUNTRY", "US"),
            bank_address: text("BANK_ADDRESS", "1 Example Plaza, New York, NY 10001"),
            aba_number: text("ABA", "123456780"),
            swift_code: text("SWIFT", "FSCDUS33XXX"),
            account_number: text("ACCOUNT_NUMBER", "000123456789"),
            account_name: text("ACCOUNT_NAME", "fiscard Ltd client funds"),
            account_address: text("ACCOUNT_ADDRESS", "2 Example Street, New York, NY 10001"),
        }
    }
}

/// Keys the server signs and encrypts with.
#[derive(Debug, Clone)]
pub struct Secrets {
    /// `FISCARD_CAPTCHA_HMAC_KEY` (hex, ≥ 32 bytes).
    pub captcha_hmac_key: Secret<Vec<u8>>,
    /// `FISCARD_CARD_DATA_KEY` (hex, exactly 32 bytes: AES-256): seals data at rest (card
    /// numbers, authenticator secrets).
    pub card_data_key: Secret<Vec<u8>>,
    /// `FISCARD_WEBHOOK_SECRET` (hex, ≥ 32 bytes).
    pub webhook_secret: Secret<Vec<u8>>,
}

/// Reads one variable through `get`, parsing it or taking the default.
fn var<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> anyhow::Result<T>
where
    T::Err: fmt::Display,
{
    match get(name) {
        None => Ok(default),
        Some(text) => text
            .trim()
            .parse()
            .map_err(|e| anyhow::anyhow!("{name}={text:?} is not valid: {e}")),
    }
}

impl Config {
    /// The configuration from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    /// The configuration from any variable source (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let mode = match get("FISCARD_MODE").as_deref().map(str::trim) {
            None | Some("local") => Mode::Local,
            Some("production") => Mode::Production,
            Some(other) => bail!("FISCARD_MODE={other:?} is not valid: use local or production"),
        };
        let data_dir = PathBuf::from(var(&get, "FISCARD_DATA_DIR", String::from("./data"))?);
        let default_db = data_dir.join("fiscard.db").to_string_lossy().into_owned();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let bind = var(
            &get,
            "FISCARD_BIND",
            SocketAddr::from(([127, 0, 0, 1], 8080)),
        )?;
        let config = Config {
            mode,
            bind,
            operations: OperationsConfig::from_lookup(&get, bind)?,
            database_url: Secret::new(var(&get, "DATABASE_URL", default_db)?),
            web_dir: PathBuf::from(var(&get, "FISCARD_WEB_DIR", String::from("web/dist"))?),
            db_pool_size: var(&get, "FISCARD_DB_POOL_SIZE", 10)?,
            authorization_wait: Duration::from_millis(var(
                &get,
                "FISCARD_AUTHORIZATION_WAIT_MS",
                500,
            )?),
            authorization_hold_days: var(&get, "FISCARD_AUTHORIZATION_HOLD_DAYS", 7)?,
            smtp_url: get("SMTP_URL").map(Secret::new),
            mail_from: var(
                &get,
                "FISCARD_MAIL_FROM",
                String::from("fiscard <no-reply@fiscard.local>"),
            )?,
            captcha_max_number: var(&get, "FISCARD_CAPTCHA_MAX_NUMBER", 100_000)?,
            captcha_ttl: Duration::from_secs(var(&get, "FISCARD_CAPTCHA_TTL_SECONDS", 600)?),
            session_idle: Duration::from_secs(
                60 * var::<u64>(&get, "FISCARD_SESSION_IDLE_MINUTES", 30)?,
            ),
            session_absolute: Duration::from_secs(
                3600 * var::<u64>(&get, "FISCARD_SESSION_ABSOLUTE_HOURS", 12)?,
            ),
            hash_concurrency: var(
                &get,
                "FISCARD_HASH_CONCURRENCY",
                cores.saturating_sub(1).max(1),
            )?,
            max_body_bytes: var(&get, "FISCARD_MAX_BODY_BYTES", 64 * 1024)?,
            trust_proxy: var(&get, "FISCARD_TRUST_PROXY", false)?,
            wire: WireInstructions::from_lookup(&get),
            test_clock: var(&get, "FISCARD_TEST_CLOCK", false)?,
            uploads: UploadsConfig::from_lookup(&get, &data_dir)?,
            payouts: PayoutConfig::from_lookup(&get)?,
            deposit_keys: crate::services::wallet::derive::DepositKeys::from_lookup(&get)?,
            exchange: ExchangeConfig::from_lookup(&get, mode)?,
            fund_accrual_secs: var(&get, "FISCARD_FUND_ACCRUAL_SECS", 300)?,
            ops: OpsConfig::from_lookup(&get)?,
            secrets: load_secrets(mode, &data_dir, &get)?,
            data_dir,
        };
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> anyhow::Result<()> {
        if self.db_pool_size == 0 {
            bail!("FISCARD_DB_POOL_SIZE must be at least 1");
        }
        if self.authorization_hold_days == 0 {
            bail!("FISCARD_AUTHORIZATION_HOLD_DAYS must be at least 1");
        }
        if self.hash_concurrency == 0 {
            bail!("FISCARD_HASH_CONCURRENCY must be at least 1");
        }
        if !(1_000..=10_000_000).contains(&self.captcha_max_number) && self.mode == Mode::Production
        {
            bail!("FISCARD_CAPTCHA_MAX_NUMBER must be between 1000 and 10000000 in production");
        }
        if self.session_idle.is_zero() || self.session_absolute < self.session_idle {
            bail!("session lifetimes must be positive and the absolute one at least the idle one");
        }
        if self.mode == Mode::Production && self.wire.account_number == "000123456789" {
            bail!(
                "FISCARD_WIRE_ACCOUNT_NUMBER (and the other FISCARD_WIRE_* settings) are required in production mode"
            );
        }
        if self.mode == Mode::Production && self.test_clock {
            bail!("FISCARD_TEST_CLOCK is for tests: production mode refuses it");
        }
        if self.mode == Mode::Production
            && let Some(network) = domain::wallet::Network::ALL
                .into_iter()
                .find(|n| self.deposit_keys.uses_sandbox_key(*n))
        {
            bail!(
                "FISCARD_WALLET_XPUB_{} is required in production mode (the sandbox key's private keys are public)",
                network.code()
            );
        }
        if self.mode == Mode::Production && self.smtp_url.is_none() {
            bail!("SMTP_URL is required in production mode (the local outbox is for development)");
        }
        Ok(())
    }

    /// Where mail goes when no SMTP server is configured.
    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }
}

/// Each secret: from its variable, else (local mode only) from `data/secrets/<name>.key`,
/// generated on first run.
fn load_secrets(
    mode: Mode,
    data_dir: &Path,
    get: &impl Fn(&str) -> Option<String>,
) -> anyhow::Result<Secrets> {
    let load = |var: &str, file: &str, exact: Option<usize>| -> anyhow::Result<Secret<Vec<u8>>> {
        let key = match get(var) {
            Some(hex_text) => {
                hex::decode(hex_text.trim()).with_context(|| format!("{var} must be hex"))?
            }
            None if mode == Mode::Production => bail!("{var} is required in production mode"),
            None => local_secret(&data_dir.join("secrets").join(file), exact.unwrap_or(32))?,
        };
        match exact {
            Some(n) if key.len() != n => {
                bail!("{var} must be exactly {n} bytes ({} hex digits)", n * 2)
            }
            None if key.len() < 32 => bail!("{var} must be at least 32 bytes (64 hex digits)"),
            _ => Ok(Secret::new(key)),
        }
    };
    Ok(Secrets {
        captcha_hmac_key: load("FISCARD_CAPTCHA_HMAC_KEY", "captcha-hmac.key", None)?,
        card_data_key: load("FISCARD_CARD_DATA_KEY", "card-data.key", Some(32))?,
        webhook_secret: load("FISCARD_WEBHOOK_SECRET", "webhook.key", None)?,
    })
}

/// Reads a generated key, or generates it (hex, owner-only permissions).
fn local_secret(path: &Path, len: usize) -> anyhow::Result<Vec<u8>> {
    if let Ok(text) = std::fs::read_to_string(path) {
        return hex::decode(text.trim()).with_context(|| format!("{} is not hex", path.display()));
    }
    let dir = path.parent().context("secret path has no folder")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut key = vec![0_u8; len];
    rand::fill(&mut key[..]);
    write_private(path, &hex::encode(&key))
        .with_context(|| format!("writing {}", path.display()))?;
    tracing::info!(path = %path.display(), "generated a local secret key");
    Ok(key)
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)], dir: &Path) -> anyhow::Result<Config> {
        let mut map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        map.entry("FISCARD_DATA_DIR".into())
            .or_insert_with(|| dir.to_string_lossy().into_owned());
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn local_mode_generates_owner_only_secrets_once() {
        let dir = tempfile::tempdir().unwrap();
        let first = config(&[], dir.path()).unwrap();
        let second = config(&[], dir.path()).unwrap();
        assert_eq!(
            first.secrets.captcha_hmac_key,
            second.secrets.captcha_hmac_key
        );
        assert_eq!(first.secrets.card_data_key.expose().len(), 32);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("secrets/card-data.key"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(format!("{first:?}").contains("Secret(…)"));
    }

    #[test]
    fn production_refuses_to_start_without_explicit_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let err = config(
            &[("FISCARD_MODE", "production"), ("SMTP_URL", "smtp://x")],
            dir.path(),
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("FISCARD_CAPTCHA_HMAC_KEY is required"),
            "{err}"
        );
        let key = "ab".repeat(32);
        let explicit = [
            ("FISCARD_MODE", "production"),
            ("SMTP_URL", "smtp://x"),
            ("FISCARD_CAPTCHA_HMAC_KEY", key.as_str()),
            ("FISCARD_CARD_DATA_KEY", key.as_str()),
            ("FISCARD_WEBHOOK_SECRET", key.as_str()),
        ];
        // The sandbox bank's wire instructions are not a production setting either.
        let err = config(&explicit, dir.path()).unwrap_err();
        assert!(
            err.to_string().contains("FISCARD_WIRE_ACCOUNT_NUMBER"),
            "{err}"
        );
        let mut with_wire = explicit.to_vec();
        with_wire.push(("FISCARD_WIRE_ACCOUNT_NUMBER", "987654321"));
        // Nor are the wallet's sandbox keys, whose private keys everyone knows.
        let err = config(&with_wire, dir.path()).unwrap_err();
        assert!(
            err.to_string()
                .contains("FISCARD_WALLET_XPUB_BTC is required"),
            "{err}"
        );
        // (Any account-level xpub other than the sandbox's text; this one is a test vector's.)
        let xpub = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";
        for name in [
            "FISCARD_WALLET_XPUB_BTC",
            "FISCARD_WALLET_XPUB_ETH",
            "FISCARD_WALLET_XPUB_TRX",
        ] {
            with_wire.push((name, xpub));
        }
        let ok = config(&with_wire, dir.path());
        assert!(ok.is_ok(), "{ok:?}");
        // A clock the tests move is never a production setting.
        let mut with_test_clock = with_wire.clone();
        with_test_clock.push(("FISCARD_TEST_CLOCK", "true"));
        let err = config(&with_test_clock, dir.path()).unwrap_err();
        assert!(err.to_string().contains("FISCARD_TEST_CLOCK"), "{err}");
        assert!(
            !dir.path().join("secrets").exists(),
            "production never writes keys"
        );
    }

    #[test]
    fn bad_values_name_the_variable() {
        let dir = tempfile::tempdir().unwrap();
        let err = config(&[("FISCARD_BIND", "nowhere")], dir.path()).unwrap_err();
        assert!(err.to_string().contains("FISCARD_BIND"), "{err}");
        let err = config(&[("FISCARD_CARD_DATA_KEY", "abcd")], dir.path()).unwrap_err();
        assert!(err.to_string().contains("exactly 32 bytes"), "{err}");
        let err = config(&[("FISCARD_MODE", "prod")], dir.path()).unwrap_err();
        assert!(err.to_string().contains("FISCARD_MODE"), "{err}");
    }

    #[test]
    fn holds_expire_after_seven_days_unless_configured_and_never_at_once() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(config(&[], dir.path()).unwrap().authorization_hold_days, 7);
        let hold_days = |days: &str| {
            config(&[("FISCARD_AUTHORIZATION_HOLD_DAYS", days)], dir.path())
                .map(|c| c.authorization_hold_days)
        };
        assert_eq!(hold_days("30").unwrap(), 30);
        for refused in ["0", "-1", "seven"] {
            let err = hold_days(refused).unwrap_err();
            assert!(
                err.to_string().contains("FISCARD_AUTHORIZATION_HOLD_DAYS"),
                "{err}"
            );
        }
    }
}
