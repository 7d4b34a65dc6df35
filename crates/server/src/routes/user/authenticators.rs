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
use domain::forms::{BindAuthenticatorForm, NoContext};
use domain::security::SecureAction;
use serde_json::json;

use super::notify;
use crate::api::{Api, ApiCode, ApiResult, AppError, Fields, JsonBody};
use crate::extract::{Client, CurrentUser};
use crate::services::authenticators::{self, BindRefusal, ISSUER, KEY_TTL_MS, RemoveRefusal};
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::state::AppState;

/// `GET user/config/mfa/key`.
pub async fn issue_key(state: web::Data<AppState>, user: CurrentUser, fields: Fields) -> ApiResult {
    let CurrentUser(user) = user;
    verification::verify(&state, &user, SecureAction::AuthenticatorBind, &fields.0).await?;
    let (vault, now, user_id) = (state.vault.clone(), state.clock.now_ms(), user.user_id);
    let secret = state
        .db
        .write(move |conn| Ok(authenticators::issue_key(conn, &vault, &user_id, now)?))
        .await?;
    let uri = totp::otpauth_uri(&secret, ISSUER, &user.email);
    Ok(Api::ok(json!({
        "secretKey": secret.to_base32(),
        "codeImgUrl": totp::qr_data_url(&uri),
        "expireTime": now + KEY_TTL_MS,
    }))
    .saying("api.authenticator_key_issued"))
}

/// `POST user/config/mfa/key`.
pub async fn bind(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: JsonBody,
) -> ApiResult {
    let CurrentUser(user) = user;
    let bind = body.form::<BindAuthenticatorForm>(&NoContext)?;
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
                        Err(BindRefusal::KeyExpired) => Err(AppError::new(
                            ApiCode::AuthenticatorKeyExpired,
                            "api.authenticator_key_expired",
                        )),
                        Err(BindRefusal::WrongCode) => {
                            Err(AppError::new(ApiCode::VerificationWrong, "api.mfa_wrong"))
                        }
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
    Ok(
        Api::ok(json!({ "id": id, "remark": bind.remark, "createTime": now }))
            .saying("api.authenticator_bound"),
    )
}

/// `DELETE user/config/mfa/key`.
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    fields: Fields,
) -> ApiResult {
    let CurrentUser(user) = user;
    let Some(mfa_id) = fields.0.text("mfaId") else {
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
    verification::verify(&state, &user, SecureAction::AuthenticatorRemove, &fields.0).await?;
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
    Ok(Api::ok(serde_json::Value::Null).saying("api.authenticator_removed"))
}

fn unknown() -> AppError {
    AppError::new(ApiCode::NotFound, "api.authenticator_unknown")
}

fn last_one() -> AppError {
    AppError::new(ApiCode::Refused, "api.authenticator_last")
}
