//! The periodic jobs a serving instance runs (DESIGN §14): authorization-hold expiry with the
//! purge of stale quotes, the fund's accrual, the sandbox price feed. Each is safe on every
//! instance at once (it claims its rows with conditional updates or unique keys; see the
//! README's Deployment section), so any number of instances run them all. They stop when the
//! instance stops ([`Jobs::stop`]): a run in flight is cut at its next await; the database
//! transaction it is inside either commits whole or not at all.

use std::sync::Arc;
use std::time::Instant;

use actix_web::rt::task::JoinHandle;

use crate::config::PriceFeed;
use crate::services;
use crate::state::AppState;
use crate::telemetry;

/// How often the server expires the authorization holds left open too long.
const HOLD_EXPIRY_EVERY: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// The running jobs.
#[derive(Debug, Default)]
pub struct Jobs(Vec<JoinHandle<()>>);

impl Jobs {
    /// Starts the jobs `state`'s configuration asks for.
    pub fn start(state: &AppState) -> Jobs {
        let mut jobs = vec![spawn_hold_expiry(state)];
        if state.config.exchange.feed == PriceFeed::Sandbox {
            let exchange = state.config.exchange;
            jobs.push(services::exchange::feed::spawn(
                state.db.clone(),
                state.clock.clone(),
                Arc::new(services::exchange::feed::SandboxFeed {
                    seed: exchange.seed,
                    tick_ms: exchange.tick_ms(),
                }),
                exchange.tick_ms(),
            ));
        }
        if state.config.fund_accrual_secs > 0 {
            jobs.push(services::fund::accrual::spawn(
                state.db.clone(),
                state.clock.clone(),
                std::time::Duration::from_secs(state.config.fund_accrual_secs),
            ));
        }
        Jobs(jobs)
    }

    /// Stops every job.
    pub fn stop(self) {
        for job in self.0 {
            job.abort();
        }
    }
}

/// Expires authorization holds at start and then every [`HOLD_EXPIRY_EVERY`]
/// (`services::card_events::expire`), and purges the exchange quotes never accepted a day after
/// they expired (`services::exchange::quotes::purge`); both safe on every instance at once. A
/// failed round is logged and the next one tries again.
fn spawn_hold_expiry(state: &AppState) -> JoinHandle<()> {
    let (db, clock) = (state.db.clone(), state.clock.clone());
    let days = state.config.authorization_hold_days;
    actix_web::rt::spawn(async move {
        let mut every = actix_web::rt::time::interval(HOLD_EXPIRY_EVERY);
        loop {
            let scheduled = every.tick().await.into_std();
            let started = Instant::now();
            let expired =
                services::card_events::expire::expire_holds(&db, clock.now_ms(), days).await;
            telemetry::job_run("hold_expiry", scheduled, started, expired.is_ok());
            match expired {
                Ok(report) if report.expired > 0 => {
                    tracing::info!(expired = report.expired, "authorization holds expired");
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "hold expiry failed; the next round retries"),
            }
            let started = Instant::now();
            let now = clock.now_ms();
            let purged = db
                .write(move |conn| Ok(services::exchange::quotes::purge(conn, now)?))
                .await;
            telemetry::job_run("quote_purge", scheduled, started, purged.is_ok());
            match purged {
                Ok(purged) if purged > 0 => tracing::info!(purged, "expired quotes purged"),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "quote purge failed; the next round retries"),
            }
        }
    })
}
