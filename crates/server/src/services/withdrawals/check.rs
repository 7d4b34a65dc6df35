//! The withdrawals' side of `admin ledger-check`.

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::withdrawal::WithdrawalStatus;

use super::platform;
use crate::db::DbConnection;
use crate::db::schema::{ledger_accounts, withdrawals};
use crate::services::ledger::{self, AccountKind};

/// The withdrawals' side of `admin ledger-check`: each user's hold equals their requested
/// withdrawals, the payout queue the approved ones, what is in transit the sent ones (less
/// their fees). Answers the problems found.
pub fn check(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let open: Vec<(String, String, i64, i64)> = withdrawals::table
        .filter(withdrawals::status.eq_any([
            WithdrawalStatus::Requested.as_str(),
            WithdrawalStatus::Approved.as_str(),
            WithdrawalStatus::Sent.as_str(),
        ]))
        .select((
            withdrawals::user_id,
            withdrawals::status,
            withdrawals::amount,
            withdrawals::fee,
        ))
        .load(conn)?;
    let mut problems = Vec::new();
    let mut held: BTreeMap<String, i64> = BTreeMap::new();
    let (mut queued, mut in_transit) = (0_i64, 0_i64);
    for (user_id, status, amount, fee) in &open {
        match WithdrawalStatus::parse(status) {
            Some(WithdrawalStatus::Requested) => {
                *held.entry(user_id.clone()).or_default() += amount;
            }
            Some(WithdrawalStatus::Approved) => queued += amount,
            _ => in_transit += amount - fee,
        }
    }
    // Users with a hold balance but no requested withdrawal are caught too.
    let hold_kind = AccountKind::WithdrawalHold.as_str();
    let holders: Vec<(Option<String>, i64)> = ledger_accounts::table
        .filter(ledger_accounts::kind.eq(hold_kind))
        .select((ledger_accounts::user_id, ledger_accounts::balance))
        .load(conn)?;
    for (user_id, balance) in holders {
        let user_id = user_id.unwrap_or_default();
        let expected = held.remove(&user_id).unwrap_or(0);
        if balance != expected {
            problems.push(format!(
                "user {user_id}: the withdrawal hold holds {balance}, requested withdrawals {expected}"
            ));
        }
    }
    for (user_id, expected) in held {
        problems.push(format!(
            "user {user_id}: requested withdrawals of {expected} but no hold"
        ));
    }
    for (kind, expected) in [
        (AccountKind::PayoutQueue, queued),
        (AccountKind::PayoutInTransit, in_transit),
    ] {
        let balance = ledger::balance(conn, &platform(kind))?;
        if balance != expected {
            problems.push(format!(
                "{}: holds {balance}, the withdrawals in it {expected}",
                kind.as_str()
            ));
        }
    }
    Ok(problems)
}
