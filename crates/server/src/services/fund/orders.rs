//! Subscriptions and redemptions: the forms' contexts read under the user's lock, and the
//! previews the parsed forms carry executed as one ledger transaction each; the user's records
//! (orders and interest days).

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::forms::{
    FundBalances, FundRedeemContext, FundRedemption, FundSubscribeContext, FundSubscription,
};
use domain::fund::{FundOrderType, FundSource, ProductType};

use super::positions::{self, Position, REDEEMED};
use super::products::{self, Product};
use super::{
    REDEEM, SUBSCRIBE, current_account, fixed_account, platform, profit_account, source_account,
};
use crate::api::PageQuery;
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{fund_orders, fund_positions, fund_records};
use crate::services::ledger::{self, Account, AccountKind, Movement, Refusal};

/// The user's current shares of `asset` on `today`: usable (in since before today, less what
/// left today) and unusable (came in today).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CurrentHolding {
    pub usable: i64,
    pub unusable: i64,
}

/// The user's current shares of `asset`, split as on `today`.
///
/// # Errors
/// A database failure.
pub fn current_holding(
    conn: &mut DbConnection,
    user_id: &str,
    asset: Asset,
    today: Date,
) -> QueryResult<CurrentHolding> {
    let total = ledger::balance(conn, &current_account(user_id, asset))?;
    let Some(product) = products::current_of(conn, asset)? else {
        return Ok(CurrentHolding::default());
    };
    let came_in = match positions::current_of(conn, user_id, &product.id)? {
        Some(position) => positions::came_in_on(conn, &position.id, today)?,
        None => 0,
    };
    let unusable = came_in.clamp(0, total.max(0));
    Ok(CurrentHolding {
        usable: (total - unusable).max(0),
        unusable,
    })
}

/// What the user holds in `product` (its maximum counts against it): the current shares, or
/// the principal of their open positions in a fixed product.
fn held(conn: &mut DbConnection, user_id: &str, product: &Product) -> QueryResult<i64> {
    if product.is_current() {
        return ledger::balance(conn, &current_account(user_id, product.terms.asset));
    }
    let principals: Vec<i64> = fund_positions::table
        .filter(fund_positions::user_id.eq(user_id))
        .filter(fund_positions::product_id.eq(&product.id))
        .filter(fund_positions::status.eq(positions::OPEN))
        .select(fund_positions::principal)
        .load(conn)?;
    Ok(principals.iter().sum())
}

/// The subscribe form's context: the product on `today` and the user's balances.
///
/// # Errors
/// A database failure.
pub fn subscribe_context(
    conn: &mut DbConnection,
    user_id: &str,
    product: &Product,
    today: Date,
) -> QueryResult<FundSubscribeContext> {
    let asset = product.terms.asset;
    let wallet = ledger::balance(conn, &source_account(user_id, FundSource::Wallet, asset))?;
    let usd = if asset == Asset::Usd {
        ledger::balance(conn, &source_account(user_id, FundSource::Usd, asset))?
    } else {
        0
    };
    let fund = current_holding(conn, user_id, asset, today)?.usable;
    let maximum = (product.maximum - held(conn, user_id, product)?).max(0);
    Ok(FundSubscribeContext {
        product_id: product.id.clone(),
        product: product.terms,
        today,
        open: product.open,
        minimum: product.minimum,
        maximum,
        balances: FundBalances { wallet, usd, fund },
    })
}

/// The redeem form's context: the current product's usable shares, or the open fixed position
/// `position` (another product's, or a closed one, names none).
///
/// # Errors
/// A database failure.
pub fn redeem_context(
    conn: &mut DbConnection,
    user_id: &str,
    product: &Product,
    position: Option<&Position>,
    today: Date,
) -> QueryResult<FundRedeemContext> {
    let position = position.filter(|p| {
        p.is_open() && p.product_id == product.id && p.product_type == ProductType::Fixed
    });
    let redeemable = if product.is_current() {
        current_holding(conn, user_id, product.terms.asset, today)?.usable
    } else {
        position.map_or(0, |p| p.principal)
    };
    Ok(FundRedeemContext {
        product_id: product.id.clone(),
        product: product.terms,
        position_id: position.map(|p| p.id.clone()),
        today,
        redeemable,
    })
}

/// A record of the user's (an order, or a day's interest).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = fund_records)]
pub struct Record {
    pub id: String,
    pub user_id: String,
    pub product_id: String,
    pub position_id: String,
    pub order_type: String,
    pub source: Option<String>,
    pub amount: i64,
    pub interest: i64,
    pub forfeited_interest: i64,
    pub business_date: String,
    pub value_date: String,
    pub interest_start_date: Option<String>,
    pub delivery_date: Option<String>,
    pub created_at: i64,
}

