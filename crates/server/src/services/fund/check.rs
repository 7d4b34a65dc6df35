//! The fund's side of `admin ledger-check`: each fixed position's profit account holds the
//! interest its accrual rows gave it less what its maturity paid or its early redemption
//! forfeited; per asset, the rounding account holds the accrual rows' rounding and the interest
//! account −(Σ interest + Σ rounding − Σ forfeited); every accrual posting has its row.

use diesel::prelude::*;
use domain::exchange::Asset;

use super::{ACCRUAL, platform};
use crate::db::DbConnection;
use crate::services::ledger::{self, AccountKind};

/// A sum per name the database computed.
#[derive(QueryableByName)]
struct Sum {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    total: i64,
}

fn sums(conn: &mut DbConnection, sql: &str) -> QueryResult<Vec<Sum>> {
    diesel::sql_query(sql).load(conn)
}

fn of(found: &[Sum], name: &str) -> i64 {
    found.iter().find(|s| s.name == name).map_or(0, |s| s.total)
}

/// The problems found (none when the fund's accounts hold what its rows say).
///
/// # Errors
/// A database failure.
pub fn check(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let mut problems = Vec::new();
    // Each fixed position's profit account against its rows.
    let differing = sums(
        conn,
        "SELECT p.id AS name, CAST(COALESCE(a.balance, 0) - \
         COALESCE((SELECT SUM(r.interest) FROM fund_accruals r WHERE r.position_id = p.id), 0) + \
         COALESCE((SELECT SUM(o.interest) FROM fund_orders o WHERE o.position_id = p.id \
           AND o.order_type IN ('MATURITY', 'REDEEM')), 0) AS BIGINT) AS total \
         FROM fund_positions p \
         LEFT JOIN ledger_accounts a ON a.account_key = 'fund:' || p.id || ':fund_fixed_profit:' || p.asset \
         WHERE p.product_type = 'FIXED'",
    )?;
    for sum in differing.iter().filter(|s| s.total != 0) {
        problems.push(format!(
            "fixed position {}: its profit account is off its accrual rows and orders by {}",
            sum.name, sum.total
        ));
    }
    let interest = sums(
        conn,
        "SELECT p.asset AS name, CAST(COALESCE(SUM(r.interest), 0) AS BIGINT) AS total \
         FROM fund_accruals r JOIN fund_positions p ON p.id = r.position_id GROUP BY p.asset",
    )?;
    let rounding = sums(
        conn,
        "SELECT p.asset AS name, CAST(COALESCE(SUM(r.rounding), 0) AS BIGINT) AS total \
         FROM fund_accruals r JOIN fund_positions p ON p.id = r.position_id GROUP BY p.asset",
    )?;
    let forfeited = sums(
        conn,
        "SELECT p.asset AS name, CAST(COALESCE(SUM(o.forfeited_interest), 0) AS BIGINT) AS total \
         FROM fund_orders o JOIN fund_positions p ON p.id = o.position_id GROUP BY p.asset",
    )?;
    for asset in Asset::ALL.iter().copied() {
        let code = asset.code();
        let (i, r, f) = (
            of(&interest, code),
            of(&rounding, code),
            of(&forfeited, code),
        );
        for (kind, expected, what) in [
            (AccountKind::FundRounding, r, "the accrual rows' rounding"),
            (
                AccountKind::FundInterest,
                -(i + r - f),
                "−(interest + rounding − forfeited)",
            ),
        ] {
            let balance = ledger::balance(conn, &platform(kind, asset))?;
            if balance != expected {
                problems.push(format!(
                    "{code} {}: holds {balance}, {what} {expected}",
                    kind.as_str()
                ));
            }
        }
    }
    let postings = sums(
        conn,
        &format!(
            "SELECT 'postings' AS name, CAST(COUNT(*) AS BIGINT) AS total \
             FROM ledger_transactions WHERE kind = '{ACCRUAL}' \
             UNION ALL SELECT 'rows' AS name, CAST(COUNT(*) AS BIGINT) AS total \
             FROM fund_accruals WHERE interest <> 0 OR rounding <> 0"
        ),
    )?;
    let (posted, rows) = (of(&postings, "postings"), of(&postings, "rows"));
    if posted != rows {
        problems.push(format!(
            "{posted} fund accrual postings for {rows} accrual rows that moved money"
        ));
    }
    Ok(problems)
}
