//! The exchange (DESIGN §11): prices from a [`feed::PriceSource`], the pairs and their terms,
//! quotes bound to one user for a few seconds, and swaps that accept a quote once.
//!
//! A swap is one ledger transaction, kind `exchange_swap`, reference `exchange_swap:<quote
//! id>` (so a quote moves money at most once), priced by the domain's `exchange::price` (the
//! function the browser previews with); zero lines are left out:
//!
//! | account | amount |
//! |---|---|
//! | the user's `from` account | −from_amount |
//! | platform desk (`from`) | +exchanged |
//! | platform fee income (`from`) | +fee |
//! | platform spread (`from`) | +spread |
//! | platform rounding (`from`) | +remainder |
//! | platform desk (`to`) | −to_amount |
//! | the user's `to` account | +to_amount |
//!
//! The user's account of an asset: USD is their USD bank account (the one wires fund and cards
//! are recharged from); a coin is the wallet's main account. The ledger's own overdraft check
//! decides whether the `from` account covers the swap, so concurrent swaps never overdraw it.

use domain::exchange::Asset;

use super::ledger::{Account, AccountKind};

mod check;
pub mod feed;
pub mod pairs;
pub mod quotes;
pub mod rates;
pub mod swaps;

pub use check::{check, fees_of};

/// The user's account of `asset`: USD their bank account, a coin the wallet's main account.
pub fn user_account(user_id: &str, asset: Asset) -> Account {
    match asset.coin() {
        Some(coin) => super::wallet::main_account(user_id, coin),
        None => Account::of_user(user_id, AccountKind::Bank, asset.code()),
    }
}

/// The platform's account of `kind` in `asset`.
pub fn platform(kind: AccountKind, asset: Asset) -> Account {
    Account::of_platform(kind, asset.code())
}
