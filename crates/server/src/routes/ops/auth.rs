//! Operators' login (password and authenticator code, always), enrolment by link, logout and
//! `me`. A wrong e-mail, password or code get one answer (104), limited per e-mail and client.

use actix_web::web;
use domain::error::ErrorCode;
use domain::forms::{Form, NoContext, OpsEnrolment, OpsEnrolmentForm, OpsLogin, OpsLoginForm};
use domain::{FieldError, Input};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{OpsOperator, entry};
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Reply};
use crate::db::DbConnection;
use crate::extract::{Client, CurrentOperator};
use crate::services::audit::{self, Entry};
use crate::services::operators::{self, ACTIVE, EnrolRefusal, OperatorRow};
use crate::services::{operator_sessions, throttle};
use crate::state::AppState;

/// The issuer authenticator apps show for the console.
const ISSUER: &str = "fiscard ops";

/// An operator session: `token` goes in the `Ops-Token` header.
#[derive(Debug, Serialize, ToSchema)]
pub struct OpsSession {
    token: String,
    operator: OpsOperator,
}

fn text(input: &Input<String>) -> String {
    input.text().map(str::trim).unwrap_or_default().to_owned()
}

/// Opens a session for `row` and appends `action` to the trail; the session's answer.
fn open_session(
    conn: &mut DbConnection,
    state: &AppState,
    row: &OperatorRow,
    client: &Client,
    action: &str,
    now: i64,
) -> Result<OpsSession, AppError> {
    let token = operator_sessions::open(
        conn,
        &row.id,
        &client.ip,
        &client.user_agent,
        state.ops_lifetimes(),
        now,
    )?;
    audit::append(
        conn,
        &Entry {
            operator_id: Some(&row.id),
            operator: &row.email,
            action,
            subject: &format!("operator:{}", row.id),
            ip: Some(&client.ip),
            ..Entry::default()
        },
        now,
    )?;
    Ok(OpsSession {
        token,
        operator: OpsOperator::from(row),
    })
}

/// Log in to the console
///
/// E-mail, password and authenticator code, all three always. A wrong one of them, or an
/// operator who is not active, gets 104 without saying which. 5 failures in 15 minutes per
/// e-mail and client address: 429 with `retryAfter`. statusCodes: 200, 102, 104, 429.
#[utoipa::path(
    post,
    path = "/ops/login",
    tag = "ops",
    request_body = OpsLoginForm,
    responses((status = 200, body = Reply<OpsSession>))
)]
pub async fn ops_login(
    state: web::Data<AppState>,
    client: Client,
    body: Body<OpsLoginForm>,
) -> ApiResult<OpsSession> {
    let OpsLogin {
        email,
        password,
        code,
    } = body.parse(&NoContext)?;
    let email = email.as_str().to_owned();
    let now = state.clock.now_ms();
    let key = format!("ops-login:{email}:{}", client.ip);
    let attempt = state
        .db
        .write({
            let key = key.clone();
            move |conn| Ok(throttle::take(conn, &key, throttle::LOGIN_PER_CLIENT, now)?)
        })
        .await?;
    if attempt.over(throttle::LOGIN_PER_CLIENT) {
        return Err(AppError::too_many_attempts(attempt.seconds_left));
    }
    let found = state
        .db
        .read({
            let email = email.clone();
            move |conn| Ok(operators::find_by_email(conn, &email)?)
        })
        .await?;
    let hash = found.as_ref().and_then(|row| row.password_hash.clone());
    let password_right = state.passwords.verify(password, hash).await?;
    let state_in = state.clone();
    let opened = state
        .db
        .write(move |conn| {
            if let Some(row) = found.as_ref().filter(|r| r.status == ACTIVE)
                && password_right
                && operators::check_code(conn, &state_in.vault, row, &code, now)?
            {
                throttle::clear(conn, &key)?;
                return open_session(conn, &state_in, row, &client, "login", now).map(Some);
            }
            let subject = found.as_ref().map_or_else(
                || format!("email:{email}"),
                |r| format!("operator:{}", r.id),
            );
            audit::append(
                conn,
                &Entry {
                    operator_id: found.as_ref().map(|r| r.id.as_str()),
                    operator: &email,
                    action: "login.failed",
                    subject: &subject,
                    ip: Some(&client.ip),
                    ..Entry::default()
                },
                now,
            )?;
            Ok(None)
        })
        .await?;
    opened
        .map(|session| Api::ok(session).saying("api.ops_logged_in"))
        .ok_or_else(|| AppError::new(ApiCode::VerificationWrong, "api.ops_login_wrong"))
}

