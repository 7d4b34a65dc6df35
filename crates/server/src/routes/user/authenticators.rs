//! `user/config/mfa/key`: authenticator apps.
//!
//! - `GET` issues a binding key (`secretKey`, `codeImgUrl`: a QR code of the otpauth URI),
//!   after step-up verification (the e-mail code, plus a bound authenticator's code) carried
//!   in the query. The key lives 10 minutes; a new one replaces it.
//! - `POST {mfaCode, remark}` binds the key once `mfaCode` is its current code; 109 when the
//!   key expired or was never issued.
//! - `DELETE {mfaId}` (body or query) removes one, with verification; the last one stays.
//!
//! The list of bound authenticators is part of `GET user/config`.

use actix_web::web;
use domain::Input;
use domain::forms::{BindAuthenticatorForm, Form, NoContext, VerificationForm};
use domain::security::SecureAction;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::config::AuthenticatorView;
use super::notify;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, BodyOrQuery, Empty, Reply};
use crate::extract::{Client, CurrentUser};
use crate::services::authenticators::{self, BindRefusal, ISSUER, KEY_TTL_MS, RemoveRefusal};
use crate::services::security_log::{self, Event};
use crate::services::verification::{self, Rejected};
use crate::state::AppState;

/// A binding key for an authenticator app.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatorKey {
    /// The secret in base32 (RFC 4648, no padding), to type into the app.
    secret_key: String,
    /// A `data:image/svg+xml;base64,…` QR code of the `otpauth://totp/…` URI (issuer fiscard,
    /// account the user's e-mail, SHA1, 6 digits, 30 s).
    code_img_url: String,
    /// When the key expires (UTC milliseconds); binding after it answers 109.
    expire_time: i64,
}

/// Remove an authenticator, with the verification fields the policy asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoveAuthenticator {
    /// The authenticator's `id`.
    #[serde(default)]
    mfa_id: Input<String>,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// A binding key for an authenticator app
///
/// After step-up verification (the e-mail code, plus a bound authenticator's code) carried in
/// the query. The key lives 10 minutes; a new one replaces it. statusCodes: 200, 101, 102,
/// 103, 104, 429.
#[utoipa::path(
    get,
    path = "/user/config/mfa/key",
    tag = "user",
    params(VerificationForm),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<AuthenticatorKey>))
)]
pub async fn issue_key(
    state: web::Data<AppState>,
    user: CurrentUser,
    codes: BodyOrQuery<VerificationForm>,
) -> ApiResult<AuthenticatorKey> {
    let CurrentUser(user) = user;
    verification::verify(&state, &user, SecureAction::AuthenticatorBind, &codes).await?;
    let (vault, now, user_id) = (state.vault.clone(), state.clock.now_ms(), user.user_id);
    let secret = state
        .db
        .write(move |conn| Ok(authenticators::issue_key(conn, &vault, &user_id, now)?))
        .await?;
    let uri = totp::otpauth_uri(&secret, ISSUER, &user.email);
    Ok(Api::ok(AuthenticatorKey {
        secret_key: secret.to_base32(),
        code_img_url: totp::qr_data_url(&uri),
        expire_time: now + KEY_TTL_MS,
    })
    .saying("api.authenticator_key_issued"))
}

