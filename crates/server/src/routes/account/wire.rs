//! `GET account/deposit/wire`: where to wire USD to fund the account.

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::config::WireInstructions;
use crate::extract::CurrentUser;
use crate::services::wires;
use crate::state::AppState;

/// Where to wire USD to fund the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct WireDeposit {
    #[serde(flatten)]
    bank: WireInstructions,
    /// The user's wire memo (9 characters, the last a check character): without it a wire
    /// cannot be matched and may be refunded.
    memo: String,
    /// `USD`.
    currency: &'static str,
}

/// Where to wire USD
///
/// The bank account to wire USD to, with the user's memo (given on first asking) that tells
/// the operator whose the wire is. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/account/deposit/wire",
    tag = "account",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WireDeposit>))
)]
pub async fn show_wire_instructions(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<WireDeposit> {
    let (user_id, now) = (user.0.user_id, state.clock.now_ms());
    let memo = state
        .db
        .write(move |conn| Ok(wires::memo_of(conn, &user_id, now)?))
        .await?;
    Ok(Api::ok(WireDeposit {
        bank: state.config.wire.clone(),
        memo: memo.to_string(),
        currency: domain::money::USD.code,
    }))
}
