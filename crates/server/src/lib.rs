//! The fiscard API server: actix-web over diesel (SQLite by default, PostgreSQL by URL), the
//! domain crate's rules, and the built web app.
//!
//! [`start`] builds everything from a [`Config`] and answers the bound address (tests bind
//! port 0); `main.rs` only parses the command line.

pub mod admin;
pub mod admin_cards;
pub mod admin_identity;
pub mod admin_withdrawals;
pub mod api;
pub mod backup;
pub mod clock;
pub mod config;
pub mod db;
pub mod drain;
pub mod exchange_cli;
pub mod extract;
pub mod fund_cli;
pub mod jobs;
pub mod logging;
pub mod mailer;
pub mod middleware;
pub mod openapi;
pub mod ops_cli;
pub mod routes;
pub mod services;
pub mod simulate;
pub mod state;
pub mod telemetry;
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
    let serving = Arc::new(backup::ServingLock::acquire(&config)?);
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
        serving,
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
    /// `GET /metrics`, when `FISCARD_METRICS_BIND` asks for it.
    pub metrics: Option<telemetry::MetricsListener>,
    /// The listening socket, for draining (`drain::on_signals` shuts it).
    pub listener: std::net::TcpListener,
}

/// Binds and starts the server (not yet awaited), and the metrics listener when configured.
pub fn start(state: AppState) -> anyhow::Result<Running> {
    let bind = state.config.bind;
    let body_limit = api_body_limit(&state);
    let test_clock = state.config.test_clock;
    let operations = state.config.operations;
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
            .route("/readyz", aweb::get().to(routes::health::readyz))
            .service(aweb::scope("/api").configure(routes::configure))
            .default_service(aweb::to(web::serve))
    })
    // SIGTERM and SIGINT: `drain::on_signals`.
    .disable_signals()
    .shutdown_timeout(operations.shutdown_grace.as_secs());
    let socket = std::net::TcpListener::bind(bind).with_context(|| format!("binding {bind}"))?;
    let listener = socket.try_clone().context("the listening socket")?;
    let server = server
        .listen(socket)
        .with_context(|| format!("listening on {bind}"))?;
    let address = server
        .addrs()
        .first()
        .copied()
        .context("no bound address")?;
    let metrics = operations.metrics_bind.map(telemetry::listen).transpose()?;
    let server = server.run();
    Ok(Running {
        address,
        handle: server.handle(),
        server,
        metrics,
        listener,
    })
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running")
            .field("address", &self.address)
            .field("metrics", &self.metrics)
            .finish_non_exhaustive()
    }
}

fn api_body_limit(state: &AppState) -> api::BodyLimit {
    api::BodyLimit(state.config.max_body_bytes)
}

/// Runs the server until SIGTERM (or Ctrl-C), then drains: the listener closes at once, the
/// requests in flight get `FISCARD_SHUTDOWN_GRACE_SECS` to finish, the periodic jobs stop, the
/// mails already accepted get the same grace to go out, and the process exits 0.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let clock = Clock::for_config(&config)?;
    let state = build_state(config, clock)?;
    let jobs = jobs::Jobs::start(&state);
    let (mailer, grace) = (state.mailer.clone(), state.config.operations.shutdown_grace);
    let running = start(state)?;
    tracing::info!(address = %running.address, "fiscard is listening");
    let metrics = running.metrics.map(|m| {
        tracing::info!(address = %m.address, "metrics are served at /metrics");
        actix_web::rt::spawn(m.server);
        m.handle
    });
    drain::on_signals(running.handle.clone(), running.listener, grace)
        .context("installing the signal handlers")?;
    let served = running.server.await;
    jobs.stop();
    if let Some(metrics) = metrics {
        metrics.stop(true).await;
    }
    if !mailer.settled(grace).await {
        tracing::warn!("stopping with mails not yet sent");
    }
    served.context("server stopped with an error")?;
    tracing::info!("fiscard stopped");
    Ok(())
}
