//! Crypto withdrawals (the module's table in [`super`]): submitted with the amount and fee held,
//! then in review (above the chain's threshold) or broadcast at once with a sandbox txid,
//! completed once the chain has confirmed it; rejected, failed or cancelled give the hold back.
//! A withdrawal to another user's deposit address settles inside the ledger at once, without
//! fee. The user's requests take turns (their row is locked first), so the daily limit and the
//! balance are read and used by one request at a time.

use diesel::prelude::*;
use domain::date::Date;
use domain::forms::{CryptoWithdrawal, CryptoWithdrawalContext};
use domain::wallet::{Coin, CryptoWithdrawalStatus, Network};
use domain::withdrawal::needs_review;

use super::chains::Chain;
use super::steps::{self, Step};
use super::{hold_account, main_account, sandbox_txid};
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::wallet_withdrawals;
use crate::services::ledger::{self, Movement, Refusal};

pub use super::steps::{approve, cancel, confirm, fail, reject};

/// Why an operator rejects or fails a withdrawal (`wallet_withdrawals.reason`).
pub mod reason {
    /// Rejected: the compliance review did not allow it.
    pub const COMPLIANCE: &str = "compliance";
    /// Rejected: the destination is known for fraud or sanctions.
    pub const ADDRESS_RISK: &str = "address_risk";
    /// Rejected: the user asked support to stop it.
    pub const USER_REQUEST: &str = "user_request";
    /// Failed: the network did not accept the transaction.
    pub const BROADCAST_FAILED: &str = "broadcast_failed";
    /// Every reason an operator may give, rejecting or failing.
    pub const ALL: [&str; 4] = [COMPLIANCE, ADDRESS_RISK, USER_REQUEST, BROADCAST_FAILED];
}

/// A crypto withdrawal, as stored. Amounts are minor units of the coin.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wallet_withdrawals)]
pub struct CryptoWithdrawalRow {
    pub id: String,
    pub user_id: String,
    pub client_order_id: String,
    pub coin: String,
    pub network: String,
    pub address: String,
    pub memo: Option<String>,
    /// What the destination receives.
    pub amount: i64,
    /// On top of the amount.
    pub fee: i64,
    pub status: String,
    pub needs_review: bool,
    /// The receiving user of a transfer inside the platform.
    pub internal_user_id: Option<String>,
    pub txid: Option<String>,
    pub block_height: Option<i64>,
    pub confirmations: i64,
    pub required_confirmations: i64,
    pub reason: Option<String>,
    pub reviewed_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub closed_at: Option<i64>,
}

impl CryptoWithdrawalRow {
    pub fn status(&self) -> CryptoWithdrawalStatus {
        CryptoWithdrawalStatus::parse(&self.status).unwrap_or(CryptoWithdrawalStatus::Submitted)
    }

    pub fn coin(&self) -> Option<Coin> {
        Coin::from_code(&self.coin)
    }

    pub fn network(&self) -> Option<Network> {
        Network::from_code(&self.network)
    }

    /// What the wallet gave (and the hold holds while it is under way).
    pub fn debit(&self) -> i64 {
        self.amount + self.fee
    }

    /// Whether `form` asks for what this withdrawal is (a retry of it).
    pub fn is_same_as(&self, form: &CryptoWithdrawal) -> bool {
        self.coin == form.coin.code()
            && self.network == form.network.code()
            && self.address == form.address
            && self.memo == form.memo
            && self.amount == form.amount_minor
    }
}

/// Why a withdrawal did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The coin's balance does not cover amount + fee (decided by the ledger under its lock).
    InsufficientBalance,
    /// It is not in a state the step starts from.
    WrongState(CryptoWithdrawalStatus),
    /// No such withdrawal (or another user's).
    NotFound,
}

/// What the user's withdrawals of `chain` took today (UTC; those not given back count).
pub fn taken_today(
    conn: &mut DbConnection,
    user_id: &str,
    chain: &Chain,
    now: i64,
) -> QueryResult<i64> {
    let given_back = [
        CryptoWithdrawalStatus::Rejected.as_str(),
        CryptoWithdrawalStatus::Failed.as_str(),
        CryptoWithdrawalStatus::Cancelled.as_str(),
    ];
    let amounts: Vec<i64> = wallet_withdrawals::table
        .filter(wallet_withdrawals::user_id.eq(user_id))
        .filter(wallet_withdrawals::coin.eq(chain.coin.code()))
        .filter(wallet_withdrawals::network.eq(chain.network.code()))
        .filter(wallet_withdrawals::created_at.ge(Date::of_instant_ms(now).start_ms()))
        .filter(wallet_withdrawals::status.ne_all(given_back))
        .select(wallet_withdrawals::amount)
        .load(conn)?;
    Ok(amounts.iter().sum())
}

/// What the daily limit of `chain` leaves the user today.
pub fn daily_left(
    conn: &mut DbConnection,
    user_id: &str,
    chain: &Chain,
    now: i64,
) -> QueryResult<i64> {
    Ok((chain.daily_limit - taken_today(conn, user_id, chain, now)?).max(0))
}

/// The withdrawal form's context: the coin's balance, the chain's terms and what the daily
/// limit leaves. A transfer to another user's deposit address (`internal`) pays no fee.
pub fn context(
    conn: &mut DbConnection,
    user_id: &str,
    chain: &Chain,
    internal: bool,
    now: i64,
) -> QueryResult<CryptoWithdrawalContext> {
    Ok(CryptoWithdrawalContext {
        coin: chain.coin,
        network: chain.network,
        available: ledger::balance(conn, &main_account(user_id, chain.coin))?,
        fee: if internal { 0 } else { chain.withdraw_fee },
        minimum: chain.min_withdraw,
        maximum: chain.max_withdraw,
        multiple: chain.multiple,
        daily_left: daily_left(conn, user_id, chain, now)?,
        withdraw_enabled: chain.withdraw_enabled,
        memo_required: chain.memo_required,
    })
}

