//! Positions: a user's shares of the current product of an asset (one position), and each
//! fixed subscription (a position of its own), with the accrual job's state; and the moves of
//! their shares by business date.

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{ProductType, ShareMove};

use super::products::Product;
use crate::clock::new_id;
use crate::db::schema::{fund_moves, fund_positions};
use crate::db::{DbConnection, insert_unless_taken};

mod many;

pub use many::{Claim, lock_open, moves_of_many, open_fixed_of_users};

/// A position's status.
pub const OPEN: &str = "OPEN";
pub const REDEEMED: &str = "REDEEMED";
pub const MATURED: &str = "MATURED";

/// A position, as stored.
#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = fund_positions)]
struct Row {
    id: String,
    user_id: String,
    product_id: String,
    product_type: String,
    asset: String,
    principal: i64,
    status: String,
    next_date: String,
    start_shares: i64,
    carry: i64,
    created_at: i64,
}

/// A position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub id: String,
    pub user_id: String,
    pub product_id: String,
    pub product_type: ProductType,
    pub asset: Asset,
    /// A fixed position's shares (0 for the current position).
    pub principal: i64,
    /// `OPEN`, `REDEEMED`, `MATURED`.
    pub status: String,
    /// The first business date not yet accrued.
    pub next_date: Date,
    /// The shares at the start of `next_date`.
    pub start_shares: i64,
    /// The rounding's carried parts before `next_date`.
    pub carry: i64,
    pub created_at: i64,
}

impl Row {
    fn position(self) -> Option<Position> {
        Some(Position {
            product_type: ProductType::parse(&self.product_type)?,
            asset: Asset::from_code(&self.asset)?,
            next_date: Date::parse(&self.next_date)?,
            id: self.id,
            user_id: self.user_id,
            product_id: self.product_id,
            principal: self.principal,
            status: self.status,
            start_shares: self.start_shares,
            carry: self.carry,
            created_at: self.created_at,
        })
    }
}

impl Position {
    pub fn is_open(&self) -> bool {
        self.status == OPEN
    }

    pub fn is_current(&self) -> bool {
        self.product_type == ProductType::Current
    }
}

fn rows(found: Vec<Row>) -> Vec<Position> {
    found.into_iter().filter_map(Row::position).collect()
}

/// Position `id`.
pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<Position>> {
    Ok(fund_positions::table
        .find(id)
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::position))
}

/// The user's position `id` (another user's answers none, as an unknown one does).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<Position>> {
    Ok(find(conn, id)?.filter(|p| p.user_id == user_id))
}

/// The key that makes a user's current position of a product one.
fn current_key(user_id: &str, product_id: &str) -> String {
    format!("{user_id}:{product_id}")
}

/// The user's position in the current product `product_id`, if they have one.
pub fn current_of(
    conn: &mut DbConnection,
    user_id: &str,
    product_id: &str,
) -> QueryResult<Option<Position>> {
    Ok(fund_positions::table
        .filter(fund_positions::current_key.eq(current_key(user_id, product_id)))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::position))
}

/// The user's position in the current product, opened (empty, accruing from `today`) when they
/// have none.
pub fn open_current(
    conn: &mut DbConnection,
    user_id: &str,
    product: &Product,
    today: Date,
    now: i64,
) -> QueryResult<Position> {
    if let Some(found) = current_of(conn, user_id, &product.id)? {
        return Ok(found);
    }
    insert_unless_taken(conn, |conn| {
        diesel::insert_into(fund_positions::table)
            .values((
                fund_positions::id.eq(new_id()),
                fund_positions::user_id.eq(user_id),
                fund_positions::product_id.eq(&product.id),
                fund_positions::product_type.eq(ProductType::Current.as_str()),
                fund_positions::asset.eq(product.terms.asset.code()),
                fund_positions::current_key.eq(current_key(user_id, &product.id)),
                fund_positions::principal.eq(0_i64),
                fund_positions::status.eq(OPEN),
                fund_positions::next_date.eq(today.to_string()),
                fund_positions::start_shares.eq(0_i64),
                fund_positions::carry.eq(0_i64),
                fund_positions::created_at.eq(now),
            ))
            .execute(conn)
    })?;
    current_of(conn, user_id, &product.id)?.ok_or(diesel::result::Error::NotFound)
}

