//! The figures of `fund/v2/asset` (SPEC §3; each defined in one sentence in the README and in
//! docs/fund-contract.md "Figures"), as the server keeps them: the ledger's balances, the
//! positions and their moves, the accrual rows. `reconcile` recomputes them from the ledger's
//! entries and the accrual rows alone.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{AccrualRun, FixedPhase, FundOrderType, accrue};

use super::orders::current_holding;
use super::positions::{self, Position};
use super::products::{self, Product};
use super::profit_account;
use crate::db::DbConnection;
use crate::db::schema::{fund_accruals, fund_orders};
use crate::services::ledger;

/// The current product's figures (minor units of the asset).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CurrentFigures {
    pub usable_shares: i64,
    pub unusable_shares: i64,
    pub unsettle_profit: i64,
    pub history_profit: i64,
}

/// The fixed products' figures (minor units of the asset).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FixedFigures {
    pub history_profit: i64,
    pub holding_products: i64,
    pub total_shares: i64,
    pub un_interest_shares: i64,
    pub unsettle_profit: i64,
    pub interest_shares: i64,
}

/// A user's fund figures in one asset on a business date.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    pub history_profit: i64,
    pub total_value: i64,
    pub yesterday_profit: i64,
    pub current: CurrentFigures,
    pub fixed: FixedFigures,
}

