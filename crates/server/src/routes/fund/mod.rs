//! `fund/*`: the investor's side (SPEC §7) — the saved bank accounts and USD withdrawals — and
//! the fixed-income fund (DESIGN §12): `product`, `config`, `subscribe`, `redeem`,
//! `fund/v2/asset`, `fund/v2/order`, `fund/v2/position`.

pub mod asset;
pub mod bank_accounts;
pub mod config;
pub mod items;
pub mod orders;
pub mod positions;
pub mod products;
pub mod redeem;
pub mod subscribe;
mod withdrawal_items;
pub mod withdrawals;

use domain::Input;
use domain::date::Date;
use domain::error::{ErrorCode, FieldError};

use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::fund::products::{self as fund_products, Product};
use crate::state::AppState;

fn product_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.fund_product_not_found")
}

fn position_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.fund_position_not_found")
}

/// The fund's business date now (the injectable clock's UTC day).
fn today(state: &AppState) -> Date {
    crate::services::fund::business_date(state.clock.now_ms())
}

/// The product `id`; 404 when there is none.
fn product_of(conn: &mut DbConnection, id: &str) -> Result<Product, AppError> {
    fund_products::find(conn, id.trim())?.ok_or_else(product_not_found)
}

/// The product a subscribe or redeem form names in `productId`: a field error when it names
/// none (required_choice) or one the fund does not have (option_invalid).
fn named_product(conn: &mut DbConnection, product_id: &Input<String>) -> Result<Product, AppError> {
    let Some(id) = product_id.text() else {
        return Err(AppError::validation(&[FieldError::new(
            "productId",
            ErrorCode::RequiredChoice,
        )]));
    };
    product_of(conn, id).map_err(|_| {
        AppError::validation(&[FieldError::new("productId", ErrorCode::OptionInvalid)])
    })
}
