//! `fund/*`: the investor's side (SPEC §7) — so far the saved bank accounts.

pub mod bank_accounts;
