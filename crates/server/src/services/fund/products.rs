//! Fund products: the current product of an asset and the fixed-term products operators
//! create and close.

use diesel::prelude::*;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{AnnualRate, FixedPhase, FixedTerms, ProductTerms, ProductType};

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::fund_products;

/// A product, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = fund_products)]
struct Row {
    id: String,
    name: String,
    product_type: String,
    asset: String,
    annual_rate: i64,
    raise_date: Option<String>,
    interest_date: Option<String>,
    period: Option<i64>,
    minimum: i64,
    maximum: i64,
    open: bool,
    created_at: i64,
    closed_at: Option<i64>,
}

/// A product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: String,
    pub name: String,
    pub terms: ProductTerms,
    /// The least one subscription may be (minor units).
    pub minimum: i64,
    /// The most one user may hold in it (minor units).
    pub maximum: i64,
    /// False once an operator closed it.
    pub open: bool,
    pub created_at: i64,
    pub closed_at: Option<i64>,
}

impl Row {
    fn product(self) -> Option<Product> {
        let product_type = ProductType::parse(&self.product_type)?;
        let fixed = match product_type {
            ProductType::Current => None,
            ProductType::Fixed => Some(
                FixedTerms::new(
                    Date::parse(self.raise_date.as_deref()?)?,
                    Date::parse(self.interest_date.as_deref()?)?,
                    u16::try_from(self.period?).ok()?,
                )
                .ok()?,
            ),
        };
        Some(Product {
            terms: ProductTerms {
                product_type,
                annual_rate: AnnualRate::from_millionths(u32::try_from(self.annual_rate).ok()?)?,
                asset: Asset::from_code(&self.asset)?,
                fixed,
            },
            id: self.id,
            name: self.name,
            minimum: self.minimum,
            maximum: self.maximum,
            open: self.open,
            created_at: self.created_at,
            closed_at: self.closed_at,
        })
    }
}

impl Product {
    pub fn is_current(&self) -> bool {
        self.terms.product_type == ProductType::Current
    }

    /// A fixed product's phase on `today` (none for the current product).
    pub fn phase(&self, today: Date) -> Option<FixedPhase> {
        self.terms.fixed.map(|f| f.phase(today))
    }

    /// Whether it takes subscriptions on `today`: open, and a fixed product raising.
    pub fn open_on(&self, today: Date) -> bool {
        self.open && self.terms.raising(today)
    }
}

/// Every product, oldest first (unreadable rows left out).
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Product>> {
    Ok(fund_products::table
        .order((fund_products::created_at.asc(), fund_products::id.asc()))
        .select(Row::as_select())
        .load(conn)?
        .into_iter()
        .filter_map(Row::product)
        .collect())
}

/// The product `id`.
pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<Product>> {
    Ok(fund_products::table
        .find(id)
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::product))
}

/// The current product of `asset` (the fund account fixed products of that asset use).
pub fn current_of(conn: &mut DbConnection, asset: Asset) -> QueryResult<Option<Product>> {
    Ok(fund_products::table
        .filter(fund_products::product_type.eq(ProductType::Current.as_str()))
        .filter(fund_products::asset.eq(asset.code()))
        .select(Row::as_select())
        .first(conn)
        .optional()?
        .and_then(Row::product))
}

/// A product an operator creates.
#[derive(Debug, Clone)]
pub struct NewProduct {
    pub name: String,
    pub terms: ProductTerms,
    pub minimum: i64,
    pub maximum: i64,
}

/// Why a product was not created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The asset has a current product already.
    CurrentExists,
    /// A fixed product's asset has no current product to fund it from and pay it to.
    NoCurrent,
    /// Minimum above maximum, or not positive; terms that do not hang together.
    Limits,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refused::CurrentExists => "the asset has a current product already",
            Refused::NoCurrent => {
                "the asset has no current product (fixed products are funded from it)"
            }
            Refused::Limits => "the minimum must be positive and at most the maximum",
        })
    }
}

/// Creates a product.
///
/// # Errors
/// A database failure.
pub fn create(
    conn: &mut DbConnection,
    new: &NewProduct,
    now: i64,
) -> QueryResult<Result<Product, Refused>> {
    if new.minimum <= 0 || new.minimum > new.maximum || !new.terms.is_consistent() {
        return Ok(Err(Refused::Limits));
    }
    let current = current_of(conn, new.terms.asset)?;
    match new.terms.product_type {
        ProductType::Current if current.is_some() => return Ok(Err(Refused::CurrentExists)),
        ProductType::Fixed if current.is_none() => return Ok(Err(Refused::NoCurrent)),
        _ => {}
    }
    let id = new_id();
    let fixed = new.terms.fixed;
    diesel::insert_into(fund_products::table)
        .values((
            fund_products::id.eq(&id),
            fund_products::name.eq(&new.name),
            fund_products::product_type.eq(new.terms.product_type.as_str()),
            fund_products::asset.eq(new.terms.asset.code()),
            fund_products::annual_rate.eq(i64::from(new.terms.annual_rate.millionths())),
            fund_products::raise_date.eq(fixed.map(|f| f.raise_date().to_string())),
            fund_products::interest_date.eq(fixed.map(|f| f.interest_date().to_string())),
            fund_products::period.eq(fixed.map(|f| i64::from(f.period()))),
            fund_products::minimum.eq(new.minimum),
            fund_products::maximum.eq(new.maximum),
            fund_products::open.eq(true),
            fund_products::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(find(conn, &id)?.ok_or(Refused::Limits))
}

/// Closes product `id` to new subscriptions (holders keep their positions). False when there
/// is no such open product.
pub fn close(conn: &mut DbConnection, id: &str, now: i64) -> QueryResult<bool> {
    let closed = diesel::update(
        fund_products::table
            .find(id)
            .filter(fund_products::open.eq(true)),
    )
    .set((
        fund_products::open.eq(false),
        fund_products::closed_at.eq(now),
    ))
    .execute(conn)?;
    Ok(closed == 1)
}
