//! A crypto withdrawal's steps after its request: each a conditional status update and, where
//! money moves, its ledger posting, in the caller's transaction; a step happens once however
//! many ask for it at once (the second finds the status moved and is refused).

use diesel::prelude::*;
use domain::wallet::{Coin, CryptoWithdrawalStatus, Network};

use super::withdrawals::{CryptoWithdrawalRow, Refused, find};
use super::{hold_account, main_account, platform, sandbox_txid};
use crate::db::DbConnection;
use crate::db::schema::wallet_withdrawals;
use crate::services::ledger::{self, AccountKind, Movement};

/// What happens to a withdrawal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Above the chain's threshold: an operator decides.
    Review,
    /// Sent to the network as `txid` (approved by `operator`, or at once below the threshold).
    Broadcast {
        txid: String,
        operator: Option<String>,
    },
    /// The chain confirmed it: `confirmations` in block `height`.
    Complete {
        height: i64,
        confirmations: i64,
    },
    Reject {
        reason: String,
        operator: String,
    },
    Fail {
        reason: String,
        operator: String,
    },
    /// By its user, before it is broadcast.
    Cancel,
}

impl Step {
    fn status(&self) -> CryptoWithdrawalStatus {
        match self {
            Step::Review => CryptoWithdrawalStatus::Reviewing,
            Step::Broadcast { .. } => CryptoWithdrawalStatus::Broadcasting,
            Step::Complete { .. } => CryptoWithdrawalStatus::Completed,
            Step::Reject { .. } => CryptoWithdrawalStatus::Rejected,
            Step::Fail { .. } => CryptoWithdrawalStatus::Failed,
            Step::Cancel => CryptoWithdrawalStatus::Cancelled,
        }
    }
}

/// The ledger posting of `step` on `found`, if money moves.
fn movement(found: &CryptoWithdrawalRow, step: &Step, coin: Coin) -> Option<Movement> {
    let user_id = &found.user_id;
    let (kind, name, mut lines) = match step {
        Step::Review | Step::Broadcast { .. } => return None,
        Step::Complete { .. } => (
            "crypto_withdrawal_completed",
            "completed",
            vec![
                (hold_account(user_id, coin), -found.debit()),
                (platform(AccountKind::ChainCustody, coin), found.amount),
            ],
        ),
        Step::Reject { .. } | Step::Fail { .. } | Step::Cancel => (
            "crypto_withdrawal_released",
            "released",
            vec![
                (hold_account(user_id, coin), -found.debit()),
                (main_account(user_id, coin), found.debit()),
            ],
        ),
    };
    if matches!(step, Step::Complete { .. }) && found.fee > 0 {
        lines.push((platform(AccountKind::FeeIncome, coin), found.fee));
    }
    Some(Movement {
        kind,
        reference: format!("crypto_withdrawal:{}:{name}", found.id),
        user_id: Some(user_id.clone()),
        lines,
    })
}

/// Moves `found` to `step`'s status and posts its movement; refused when that status does not
/// follow, or when another request moved it first. Answers the withdrawal as it now is.
///
/// # Errors
/// A database failure or a posting the ledger refuses (a bug: the hold holds what it says).
pub fn apply(
    conn: &mut DbConnection,
    found: &CryptoWithdrawalRow,
    step: &Step,
    now: i64,
) -> anyhow::Result<Result<CryptoWithdrawalRow, Refused>> {
    let (from, to) = (found.status(), step.status());
    if !from.can_become(to) {
        return Ok(Err(Refused::WrongState(from)));
    }
    let coin = found
        .coin()
        .ok_or_else(|| anyhow::anyhow!("withdrawal {} of an unknown coin", found.id))?;
    let target = wallet_withdrawals::table
        .filter(wallet_withdrawals::id.eq(&found.id))
        .filter(wallet_withdrawals::status.eq(from.as_str()));
    let base = (
        wallet_withdrawals::status.eq(to.as_str()),
        wallet_withdrawals::updated_at.eq(now),
    );
    let moved = match step {
        Step::Review | Step::Cancel => diesel::update(target).set(base).execute(conn)?,
        Step::Broadcast { txid, operator } => diesel::update(target)
            .set((
                base,
                wallet_withdrawals::txid.eq(txid),
                wallet_withdrawals::reviewed_by.eq(operator),
            ))
            .execute(conn)?,
        Step::Complete {
            height,
            confirmations,
        } => diesel::update(target)
            .set((
                base,
                wallet_withdrawals::block_height.eq(height),
                wallet_withdrawals::confirmations.eq(confirmations),
                wallet_withdrawals::closed_at.eq(now),
            ))
            .execute(conn)?,
        Step::Reject { reason, operator } | Step::Fail { reason, operator } => {
            diesel::update(target)
                .set((
                    base,
                    wallet_withdrawals::reason.eq(reason),
                    wallet_withdrawals::reviewed_by.eq(operator),
                    wallet_withdrawals::closed_at.eq(now),
                ))
                .execute(conn)?
        }
    };
    if matches!(step, Step::Cancel) && moved == 1 {
        diesel::update(wallet_withdrawals::table.find(&found.id))
            .set(wallet_withdrawals::closed_at.eq(now))
            .execute(conn)?;
    }
    if moved != 1 {
        // Another request moved it meanwhile (PostgreSQL re-reads the row after its lock).
        let status = find(conn, &found.id)?.map_or(from, |w| w.status());
        return Ok(Err(Refused::WrongState(status)));
    }
    if let Some(movement) = movement(found, step, coin) {
        if let Err(refusal) = ledger::post(conn, &movement, now)? {
            anyhow::bail!("{}: {refusal:?}", movement.reference);
        }
    }
    Ok(Ok(
        find(conn, &found.id)?.ok_or(diesel::result::Error::NotFound)?
    ))
}

