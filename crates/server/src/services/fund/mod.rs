//! The fixed-income fund (DESIGN §12, docs/fund-contract.md): products, positions, orders, the
//! daily accrual job and the figures of `fund/v2/asset`.
//!
//! One share is one minor unit of the product's asset. Every movement is one ledger
//! transaction (zero lines left out):
//!
//! | event | kind, reference | lines |
//! |---|---|---|
//! | subscribe current | `fund_subscribe:<order>` | user Main or Bank −A; user FundCurrent +A |
//! | subscribe fixed | `fund_subscribe:<order>` | user FundCurrent −A; position FundFixed +A |
//! | redeem current | `fund_redeem:<order>` | user FundCurrent −A; user Main or Bank +A |
//! | redeem fixed | `fund_redeem:<order>` | FundFixed −P; FundCurrent +P; FundFixedProfit −F; platform FundInterest +F |
//! | accrual | `fund_accrual:<position>:<date>` | platform FundInterest −(i + r); FundCurrent or FundFixedProfit +i; platform FundRounding +r |
//! | maturity | `fund_maturity:<position>` | FundFixed −P; FundFixedProfit −I; FundCurrent +(P + I) |

use domain::exchange::Asset;
use domain::fund::FundSource;

use super::ledger::{Account, AccountKind};

pub mod accrual;
mod check;
pub mod figures;
pub mod holdings;
pub mod orders;
pub mod positions;
pub mod products;
pub mod reconcile;
pub mod seed;

pub use check::check;

/// The ledger transaction kinds of the fund.
pub const SUBSCRIBE: &str = "fund_subscribe";
pub const REDEEM: &str = "fund_redeem";
pub const ACCRUAL: &str = "fund_accrual";
pub const MATURITY: &str = "fund_maturity";

/// The user's current shares of `asset` (their fund account).
pub fn current_account(user_id: &str, asset: Asset) -> Account {
    Account::of_user(user_id, AccountKind::FundCurrent, asset.code())
}

/// A fixed position's principal.
pub fn fixed_account(user_id: &str, position_id: &str, asset: Asset) -> Account {
    Account::of_fund_position(user_id, position_id, AccountKind::FundFixed, asset.code())
}

/// A fixed position's accrued, unpaid interest.
pub fn profit_account(user_id: &str, position_id: &str, asset: Asset) -> Account {
    Account::of_fund_position(
        user_id,
        position_id,
        AccountKind::FundFixedProfit,
        asset.code(),
    )
}

/// The platform's fund account of `kind` in `asset`.
pub fn platform(kind: AccountKind, asset: Asset) -> Account {
    Account::of_platform(kind, asset.code())
}

/// The account a source names: WALLET the main account of the asset, USD the USD account,
/// FUND the current shares.
pub fn source_account(user_id: &str, source: FundSource, asset: Asset) -> Account {
    match source {
        FundSource::Wallet => Account::of_user(user_id, AccountKind::Main, asset.code()),
        FundSource::Usd => Account::of_user(user_id, AccountKind::Bank, Asset::Usd.code()),
        FundSource::Fund => current_account(user_id, asset),
    }
}

/// The business date of the instant `now_ms`: its UTC calendar day.
pub fn business_date(now_ms: i64) -> domain::date::Date {
    domain::date::Date::of_instant_ms(now_ms)
}
