//! The sandbox chain (`fiscard simulate chain …`): outputs paying an address, blocks mined on a
//! network's tip, and reorganisations that drop a transaction not yet credited.
//!
//! A deposit is recorded once per `(network, txid, vout)` (a replay changes nothing) and
//! credited once: the credit is a conditional state change and a ledger posting referenced
//! `<network>:<txid>:<vout>`, in one transaction. `mine` moves the tip first, so concurrent
//! miners of a network take turns (the tip's row lock on PostgreSQL; SQLite's one writer,
//! taken by that first write even across processes), and each sees the other's blocks.

use diesel::prelude::*;
use domain::money::parse_amount;
use domain::wallet::{Coin, DepositStatus, Network};

use super::addresses::{self, Owner};
use super::chains::{self, Chain};
use super::withdrawals;
use super::{main_account, platform};
use crate::clock::new_id;
use crate::db::schema::{wallet_chain_tips, wallet_deposits};
use crate::db::{DbConnection, insert_unless_taken};
use crate::services::ledger::{self, AccountKind, Movement, Refusal};

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

/// Moves `network`'s tip by `blocks` (0: just takes the tip's turn); answers the new height.
fn advance_tip(
    conn: &mut DbConnection,
    network: Network,
    blocks: i64,
    now: i64,
) -> QueryResult<i64> {
    diesel::update(wallet_chain_tips::table.find(network.code()))
        .set((
            wallet_chain_tips::height.eq(wallet_chain_tips::height + blocks),
            wallet_chain_tips::updated_at.eq(now),
        ))
        .execute(conn)?;
    wallet_chain_tips::table
        .find(network.code())
        .select(wallet_chain_tips::height)
        .first(conn)
}

/// `network`'s tip height.
pub fn tip(conn: &mut DbConnection, network: Network) -> QueryResult<i64> {
    wallet_chain_tips::table
        .find(network.code())
        .select(wallet_chain_tips::height)
        .first(conn)
}

/// What `mine` did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mined {
    pub height: i64,
    /// Deposits still waiting for confirmations.
    pub confirming: usize,
    /// Deposits credited now.
    pub credited: Vec<String>,
    /// Withdrawals completed now.
    pub completed: Vec<String>,
}

/// Confirmations of a transaction in block `included` with the tip at `tip`.
fn confirmations(included: i64, tip: i64) -> i64 {
    (tip - included + 1).max(0)
}

/// Mines `blocks` blocks on `network`: what waits in the mempool goes into the first of them,
/// every open deposit and broadcast withdrawal counts its confirmations, and those that reach
/// their chain's count are credited (deposits) or completed (withdrawals).
///
/// # Errors
/// A database failure, or a ledger posting that would break its rules (a bug).
pub fn mine(
    conn: &mut DbConnection,
    network: Network,
    blocks: i64,
    now: i64,
) -> anyhow::Result<Mined> {
    if !(1..=10_000).contains(&blocks) {
        anyhow::bail!("mine 1 to 10000 blocks at a time");
    }
    let height = advance_tip(conn, network, blocks, now)?;
    let next_block = height - blocks + 1;
    let mut mined = Mined {
        height,
        ..Mined::default()
    };
    let open: Vec<Deposit> = wallet_deposits::table
        .filter(wallet_deposits::network.eq(network.code()))
        .filter(wallet_deposits::state.eq_any([
            DepositStatus::Pending.as_str(),
            DepositStatus::Confirming.as_str(),
        ]))
        .order(wallet_deposits::created_at.asc())
        .select(Deposit::as_select())
        .load(conn)?;
    for deposit in open {
        let included = deposit.block_height.unwrap_or(next_block);
        let count = confirmations(included, height);
        let state = DepositStatus::for_confirmations(
            u32::try_from(count).unwrap_or(u32::MAX),
            u32::try_from(deposit.required_confirmations).unwrap_or(u32::MAX),
        );
        if state == DepositStatus::Credited {
            if credit(conn, &deposit, included, count, now)? {
                mined.credited.push(deposit.id.clone());
            }
        } else {
            diesel::update(
                wallet_deposits::table
                    .find(&deposit.id)
                    .filter(wallet_deposits::state.eq(&deposit.state)),
            )
            .set((
                wallet_deposits::state.eq(state.as_str()),
                wallet_deposits::block_height.eq(included),
                wallet_deposits::confirmations.eq(count),
                wallet_deposits::updated_at.eq(now),
            ))
            .execute(conn)?;
            mined.confirming += 1;
        }
    }
    mined.completed = withdrawals::confirm(conn, network, next_block, height, now)?;
    Ok(mined)
}