fn load(conn: &mut DbConnection, id: &str) -> QueryResult<Result<CryptoWithdrawalRow, Refused>> {
    Ok(find(conn, id)?.ok_or(Refused::NotFound))
}

type Outcome = anyhow::Result<Result<CryptoWithdrawalRow, Refused>>;

/// An operator approves `id` (in review → broadcast).
pub fn approve(conn: &mut DbConnection, id: &str, operator: &str, now: i64) -> Outcome {
    let found = match load(conn, id)? {
        Ok(found) => found,
        Err(refused) => return Ok(Err(refused)),
    };
    if found.status() != CryptoWithdrawalStatus::Reviewing {
        return Ok(Err(Refused::WrongState(found.status())));
    }
    let network = found
        .network()
        .ok_or_else(|| anyhow::anyhow!("withdrawal {id} on an unknown network"))?;
    let step = Step::Broadcast {
        txid: sandbox_txid(network),
        operator: Some(operator.to_owned()),
    };
    apply(conn, &found, &step, now)
}

/// An operator rejects `id` before it is broadcast: amount and fee go back.
pub fn reject(
    conn: &mut DbConnection,
    id: &str,
    reason: &str,
    operator: &str,
    now: i64,
) -> Outcome {
    let step = Step::Reject {
        reason: reason.to_owned(),
        operator: operator.to_owned(),
    };
    match load(conn, id)? {
        Ok(found) => apply(conn, &found, &step, now),
        Err(refused) => Ok(Err(refused)),
    }
}

/// An operator records that the network did not take `id` (broadcast → failed): amount and fee
/// go back.
pub fn fail(conn: &mut DbConnection, id: &str, reason: &str, operator: &str, now: i64) -> Outcome {
    let step = Step::Fail {
        reason: reason.to_owned(),
        operator: operator.to_owned(),
    };
    match load(conn, id)? {
        Ok(found) => apply(conn, &found, &step, now),
        Err(refused) => Ok(Err(refused)),
    }
}

/// Its user cancels `id` before it is broadcast: amount and fee go back.
pub fn cancel(conn: &mut DbConnection, id: &str, now: i64) -> Outcome {
    match load(conn, id)? {
        Ok(found) => apply(conn, &found, &Step::Cancel, now),
        Err(refused) => Ok(Err(refused)),
    }
}

/// The network's broadcast withdrawals after a block was mined (the tip now at `height`; what
/// waited in the mempool went into `next_block`): each counts its confirmations and completes
/// when it has its chain's. Answers the ids completed.
///
/// # Errors
/// A database failure or a posting the ledger refuses (a bug).
pub fn confirm(
    conn: &mut DbConnection,
    network: Network,
    next_block: i64,
    height: i64,
    now: i64,
) -> anyhow::Result<Vec<String>> {
    let open: Vec<CryptoWithdrawalRow> = wallet_withdrawals::table
        .filter(wallet_withdrawals::network.eq(network.code()))
        .filter(wallet_withdrawals::status.eq(CryptoWithdrawalStatus::Broadcasting.as_str()))
        .order(wallet_withdrawals::created_at.asc())
        .select(CryptoWithdrawalRow::as_select())
        .load(conn)?;
    let mut completed = Vec::new();
    for found in open {
        let included = found.block_height.unwrap_or(next_block);
        let count = (height - included + 1).max(0);
        if count >= found.required_confirmations {
            let step = Step::Complete {
                height: included,
                confirmations: count,
            };
            if apply(conn, &found, &step, now)?.is_ok() {
                completed.push(found.id);
            }
        } else {
            diesel::update(wallet_withdrawals::table.find(&found.id))
                .set((
                    wallet_withdrawals::block_height.eq(included),
                    wallet_withdrawals::confirmations.eq(count),
                    wallet_withdrawals::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
    }
    Ok(completed)
}
