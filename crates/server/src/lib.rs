//! The fiscard API server: actix-web over diesel (SQLite by default, PostgreSQL by URL), the
//! domain crate's rules, and the built web app.
//!
//! [`start`] builds everything from a [`Config`] and answers the bound address (tests bind
//! port 0); `main.rs` only parses the command line.

pub mod admin;
pub mod admin_identity;
pub mod admin_withdrawals;
pub mod api;
pub mod clock;
pub mod config;
pub mod db;
pub mod exchange_cli;
pub mod extract;
pub mod fund_cli;
pub mod logging;
pub mod mailer;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod services;
pub mod simulate;
pub mod state;
pub mod wallet_cli;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;

use actix_web::dev::ServerHandle;
use actix_web::{App, HttpServer, web as aweb};
use anyhow::Context;

use crate::api::AppError;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mailer::Mailer;
use crate::services::issuer::SandboxIssuer;
use crate::services::passwords::Passwords;
use crate::services::vault::Vault;
use crate::state::AppState;

/// Builds the shared state: database (migrated), password hasher, mailer.
pub fn build_state(config: Config, clock: Clock) -> anyhow::Result<AppState> {
    let db = Db::connect(config.database_url.expose(), config.db_pool_size)?;
    let passwords = Passwords::new(config.hash_concurrency)?;
    let mailer = Mailer::from_config(&config)?;
    let vault = Vault::new(config.secrets.card_data_key.expose())?;
    if config.mode == config::Mode::Local {
        let now = clock.now_ms();
        let added = db.write_blocking(|conn| services::bins::seed_sandbox(conn, now))?;
        if added > 0 {
            tracing::info!(
                added,
                "added the sandbox card BINs (local mode, no BINs yet)"
            );
        }
    }
    let issuer = Arc::new(SandboxIssuer::new(vault.clone()));
    let uploads = services::uploads::Uploads::from_config(&config.uploads)?;
    let deposit_keys = Arc::new(config.deposit_keys.clone());
    Ok(AppState {
        uploads,
        deposit_keys,
        config: Arc::new(config),
        db,
        clock,
        passwords,
        mailer,
        vault,
        issuer,
    })
}

/// A running server.
pub struct Running {
    pub address: SocketAddr,
    pub handle: ServerHandle,
    pub server: actix_web::dev::Server,
}

/// Binds and starts the server (not yet awaited).
pub fn start(state: AppState) -> anyhow::Result<Running> {
    let bind = state.config.bind;
    let body_limit = api_body_limit(&state);
    let test_clock = state.config.test_clock;
    if test_clock {
        tracing::warn!("FISCARD_TEST_CLOCK: the tests may move this server's clock");
    }
    let data = aweb::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .app_data(body_limit)
            .app_data(
                aweb::QueryConfig::default()
                    .error_handler(|_, _| AppError::bad_request("api.bad_request").into()),
            )
            .app_data(
                aweb::PathConfig::default()
                    .error_handler(|_, _| AppError::bad_request("api.bad_request").into()),
            )
            .wrap(actix_web::middleware::from_fn(middleware::request_context))
            .configure(|app| {
                // Before the /api scope, which would answer 404 for it.
                if test_clock {
                    app.route(
                        "/api/test/clock",
                        aweb::post().to(routes::test_clock::advance),
                    );
                }
            })
            .route("/healthz", aweb::get().to(routes::health::healthz))
            .service(aweb::scope("/api").configure(routes::configure))
            .default_service(aweb::to(web::serve))
    })
    .shutdown_timeout(20)
    .bind(bind)
    .with_context(|| format!("binding {bind}"))?;
    let address = server
        .addrs()
        .first()
        .copied()
        .context("no bound address")?;
    let server = server.run();
    Ok(Running {
        address,
        handle: server.handle(),
        server,
    })
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running")
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

fn api_body_limit(state: &AppState) -> api::BodyLimit {
    api::BodyLimit(state.config.max_body_bytes)
}

/// Runs the server until Ctrl-C / SIGTERM, then lets requests in flight finish.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let clock = Clock::for_config(&config)?;
    let state = build_state(config, clock)?;
    spawn_hold_expiry(&state);
    if state.config.exchange.feed == config::PriceFeed::Sandbox {
        let exchange = state.config.exchange;
        services::exchange::feed::spawn(
            state.db.clone(),
            state.clock.clone(),
            Arc::new(services::exchange::feed::SandboxFeed {
                seed: exchange.seed,
                tick_ms: exchange.tick_ms(),
            }),
            exchange.tick_ms(),
        );
    }
    if state.config.fund_accrual_secs > 0 {
        services::fund::accrual::spawn(
            state.db.clone(),
            state.clock.clone(),
            std::time::Duration::from_secs(state.config.fund_accrual_secs),
        );
    }
    let running = start(state)?;
    tracing::info!(address = %running.address, "fiscard is listening");
    running.server.await.context("server stopped with an error")
}

/// How often the server expires the authorization holds left open too long.
const HOLD_EXPIRY_EVERY: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// Expires authorization holds at start and then every [`HOLD_EXPIRY_EVERY`]
/// (`services::card_events::expire`), and purges the exchange quotes never accepted a day after
/// they expired (`services::exchange::quotes::purge`); both safe on every instance at once. A
/// failed round is logged and the next one tries again.
fn spawn_hold_expiry(state: &AppState) {
    let (db, clock) = (state.db.clone(), state.clock.clone());
    let days = state.config.authorization_hold_days;
    actix_web::rt::spawn(async move {
        let mut every = actix_web::rt::time::interval(HOLD_EXPIRY_EVERY);
        loop {
            every.tick().await;
            match services::card_events::expire::expire_holds(&db, clock.now_ms(), days).await {
                Ok(report) if report.expired > 0 => {
                    tracing::info!(expired = report.expired, "authorization holds expired");
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "hold expiry failed; the next round retries"),
            }
            let now = clock.now_ms();
            match db
                .write(move |conn| Ok(services::exchange::quotes::purge(conn, now)?))
                .await
            {
                Ok(purged) if purged > 0 => tracing::info!(purged, "expired quotes purged"),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "quote purge failed; the next round retries"),
            }
        }
    });
}
