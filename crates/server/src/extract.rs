//! Request extractors: who is calling (`Client`), and whose session it is (`CurrentUser`).

use std::future::{Future, Ready, ready};
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use crate::api::AppError;
use crate::db::{self, DbConnection};
use crate::services::sessions::{self, Lifetimes, Live, SessionRow, SessionUser};
use crate::state::AppState;

mod ops;
pub use ops::{CurrentOperator, OPS_TOKEN};

/// Longest user agent kept in the security log.
const USER_AGENT_MAX: usize = 256;

/// The caller's network address and browser, for limits and the security log.
#[derive(Debug, Clone)]
pub struct Client {
    pub ip: String,
    pub user_agent: String,
}

impl FromRequest for Client {
    type Error = AppError;
    type Future = Ready<Result<Client, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let trust_proxy = req
            .app_data::<web::Data<AppState>>()
            .is_some_and(|s| s.config.trust_proxy);
        let forwarded = trust_proxy
            .then(|| {
                req.connection_info()
                    .realip_remote_addr()
                    .map(str::to_owned)
            })
            .flatten();
        let ip = forwarded
            .map(|a| {
                a.parse::<std::net::SocketAddr>()
                    .map_or(a, |s| s.ip().to_string())
            })
            .or_else(|| req.peer_addr().map(|a| a.ip().to_string()))
            .unwrap_or_else(|| "unknown".to_owned());
        let user_agent = req
            .headers()
            .get("User-Agent")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .chars()
            .take(USER_AGENT_MAX)
            .collect();
        ready(Ok(Client { ip, user_agent }))
    }
}

/// The request's `Access-Token`, not yet checked: for a handler that checks it in the same
/// database round trip and snapshot as its own reads ([`SessionToken::read`]) instead of one of
/// its own first, as [`CurrentUser`] does. The answers are the same (101 without a live session).
#[derive(Debug, Clone)]
pub struct SessionToken {
    token: Option<String>,
    lifetimes: Lifetimes,
    now: i64,
}

impl SessionToken {
    /// Runs `f` with the id of the live session's user, on `conn`, in one snapshot with the
    /// session's check ([`db::snapshot`]), then keeps the session alive; 101 without one. For
    /// reads that need only whose data to show.
    pub fn read<T>(
        &self,
        conn: &mut DbConnection,
        f: impl FnOnce(&mut DbConnection, &str) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        self.in_snapshot(conn, |conn, hash| {
            let live = sessions::row_of(conn, hash)?
                .and_then(|row| Live::of(row, self.lifetimes, self.now))
                .ok_or_else(AppError::not_logged_in)?;
            let found = f(conn, &live.user_id)?;
            Ok((live, found))
        })
    }

    /// Runs `read` with the hash of the token: it answers the row of the session with that
    /// hash ([`sessions::SessionRow`]) and what it read, from its own statements; `None` when no
    /// session has that hash. Answers what was read when the session is live, then keeps it
    /// alive; 101 otherwise. For a read that joins the session's row into its own statement
    /// (the card list).
    pub fn read_joined<T>(
        &self,
        conn: &mut DbConnection,
        read: impl FnOnce(&mut DbConnection, &str) -> Result<Option<(SessionRow, T)>, AppError>,
    ) -> Result<T, AppError> {
        self.in_snapshot(conn, |conn, hash| {
            let (row, found) = read(conn, hash)?.ok_or_else(AppError::not_logged_in)?;
            let live =
                Live::of(row, self.lifetimes, self.now).ok_or_else(AppError::not_logged_in)?;
            Ok((live, found))
        })
    }

    /// Runs `body` with the token's hash in one snapshot ([`db::snapshot`]); then keeps alive
    /// the session it found live.
    fn in_snapshot<T>(
        &self,
        conn: &mut DbConnection,
        body: impl FnOnce(&mut DbConnection, &str) -> Result<(Live, T), AppError>,
    ) -> Result<T, AppError> {
        let token = self.token.as_deref().ok_or_else(AppError::not_logged_in)?;
        let hash = sessions::token_hash(token);
        let (live, found) = db::snapshot(conn, |conn| body(conn, &hash))?;
        sessions::keep_alive(conn, &live, self.now)?;
        Ok(found)
    }
}

impl FromRequest for SessionToken {
    type Error = AppError;
    type Future = Ready<Result<SessionToken, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(AppError::not_logged_in()));
        };
        ready(Ok(SessionToken {
            token: access_token(req),
            lifetimes: state.session_lifetimes(),
            now: state.clock.now_ms(),
        }))
    }
}

fn access_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get("Access-Token")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// The user of a live session (`Access-Token`); 101 without one.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub SessionUser);

impl FromRequest for CurrentUser {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<CurrentUser, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = access_token(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let (Some(token), Some(state)) = (token, state) else {
                return Err(AppError::not_logged_in());
            };
            let now = state.clock.now_ms();
            let lifetimes = state.session_lifetimes();
            let user = state
                .db
                .read(move |conn| {
                    sessions::resolve(conn, &token, lifetimes, now).map_err(AppError::from)
                })
                .await?;
            user.map(CurrentUser).ok_or_else(AppError::not_logged_in)
        })
    }
}
