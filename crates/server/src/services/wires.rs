//! Wire deposits: each user's wire memo (`domain::wire_memo`, given on first asking and found
//! again by it), and an operator's credit of a wire received at the platform's bank to the
//! user the memo names. Idempotent by the bank's reference: the same wire credited twice moves
//! money once.

use diesel::prelude::*;
use domain::money::USD;
use domain::wire_memo::{self, WireMemo};

use super::ledger::{self, Account, AccountKind, Movement, Refusal};
use crate::db::schema::{users, wire_memos};
use crate::db::{DbConnection, insert_unless_taken};

/// How many random memos are tried before giving up (each collides with a chance of about
/// users / 2^40).
const MEMO_TRIES: usize = 8;

/// The user's wire memo, given now if they have none yet.
///
/// # Errors
/// A database error, or (beyond belief) every random memo tried taken.
pub fn memo_of(conn: &mut DbConnection, user_id: &str, now: i64) -> anyhow::Result<WireMemo> {
    for _ in 0..MEMO_TRIES {
        let found: Option<String> = wire_memos::table
            .filter(wire_memos::user_id.eq(user_id))
            .select(wire_memos::memo)
            .first(conn)
            .optional()?;
        if let Some(memo) = found {
            return Ok(WireMemo::parse(&memo)?);
        }
        let memo = WireMemo::from_bits(rand::random::<u64>() & ((1 << wire_memo::BITS) - 1));
        // Taken: another user holds that memo (draw again), or this user got one meanwhile
        // (read it on the next turn).
        insert_unless_taken(conn, |conn| {
            diesel::insert_into(wire_memos::table)
                .values((
                    wire_memos::memo.eq(memo.as_str()),
                    wire_memos::user_id.eq(user_id),
                    wire_memos::created_at.eq(now),
                ))
                .execute(conn)
        })?;
    }
    anyhow::bail!("no free wire memo after {MEMO_TRIES} tries")
}

/// The user whose memo `memo` is.
pub fn user_of_memo(conn: &mut DbConnection, memo: &WireMemo) -> QueryResult<Option<String>> {
    wire_memos::table
        .find(memo.as_str())
        .select(wire_memos::user_id)
        .first(conn)
        .optional()
}

/// A credit that happened (now or before).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credited {
    /// Credited now; the user's new bank balance (minor units).
    Now {
        transaction_id: String,
        balance: i64,
    },
    /// This wire was credited before, identically.
    Before { transaction_id: String },
}

/// Why a wire was not credited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CreditRefusal {
    /// No user has this memo (or uid).
    UnknownMemo,
    /// The amount is not above zero.
    NotPositive,
    /// The reference was credited before with another memo or amount.
    ReferenceReused,
}

/// Who a credited wire belongs to (to tell them).
#[derive(Debug, Clone)]
pub struct Holder {
    pub email: String,
    pub locale: String,
}

/// The ledger reference of a wire.
fn reference_of(bank_reference: &str) -> String {
    format!("wire:{}", bank_reference.trim())
}

/// Credits `amount` (USD minor units) to the bank account of the user `memo` names (their uid:
/// [`user_of_memo`] finds it from the wire's memo).
pub fn credit(
    conn: &mut DbConnection,
    memo: &str,
    amount: i64,
    bank_reference: &str,
    now: i64,
) -> anyhow::Result<Result<(Credited, Holder), CreditRefusal>> {
    if amount <= 0 {
        return Ok(Err(CreditRefusal::NotPositive));
    }
    let memo = memo.trim();
    let holder: Option<(String, String)> = users::table
        .find(memo)
        .select((users::email, users::locale))
        .first(conn)
        .optional()?;
    let Some((email, locale)) = holder else {
        return Ok(Err(CreditRefusal::UnknownMemo));
    };
    let holder = Holder { email, locale };
    let bank = Account::of_user(memo, AccountKind::Bank, USD.code);
    let clearing = Account::of_platform(AccountKind::WireClearing, USD.code);
    let movement = Movement {
        kind: "wire_credit",
        reference: reference_of(bank_reference),
        user_id: Some(memo.to_owned()),
        lines: vec![(bank.clone(), amount), (clearing.clone(), -amount)],
    };
    match ledger::post(conn, &movement, now)? {
        Ok(transaction_id) => {
            let balance = ledger::balance(conn, &bank)?;
            Ok(Ok((
                Credited::Now {
                    transaction_id,
                    balance,
                },
                holder,
            )))
        }
        Err(Refusal::Duplicate(transaction_id)) => {
            let mut expected = vec![(bank.key, amount), (clearing.key, -amount)];
            expected.sort();
            if ledger::entries_of(conn, &movement.reference)? == expected {
                Ok(Ok((Credited::Before { transaction_id }, holder)))
            } else {
                Ok(Err(CreditRefusal::ReferenceReused))
            }
        }
        Err(Refusal::Insufficient { account_key }) => {
            anyhow::bail!("a wire credit was refused for {account_key}")
        }
    }
}