/// Credits `deposit` once: the state moves to credited only from an open state, and the
/// posting's reference is the output's.
fn credit(
    conn: &mut DbConnection,
    deposit: &Deposit,
    included: i64,
    count: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let (Some(user_id), Some(coin)) = (&deposit.user_id, Coin::from_code(&deposit.coin)) else {
        anyhow::bail!("deposit {} has no owner to credit", deposit.id);
    };
    let moved = diesel::update(wallet_deposits::table.find(&deposit.id).filter(
        wallet_deposits::state.eq_any([
            DepositStatus::Pending.as_str(),
            DepositStatus::Confirming.as_str(),
        ]),
    ))
    .set((
        wallet_deposits::state.eq(DepositStatus::Credited.as_str()),
        wallet_deposits::block_height.eq(included),
        wallet_deposits::confirmations.eq(count),
        wallet_deposits::updated_at.eq(now),
        wallet_deposits::credited_at.eq(now),
    ))
    .execute(conn)?;
    if moved != 1 {
        return Ok(false);
    }
    let movement = Movement {
        kind: "crypto_deposit",
        reference: deposit.reference(),
        user_id: Some(user_id.clone()),
        lines: vec![
            (platform(AccountKind::ChainCustody, coin), -deposit.amount),
            (main_account(user_id, coin), deposit.amount),
        ],
    };
    match ledger::post(conn, &movement, now)? {
        Ok(_) => Ok(true),
        Err(Refusal::Duplicate(_)) => anyhow::bail!("{} was credited before", deposit.reference()),
        Err(refusal) => anyhow::bail!("crediting {}: {refusal:?}", deposit.reference()),
    }
}

/// What `reorg` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reorged {
    /// These deposits (the transaction's outputs) were dropped.
    Dropped(Vec<String>),
    /// Every output of it was dropped before.
    AlreadyDropped,
}

/// A reorganisation removes `txid` from `network`: its outputs not yet credited are dropped.
/// Refused when one of them was credited (the platform waits for enough confirmations that
/// this does not happen).
///
/// # Errors
/// An unknown transaction, or one with a credited output (nothing changes).
pub fn reorg(
    conn: &mut DbConnection,
    network: Network,
    txid: &str,
    now: i64,
) -> anyhow::Result<Reorged> {
    // Takes the tip's turn: a concurrent `mine` credits before or after, not during.
    advance_tip(conn, network, 0, now)?;
    let outputs: Vec<Deposit> = wallet_deposits::table
        .filter(wallet_deposits::network.eq(network.code()))
        .filter(wallet_deposits::txid.eq(txid.trim()))
        .select(Deposit::as_select())
        .load(conn)?;
    if outputs.is_empty() {
        anyhow::bail!(
            "no deposit of transaction {} on {}",
            txid.trim(),
            network.code()
        );
    }
    if let Some(credited) = outputs
        .iter()
        .find(|d| d.state() == DepositStatus::Credited)
    {
        anyhow::bail!(
            "{} was credited after {} confirmations: a credited deposit is not reorganised away",
            credited.reference(),
            credited.confirmations
        );
    }
    let mut dropped = Vec::new();
    for output in outputs.iter().filter(|d| !d.state().is_final()) {
        let moved = diesel::update(
            wallet_deposits::table
                .find(&output.id)
                .filter(wallet_deposits::state.eq(&output.state)),
        )
        .set((
            wallet_deposits::state.eq(DepositStatus::Dropped.as_str()),
            wallet_deposits::reason.eq(reason::REORG),
            wallet_deposits::block_height.eq(None::<i64>),
            wallet_deposits::confirmations.eq(0_i64),
            wallet_deposits::updated_at.eq(now),
        ))
        .execute(conn)?;
        if moved == 1 {
            dropped.push(output.id.clone());
        }
    }
    if dropped.is_empty() {
        return Ok(Reorged::AlreadyDropped);
    }
    Ok(Reorged::Dropped(dropped))
}