/// Log out of the console
///
/// Ends the current operator session. statusCodes: 200, 101.
#[utoipa::path(
    post,
    path = "/ops/logout",
    tag = "ops",
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn ops_logout(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
) -> ApiResult<Empty> {
    let now = state.clock.now_ms();
    state
        .db
        .write(move |conn| {
            operator_sessions::revoke(conn, &operator.session_id, now)?;
            let subject = format!("operator:{}", operator.id);
            audit::append(conn, &entry(&operator, &client, "logout", &subject), now)?;
            Ok(())
        })
        .await?;
    Ok(Api::ok(Empty))
}

/// The operator of this session
///
/// statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/ops/me",
    tag = "ops",
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsOperator>))
)]
pub async fn ops_me(
    state: web::Data<AppState>,
    operator: CurrentOperator,
) -> ApiResult<OpsOperator> {
    let row = state
        .db
        .read(move |conn| Ok(operators::find(conn, &operator.id)?))
        .await?
        .ok_or_else(AppError::not_logged_in)?;
    Ok(Api::ok(OpsOperator::from(&row)))
}

/// An enrolment link's token.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EnrolmentStart {
    token: Input<String>,
}

/// What the enrolment page shows: whose it is, and the authenticator secret to bind.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentKey {
    email: String,
    /// Base32.
    secret: String,
    /// For a QR code (issuer `fiscard ops`).
    otpauth_uri: String,
}

fn dead_link() -> AppError {
    AppError::new(ApiCode::NotFound, "api.ops_enrolment_dead")
}

/// Start an enrolment
///
/// The link's operator and the authenticator secret to bind (made once per enrolment).
/// statusCodes: 200, 102, 404 (the link is used, expired or unknown).
#[utoipa::path(
    post,
    path = "/ops/enrolment/start",
    tag = "ops",
    request_body = EnrolmentStart,
    responses((status = 200, body = Reply<EnrolmentKey>))
)]
pub async fn start_enrolment(
    state: web::Data<AppState>,
    body: Body<EnrolmentStart>,
) -> ApiResult<EnrolmentKey> {
    let token = text(&body.token);
    if token.is_empty() {
        let blank = FieldError::new("token", ErrorCode::RequiredInput);
        return Err(AppError::validation(&[blank]));
    }
    let now = state.clock.now_ms();
    let vault = state.vault.clone();
    let started = state
        .db
        .write(move |conn| Ok(operators::start_enrolment(conn, &vault, &token, now)?))
        .await?;
    let (row, secret) = started.ok_or_else(dead_link)?;
    Ok(Api::ok(EnrolmentKey {
        otpauth_uri: totp::otpauth_uri(&secret, ISSUER, &row.email),
        secret: secret.to_base32(),
        email: row.email,
    }))
}

/// Finish an enrolment
///
/// Checks the password (the domain's new-password rule) and the code against the secret
/// `enrolment/start` gave; the operator becomes active and a session opens (as login's).
/// statusCodes: 200, 102, 104 (wrong code), 404 (the link is used, expired or unknown).
#[utoipa::path(
    post,
    path = "/ops/enrolment/finish",
    tag = "ops",
    request_body = OpsEnrolmentForm,
    responses((status = 200, body = Reply<OpsSession>))
)]
pub async fn finish_enrolment(
    state: web::Data<AppState>,
    client: Client,
    body: Body<OpsEnrolmentForm>,
) -> ApiResult<OpsSession> {
    let OpsEnrolment {
        token,
        password,
        code,
    } = body.parse(&NoContext)?;
    let hash = state.passwords.hash(password).await?;
    let now = state.clock.now_ms();
    let state_in = state.clone();
    let finished = state
        .db
        .write(move |conn| {
            let row = match operators::finish_enrolment(
                conn,
                &state_in.vault,
                &token,
                &hash,
                &code,
                now,
            )? {
                Ok(row) => row,
                Err(refusal) => return Ok(Err(refusal)),
            };
            open_session(conn, &state_in, &row, &client, "operator.enrol", now).map(Ok)
        })
        .await?;
    match finished {
        Ok(session) => Ok(Api::ok(session).saying("api.ops_logged_in")),
        Err(EnrolRefusal::DeadLink) => Err(dead_link()),
        Err(EnrolRefusal::WrongCode) => Err(AppError::new(
            ApiCode::VerificationWrong,
            "api.ops_code_wrong",
        )),
    }
}
