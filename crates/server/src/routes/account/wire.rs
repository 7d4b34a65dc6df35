//! `GET account/deposit/wire`: where to wire USD to fund the account, with the user's uid as
//! the memo that tells the operator whose the wire is.

use actix_web::web;
use serde::Serialize;

use crate::api::{Api, ApiResult};
use crate::config::WireInstructions;
use crate::extract::CurrentUser;
use crate::state::AppState;

#[derive(Serialize)]
struct WireDeposit<'a> {
    #[serde(flatten)]
    bank: &'a WireInstructions,
    /// The user's uid: without it the wire cannot be matched and may be refunded.
    memo: String,
    currency: &'static str,
}

pub async fn show_wire_instructions(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
    Ok(Api::ok(WireDeposit {
        bank: &state.config.wire,
        memo: user.0.user_id,
        currency: domain::money::USD.code,
    }))
}