impl Figures {
    /// The figures as (name, value) pairs, in the order of SPEC §3 (reconcile compares them).
    pub fn named(&self) -> [(&'static str, i64); 13] {
        let (c, f) = (&self.current, &self.fixed);
        [
            ("historyProfit", self.history_profit),
            ("totalValue", self.total_value),
            ("yesterdayProfit", self.yesterday_profit),
            ("currentProduct.usableShares", c.usable_shares),
            ("currentProduct.unsettleProfit", c.unsettle_profit),
            ("currentProduct.historyProfit", c.history_profit),
            ("currentProduct.unusableShares", c.unusable_shares),
            ("fixedProduct.historyProfit", f.history_profit),
            ("fixedProduct.holdingProducts", f.holding_products),
            ("fixedProduct.totalShares", f.total_shares),
            ("fixedProduct.unInterestShares", f.un_interest_shares),
            ("fixedProduct.unsettleProfit", f.unsettle_profit),
            ("fixedProduct.interestShares", f.interest_shares),
        ]
    }

    /// The figures that follow from the others.
    #[must_use]
    pub fn total(mut self) -> Figures {
        self.fixed.total_shares = self.fixed.interest_shares + self.fixed.un_interest_shares;
        self.history_profit = self.current.history_profit + self.fixed.history_profit;
        self.total_value = self.current.usable_shares
            + self.current.unusable_shares
            + self.fixed.total_shares
            + self.fixed.unsettle_profit;
        self
    }
}

/// Interest the current position has earned from its first unaccrued day through `today`
/// (credited the day after each), computed as the job will.
fn unsettled(
    conn: &mut DbConnection,
    position: &Position,
    product: &Product,
    today: Date,
) -> QueryResult<i64> {
    let moves = positions::moves_from(conn, &position.id, position.next_date)?;
    let accrual = accrue(&AccrualRun {
        annual_rate: product.terms.annual_rate,
        compound: true,
        shares: position.start_shares,
        carry: position.carry,
        from: position.next_date,
        until: today.add_days(1),
        moves,
    });
    Ok(accrual.days.iter().map(|d| d.interest).sum())
}

/// Interest the accrual rows gave `position_ids`, per business date.
fn interest_by_date(
    conn: &mut DbConnection,
    position_ids: &[String],
) -> QueryResult<BTreeMap<String, (i64, i64)>> {
    let rows: Vec<(String, i64, i64)> = fund_accruals::table
        .filter(fund_accruals::position_id.eq_any(position_ids))
        .select((
            fund_accruals::business_date,
            fund_accruals::interest,
            fund_accruals::shares,
        ))
        .load(conn)?;
    let mut by_date: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for (date, interest, shares) in rows {
        let entry = by_date.entry(date).or_default();
        entry.0 += interest;
        entry.1 += shares + interest;
    }
    Ok(by_date)
}

/// The user's figures in `asset` on `today`.
///
/// # Errors
/// A database failure.
pub fn of_user(
    conn: &mut DbConnection,
    user_id: &str,
    asset: Asset,
    today: Date,
) -> QueryResult<Figures> {
    let held = positions::of_user(conn, user_id, asset)?;
    let known: BTreeMap<String, Product> = products::all(conn)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let holding = current_holding(conn, user_id, asset, today)?;
    let mut figures = Figures {
        current: CurrentFigures {
            usable_shares: holding.usable,
            unusable_shares: holding.unusable,
            ..CurrentFigures::default()
        },
        ..Figures::default()
    };
    let ids: Vec<String> = held.iter().map(|p| p.id.clone()).collect();
    let yesterday = today.add_days(-1).to_string();
    let rows: Vec<(String, String, i64)> = fund_accruals::table
        .filter(fund_accruals::position_id.eq_any(&ids))
        .select((
            fund_accruals::position_id,
            fund_accruals::business_date,
            fund_accruals::interest,
        ))
        .load(conn)?;
    let mut holding_products = BTreeSet::new();
    for position in &held {
        let Some(product) = known.get(&position.product_id) else {
            continue;
        };
        if position.is_current() {
            figures.current.history_profit += rows
                .iter()
                .filter(|(id, _, _)| *id == position.id)
                .map(|(_, _, i)| i)
                .sum::<i64>();
            figures.current.unsettle_profit += unsettled(conn, position, product, today)?;
        } else if position.is_open() {
            holding_products.insert(position.product_id.clone());
            match product.phase(today) {
                Some(FixedPhase::Raising | FixedPhase::Waiting) => {
                    figures.fixed.un_interest_shares += position.principal;
                }
                _ => figures.fixed.interest_shares += position.principal,
            }
            figures.fixed.unsettle_profit +=
                ledger::balance(conn, &profit_account(user_id, &position.id, asset))?;
        }
    }
    figures.yesterday_profit = rows
        .iter()
        .filter(|(_, date, _)| *date == yesterday)
        .map(|(_, _, i)| i)
        .sum();
    let paid: Vec<i64> = fund_orders::table
        .filter(fund_orders::user_id.eq(user_id))
        .filter(fund_orders::position_id.eq_any(&ids))
        .filter(fund_orders::order_type.eq(FundOrderType::Maturity.as_str()))
        .select(fund_orders::interest)
        .load(conn)?;
    figures.fixed.history_profit = paid.iter().sum();
    figures.fixed.holding_products = i64::try_from(holding_products.len()).unwrap_or(i64::MAX);
    Ok(figures.total())
}

/// One day of the user's fund in `asset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Day {
    pub date: Date,
    /// The interest accrued for the day on all the user's positions.
    pub profit: i64,
    /// The shares that earned that day (current shares at its start, fixed principal in its
    /// interest period) plus the day's interest.
    pub value: i64,
}

/// The user's last `days` business days before `today`, oldest first (zeros for a day the job
/// has not run or the user held nothing).
///
/// # Errors
/// A database failure.
pub fn daily(
    conn: &mut DbConnection,
    user_id: &str,
    asset: Asset,
    today: Date,
    days: i64,
) -> QueryResult<Vec<Day>> {
    let ids: Vec<String> = positions::of_user(conn, user_id, asset)?
        .into_iter()
        .map(|p| p.id)
        .collect();
    let by_date = interest_by_date(conn, &ids)?;
    Ok((1..=days)
        .rev()
        .map(|back| {
            let date = today.add_days(-back);
            let (profit, value) = by_date.get(&date.to_string()).copied().unwrap_or_default();
            Day {
                date,
                profit,
                value,
            }
        })
        .collect())
}
