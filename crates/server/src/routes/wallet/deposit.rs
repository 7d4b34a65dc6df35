//! `GET wallet/deposit/address`: the user's deposit address for a coin on a network.

use actix_web::web;

use super::items::{DepositAddress, coin_text};
use super::{ChainQuery, chain_of};
use crate::api::{Api, ApiCode, ApiResult, AppError, Reply};
use crate::extract::CurrentUser;
use crate::services::wallet::addresses;
use crate::state::AppState;

/// A deposit address
///
/// The user's address for `coinCode` on `network`: derived from the network's extended public
/// key on first asking, the same ever after (the network's coins share it). No identity
/// verification is needed to deposit. Deposits of that coin switched off on that network answer
/// 409; an unknown coin or network, or one the coin does not travel on, 404. statusCodes: 200,
/// 101, 404, 409.
#[utoipa::path(
    get,
    path = "/wallet/deposit/address",
    tag = "wallet",
    params(ChainQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<DepositAddress>))
)]
pub async fn show_deposit_address(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ChainQuery>,
) -> ApiResult<DepositAddress> {
    let (coin, network) = query.chain_codes()?;
    let (user_id, now) = (user.0.user_id, state.clock.now_ms());
    let keys = state.deposit_keys.clone();
    let (chain, address) = state
        .db
        .write(move |conn| {
            let chain = chain_of(conn, coin, network)?;
            if !chain.deposit_enabled {
                return Err(AppError::new(
                    ApiCode::Conflict,
                    "api.wallet_deposit_disabled",
                ));
            }
            let address = addresses::address_of(conn, &keys, &user_id, network, now)?;
            Ok((chain, address))
        })
        .await?;
    Ok(Api::ok(DepositAddress {
        coin_code: coin,
        network,
        address,
        memo: None,
        min_deposit: coin_text(chain.min_deposit, coin),
        confirmations: chain.confirmations,
    }))
}
