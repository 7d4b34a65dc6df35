//! Deposits seen on a chain: each output paying one of the platform's addresses, recorded once
//! per `(network, txid, vout)` (a replay changes nothing) as pending, or as dust or sent on the
//! wrong network (recorded, never credited). [`super::chain`] confirms and credits them.

use diesel::prelude::*;
use domain::money::parse_amount;
use domain::wallet::{Coin, DepositStatus, Network};

use super::addresses::{self, Owner};
use super::chains::{self, Chain};
use crate::clock::new_id;
use crate::db::schema::wallet_deposits;
use crate::db::{DbConnection, insert_unless_taken};

/// Why a deposit is dropped without being credited (`wallet_deposits.reason`).
pub mod reason {
    /// A reorganisation removed its transaction.
    pub const REORG: &str = "reorg";
    /// Below the chain's minimum deposit.
    pub const DUST: &str = "dust";
    /// Sent on another network than the address's.
    pub const WRONG_NETWORK: &str = "wrong_network";
}

/// A deposit, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wallet_deposits)]
pub struct Deposit {
    pub id: String,
    pub network: String,
    pub txid: String,
    pub vout: i64,
    pub address: String,
    pub coin: String,
    pub amount: i64,
    pub user_id: Option<String>,
    pub state: String,
    pub reason: Option<String>,
    pub block_height: Option<i64>,
    pub confirmations: i64,
    pub required_confirmations: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub credited_at: Option<i64>,
}

impl Deposit {
    pub fn state(&self) -> DepositStatus {
        DepositStatus::parse(&self.state).unwrap_or(DepositStatus::Pending)
    }

    /// The ledger reference of its credit.
    pub fn reference(&self) -> String {
        format!("{}:{}:{}", self.network, self.txid, self.vout)
    }
}

/// An output paying an address, as the simulator describes it.
#[derive(Debug, Clone)]
pub struct Output {
    pub network: Network,
    pub txid: String,
    pub vout: u32,
    pub address: String,
    /// The network's own coin when `None`.
    pub coin: Option<Coin>,
    /// Decimal text in the coin.
    pub amount: String,
}

/// What `deposit` did.
#[derive(Debug, Clone)]
pub enum Seen {
    /// Recorded now.
    New(Deposit),
    /// The same output was recorded before: nothing changed.
    Replay(Deposit),
}

/// Records `output` (pending, dust or on the wrong network); a replay of a recorded output
/// changes nothing.
///
/// # Errors
/// An amount the coin cannot carry, a coin the network does not carry, an address that is none
/// of the platform's, or the same output recorded before with other details.
pub fn deposit(conn: &mut DbConnection, output: &Output, now: i64) -> anyhow::Result<Seen> {
    let network = output.network;
    let coin = match output.coin {
        Some(coin) => coin,
        None => chains::native_coin(network)
            .ok_or_else(|| anyhow::anyhow!("name the coin of a deposit on {}", network.code()))?,
    };
    let chain: Chain = chains::find(conn, coin, network)?
        .ok_or_else(|| anyhow::anyhow!("{} does not travel on {}", coin.code(), network.code()))?;
    let amount = parse_amount(&output.amount, coin.scale())
        .ok()
        .filter(|a| *a > 0)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{:?} is not a positive amount of {} (at most {} decimals)",
                output.amount,
                coin.code(),
                coin.scale()
            )
        })?;
    let txid = output.txid.trim();
    if txid.is_empty() || txid.len() > 100 {
        anyhow::bail!("a transaction id of 1 to 100 characters is needed");
    }
    let Some(Owner {
        user_id,
        network: own_network,
        address,
    }) = addresses::owner_of(conn, &output.address)?
    else {
        anyhow::bail!(
            "{} is no deposit address of this platform",
            output.address.trim()
        );
    };
    let (state, reason) = if own_network != network {
        (DepositStatus::Dropped, Some(reason::WRONG_NETWORK))
    } else if amount < chain.min_deposit {
        (DepositStatus::Dropped, Some(reason::DUST))
    } else {
        (DepositStatus::Pending, None)
    };
    let id = new_id();
    let recorded = insert_unless_taken(conn, |conn| {
        diesel::insert_into(wallet_deposits::table)
            .values((
                wallet_deposits::id.eq(&id),
                wallet_deposits::network.eq(network.code()),
                wallet_deposits::txid.eq(txid),
                wallet_deposits::vout.eq(i64::from(output.vout)),
                wallet_deposits::address.eq(&address),
                wallet_deposits::coin.eq(coin.code()),
                wallet_deposits::amount.eq(amount),
                wallet_deposits::user_id.eq(&user_id),
                wallet_deposits::state.eq(state.as_str()),
                wallet_deposits::reason.eq(reason),
                wallet_deposits::confirmations.eq(0_i64),
                wallet_deposits::required_confirmations.eq(chain.confirmations),
                wallet_deposits::created_at.eq(now),
                wallet_deposits::updated_at.eq(now),
            ))
            .execute(conn)
    })?;
    let found =
        find_output(conn, network, txid, output.vout)?.ok_or(diesel::result::Error::NotFound)?;
    if recorded {
        return Ok(Seen::New(found));
    }
    if found.address != address || found.amount != amount || found.coin != coin.code() {
        anyhow::bail!(
            "{}:{txid}:{} was recorded before paying {} {} to {}",
            network.code(),
            output.vout,
            domain::money::amount_text(found.amount, coin.scale()),
            found.coin,
            found.address
        );
    }
    Ok(Seen::Replay(found))
}

fn find_output(
    conn: &mut DbConnection,
    network: Network,
    txid: &str,
    vout: u32,
) -> QueryResult<Option<Deposit>> {
    wallet_deposits::table
        .filter(wallet_deposits::network.eq(network.code()))
        .filter(wallet_deposits::txid.eq(txid))
        .filter(wallet_deposits::vout.eq(i64::from(vout)))
        .select(Deposit::as_select())
        .first(conn)
        .optional()
}

/// The deposit `id` of the user (another user's answers none).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<Deposit>> {
    wallet_deposits::table
        .filter(wallet_deposits::id.eq(id))
        .filter(wallet_deposits::user_id.eq(user_id))
        .select(Deposit::as_select())
        .first(conn)
        .optional()
}
