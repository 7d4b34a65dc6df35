//! `fund/*`: the investor's side (SPEC §7) — the saved bank accounts and USD withdrawals.

pub mod bank_accounts;
mod withdrawal_items;
pub mod withdrawals;
