//! The sandbox chain (`fiscard simulate chain …`): outputs paying an address, blocks mined on a
//! network's tip, and reorganisations that drop a transaction not yet credited.
//!
//! A deposit is recorded once per `(network, txid, vout)` (a replay changes nothing) and
//! credited once: the credit is a conditional state change and a ledger posting referenced
//! `<network>:<txid>:<vout>`, in one transaction. `mine` moves the tip first, so concurrent
//! miners of a network take turns (the tip's row lock on PostgreSQL; SQLite's one writer,
//! taken by that first write even across processes), and each sees the other's blocks.

use diesel::prelude::*;
use domain::wallet::{Coin, DepositStatus, Network};

pub use super::deposits::{Deposit, Output, Seen, deposit, find_owned, reason};
use super::withdrawals;
use super::{main_account, platform};
use crate::db::DbConnection;
use crate::db::schema::{wallet_chain_tips, wallet_deposits};
use crate::services::ledger::{self, AccountKind, Movement, Refusal};

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
