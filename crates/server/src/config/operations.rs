//! Running in production (DESIGN §14): how long a stopping instance drains, and where its
//! Prometheus metrics are served — configuration with defaults.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::bail;

use super::var;

/// The operations settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperationsConfig {
    /// `FISCARD_SHUTDOWN_GRACE_SECS`, default 20: on SIGTERM the instance stops accepting and
    /// gives the requests in flight this long to finish before it closes their connections.
    pub shutdown_grace: Duration,
    /// `FISCARD_METRICS_BIND`: where `GET /metrics` (Prometheus text) is served, on a listener of
    /// its own; unset (the default): no metrics listener. Never served on `FISCARD_BIND`.
    pub metrics_bind: Option<SocketAddr>,
}

impl OperationsConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        bind: SocketAddr,
    ) -> anyhow::Result<OperationsConfig> {
        let metrics_bind = match get("FISCARD_METRICS_BIND") {
            None => None,
            Some(_) => Some(var(
                get,
                "FISCARD_METRICS_BIND",
                SocketAddr::from(([127, 0, 0, 1], 0)),
            )?),
        };
        if let Some(metrics) = metrics_bind
            && metrics == bind
            && metrics.port() != 0
        {
            bail!("FISCARD_METRICS_BIND must differ from FISCARD_BIND: metrics are never public");
        }
        Ok(OperationsConfig {
            shutdown_grace: Duration::from_secs(var(get, "FISCARD_SHUTDOWN_GRACE_SECS", 20)?),
            metrics_bind,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(vars: &[(&str, &str)]) -> anyhow::Result<OperationsConfig> {
        let get = |name: &str| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        };
        OperationsConfig::from_lookup(&get, SocketAddr::from(([127, 0, 0, 1], 8080)))
    }

    #[test]
    fn metrics_are_off_unless_bound_and_never_on_the_public_address() {
        let default = from(&[]).unwrap();
        assert_eq!(default.metrics_bind, None);
        assert_eq!(default.shutdown_grace, Duration::from_secs(20));
        let on = from(&[("FISCARD_METRICS_BIND", "127.0.0.1:9100")]).unwrap();
        assert_eq!(
            on.metrics_bind,
            Some(SocketAddr::from(([127, 0, 0, 1], 9100)))
        );
        assert!(from(&[("FISCARD_METRICS_BIND", "127.0.0.1:8080")]).is_err());
        assert!(from(&[("FISCARD_METRICS_BIND", "not an address")]).is_err());
        let grace = from(&[("FISCARD_SHUTDOWN_GRACE_SECS", "3")]).unwrap();
        assert_eq!(grace.shutdown_grace, Duration::from_secs(3));
    }
}