/// Bind an authenticator
///
/// Binds the key just issued once `mfaCode` is its current code; 109 when the key expired or
/// was never issued. statusCodes: 200, 101, 102, 104, 109, 429.
#[utoipa::path(
    post,
    path = "/user/config/mfa/key",
    tag = "user",
    request_body = BindAuthenticatorForm,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<AuthenticatorView>))
)]
pub async fn bind(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<BindAuthenticatorForm>,
) -> ApiResult<AuthenticatorView> {
    let CurrentUser(user) = user;
    let bind = body.parse(&NoContext)?;
    let (vault, now, user_id) = (
        state.vault.clone(),
        state.clock.now_ms(),
        user.user_id.clone(),
    );
    let (remark, bind_code) = (bind.remark.clone(), bind.mfa_code.clone());
    let id = state
        .db
        .write(move |conn| {
            // Wrong first codes count against the authenticator factor like any other.
            let bound = verification::within_limit(conn, "mfa", &user_id, now, |conn| {
                Ok(
                    match authenticators::bind(conn, &vault, &user_id, &remark, &bind_code, now)? {
                        Ok(id) => Ok(id),
                        Err(BindRefusal::KeyExpired) => Err(Rejected {
                            error: AppError::new(
                                ApiCode::AuthenticatorKeyExpired,
                                "api.authenticator_key_expired",
                            ),
                            guess: false,
                        }),
                        Err(BindRefusal::WrongCode) => Err(Rejected {
                            error: AppError::new(ApiCode::VerificationWrong, "api.mfa_wrong"),
                            guess: true,
                        }),
                    },
                )
            })?;
            if bound.is_ok() {
                security_log::record(
                    conn,
                    Some(&user_id),
                    Event::AuthenticatorBound,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
            }
            Ok(bound)
        })
        .await??;
    notify(
        &state,
        &user,
        "authenticator_bound",
        [("remark", bind.remark.as_str())],
    );
    Ok(Api::ok(AuthenticatorView {
        id,
        remark: bind.remark,
        create_time: now,
    })
    .saying("api.authenticator_bound"))
}

/// Remove an authenticator
///
/// With step-up verification (a code of any bound authenticator, this one included); the last
/// one stays (422). `mfaId` and the codes come in the body, or in the query for clients that
/// send no body with `DELETE`. statusCodes: 200, 101, 102, 103, 104, 404, 422, 429.
#[utoipa::path(
    delete,
    path = "/user/config/mfa/key",
    tag = "user",
    request_body = RemoveAuthenticator,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: BodyOrQuery<RemoveAuthenticator>,
) -> ApiResult<Empty> {
    let CurrentUser(user) = user;
    let Some(mfa_id) = body.mfa_id.text().map(str::to_owned) else {
        return Err(AppError::validation(&[domain::FieldError::new(
            "mfaId",
            domain::ErrorCode::RequiredChoice,
        )]));
    };
    // Refuse what cannot be removed before asking for codes.
    let (user_id, id) = (user.user_id.clone(), mfa_id.clone());
    let bound = state
        .db
        .read(move |conn| Ok(authenticators::list(conn, &user_id)?))
        .await?;
    if !bound.iter().any(|e| e.id == id) {
        return Err(unknown());
    }
    if bound.len() < 2 {
        return Err(last_one());
    }
    verification::verify(
        &state,
        &user,
        SecureAction::AuthenticatorRemove,
        &body.verification,
    )
    .await?;
    let (now, user_id) = (state.clock.now_ms(), user.user_id.clone());
    let remark = state
        .db
        .write(move |conn| {
            crate::services::accounts::lock_security(conn, &user_id)?;
            let removed = authenticators::remove(conn, &user_id, &mfa_id)?;
            if removed.is_ok() {
                security_log::record(
                    conn,
                    Some(&user_id),
                    Event::AuthenticatorRemoved,
                    &client.ip,
                    &client.user_agent,
                    now,
                )?;
            }
            Ok(removed)
        })
        .await?
        .map_err(|refusal| match refusal {
            RemoveRefusal::NotFound => unknown(),
            RemoveRefusal::LastOne => last_one(),
        })?;
    notify(
        &state,
        &user,
        "authenticator_removed",
        [("remark", remark.as_str())],
    );
    Ok(Api::ok(Empty).saying("api.authenticator_removed"))
}

fn unknown() -> AppError {
    AppError::new(ApiCode::NotFound, "api.authenticator_unknown")
}

fn last_one() -> AppError {
    AppError::new(ApiCode::Refused, "api.authenticator_last")
}
