//! Wire deposits: an operator credits a wire received at the platform's bank to the user its
//! memo names (the user's uid). Idempotent by the bank's reference: the same wire credited
//! twice moves money once.

use diesel::prelude::*;
use domain::money::USD;

use super::ledger::{self, Account, AccountKind, Movement, Refusal};
use crate::db::DbConnection;
use crate::db::schema::users;

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
    /// No user has this uid.
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

/// Credits `amount` (USD minor units) to the bank account of the user `memo` names.
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
