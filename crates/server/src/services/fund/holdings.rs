//! The user's open fixed positions (`GET fund/v2/position`): each with its product, the date it
//! was subscribed, its phase, the interest accrued so far (its FundFixedProfit balance) and what
//! its whole period earns (the subscription preview's expected interest).

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::date::Date;
use domain::fund::{FixedPhase, subscribe_preview};

use super::positions::{self, Position};
use super::products::{self, Product};
use super::profit_account;
use crate::db::DbConnection;
use crate::db::schema::fund_orders;
use crate::services::ledger;

/// An open fixed position as the user sees it (minor units of its asset).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    pub position: Position,
    pub product: Product,
    /// The subscription's value date.
    pub subscribed: Date,
    /// RAISING, WAITING or EARNING (a matured position is no longer open).
    pub phase: FixedPhase,
    /// The interest accrued so far and not yet paid: the FundFixedProfit balance.
    pub unsettle_profit: i64,
    /// What the whole period earns: `period` days of the daily interest on the principal.
    pub expected_interest: i64,
}

/// The user's open fixed positions on `today` (not redeemed, not matured: a position whose
/// maturity the job has not yet paid is left out), newest first.
///
/// # Errors
/// A database failure.
pub fn open_of_user(
    conn: &mut DbConnection,
    user_id: &str,
    today: Date,
) -> QueryResult<Vec<Holding>> {
    let open = positions::open_fixed_of(conn, user_id)?;
    if open.is_empty() {
        return Ok(Vec::new());
    }
    let known: BTreeMap<String, Product> = products::all(conn)?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    // A fixed position's id is its subscription's order id.
    let ids: Vec<&str> = open.iter().map(|p| p.id.as_str()).collect();
    let subscribed: BTreeMap<String, String> = fund_orders::table
        .filter(fund_orders::id.eq_any(&ids))
        .select((fund_orders::id, fund_orders::value_date))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    let accounts: Vec<_> = open
        .iter()
        .map(|p| profit_account(user_id, &p.id, p.asset))
        .collect();
    let profits = ledger::balances(conn, &accounts)?;
    Ok(open
        .into_iter()
        .zip(profits)
        .filter_map(|(position, unsettle_profit)| {
            let product = known.get(&position.product_id)?.clone();
            let phase = product.phase(today)?;
            if phase == FixedPhase::Matured {
                return None;
            }
            let subscribed = Date::parse(subscribed.get(&position.id)?)?;
            let expected_interest =
                subscribe_preview(&product.terms, subscribed, position.principal)
                    .ok()?
                    .expected_interest?;
            Some(Holding {
                position,
                product,
                subscribed,
                phase,
                unsettle_profit,
                expected_interest,
            })
        })
        .collect())
}
