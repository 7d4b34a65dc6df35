//! `fiscard admin fund reconcile`: every figure of `fund/v2/asset` recomputed from the ledger's
//! entries and the accrual rows (not from the balances, positions or moves the server keeps)
//! and compared with what the server answers. The current product's unsettled profit needs the
//! job caught up to yesterday (its start of today then follows from the ledger); a user it is
//! not caught up for is listed apart, not as a difference.

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{FixedPhase, FundOrderType, day_interest};

use super::figures::{self, Figures};
use super::products::{self, Product};
use super::{ACCRUAL, MATURITY, REDEEM, SUBSCRIBE};
use crate::db::DbConnection;
use crate::db::schema::{
    fund_accruals, fund_orders, ledger_accounts as accounts, ledger_entries as entries,
    ledger_transactions as transactions,
};

/// One entry on a fund account of the user's.
struct Entry {
    key: String,
    kind: String,
    reference: String,
    created_at: i64,
    amount: i64,
}

/// What reconcile found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// (user, asset) pairs compared.
    pub compared: usize,
    /// Each figure that differs: user, asset, figure, the server's value, the recomputed one.
    pub differences: Vec<String>,
    /// Users whose current unsettled profit was not compared: the job is behind for them.
    pub behind: Vec<String>,
}

fn entries_of(conn: &mut DbConnection, user_id: &str, asset: Asset) -> QueryResult<Vec<Entry>> {
    let found: Vec<(String, String, String, i64, i64)> = entries::table
        .inner_join(transactions::table)
        .inner_join(accounts::table)
        .filter(accounts::user_id.eq(user_id))
        .filter(accounts::currency.eq(asset.code()))
        .filter(accounts::kind.eq_any(["fund_current", "fund_fixed", "fund_fixed_profit"]))
        .select((
            accounts::account_key,
            transactions::kind,
            transactions::reference,
            transactions::created_at,
            entries::amount,
        ))
        .load(conn)?;
    Ok(found
        .into_iter()
        .map(|(key, kind, reference, created_at, amount)| Entry {
            key,
            kind,
            reference,
            created_at,
            amount,
        })
        .collect())
}

/// Recomputes the user's figures in `asset` on `today`; `None` for the current unsettled
/// profit when the job is behind for them.
fn recompute(
    conn: &mut DbConnection,
    user_id: &str,
    asset: Asset,
    today: Date,
    known: &BTreeMap<String, Product>,
) -> anyhow::Result<(Figures, bool)> {
    let found = entries_of(conn, user_id, asset)?;
    let current_key = super::current_account(user_id, asset).key;
    let (day_start, day_end) = (today.start_ms(), today.add_days(1).start_ms());
    let on_current = || found.iter().filter(|e| e.key == current_key);
    let total: i64 = on_current().map(|e| e.amount).sum();
    let moved_today = || {
        on_current().filter(|e| {
            (e.kind == SUBSCRIBE || e.kind == REDEEM)
                && (day_start..day_end).contains(&e.created_at)
        })
    };
    let came_in: i64 = moved_today()
        .filter(|e| e.amount > 0)
        .map(|e| e.amount)
        .sum();
    let unusable = came_in.clamp(0, total.max(0));
    let mut f = Figures::default();
    f.current.unusable_shares = unusable;
    f.current.usable_shares = (total - unusable).max(0);
    f.current.history_profit = on_current()
        .filter(|e| e.kind == ACCRUAL)
        .map(|e| e.amount)
        .sum();
    let yesterday_suffix = format!(":{}", today.add_days(-1));
    f.yesterday_profit = found
        .iter()
        .filter(|e| e.kind == ACCRUAL && e.reference.ends_with(&yesterday_suffix))
        .map(|e| e.amount)
        .sum();
    // Fixed positions: their subscriptions (the position id is the order id) and products.
    let subscriptions: Vec<(String, String)> = fund_orders::table
        .filter(fund_orders::user_id.eq(user_id))
        .filter(fund_orders::order_type.eq(FundOrderType::Subscribe.as_str()))
        .select((fund_orders::id, fund_orders::product_id))
        .load(conn)?;
    let mut holding = std::collections::BTreeSet::new();
    for (position_id, product_id) in subscriptions {
        let Some(product) = known.get(&product_id).filter(|p| !p.is_current()) else {
            continue;
        };
        if product.terms.asset != asset {
            continue;
        }
        let principal_key = super::fixed_account(user_id, &position_id, asset).key;
        let profit_key = super::profit_account(user_id, &position_id, asset).key;
        let principal: i64 = found
            .iter()
            .filter(|e| e.key == principal_key)
            .map(|e| e.amount)
            .sum();
        let profit: i64 = found
            .iter()
            .filter(|e| e.key == profit_key)
            .map(|e| e.amount)
            .sum();
        f.fixed.history_profit -= found
            .iter()
            .filter(|e| e.key == profit_key && e.kind == MATURITY)
            .map(|e| e.amount)
            .sum::<i64>();
        if principal == 0 {
            continue;
        }
        holding.insert(product_id.clone());
        match product.phase(today) {
            Some(FixedPhase::Raising | FixedPhase::Waiting) => {
                f.fixed.un_interest_shares += principal;
            }
            _ => f.fixed.interest_shares += principal,
        }
        f.fixed.unsettle_profit += profit;
    }
    f.fixed.holding_products = i64::try_from(holding.len()).unwrap_or(i64::MAX);
    // Today's interest on the current shares: the start of today is the ledger's total less
    // today's subscriptions and redemptions, once the job has accrued yesterday.
    let mut caught_up = true;
    if let Some(current) = products::current_of(conn, asset)? {
        let last: Option<(String, i64)> = fund_accruals::table
            .filter(fund_accruals::user_id.eq(user_id))
            .filter(fund_accruals::product_id.eq(&current.id))
            .order(fund_accruals::business_date.desc())
            .select((fund_accruals::business_date, fund_accruals::carry))
            .first(conn)
            .optional()?;
        let opened_today = found
            .iter()
            .filter(|e| e.key == current_key)
            .all(|e| e.created_at >= day_start);
        let carry = match last {
            Some((date, carry)) if date == today.add_days(-1).to_string() => Some(carry),
            None if opened_today => Some(0),
            _ => None,
        };
        match carry {
            Some(carry) => {
                let start = total - moved_today().map(|e| e.amount).sum::<i64>();
                f.current.unsettle_profit =
                    day_interest(start, current.terms.annual_rate, carry).interest;
            }
            None => caught_up = false,
        }
    }
    Ok((f.total(), caught_up))
}

