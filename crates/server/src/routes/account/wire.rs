//! `GET account/deposit/wire`: where to wire USD to fund the account.

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::config::WireInstructions;
use crate::extract::CurrentUser;
use crate::state::AppState;

/// Where to wire USD to fund the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct WireDeposit {
    #[serde(flatten)]
    bank: WireInstructions,
    /// The user's uid: the wire's memo, without which it cannot be matched and may be refunded.
    memo: String,
    /// `USD`.
    currency: &'static str,
}

/// Where to wire USD
///
/// The bank account to wire USD to, with the user's uid as the memo that tells the operator
/// whose the wire is. statusCodes: 200, 101.
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
    Ok(Api::ok(WireDeposit {
        bank: state.config.wire.clone(),
        memo: user.0.user_id,
        currency: domain::money::USD.code,
    }))
}
