//! The operator console (docs/ops-contract.md): its sessions, claims and enrolment links.

use std::time::Duration;

use super::var;

/// How long operators' sessions, enrolments and claims live, and where enrolment links point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpsConfig {
    /// `FISCARD_OPS_IDLE_SECS`, default 900: an operator session unused this long ends.
    pub idle: Duration,
    /// An operator session ends 12 hours after login whatever its use.
    pub absolute: Duration,
    /// `FISCARD_OPS_CLAIM_SECS`, default 900: how long a reviewer's claim on a case holds.
    pub claim: Duration,
    /// An enrolment link lives 24 hours.
    pub enrolment: Duration,
    /// `FISCARD_PUBLIC_URL`: the site's address as operators reach it (enrolment links);
    /// unset, `http://127.0.0.1:<port>`.
    pub public_url: Option<String>,
    /// `FISCARD_OPS_WIRE_SECOND_ABOVE_USD`, default `10000.00`: a matched wire above this (USD
    /// minor units) waits for a second finance operator's approval.
    pub wire_second_above: i64,
}

impl OpsConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let config = OpsConfig {
            idle: Duration::from_secs(var(get, "FISCARD_OPS_IDLE_SECS", 900)?),
            absolute: Duration::from_secs(12 * 3600),
            claim: Duration::from_secs(var(get, "FISCARD_OPS_CLAIM_SECS", 900)?),
            enrolment: Duration::from_secs(24 * 3600),
            public_url: get("FISCARD_PUBLIC_URL")
                .map(|u| u.trim().trim_end_matches('/').to_owned())
                .filter(|u| !u.is_empty()),
            wire_second_above: {
                let text = get("FISCARD_OPS_WIRE_SECOND_ABOVE_USD")
                    .unwrap_or_else(|| "10000.00".to_owned());
                domain::money::parse_amount(&text, domain::money::USD.scale)
                    .ok()
                    .filter(|a| *a >= 0)
                    .ok_or_else(|| {
                        anyhow::anyhow!("FISCARD_OPS_WIRE_SECOND_ABOVE_USD must be a USD amount")
                    })?
            },
        };
        if config.idle.is_zero() || config.idle > config.absolute {
            anyhow::bail!("FISCARD_OPS_IDLE_SECS must be between 1 and 43200");
        }
        if config.claim.is_zero() {
            anyhow::bail!("FISCARD_OPS_CLAIM_SECS must be at least 1");
        }
        Ok(config)
    }
}
