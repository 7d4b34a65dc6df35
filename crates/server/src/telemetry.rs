//! Prometheus metrics (DESIGN §14), served as text at `GET /metrics` on a listener of its own
//! (`FISCARD_METRICS_BIND`), never on the public one. Recorded through the `metrics` facade:
//! without a listener no recorder is installed and each call below costs a branch.
//!
//! | metric | labels | what |
//! |---|---|---|
//! | `fiscard_http_requests_total` | method, route, status | requests answered, by route pattern |
//! | `fiscard_http_request_duration_seconds` | method, route, status | their latency (histogram) |
//! | `fiscard_http_requests_in_flight` | | requests between arrival and the end of their answer |
//! | `fiscard_ledger_postings_total` | kind | ledger transactions posted |
//! | `fiscard_card_authorizations_total` | event, result | authorizations and verifications decided: `approved` or the decline reason |
//! | `fiscard_emails_total` | outcome | mails `sent` or `failed` |
//! | `fiscard_rate_limit_refusals_total` | | requests refused for too many attempts (statusCode 429) |
//! | `fiscard_job_runs_total` | job, result | periodic job runs, `ok` or `failed` |
//! | `fiscard_job_duration_seconds` | job | how long a run took (histogram) |
//! | `fiscard_job_lag_seconds` | job | how late the newest run started after its scheduled time |
//! | `fiscard_job_last_success_timestamp_seconds` | job | Unix time of the newest run that succeeded |

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use actix_web::{App, HttpResponse, HttpServer, web};
use anyhow::Context;
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets, in seconds: from a cached read to a slow password hash.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// The process's recorder (one per process: the `metrics` facade has one global recorder).
fn handle() -> anyhow::Result<PrometheusHandle> {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_duration_seconds".to_owned()), &BUCKETS)
        .context("metrics buckets")?
        .install_recorder()
        .context("installing the metrics recorder")?;
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// The metrics listener: `GET /metrics` on its own address.
pub struct MetricsListener {
    pub address: SocketAddr,
    pub handle: actix_web::dev::ServerHandle,
    pub server: actix_web::dev::Server,
}

impl std::fmt::Debug for MetricsListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsListener")
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

/// Installs the recorder and binds `GET /metrics` at `bind` (one worker; it stops when the
/// caller stops it, not on a signal of its own).
pub fn listen(bind: SocketAddr) -> anyhow::Result<MetricsListener> {
    let prometheus = handle()?;
    let server = HttpServer::new(move || {
        let prometheus = prometheus.clone();
        App::new().route(
            "/metrics",
            web::get().to(move || {
                let prometheus = prometheus.clone();
                async move {
                    prometheus.run_upkeep();
                    HttpResponse::Ok()
                        .content_type("text/plain; version=0.0.4; charset=utf-8")
                        .body(prometheus.render())
                }
            }),
        )
    })
    .workers(1)
    .disable_signals()
    .shutdown_timeout(1)
    .bind(bind)
    .with_context(|| format!("binding FISCARD_METRICS_BIND {bind}"))?;
    let address = server
        .addrs()
        .first()
        .copied()
        .context("no bound metrics address")?;
    let server = server.run();
    Ok(MetricsListener {
        address,
        handle: server.handle(),
        server,
    })
}

/// One request answered: `route` is the matched pattern (`/api/fiscard/detail/{cardKey}`), so
/// ids never become labels.
pub fn http_request(method: &str, route: String, status: u16, elapsed: Duration) {
    let labels = [
        ("method", method.to_owned()),
        ("route", route),
        ("status", status.to_string()),
    ];
    counter!("fiscard_http_requests_total", &labels).increment(1);
    histogram!("fiscard_http_request_duration_seconds", &labels).record(elapsed.as_secs_f64());
}

/// A ledger transaction posted (`kind`: `recharge`, `exchange_swap`…).
pub fn ledger_postings(kind: &'static str, count: u64) {
    counter!("fiscard_ledger_postings_total", "kind" => kind).increment(count);
}

/// An authorization or verification decided: `approved` or the decline reason.
pub fn card_authorization(event: &'static str, result: &'static str) {
    counter!("fiscard_card_authorizations_total", "event" => event, "result" => result)
        .increment(1);
}

/// A mail sent, or not.
pub fn email(sent: bool) {
    let outcome = if sent { "sent" } else { "failed" };
    counter!("fiscard_emails_total", "outcome" => outcome).increment(1);
}

/// A request refused for too many attempts.
pub fn rate_limit_refusal() {
    counter!("fiscard_rate_limit_refusals_total").increment(1);
}

/// One run of a periodic job: `scheduled` is when the timer meant it to start.
pub fn job_run(job: &'static str, scheduled: Instant, started: Instant, ok: bool) {
    let result = if ok { "ok" } else { "failed" };
    counter!("fiscard_job_runs_total", "job" => job, "result" => result).increment(1);
    histogram!("fiscard_job_duration_seconds", "job" => job)
        .record(started.elapsed().as_secs_f64());
    gauge!("fiscard_job_lag_seconds", "job" => job)
        .set(started.saturating_duration_since(scheduled).as_secs_f64());
    if ok {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        gauge!("fiscard_job_last_success_timestamp_seconds", "job" => job).set(now.as_secs_f64());
    }
}
