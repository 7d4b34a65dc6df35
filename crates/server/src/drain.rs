//! Draining on SIGTERM (DESIGN §14): the listener closes, the requests in flight finish within
//! the grace period, then the instance exits.
//!
//! The signals are handled here rather than by actix-server's graceful stop, which in the
//! SIGTERM test sometimes ended a worker that was still reading a request's body, cutting it.
//! Here SIGTERM pauses the accept loop and shuts the listening socket (the kernel then refuses
//! new connections, so a load balancer moves on at once), waits for every request counted in
//! flight — from the moment the middleware sees it until its answer's body has been written
//! out — for at most the grace period, and only then stops the server (closing idle
//! keep-alive connections).

use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::ServerHandle;
use bytes::Bytes;

/// Requests between the middleware and the end of their answer's body, in this process.
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// When the stop signal came.
static SIGNALLED: std::sync::OnceLock<tokio::time::Instant> = std::sync::OnceLock::new();

/// How many requests are in flight now.
pub fn in_flight() -> usize {
    IN_FLIGHT.load(Ordering::SeqCst)
}

/// One request in flight, until dropped.
#[derive(Debug)]
pub struct InFlight(());

impl InFlight {
    pub fn enter() -> InFlight {
        IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
        metrics::gauge!("fiscard_http_requests_in_flight").increment(1.0);
        InFlight(())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
        metrics::gauge!("fiscard_http_requests_in_flight").decrement(1.0);
    }
}

/// An answer's body that keeps its request counted in flight until it is written (or dropped).
pub struct InFlightBody {
    inner: BoxBody,
    _request: InFlight,
}

impl InFlightBody {
    pub fn new(body: impl MessageBody + 'static, request: InFlight) -> InFlightBody {
        InFlightBody {
            inner: BoxBody::new(body),
            _request: request,
        }
    }
}

impl std::fmt::Debug for InFlightBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InFlightBody(…)")
    }
}

impl MessageBody for InFlightBody {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.inner.size()
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_next(cx)
    }
}

/// Drains and stops `server` on SIGTERM (`listener` is a handle on its listening socket), and
/// stops it at once on SIGINT (Ctrl-C).
///
/// # Errors
/// The signal handlers cannot be installed.
pub fn on_signals(
    server: ServerHandle,
    listener: std::net::TcpListener,
    grace: Duration,
) -> std::io::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    actix_web::rt::spawn(async move {
        let term = Box::pin(terminate.recv());
        let int = Box::pin(interrupt.recv());
        let signal = futures_util::future::select(term, int).await;
        SIGNALLED.get_or_init(tokio::time::Instant::now);
        match signal {
            futures_util::future::Either::Left(_) => {
                server.pause().await;
                if let Err(error) =
                    socket2::SockRef::from(&listener).shutdown(std::net::Shutdown::Both)
                {
                    tracing::warn!(%error, "the listening socket did not shut");
                }
                tracing::info!(
                    in_flight = in_flight(),
                    "SIGTERM: stopped accepting; draining the requests in flight"
                );
                let left = settle(grace).await;
                if left > 0 {
                    tracing::warn!(left, "the grace period ended with requests in flight");
                } else {
                    tracing::info!("requests in flight finished");
                }
                server.stop(false).await;
            }
            futures_util::future::Either::Right(_) => {
                tracing::info!("SIGINT: stopping now");
                server.stop(false).await;
            }
        }
    });
    Ok(())
}

/// Waits until no request is in flight, at most until `grace` after the stop signal (or from
/// now, without one); answers how many are left.
pub async fn settle(grace: Duration) -> usize {
    let deadline = *SIGNALLED.get().unwrap_or(&tokio::time::Instant::now()) + grace;
    while in_flight() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    in_flight()
}
