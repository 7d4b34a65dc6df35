//! `GET coinlist` and `GET wallet/coin/config`: the coins, their networks and the terms there.

use actix_web::web;

use super::ChainQuery;
use super::items::{ChainConfig, ChainItem, CoinConfig, CoinItem, CoinList, coin_text};
use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::ledger;
use crate::services::wallet::{chains, main_account, withdrawals};
use crate::state::AppState;

/// The coin list
///
/// Every coin the wallet holds, its scale and the networks it travels on, with whether
/// deposits and withdrawals are open there now. statusCodes: 200.
#[utoipa::path(
    get,
    path = "/coinlist",
    tag = "wallet",
    responses((status = 200, body = Reply<CoinList>))
)]
pub async fn list_coins(state: web::Data<AppState>) -> ApiResult<CoinList> {
    let all = state.db.read(|conn| Ok(chains::all(conn)?)).await?;
    let coin = domain::wallet::Coin::ALL
        .iter()
        .map(|coin| CoinItem {
            coin_code: *coin,
            scale: coin.scale(),
            networks: all
                .iter()
                .filter(|c| c.coin == *coin)
                .map(|c| ChainItem {
                    network: c.network,
                    deposit_enabled: c.deposit_enabled,
                    withdraw_enabled: c.withdraw_enabled,
                })
                .collect(),
        })
        .collect();
    Ok(Api::ok(CoinList { coin }))
}

/// A coin's terms
///
/// The coin's available balance and, per network: the switches, the minimum deposit, the
/// minimum and maximum withdrawal, the fee (on top of the amount), the amount multiple, the
/// confirmations, whether a memo is required, the address format, the daily limit and what it
/// leaves today. An unknown coin answers 404. statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/wallet/coin/config",
    tag = "wallet",
    params(ChainQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<CoinConfig>))
)]
pub async fn show_coin_config(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ChainQuery>,
) -> ApiResult<CoinConfig> {
    let coin = query.coin()?;
    let (user_id, now) = (user.0.user_id, state.clock.now_ms());
    let config = state
        .db
        .read(move |conn| {
            let mut networks = Vec::new();
            for chain in chains::all(conn)?.iter().filter(|c| c.coin == coin) {
                let left = withdrawals::daily_left(conn, &user_id, chain, now)?;
                networks.push(ChainConfig::of(chain, left));
            }
            let available = ledger::balance(conn, &main_account(&user_id, coin))?;
            Ok(CoinConfig {
                coin_code: coin,
                scale: coin.scale(),
                available: coin_text(available, coin),
                networks,
            })
        })
        .await?;
    Ok(Api::ok(config))
}
