//! Payouts to saved bank accounts (DESIGN §9): what a newly saved account may receive, and the
//! terms of USD withdrawals — configuration with defaults.

use std::time::Duration;

use domain::money::{Rate, USD, parse_amount};
use domain::withdrawal::WithdrawalFee;

use super::var;

/// What a newly saved bank account may receive, and what a withdrawal costs and may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayoutConfig {
    /// `FISCARD_BANK_ACCOUNT_COOLING_OFF_HOURS`, default 24: a new account receives no payout
    /// before this long has passed.
    pub cooling_off: Duration,
    /// `FISCARD_FIRST_PAYOUT_CAP_USD`, default `1000.00`: until a payout to it has completed,
    /// the most an account may receive (payouts under way counted), in USD cents.
    pub first_payout_cap: i64,
    /// `FISCARD_WITHDRAWAL_FEE_USD` (default `10.00`) plus `FISCARD_WITHDRAWAL_FEE_RATE` of the
    /// amount (a fraction, default `0.001`).
    pub fee: WithdrawalFee,
    /// `FISCARD_WITHDRAWAL_MIN_USD`, default `50.00`; more than the fee on it.
    pub minimum: i64,
    /// `FISCARD_WITHDRAWAL_MAX_USD`, default `50000.00`: the most one withdrawal may take.
    pub maximum: i64,
    /// `FISCARD_WITHDRAWAL_DAILY_LIMIT_USD` (default `50000.00`) and
    /// `FISCARD_WITHDRAWAL_MONTHLY_LIMIT_USD` (default `200000.00`): what a user's withdrawals
    /// may take in a UTC day and a UTC month (cancelled, rejected and returned ones not
    /// counted).
    pub daily_limit: i64,
    pub monthly_limit: i64,
    /// `FISCARD_WITHDRAWAL_REVIEW_ABOVE_USD`, default `1000.00`: a withdrawal up to this is
    /// approved at once; above it, a finance operator approves it.
    pub review_above: i64,
}

/// A USD setting in cents: `default` when unset.
fn usd(get: &impl Fn(&str) -> Option<String>, name: &str, default: &str) -> anyhow::Result<i64> {
    let text = var(get, name, default.to_owned())?;
    parse_amount(&text, USD.scale)
        .ok()
        .filter(|cents| *cents >= 0)
        .ok_or_else(|| anyhow::anyhow!("{name}={text:?} is not a USD amount"))
}

impl PayoutConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let rate_text = var(get, "FISCARD_WITHDRAWAL_FEE_RATE", String::from("0.001"))?;
        let rate = Rate::from_fraction(&rate_text).ok_or_else(|| {
            anyhow::anyhow!(
                "FISCARD_WITHDRAWAL_FEE_RATE={rate_text:?} is not a fraction between 0 and 1"
            )
        })?;
        let config = PayoutConfig {
            cooling_off: Duration::from_secs(
                3600 * var::<u64>(get, "FISCARD_BANK_ACCOUNT_COOLING_OFF_HOURS", 24)?,
            ),
            first_payout_cap: usd(get, "FISCARD_FIRST_PAYOUT_CAP_USD", "1000.00")?,
            fee: WithdrawalFee {
                fixed_minor: usd(get, "FISCARD_WITHDRAWAL_FEE_USD", "10.00")?,
                rate,
            },
            minimum: usd(get, "FISCARD_WITHDRAWAL_MIN_USD", "50.00")?,
            maximum: usd(get, "FISCARD_WITHDRAWAL_MAX_USD", "50000.00")?,
            daily_limit: usd(get, "FISCARD_WITHDRAWAL_DAILY_LIMIT_USD", "50000.00")?,
            monthly_limit: usd(get, "FISCARD_WITHDRAWAL_MONTHLY_LIMIT_USD", "200000.00")?,
            review_above: usd(get, "FISCARD_WITHDRAWAL_REVIEW_ABOVE_USD", "1000.00")?,
        };
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> anyhow::Result<()> {
        if self.first_payout_cap <= 0 {
            anyhow::bail!("FISCARD_FIRST_PAYOUT_CAP_USD must be above zero");
        }
        if self.fee.quote(self.minimum).received_minor <= 0 {
            anyhow::bail!(
                "FISCARD_WITHDRAWAL_MIN_USD must be more than the fee a withdrawal of that amount pays"
            );
        }
        if self.maximum < self.minimum
            || self.daily_limit < self.minimum
            || self.monthly_limit < self.daily_limit
        {
            anyhow::bail!(
                "withdrawal limits must satisfy minimum ≤ maximum, minimum ≤ daily ≤ monthly"
            );
        }
        Ok(())
    }

    /// The defaults (every setting unset).
    ///
    /// # Panics
    /// Never: the defaults pass the check (a unit test holds them to it).
    pub fn standard() -> PayoutConfig {
        PayoutConfig::from_lookup(&|_: &str| None).expect("the defaults are consistent")
    }

    /// The cooling-off period in milliseconds.
    pub fn cooling_off_ms(&self) -> i64 {
        i64::try_from(self.cooling_off.as_millis()).unwrap_or(i64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> anyhow::Result<PayoutConfig> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        PayoutConfig::from_lookup(&|name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn defaults_are_a_consistent_set() {
        let c = config(&[]).expect("defaults");
        assert_eq!(c.minimum, 5_000);
        assert_eq!(c.fee.quote(100_000).fee_minor, 1_100);
        assert_eq!(c.review_above, 100_000);
    }

    #[test]
    fn a_minimum_the_fee_would_eat_is_refused() {
        assert!(config(&[("FISCARD_WITHDRAWAL_MIN_USD", "10.00")]).is_err());
        assert!(config(&[("FISCARD_WITHDRAWAL_MAX_USD", "10")]).is_err());
        assert!(config(&[("FISCARD_WITHDRAWAL_FEE_RATE", "2")]).is_err());
        assert!(
            config(&[
                ("FISCARD_WITHDRAWAL_FEE_USD", "0"),
                ("FISCARD_WITHDRAWAL_MIN_USD", "0.01")
            ])
            .is_ok()
        );
    }
}
