//! `coinlist` and `wallet/*` (DESIGN §10): the coins and their networks, the wallet's balances
//! and USD value, deposit addresses, crypto withdrawals and the wallet's records.

// `conn` and `coin` stand side by side throughout: both are the natural names.
#![allow(clippy::similar_names)]

pub mod balance;
pub mod coins;
pub mod deposit;
pub mod items;
pub mod records;
pub mod withdraw;

use domain::wallet::{Coin, Network};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::wallet::chains::{self, Chain};

/// A coin (and a network) named in a query.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChainQuery {
    /// `BTC`, `ETH`, `USDT`.
    coin_code: String,
    /// `BTC`, `ETH`, `TRX`; where it is asked for.
    network: Option<String>,
}

fn chain_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.wallet_chain_not_found")
}

impl ChainQuery {
    /// The coin; 404 for a code the wallet does not hold.
    fn coin(&self) -> Result<Coin, AppError> {
        Coin::from_code(self.coin_code.trim()).ok_or_else(chain_not_found)
    }

    /// The coin and network; 404 for either unknown, or a network the coin does not travel on.
    fn chain_codes(&self) -> Result<(Coin, Network), AppError> {
        let coin = self.coin()?;
        let network = self
            .network
            .as_deref()
            .and_then(|n| Network::from_code(n.trim()))
            .filter(|n| coin.networks().contains(n))
            .ok_or_else(chain_not_found)?;
        Ok((coin, network))
    }
}

/// The chain of `coin` on `network`; 404 when the platform does not have it.
fn chain_of(conn: &mut DbConnection, coin: Coin, network: Network) -> Result<Chain, AppError> {
    chains::find(conn, coin, network)?.ok_or_else(chain_not_found)
}
