//! The wallet's side of `admin ledger-check`: each user's crypto withdrawal hold equals their
//! withdrawals under way; each coin's custody equals the deposits credited less the
//! withdrawals completed; each coin's fee income equals the fees of the completed withdrawals
//! and of the swaps from the coin.

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::wallet::{Coin, CryptoWithdrawalStatus, DepositStatus};

use super::platform;
use crate::db::DbConnection;
use crate::db::schema::ledger_accounts;
use crate::services::ledger::{self, AccountKind};

/// A sum per coin (and user) the database computed.
#[derive(QueryableByName)]
struct Total {
    #[diesel(sql_type = diesel::sql_types::Text)]
    owner: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    coin: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    amount: i64,
}

fn totals(conn: &mut DbConnection, sql: &str) -> QueryResult<BTreeMap<(String, String), i64>> {
    Ok(diesel::sql_query(sql)
        .load::<Total>(conn)?
        .into_iter()
        .map(|t| ((t.owner, t.coin), t.amount))
        .collect())
}

/// The problems found (none when the wallet's accounts hold what its records say).
pub fn check(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let mut problems = Vec::new();
    let open = CryptoWithdrawalStatus::ALL
        .iter()
        .filter(|s| s.holds_funds())
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut held = totals(
        conn,
        &format!(
            "SELECT user_id AS owner, coin, CAST(SUM(amount + fee) AS BIGINT) AS amount \
             FROM wallet_withdrawals WHERE status IN ({open}) AND internal_user_id IS NULL \
             GROUP BY user_id, coin"
        ),
    )?;
    let holders: Vec<(Option<String>, String, i64)> = ledger_accounts::table
        .filter(ledger_accounts::kind.eq(AccountKind::CryptoWithdrawalHold.as_str()))
        .select((
            ledger_accounts::user_id,
            ledger_accounts::currency,
            ledger_accounts::balance,
        ))
        .load(conn)?;
    for (user_id, coin, balance) in holders {
        let key = (user_id.unwrap_or_default(), coin);
        let expected = held.remove(&key).unwrap_or(0);
        if balance != expected {
            problems.push(format!(
                "user {}: the {} withdrawal hold holds {balance}, withdrawals under way {expected}",
                key.0, key.1
            ));
        }
    }
    for ((user_id, coin), expected) in held {
        problems.push(format!(
            "user {user_id}: {coin} withdrawals under way of {expected} but no hold"
        ));
    }
    let credited = totals(
        conn,
        &format!(
            "SELECT '' AS owner, coin, CAST(SUM(amount) AS BIGINT) AS amount FROM wallet_deposits \
             WHERE state = '{}' GROUP BY coin",
            DepositStatus::Credited.as_str()
        ),
    )?;
    let sent = totals(
        conn,
        &format!(
            "SELECT '' AS owner, coin, CAST(SUM(amount) AS BIGINT) AS amount FROM wallet_withdrawals \
             WHERE status = '{}' AND internal_user_id IS NULL GROUP BY coin",
            CryptoWithdrawalStatus::Completed.as_str()
        ),
    )?;
    let fees = totals(
        conn,
        &format!(
            "SELECT '' AS owner, coin, CAST(SUM(fee) AS BIGINT) AS amount FROM wallet_withdrawals \
             WHERE status = '{}' AND internal_user_id IS NULL GROUP BY coin",
            CryptoWithdrawalStatus::Completed.as_str()
        ),
    )?;
    let swap_fees = crate::services::exchange::fees_of(conn)?;
    for coin in Coin::ALL {
        let of = |m: &BTreeMap<(String, String), i64>| {
            m.get(&(String::new(), coin.code().to_owned()))
                .copied()
                .unwrap_or(0)
        };
        let custody = ledger::balance(conn, &platform(AccountKind::ChainCustody, coin))?;
        let expected = of(&sent) - of(&credited);
        if custody != expected {
            problems.push(format!(
                "{} custody holds {custody}, the deposits credited less the withdrawals sent {expected}",
                coin.code()
            ));
        }
        let income = ledger::balance(conn, &platform(AccountKind::FeeIncome, coin))?;
        let swapped = swap_fees.get(&coin.into()).copied().unwrap_or(0);
        if income != of(&fees) + swapped {
            problems.push(format!(
                "{} fee income is {income}, the fees of completed withdrawals {} and of swaps {swapped}",
                coin.code(),
                of(&fees)
            ));
        }
    }
    Ok(problems)
}