/// An order to write.
struct NewOrder<'a> {
    id: &'a str,
    user_id: &'a str,
    product: &'a Product,
    position_id: &'a str,
    kind: FundOrderType,
    source: FundSource,
    amount: i64,
    forfeited: i64,
    today: Date,
    value_date: Date,
    interest_start: Option<Date>,
    delivery: Option<Date>,
}

fn insert_order(conn: &mut DbConnection, o: &NewOrder<'_>, now: i64) -> QueryResult<()> {
    diesel::insert_into(fund_orders::table)
        .values((
            fund_orders::id.eq(o.id),
            fund_orders::user_id.eq(o.user_id),
            fund_orders::product_id.eq(&o.product.id),
            fund_orders::position_id.eq(o.position_id),
            fund_orders::order_type.eq(o.kind.as_str()),
            fund_orders::source.eq(Some(o.source.as_str())),
            fund_orders::amount.eq(o.amount),
            fund_orders::interest.eq(o.forfeited),
            fund_orders::forfeited_interest.eq(o.forfeited),
            fund_orders::business_date.eq(o.today.to_string()),
            fund_orders::value_date.eq(o.value_date.to_string()),
            fund_orders::interest_start_date.eq(o.interest_start.map(|d| d.to_string())),
            fund_orders::delivery_date.eq(o.delivery.map(|d| d.to_string())),
            fund_orders::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Why a subscription or redemption moved nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The ledger refused: the source (or the shares) no longer cover it.
    Insufficient,
    /// The fixed position is no longer open (redeemed or paid out meanwhile).
    NotOpen,
    /// An early redemption's interest accrued is not what the preview showed (`forfeited`:
    /// what it is now).
    Stale { forfeited: i64 },
}

/// Why the savepoint of an order rolled back.
enum Abort {
    Refused(Refused),
    Failed(anyhow::Error),
}

impl From<diesel::result::Error> for Abort {
    fn from(e: diesel::result::Error) -> Self {
        Abort::Failed(e.into())
    }
}

fn post(conn: &mut DbConnection, movement: &Movement, now: i64) -> Result<(), Abort> {
    match ledger::post(conn, movement, now).map_err(Abort::Failed)? {
        Ok(_) => Ok(()),
        Err(Refusal::Insufficient { .. }) => Err(Abort::Refused(Refused::Insufficient)),
        Err(Refusal::Duplicate(id)) => Err(Abort::Failed(anyhow::anyhow!(
            "{} was posted before ({id})",
            movement.reference
        ))),
    }
}

fn lines(found: [(Account, i64); 4]) -> Vec<(Account, i64)> {
    found.into_iter().filter(|(_, a)| *a != 0).collect()
}

fn finish(
    conn: &mut DbConnection,
    user_id: &str,
    order_id: &str,
    done: Result<(), Abort>,
) -> anyhow::Result<Result<Record, Refused>> {
    match done {
        Ok(()) => Ok(Ok(find_owned(conn, user_id, order_id)?.ok_or_else(
            || anyhow::anyhow!("order {order_id} was written, yet it is not found"),
        )?)),
        Err(Abort::Refused(refused)) => Ok(Err(refused)),
        Err(Abort::Failed(e)) => Err(e),
    }
}

/// Executes the subscription `asked` (parsed under the user's lock) on `today`: the order,
/// the moves of shares and one ledger transaction, in a savepoint (nothing written when the
/// ledger refuses).
///
/// # Errors
/// A database failure.
pub fn subscribe(
    conn: &mut DbConnection,
    user_id: &str,
    product: &Product,
    asked: &FundSubscription,
    today: Date,
    now: i64,
) -> anyhow::Result<Result<Record, Refused>> {
    let order_id = new_id();
    let (asset, amount) = (product.terms.asset, asked.amount);
    let done = conn.transaction(|conn| {
        let current = products::current_of(conn, asset)?
            .ok_or_else(|| Abort::Failed(anyhow::anyhow!("no current product of {asset:?}")))?;
        let holding = positions::open_current(conn, user_id, &current, today, now)?;
        let (position_id, move_amount, from, to) = if product.is_current() {
            (
                holding.id.clone(),
                amount,
                source_account(user_id, asked.source, asset),
                current_account(user_id, asset),
            )
        } else {
            positions::open_fixed(conn, &order_id, user_id, product, amount, now)?;
            (
                order_id.clone(),
                -amount,
                current_account(user_id, asset),
                fixed_account(user_id, &order_id, asset),
            )
        };
        let p = &asked.preview;
        insert_order(
            conn,
            &NewOrder {
                id: &order_id,
                user_id,
                product,
                position_id: &position_id,
                kind: FundOrderType::Subscribe,
                source: asked.source,
                amount,
                forfeited: 0,
                today,
                value_date: p.value_date,
                interest_start: Some(p.interest_start_date),
                delivery: p.delivery_date,
            },
            now,
        )?;
        positions::add_move(conn, &holding.id, &order_id, today, move_amount, now)?;
        let zero = || (platform(AccountKind::FundInterest, asset), 0);
        post(
            conn,
            &Movement {
                kind: SUBSCRIBE,
                reference: format!("{SUBSCRIBE}:{order_id}"),
                user_id: Some(user_id.to_owned()),
                lines: lines([(from, -amount), (to, amount), zero(), zero()]),
            },
            now,
        )
    });
    finish(conn, user_id, &order_id, done)
}

/// Executes the redemption `asked` (parsed under the user's lock, the user's positions brought
/// up to `today` before): current shares out to the destination, or a fixed position whole
/// back to the fund account, forfeiting exactly its accrued interest, which must be the
/// preview's (and `shown`, what the browser showed, when given).
///
/// # Errors
/// A database failure.
pub fn redeem(
    conn: &mut DbConnection,
    user_id: &str,
    product: &Product,
    asked: &FundRedemption,
    shown: Option<i64>,
    today: Date,
    now: i64,
) -> anyhow::Result<Result<Record, Refused>> {
    let order_id = new_id();
    let (asset, amount) = (product.terms.asset, asked.amount);
    let done = conn.transaction(|conn| {
        let current = products::current_of(conn, asset)?
            .ok_or_else(|| Abort::Failed(anyhow::anyhow!("no current product of {asset:?}")))?;
        let holding = positions::open_current(conn, user_id, &current, today, now)?;
        let (position_id, move_amount, forfeited, lines) = match &asked.position_id {
            None => (
                holding.id.clone(),
                -amount,
                0,
                lines([
                    (current_account(user_id, asset), -amount),
                    (source_account(user_id, asked.destination, asset), amount),
                    (platform(AccountKind::FundInterest, asset), 0),
                    (platform(AccountKind::FundInterest, asset), 0),
                ]),
            ),
            Some(position_id) => {
                if !positions::close(conn, position_id, REDEEMED, now)? {
                    return Err(Abort::Refused(Refused::NotOpen));
                }
                let principal_account = fixed_account(user_id, position_id, asset);
                let interest_account = profit_account(user_id, position_id, asset);
                let principal = ledger::balance(conn, &principal_account)?;
                let forfeited = ledger::balance(conn, &interest_account)?;
                if forfeited != asked.preview.forfeited_interest
                    || shown.is_some_and(|s| s != forfeited)
                    || principal != amount
                {
                    return Err(Abort::Refused(Refused::Stale { forfeited }));
                }
                (
                    position_id.clone(),
                    principal,
                    forfeited,
                    lines([
                        (principal_account, -principal),
                        (current_account(user_id, asset), principal),
                        (interest_account, -forfeited),
                        (platform(AccountKind::FundInterest, asset), forfeited),
                    ]),
                )
            }
        };
        let p = &asked.preview;
        insert_order(
            conn,
            &NewOrder {
                id: &order_id,
                user_id,
                product,
                position_id: &position_id,
                kind: FundOrderType::Redeem,
                source: asked.destination,
                amount,
                forfeited,
                today,
                value_date: today,
                interest_start: None,
                delivery: Some(p.delivery_date),
            },
            now,
        )?;
        positions::add_move(conn, &holding.id, &order_id, today, move_amount, now)?;
        post(
            conn,
            &Movement {
                kind: REDEEM,
                reference: format!("{REDEEM}:{order_id}"),
                user_id: Some(user_id.to_owned()),
                lines,
            },
            now,
        )
    });
    finish(conn, user_id, &order_id, done)
}

/// The user's record `id` (another user's answers none, as an unknown one does).
///
/// # Errors
/// A database failure.
pub fn find_owned(conn: &mut DbConnection, user_id: &str, id: &str) -> QueryResult<Option<Record>> {
    fund_records::table
        .filter(fund_records::id.eq(id))
        .filter(fund_records::user_id.eq(user_id))
        .select(Record::as_select())
        .first(conn)
        .optional()
}

/// A page of the user's records (of `kind` when given), newest first, and how many there are.
///
/// # Errors
/// A database failure.
pub fn page_of(
    conn: &mut DbConnection,
    user_id: &str,
    kind: Option<FundOrderType>,
    page: &PageQuery,
) -> QueryResult<(Vec<Record>, i64)> {
    let filtered = || {
        let mut query = fund_records::table
            .filter(fund_records::user_id.eq(user_id))
            .into_boxed();
        if let Some(kind) = kind {
            query = query.filter(fund_records::order_type.eq(kind.as_str()));
        }
        query
    };
    let found = filtered()
        .order((fund_records::created_at.desc(), fund_records::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(Record::as_select())
        .load(conn)?;
    let total = filtered().count().get_result(conn)?;
    Ok((found, total))
}
