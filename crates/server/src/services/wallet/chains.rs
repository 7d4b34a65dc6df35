//! Per-chain settings (a coin on a network), as operators set them: the switches, the limits,
//! the fee, the amount multiple, the confirmations a deposit and a withdrawal wait for.

use diesel::prelude::*;
use domain::wallet::{Coin, Network};

use crate::db::DbConnection;
use crate::db::schema::wallet_chains;

/// A chain's settings, as stored. Amounts are minor units of the coin.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wallet_chains)]
struct Row {
    coin: String,
    network: String,
    deposit_enabled: bool,
    withdraw_enabled: bool,
    min_deposit: i64,
    min_withdraw: i64,
    max_withdraw: i64,
    withdraw_fee: i64,
    multiple: i64,
    confirmations: i64,
    memo_required: bool,
    daily_limit: i64,
    review_above: i64,
}

/// A chain and its settings. Amounts are minor units of the coin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub coin: Coin,
    pub network: Network,
    pub deposit_enabled: bool,
    pub withdraw_enabled: bool,
    /// Below it a deposit is dust: recorded, never credited.
    pub min_deposit: i64,
    pub min_withdraw: i64,
    pub max_withdraw: i64,
    /// On top of the amount the destination receives.
    pub withdraw_fee: i64,
    /// Withdrawal amounts are a multiple of it.
    pub multiple: i64,
    /// Blocks a deposit (and a withdrawal) waits for, its own included.
    pub confirmations: i64,
    pub memo_required: bool,
    /// What one user's withdrawals of the chain may take per UTC day.
    pub daily_limit: i64,
    /// A withdrawal above it waits for an operator.
    pub review_above: i64,
}

impl Row {
    fn chain(self) -> Option<Chain> {
        Some(Chain {
            coin: Coin::from_code(&self.coin)?,
            network: Network::from_code(&self.network)?,
            deposit_enabled: self.deposit_enabled,
            withdraw_enabled: self.withdraw_enabled,
            min_deposit: self.min_deposit,
            min_withdraw: self.min_withdraw,
            max_withdraw: self.max_withdraw,
            withdraw_fee: self.withdraw_fee,
            multiple: self.multiple,
            confirmations: self.confirmations,
            memo_required: self.memo_required,
            daily_limit: self.daily_limit,
            review_above: self.review_above,
        })
    }
}

/// Every chain, coins in `Coin::ALL` order, each coin's networks in its own order.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Chain>> {
    let mut chains: Vec<Chain> = wallet_chains::table
        .select(Row::as_select())
        .load(conn)?
        .into_iter()
        .filter_map(Row::chain)
        .collect();
    let rank = |c: &Chain| {
        let coin = Coin::ALL
            .iter()
            .position(|x| *x == c.coin)
            .unwrap_or(usize::MAX);
        let network = c
            .coin
            .networks()
            .iter()
            .position(|n| *n == c.network)
            .unwrap_or(usize::MAX);
        (coin, network)
    };
    chains.sort_by_key(rank);
    Ok(chains)
}

/// The chain of `coin` on `network`, if the platform has it.
pub fn find(conn: &mut DbConnection, coin: Coin, network: Network) -> QueryResult<Option<Chain>> {
    Ok(wallet_chains::table
        .find((coin.code(), network.code()))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::chain))
}

/// The coin a deposit on `network` is in when none is named: the network's own coin (BTC on
/// Bitcoin, ETH on Ethereum), else the only coin it carries (USDT on TRON).
pub fn native_coin(network: Network) -> Option<Coin> {
    let carried: Vec<Coin> = Coin::ALL
        .iter()
        .copied()
        .filter(|c| c.networks().contains(&network))
        .collect();
    carried
        .iter()
        .copied()
        .find(|c| c.code() == network.code())
        .or_else(|| (carried.len() == 1).then(|| carried[0]))
}

/// Writes `chain`'s settings (an operator's change).
pub fn save(conn: &mut DbConnection, chain: &Chain, now: i64) -> QueryResult<usize> {
    diesel::update(wallet_chains::table.find((chain.coin.code(), chain.network.code())))
        .set((
            wallet_chains::deposit_enabled.eq(chain.deposit_enabled),
            wallet_chains::withdraw_enabled.eq(chain.withdraw_enabled),
            wallet_chains::min_deposit.eq(chain.min_deposit),
            wallet_chains::min_withdraw.eq(chain.min_withdraw),
            wallet_chains::max_withdraw.eq(chain.max_withdraw),
            wallet_chains::withdraw_fee.eq(chain.withdraw_fee),
            wallet_chains::multiple.eq(chain.multiple),
            wallet_chains::confirmations.eq(chain.confirmations),
            wallet_chains::memo_required.eq(chain.memo_required),
            wallet_chains::daily_limit.eq(chain.daily_limit),
            wallet_chains::review_above.eq(chain.review_above),
            wallet_chains::updated_at.eq(now),
        ))
        .execute(conn)
}

impl Chain {
    /// What is wrong with these settings, if anything.
    pub fn problem(&self) -> Option<&'static str> {
        if [
            self.min_deposit,
            self.min_withdraw,
            self.max_withdraw,
            self.withdraw_fee,
            self.daily_limit,
            self.review_above,
        ]
        .iter()
        .any(|v| *v < 0)
        {
            return Some("amounts may not be negative");
        }
        if self.multiple < 1 {
            return Some("the multiple must be positive");
        }
        if self.min_withdraw < 1 || self.min_withdraw > self.max_withdraw {
            return Some("the minimum withdrawal must be positive and at most the maximum");
        }
        if self.confirmations < 1 {
            return Some("at least one confirmation is needed");
        }
        if self.memo_required && !self.network.memo_supported() {
            return Some("this network carries no memo");
        }
        None
    }
}
