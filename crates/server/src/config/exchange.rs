//! The exchange (DESIGN §11): where prices come from, how old one may be to quote with, and how
//! long a quote holds — configuration with defaults.

use std::time::Duration;

use anyhow::bail;

use super::{Mode, var};

/// Where the exchange's prices come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceFeed {
    /// The deterministic sandbox walk (`services::exchange::feed::SandboxFeed`), written by a
    /// job every tick.
    Sandbox,
    /// No feed: prices change only when operators set or move them.
    Off,
}

/// The exchange's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeConfig {
    /// `FISCARD_PRICE_FEED`: `sandbox` (the local default) or `off` (the production default; a
    /// production server refuses the sandbox, whose prices are made up).
    pub feed: PriceFeed,
    /// `FISCARD_PRICE_TICK_SECS`, default 5: how often the feed writes a price per coin.
    pub tick: Duration,
    /// `FISCARD_PRICE_MAX_AGE_SECS`, default 60: a price older than this stops quoting
    /// (statusCode 111) rather than quoting wrong.
    pub max_age: Duration,
    /// `FISCARD_PRICE_SEED`, default 22: the sandbox walk's seed (the same seed walks the same
    /// way from the same prices).
    pub seed: u64,
    /// `FISCARD_QUOTE_TTL_SECS`, default 10: how long a quote can be accepted.
    pub quote_ttl: Duration,
}

impl ExchangeConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        mode: Mode,
    ) -> anyhow::Result<Self> {
        let default_feed = match mode {
            Mode::Local => "sandbox",
            Mode::Production => "off",
        };
        let feed = match var(get, "FISCARD_PRICE_FEED", default_feed.to_owned())?.as_str() {
            "sandbox" => PriceFeed::Sandbox,
            "off" => PriceFeed::Off,
            other => bail!("FISCARD_PRICE_FEED={other:?} is not valid: use sandbox or off"),
        };
        let config = ExchangeConfig {
            feed,
            tick: Duration::from_secs(var(get, "FISCARD_PRICE_TICK_SECS", 5)?),
            max_age: Duration::from_secs(var(get, "FISCARD_PRICE_MAX_AGE_SECS", 60)?),
            seed: var(get, "FISCARD_PRICE_SEED", 22)?,
            quote_ttl: Duration::from_secs(var(get, "FISCARD_QUOTE_TTL_SECS", 10)?),
        };
        if config.tick.is_zero() || config.max_age.is_zero() || config.quote_ttl.is_zero() {
            bail!(
                "FISCARD_PRICE_TICK_SECS, FISCARD_PRICE_MAX_AGE_SECS and FISCARD_QUOTE_TTL_SECS must be at least 1"
            );
        }
        if mode == Mode::Production && feed == PriceFeed::Sandbox {
            bail!("FISCARD_PRICE_FEED=sandbox makes prices up: production mode refuses it");
        }
        Ok(config)
    }

    /// The tick in milliseconds.
    pub fn tick_ms(&self) -> i64 {
        millis(self.tick)
    }

    /// The oldest a price may be to quote with, in milliseconds.
    pub fn max_age_ms(&self) -> i64 {
        millis(self.max_age)
    }

    /// How long a quote holds, in milliseconds.
    pub fn quote_ttl_ms(&self) -> i64 {
        millis(self.quote_ttl)
    }
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)], mode: Mode) -> anyhow::Result<ExchangeConfig> {
        let map: HashMap<&str, &str> = vars.iter().copied().collect();
        ExchangeConfig::from_lookup(&|k| map.get(k).map(|v| (*v).to_owned()), mode)
    }

    #[test]
    fn defaults_walk_the_sandbox_locally_and_hold_a_quote_ten_seconds() {
        let c = config(&[], Mode::Local).unwrap();
        assert_eq!(c.feed, PriceFeed::Sandbox);
        assert_eq!(
            (c.tick_ms(), c.max_age_ms(), c.quote_ttl_ms()),
            (5_000, 60_000, 10_000)
        );
        assert_eq!(config(&[], Mode::Production).unwrap().feed, PriceFeed::Off);
    }

    #[test]
    fn production_refuses_made_up_prices_and_zero_times_are_refused() {
        let err = config(&[("FISCARD_PRICE_FEED", "sandbox")], Mode::Production).unwrap_err();
        assert!(err.to_string().contains("production mode refuses"), "{err}");
        let err = config(&[("FISCARD_PRICE_FEED", "live")], Mode::Local).unwrap_err();
        assert!(err.to_string().contains("FISCARD_PRICE_FEED"), "{err}");
        let err = config(&[("FISCARD_QUOTE_TTL_SECS", "0")], Mode::Local).unwrap_err();
        assert!(err.to_string().contains("at least 1"), "{err}");
    }
}
