//! The withdrawal's transitions after its request (the table in the module's docs): each a
//! conditional status update and its ledger posting, in the caller's transaction.

use diesel::prelude::*;
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus};

use super::{Refused, Withdrawal, find, hold_account, platform, usd_account};
use crate::db::DbConnection;
use crate::db::schema::{bank_accounts, withdrawals};
use crate::services::ledger::{self, Account, AccountKind, Movement};

/// Moves `found` from its status to `to` and posts `lines` under `withdrawal:<id>:<step>`, in
/// the caller's transaction; refused when `to` does not follow its status, or when another
/// request moved it first.
fn transition(
    conn: &mut DbConnection,
    found: &Withdrawal,
    to: WithdrawalStatus,
    step: &str,
    lines: Vec<(Account, i64)>,
    now: i64,
) -> anyhow::Result<Result<(), Refused>> {
    let from = found.status();
    if !from.next().contains(&to) {
        return Ok(Err(Refused::WrongState(from)));
    }
    let moved = diesel::update(
        withdrawals::table
            .filter(withdrawals::id.eq(&found.id))
            .filter(withdrawals::status.eq(from.as_str())),
    )
    .set((
        withdrawals::status.eq(to.as_str()),
        withdrawals::updated_at.eq(now),
    ))
    .execute(conn)?;
    if moved != 1 {
        // Another request moved it meanwhile (PostgreSQL re-reads the row after its lock).
        let now_status = find(conn, &found.id)?.map_or(from, |w| w.status());
        return Ok(Err(Refused::WrongState(now_status)));
    }
    let movement = Movement {
        kind: match to {
            WithdrawalStatus::Approved => "withdrawal_approved",
            WithdrawalStatus::Sent => "withdrawal_sent",
            WithdrawalStatus::Completed => "withdrawal_completed",
            WithdrawalStatus::Returned => "withdrawal_returned",
            _ => "withdrawal_released",
        },
        reference: format!("withdrawal:{}:{step}", found.id),
        user_id: Some(found.user_id.clone()),
        lines,
    };
    match ledger::post(conn, &movement, now)? {
        Ok(_) => Ok(Ok(())),
        Err(refusal) => anyhow::bail!("withdrawal {} {step}: {refusal:?}", found.id),
    }
}

fn load(conn: &mut DbConnection, id: &str) -> QueryResult<Result<Withdrawal, Refused>> {
    Ok(find(conn, id)?.ok_or(Refused::NotFound))
}

macro_rules! found_or_refused {
    ($conn:expr, $id:expr) => {
        match load($conn, $id)? {
            Ok(found) => found,
            Err(refused) => return Ok(Err(refused)),
        }
    };
}

/// Approves `id` (requested → approved): the hold moves to the payout queue.
pub fn approve(
    conn: &mut DbConnection,
    id: &str,
    operator: &str,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let found = found_or_refused!(conn, id);
    let lines = vec![
        (hold_account(&found.user_id), -found.amount),
        (platform(AccountKind::PayoutQueue), found.amount),
    ];
    if let Err(refused) = transition(
        conn,
        &found,
        WithdrawalStatus::Approved,
        "approved",
        lines,
        now,
    )? {
        return Ok(Err(refused));
    }
    diesel::update(withdrawals::table.find(id))
        .set((
            withdrawals::approved_at.eq(now),
            withdrawals::approved_by.eq(operator),
        ))
        .execute(conn)?;
    Ok(load(conn, id)?)
}

/// Rejects (an operator) or cancels (its user) `id` before it is sent: the amount goes back to
/// the USD account.
pub fn release(
    conn: &mut DbConnection,
    id: &str,
    to: WithdrawalStatus,
    reason: Option<WithdrawalReason>,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let found = found_or_refused!(conn, id);
    let from = match found.status() {
        WithdrawalStatus::Requested => hold_account(&found.user_id),
        _ => platform(AccountKind::PayoutQueue),
    };
    let lines = vec![
        (from, -found.amount),
        (usd_account(&found.user_id), found.amount),
    ];
    if let Err(refused) = transition(conn, &found, to, "released", lines, now)? {
        return Ok(Err(refused));
    }
    diesel::update(withdrawals::table.find(id))
        .set((
            withdrawals::reason.eq(reason.map(WithdrawalReason::as_str)),
            withdrawals::closed_at.eq(now),
        ))
        .execute(conn)?;
    Ok(load(conn, id)?)
}

/// Records that `id` was sent under the bank's `reference` (approved → sent): the fee is
/// earned, the rest is in transit.
pub fn send(
    conn: &mut DbConnection,
    id: &str,
    reference: &str,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let found = found_or_refused!(conn, id);
    let mut lines = vec![
        (platform(AccountKind::PayoutQueue), -found.amount),
        (platform(AccountKind::PayoutInTransit), found.received()),
    ];
    if found.fee > 0 {
        lines.push((platform(AccountKind::FeeIncome), found.fee));
    }
    if let Err(refused) = transition(conn, &found, WithdrawalStatus::Sent, "sent", lines, now)? {
        return Ok(Err(refused));
    }
    diesel::update(withdrawals::table.find(id))
        .set((
            withdrawals::bank_reference.eq(reference),
            withdrawals::sent_at.eq(now),
        ))
        .execute(conn)?;
    Ok(load(conn, id)?)
}

/// Records the bank's confirmation (sent → completed): the payout left the platform's bank.
pub fn complete(
    conn: &mut DbConnection,
    id: &str,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let found = found_or_refused!(conn, id);
    let lines = vec![
        (platform(AccountKind::PayoutInTransit), -found.received()),
        (platform(AccountKind::WireClearing), found.received()),
    ];
    if let Err(refused) = transition(
        conn,
        &found,
        WithdrawalStatus::Completed,
        "completed",
        lines,
        now,
    )? {
        return Ok(Err(refused));
    }
    diesel::update(withdrawals::table.find(id))
        .set(withdrawals::completed_at.eq(now))
        .execute(conn)?;
    Ok(load(conn, id)?)
}

/// Records a payout the bank sent back (sent or completed → returned): the whole amount, fee
/// included, goes back to the USD account, and the account needs new details (it receives no
/// payout until saved again).
pub fn give_back(
    conn: &mut DbConnection,
    id: &str,
    reason: WithdrawalReason,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let found = found_or_refused!(conn, id);
    let from = match found.status() {
        WithdrawalStatus::Completed => AccountKind::WireClearing,
        _ => AccountKind::PayoutInTransit,
    };
    let mut lines = vec![
        (platform(from), -found.received()),
        (usd_account(&found.user_id), found.amount),
    ];
    if found.fee > 0 {
        lines.push((platform(AccountKind::FeeIncome), -found.fee));
    }
    if let Err(refused) = transition(
        conn,
        &found,
        WithdrawalStatus::Returned,
        "returned",
        lines,
        now,
    )? {
        return Ok(Err(refused));
    }
    diesel::update(withdrawals::table.find(id))
        .set((
            withdrawals::reason.eq(reason.as_str()),
            withdrawals::closed_at.eq(now),
        ))
        .execute(conn)?;
    diesel::update(bank_accounts::table.find(&found.bank_account_id))
        .set(bank_accounts::needs_new_details.eq(true))
        .execute(conn)?;
    Ok(load(conn, id)?)
}
