//! The crypto wallet (DESIGN §10): per-chain settings, reference prices, deposit addresses, the
//! sandbox chain's deposits and confirmations, and crypto withdrawals.
//!
//! A coin's balance is the user's `main` ledger account in the coin's currency. Every movement
//! is one ledger posting:
//!
//! | what | reference | ledger |
//! |---|---|---|
//! | deposit credited | `<network>:<txid>:<vout>` | custody −amount, main +amount |
//! | withdrawal submitted | `crypto_withdrawal:<id>:submitted` | main −(amount + fee), hold +(amount + fee) |
//! | completed (confirmed) | `crypto_withdrawal:<id>:completed` | hold −(amount + fee), custody +amount, fee income +fee |
//! | rejected, failed, cancelled | `crypto_withdrawal:<id>:released` | hold −(amount + fee), main +(amount + fee) |
//! | to another user's deposit address | `crypto_withdrawal:<id>:transfer` | main −amount, their main +amount |
//!
//! Custody is what the platform holds on chain (negative, like the wire clearing account); the
//! hold is what the user's withdrawals under way (submitted, in review, broadcast) took.

// `conn` and `coin` stand side by side throughout: both are the natural names.
#![allow(clippy::similar_names)]

use domain::wallet::{Coin, Network};

use super::ledger::{Account, AccountKind};

pub mod addresses;
pub mod chain;
pub mod chains;
mod check;
pub mod deposits;
pub mod derive;
pub mod prices;
pub mod records;
mod steps;
pub mod valuation;
pub mod withdrawals;

pub use check::check;

/// The user's balance of `coin`.
pub fn main_account(user_id: &str, coin: Coin) -> Account {
    Account::of_user(user_id, AccountKind::Main, coin.code())
}

/// What the user's withdrawals of `coin` under way hold.
pub fn hold_account(user_id: &str, coin: Coin) -> Account {
    Account::of_user(user_id, AccountKind::CryptoWithdrawalHold, coin.code())
}

/// The platform's account of `kind` in `coin`.
pub fn platform(kind: AccountKind, coin: Coin) -> Account {
    Account::of_platform(kind, coin.code())
}

/// A sandbox transaction id: 32 random bytes in hex (`0x`-prefixed on Ethereum).
pub fn sandbox_txid(network: Network) -> String {
    let bytes: [u8; 32] = rand::random();
    let hex = hex::encode(bytes);
    if network == Network::Eth {
        format!("0x{hex}")
    } else {
        hex
    }
}
