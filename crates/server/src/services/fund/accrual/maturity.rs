//! A fixed position's maturity: principal and interest paid into the holder's current
//! position, once its last interest day is accrued.

use diesel::prelude::*;
use domain::date::Date;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{fund_orders, fund_positions};
use crate::services::fund::positions::{self, MATURED, OPEN, Position};
use crate::services::fund::products::{self, Product};
use crate::services::fund::{MATURITY, current_account, fixed_account, profit_account};
use crate::services::ledger::{self, Movement, Refusal};
/// Pays a fixed position out once its last day is accrued and `today` is its maturity or
/// later: principal and interest into the current position, dated the last interest day (in
/// at the start of the maturity date). Nothing before then, or when paid already.
///
/// # Errors
/// A database failure, or a ledger that refuses the payout.
pub fn mature(
    conn: &mut DbConnection,
    position: &Position,
    product: &Product,
    today: Date,
    now: i64,
) -> anyhow::Result<bool> {
    let Some(fixed) = product.terms.fixed else {
        return Ok(false);
    };
    let maturity = fixed.maturity_date();
    if position.is_current() || today < maturity {
        return Ok(false);
    }
    conn.transaction(|conn| {
        let claimed = diesel::update(
            fund_positions::table
                .find(&position.id)
                .filter(fund_positions::status.eq(OPEN))
                .filter(fund_positions::next_date.ge(maturity.to_string())),
        )
        .set((
            fund_positions::status.eq(MATURED),
            fund_positions::closed_at.eq(now),
        ))
        .execute(conn)?;
        if claimed != 1 {
            return Ok(false);
        }
        let (user, asset) = (position.user_id.as_str(), position.asset);
        let principal_account = fixed_account(user, &position.id, asset);
        let interest_account = profit_account(user, &position.id, asset);
        let principal = ledger::balance(conn, &principal_account)?;
        let interest = ledger::balance(conn, &interest_account)?;
        let current = products::current_of(conn, asset)?
            .ok_or_else(|| anyhow::anyhow!("no current product of {}", asset.code()))?;
        let holding = positions::open_current(conn, user, &current, today, now)?;
        let order_id = new_id();
        let last_day = fixed.last_interest_date();
        diesel::insert_into(fund_orders::table)
            .values((
                fund_orders::id.eq(&order_id),
                fund_orders::user_id.eq(user),
                fund_orders::product_id.eq(&product.id),
                fund_orders::position_id.eq(&position.id),
                fund_orders::order_type.eq(domain::fund::FundOrderType::Maturity.as_str()),
                fund_orders::source.eq(None::<String>),
                fund_orders::amount.eq(principal),
                fund_orders::interest.eq(interest),
                fund_orders::forfeited_interest.eq(0_i64),
                fund_orders::business_date.eq(maturity.to_string()),
                fund_orders::value_date.eq(maturity.to_string()),
                fund_orders::interest_start_date.eq(Some(fixed.interest_date().to_string())),
                fund_orders::delivery_date.eq(Some(maturity.to_string())),
                fund_orders::created_at.eq(now),
            ))
            .execute(conn)?;
        positions::add_move(
            conn,
            &holding.id,
            &order_id,
            last_day,
            principal + interest,
            now,
        )?;
        let lines: Vec<_> = [
            (principal_account, -principal),
            (interest_account, -interest),
            (current_account(user, asset), principal + interest),
        ]
        .into_iter()
        .filter(|(_, amount)| *amount != 0)
        .collect();
        if lines.len() >= 2 {
            let posted = ledger::post(
                conn,
                &Movement {
                    kind: MATURITY,
                    reference: format!("{MATURITY}:{}", position.id),
                    user_id: Some(user.to_owned()),
                    lines,
                },
                now,
            )?;
            match posted {
                Ok(_) => {}
                Err(Refusal::Duplicate(_) | Refusal::Insufficient { .. }) => {
                    anyhow::bail!("maturity of {}: {posted:?}", position.id)
                }
            }
        }
        Ok(true)
    })
}