/// The user's withdrawal sent with `client_order_id`, if any.
pub fn by_client_order(
    conn: &mut DbConnection,
    user_id: &str,
    client_order_id: &str,
) -> QueryResult<Option<CryptoWithdrawalRow>> {
    wallet_withdrawals::table
        .filter(wallet_withdrawals::user_id.eq(user_id))
        .filter(wallet_withdrawals::client_order_id.eq(client_order_id))
        .select(CryptoWithdrawalRow::as_select())
        .first(conn)
        .optional()
}

/// Records the checked withdrawal `asked` of `chain` and holds amount + fee (or, to another
/// user's deposit address, `recipient`, moves the amount to them at once, without fee). The
/// caller has locked the user and checked the form under that lock.
///
/// # Errors
/// A database failure or a posting that breaks the ledger's rules (a bug).
pub fn request(
    conn: &mut DbConnection,
    user_id: &str,
    chain: &Chain,
    asked: &CryptoWithdrawal,
    recipient: Option<&str>,
    now: i64,
) -> anyhow::Result<Result<CryptoWithdrawalRow, Refused>> {
    let id = new_id();
    let coin = chain.coin;
    let fee = if recipient.is_some() {
        0
    } else {
        asked.fee_minor
    };
    let amount = asked.amount_minor;
    let debit = amount
        .checked_add(fee)
        .ok_or_else(|| anyhow::anyhow!("withdrawal {id}: amount + fee overflows"))?;
    let movement = match recipient {
        Some(to) => Movement {
            kind: "crypto_transfer",
            reference: format!("crypto_withdrawal:{id}:transfer"),
            user_id: Some(user_id.to_owned()),
            lines: vec![
                (main_account(user_id, coin), -amount),
                (main_account(to, coin), amount),
            ],
        },
        None => Movement {
            kind: "crypto_withdrawal_submitted",
            reference: format!("crypto_withdrawal:{id}:submitted"),
            user_id: Some(user_id.to_owned()),
            lines: vec![
                (main_account(user_id, coin), -debit),
                (hold_account(user_id, coin), debit),
            ],
        },
    };
    match ledger::post(conn, &movement, now)? {
        Ok(_) => {}
        Err(Refusal::Insufficient { .. }) => return Ok(Err(Refused::InsufficientBalance)),
        Err(Refusal::Duplicate(_)) => anyhow::bail!("withdrawal {id} was posted twice"),
    }
    let review = recipient.is_none() && needs_review(amount, chain.review_above);
    let status = if recipient.is_some() {
        CryptoWithdrawalStatus::Completed
    } else {
        CryptoWithdrawalStatus::Submitted
    };
    diesel::insert_into(wallet_withdrawals::table)
        .values((
            wallet_withdrawals::id.eq(&id),
            wallet_withdrawals::user_id.eq(user_id),
            wallet_withdrawals::client_order_id.eq(&asked.client_order_id),
            wallet_withdrawals::coin.eq(coin.code()),
            wallet_withdrawals::network.eq(chain.network.code()),
            wallet_withdrawals::address.eq(&asked.address),
            wallet_withdrawals::memo.eq(&asked.memo),
            wallet_withdrawals::amount.eq(amount),
            wallet_withdrawals::fee.eq(fee),
            wallet_withdrawals::status.eq(status.as_str()),
            wallet_withdrawals::needs_review.eq(review),
            wallet_withdrawals::internal_user_id.eq(recipient),
            wallet_withdrawals::confirmations.eq(0_i64),
            wallet_withdrawals::required_confirmations.eq(if recipient.is_some() {
                0
            } else {
                chain.confirmations
            }),
            wallet_withdrawals::created_at.eq(now),
            wallet_withdrawals::updated_at.eq(now),
            wallet_withdrawals::closed_at.eq(recipient.map(|_| now)),
        ))
        .execute(conn)?;
    let found = find(conn, &id)?.ok_or(diesel::result::Error::NotFound)?;
    if recipient.is_some() {
        return Ok(Ok(found));
    }
    let next = if review {
        Step::Review
    } else {
        Step::Broadcast {
            txid: sandbox_txid(chain.network),
            operator: None,
        }
    };
    steps::apply(conn, &found, &next, now)
}

/// The withdrawal `id`, whoever's it is.
pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<CryptoWithdrawalRow>> {
    wallet_withdrawals::table
        .find(id)
        .select(CryptoWithdrawalRow::as_select())
        .first(conn)
        .optional()
}

/// The user's withdrawal `id` (another user's answers none, as an unknown one does).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<CryptoWithdrawalRow>> {
    wallet_withdrawals::table
        .filter(wallet_withdrawals::id.eq(id))
        .filter(wallet_withdrawals::user_id.eq(user_id))
        .select(CryptoWithdrawalRow::as_select())
        .first(conn)
        .optional()
}

/// Withdrawals in `status` (all when `None`), oldest first: the operators' queue.
pub fn queue(
    conn: &mut DbConnection,
    status: Option<CryptoWithdrawalStatus>,
    limit: i64,
) -> QueryResult<Vec<CryptoWithdrawalRow>> {
    let mut query = wallet_withdrawals::table
        .order((
            wallet_withdrawals::created_at.asc(),
            wallet_withdrawals::id.asc(),
        ))
        .limit(limit)
        .select(CryptoWithdrawalRow::as_select())
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(wallet_withdrawals::status.eq(status.as_str()));
    }
    query.load(conn)
}