/// Opens the fixed position `id` (the subscription's order id) of `principal` shares in
/// `product`, accruing from its interest date.
pub fn open_fixed(
    conn: &mut DbConnection,
    id: &str,
    user_id: &str,
    product: &Product,
    principal: i64,
    now: i64,
) -> QueryResult<()> {
    let from = product
        .terms
        .fixed
        .map_or_else(|| super::business_date(now), |f| f.interest_date());
    diesel::insert_into(fund_positions::table)
        .values((
            fund_positions::id.eq(id),
            fund_positions::user_id.eq(user_id),
            fund_positions::product_id.eq(&product.id),
            fund_positions::product_type.eq(ProductType::Fixed.as_str()),
            fund_positions::asset.eq(product.terms.asset.code()),
            fund_positions::principal.eq(principal),
            fund_positions::status.eq(OPEN),
            fund_positions::next_date.eq(from.to_string()),
            fund_positions::start_shares.eq(principal),
            fund_positions::carry.eq(0_i64),
            fund_positions::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The user's positions of `asset`, fixed ones first (oldest first), then the current one.
pub fn of_user(conn: &mut DbConnection, user_id: &str, asset: Asset) -> QueryResult<Vec<Position>> {
    let mut found = rows(
        fund_positions::table
            .filter(fund_positions::user_id.eq(user_id))
            .filter(fund_positions::asset.eq(asset.code()))
            .order((fund_positions::created_at.asc(), fund_positions::id.asc()))
            .select(Row::as_select())
            .load(conn)?,
    );
    found.sort_by_key(Position::is_current);
    Ok(found)
}

/// The user's open fixed positions (every asset), newest first.
pub fn open_fixed_of(conn: &mut DbConnection, user_id: &str) -> QueryResult<Vec<Position>> {
    Ok(rows(
        fund_positions::table
            .filter(fund_positions::user_id.eq(user_id))
            .filter(fund_positions::product_type.eq(ProductType::Fixed.as_str()))
            .filter(fund_positions::status.eq(OPEN))
            .order((fund_positions::created_at.desc(), fund_positions::id.desc()))
            .select(Row::as_select())
            .load(conn)?,
    ))
}

/// Every open position with days to accrue before `today` (or a maturity due), grouped by user,
/// each user's fixed positions before their current ones.
pub fn due(conn: &mut DbConnection, today: Date) -> QueryResult<Vec<Position>> {
    let mut found = rows(
        fund_positions::table
            .filter(fund_positions::status.eq(OPEN))
            .filter(fund_positions::next_date.lt(today.to_string()))
            .order((fund_positions::user_id.asc(), fund_positions::id.asc()))
            .select(Row::as_select())
            .load(conn)?,
    );
    // Fixed positions whose last day is accrued but whose maturity is not yet paid.
    found.extend(rows(
        fund_positions::table
            .filter(fund_positions::status.eq(OPEN))
            .filter(fund_positions::product_type.eq(ProductType::Fixed.as_str()))
            .filter(fund_positions::next_date.ge(today.to_string()))
            .select(Row::as_select())
            .load(conn)?,
    ));
    found.sort_by(|a, b| {
        (a.user_id.as_str(), a.is_current(), a.id.as_str()).cmp(&(
            b.user_id.as_str(),
            b.is_current(),
            b.id.as_str(),
        ))
    });
    Ok(found)
}

/// Records a move of `amount` shares of position `position_id` on `date`. A move dated before
/// the position's first unaccrued day (a maturity paid late) goes into its starting shares.
pub fn add_move(
    conn: &mut DbConnection,
    position_id: &str,
    order_id: &str,
    date: Date,
    amount: i64,
    now: i64,
) -> QueryResult<()> {
    let date_text = date.to_string();
    // Takes the position's row lock: the accrual claims the same row before reading moves.
    let late = diesel::update(
        fund_positions::table
            .find(position_id)
            .filter(fund_positions::next_date.gt(&date_text)),
    )
    .set(fund_positions::start_shares.eq(fund_positions::start_shares + amount))
    .execute(conn)?;
    if late == 0 {
        diesel::update(fund_positions::table.find(position_id))
            .set(fund_positions::carry.eq(fund_positions::carry))
            .execute(conn)?;
    }
    diesel::insert_into(fund_moves::table)
        .values((
            fund_moves::id.eq(new_id()),
            fund_moves::position_id.eq(position_id),
            fund_moves::order_id.eq(order_id),
            fund_moves::business_date.eq(date_text),
            fund_moves::amount.eq(amount),
            fund_moves::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The position's moves on `from` and after.
pub fn moves_from(
    conn: &mut DbConnection,
    position_id: &str,
    from: Date,
) -> QueryResult<Vec<ShareMove>> {
    let found: Vec<(String, i64)> = fund_moves::table
        .filter(fund_moves::position_id.eq(position_id))
        .filter(fund_moves::business_date.ge(from.to_string()))
        .select((fund_moves::business_date, fund_moves::amount))
        .load(conn)?;
    Ok(found
        .into_iter()
        .filter_map(|(date, amount)| {
            Some(ShareMove {
                date: Date::parse(&date)?,
                amount,
            })
        })
        .collect())
}

/// The shares that came into the position on `date` (positive moves): unusable that day.
pub fn came_in_on(conn: &mut DbConnection, position_id: &str, date: Date) -> QueryResult<i64> {
    Ok(moves_from(conn, position_id, date)?
        .iter()
        .filter(|m| m.date == date && m.amount > 0)
        .map(|m| m.amount)
        .sum())
}

/// Marks an open position closed (`REDEEMED`, `MATURED`); false when it was not open (closed
/// meanwhile by a concurrent request or job run).
pub fn close(conn: &mut DbConnection, id: &str, status: &str, now: i64) -> QueryResult<bool> {
    let closed = diesel::update(
        fund_positions::table
            .find(id)
            .filter(fund_positions::status.eq(OPEN)),
    )
    .set((
        fund_positions::status.eq(status),
        fund_positions::closed_at.eq(now),
    ))
    .execute(conn)?;
    Ok(closed == 1)
}
