//! `account/*`: the user's USD accounts and how to fund them.

pub mod balance;
pub mod wire;