/// Compares every user's figures in every asset they hold fund accounts in on `today`.
///
/// # Errors
/// A database failure.
pub fn run(conn: &mut DbConnection, today: Date) -> anyhow::Result<Report> {
    let known: BTreeMap<String, Product> = products::all(conn)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let holders: Vec<(Option<String>, String)> = accounts::table
        .filter(accounts::kind.eq_any(["fund_current", "fund_fixed", "fund_fixed_profit"]))
        .select((accounts::user_id, accounts::currency))
        .distinct()
        .load(conn)?;
    let mut report = Report::default();
    let mut pairs: Vec<(String, Asset)> = holders
        .into_iter()
        .filter_map(|(user, code)| Some((user?, Asset::from_code(&code)?)))
        .collect();
    pairs.sort();
    pairs.dedup();
    for (user_id, asset) in pairs {
        let (recomputed, caught_up) = recompute(conn, &user_id, asset, today, &known)?;
        let served = figures::of_user(conn, &user_id, asset, today)?;
        report.compared += 1;
        if !caught_up {
            report.behind.push(format!("{user_id} {}", asset.code()));
        }
        for ((name, kept), (_, again)) in served.named().into_iter().zip(recomputed.named()) {
            let skipped = !caught_up && matches!(name, "currentProduct.unsettleProfit");
            if kept != again && !skipped {
                report.differences.push(format!(
                    "user {user_id} {}: {name} is {kept}, the ledger and accrual rows give {again}",
                    asset.code()
                ));
            }
        }
        // The accrual rows against the ledger's accrual postings, per user.
        let of_asset: Vec<&String> = known
            .values()
            .filter(|p| p.terms.asset == asset)
            .map(|p| &p.id)
            .collect();
        let rows: Vec<i64> = fund_accruals::table
            .filter(fund_accruals::user_id.eq(&user_id))
            .filter(fund_accruals::product_id.eq_any(of_asset))
            .select(fund_accruals::interest)
            .load(conn)?;
        let posted: i64 = entries_of(conn, &user_id, asset)?
            .iter()
            .filter(|e| e.kind == ACCRUAL)
            .map(|e| e.amount)
            .sum();
        let in_rows: i64 = rows.iter().sum();
        if posted != in_rows {
            report.differences.push(format!(
                "user {user_id}: the accrual rows give {in_rows} of interest, the ledger's accrual postings {posted}"
            ));
        }
    }
    Ok(report)
}
