//! USD withdrawals to a saved bank account (DESIGN §9). Every transition is one ledger posting,
//! referenced `withdrawal:<id>:<step>`, written in the transaction that changes the status with
//! a conditional update, so a transition happens once however many ask for it at once:
//!
//! | step | from | ledger |
//! |---|---|---|
//! | requested | — | USD account −amount, the user's withdrawal hold +amount |
//! | approved | requested | hold −amount, payout queue +amount |
//! | released (rejected, cancelled) | requested | hold −amount, USD account +amount |
//! | released (rejected, cancelled) | approved | payout queue −amount, USD account +amount |
//! | sent | approved | payout queue −amount, fee income +fee, in transit +received |
//! | completed | sent | in transit −received, wire clearing +received (it left the bank) |
//! | returned | sent | in transit −received, fee income −fee, USD account +amount |
//! | returned | completed | wire clearing −received, fee income −fee, USD account +amount |
//!
//! A user's withdrawals take turns: each request locks the user's row first, so the limits
//! and the first-payout cap are read and used by one request at a time (on PostgreSQL the lock
//! waits; on SQLite writes take turns anyway).

use diesel::prelude::*;
use domain::date::Date;
use domain::forms::{Destination, WithdrawalContext};
use domain::money::USD;
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus, first_payout_cap_left, needs_review};

use crate::clock::new_id;
use crate::config::PayoutConfig;
use crate::db::DbConnection;
use crate::db::schema::{bank_accounts, users, withdrawals};
use crate::services::bank_accounts::SavedAccount;
use crate::services::ledger::{self, Account, AccountKind, Movement, Refusal};

mod check;
pub mod steps;
mod transitions;

pub use check::check;
pub use transitions::{approve, complete, give_back, release, send};

/// A withdrawal, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = withdrawals)]
pub struct Withdrawal {
    pub id: String,
    pub user_id: String,
    pub bank_account_id: String,
    /// USD cents taken from the USD account.
    pub amount: i64,
    /// USD cents of the amount kept as the fee.
    pub fee: i64,
    pub status: String,
    pub needs_review: bool,
    pub bank_reference: Option<String>,
    pub reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub approved_at: Option<i64>,
    pub approved_by: Option<String>,
    pub sent_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub closed_at: Option<i64>,
}

impl Withdrawal {
    pub fn status(&self) -> WithdrawalStatus {
        WithdrawalStatus::parse(&self.status).unwrap_or(WithdrawalStatus::Requested)
    }

    pub fn reason(&self) -> Option<WithdrawalReason> {
        self.reason.as_deref().and_then(WithdrawalReason::parse)
    }

    /// What the bank account receives.
    pub fn received(&self) -> i64 {
        self.amount - self.fee
    }
}

/// The user's USD account, where withdrawals are taken from.
pub fn usd_account(user_id: &str) -> Account {
    Account::of_user(user_id, AccountKind::Bank, USD.code)
}

/// The user's withdrawal hold.
pub fn hold_account(user_id: &str) -> Account {
    Account::of_user(user_id, AccountKind::WithdrawalHold, USD.code)
}

fn platform(kind: AccountKind) -> Account {
    Account::of_platform(kind, USD.code)
}

/// Makes the user's other withdrawal requests wait until this transaction ends.
pub fn lock_user(conn: &mut DbConnection, user_id: &str) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set(users::updated_at.eq(users::updated_at))
        .execute(conn)
        .map(|_| ())
}

/// What the user's withdrawals took since `since` (those that count against the limits).
fn taken_since(conn: &mut DbConnection, user_id: &str, since: i64) -> QueryResult<i64> {
    let counted: Vec<&str> = WithdrawalStatus::ALL
        .iter()
        .filter(|s| s.counts_against_limits())
        .map(|s| s.as_str())
        .collect();
    let amounts: Vec<i64> = withdrawals::table
        .filter(withdrawals::user_id.eq(user_id))
        .filter(withdrawals::created_at.ge(since))
        .filter(withdrawals::status.eq_any(counted))
        .select(withdrawals::amount)
        .load(conn)?;
    Ok(amounts.iter().sum())
}

/// What the daily and monthly limits leave at `now` (UTC day and month).
pub fn limits_left(
    conn: &mut DbConnection,
    user_id: &str,
    payouts: &PayoutConfig,
    now: i64,
) -> QueryResult<(i64, i64)> {
    let today = Date::of_instant_ms(now);
    let month_start = today.first_of_month().start_ms();
    let this_month = taken_since(conn, user_id, month_start)?;
    let today_taken = taken_since(conn, user_id, today.start_ms())?;
    Ok((
        (payouts.daily_limit - today_taken).max(0),
        (payouts.monthly_limit - this_month).max(0),
    ))
}

/// What the user's withdrawals under way hold (asked for, not yet completed or given back).
pub fn under_way(conn: &mut DbConnection, user_id: &str) -> QueryResult<i64> {
    let open = [
        WithdrawalStatus::Requested.as_str(),
        WithdrawalStatus::Approved.as_str(),
        WithdrawalStatus::Sent.as_str(),
    ];
    let amounts: Vec<i64> = withdrawals::table
        .filter(withdrawals::user_id.eq(user_id))
        .filter(withdrawals::status.eq_any(open))
        .select(withdrawals::amount)
        .load(conn)?;
    Ok(amounts.iter().sum())
}

/// What `account` may still receive under its first-payout cap: `None` once a payout to it
/// has completed (returned ones do not count as completed).
pub fn cap_left(conn: &mut DbConnection, account: &SavedAccount) -> QueryResult<Option<i64>> {
    let rows: Vec<(String, i64)> = withdrawals::table
        .filter(withdrawals::bank_account_id.eq(&account.id))
        .select((withdrawals::status, withdrawals::amount))
        .load(conn)?;
    Ok(first_payout_cap_left(
        account.first_payout_cap,
        rows.iter()
            .filter_map(|(status, amount)| Some((WithdrawalStatus::parse(status)?, *amount))),
    ))
}

/// The account's payout state, as the withdrawal form's rules read it.
pub fn destination(conn: &mut DbConnection, account: &SavedAccount) -> QueryResult<Destination> {
    Ok(Destination {
        usable_from: account.usable_from,
        needs_new_details: account.needs_new_details,
        cap_left: cap_left(conn, account)?,
    })
}

/// The form's context at `now`: the USD balance, the limits left and the chosen account's
/// state.
pub fn context(
    conn: &mut DbConnection,
    user_id: &str,
    account: Option<&SavedAccount>,
    payouts: &PayoutConfig,
    now: i64,
) -> QueryResult<WithdrawalContext> {
    let (daily_left, monthly_left) = limits_left(conn, user_id, payouts, now)?;
    Ok(WithdrawalContext {
        now,
        available_balance: ledger::balance(conn, &usd_account(user_id))?,
        minimum: payouts.minimum,
        maximum: payouts.maximum,
        daily_left,
        monthly_left,
        destination: account.map(|a| destination(conn, a)).transpose()?,
    })
}

/// Why a withdrawal did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The USD account does not cover it (decided by the ledger under its lock).
    InsufficientBalance,
    /// It is not in a state the transition starts from.
    WrongState(WithdrawalStatus),
    /// No such withdrawal (or another user's).
    NotFound,
}

/// Records a withdrawal of `amount` (fee `fee`) to `account` and holds the amount; approves it
/// at once when it is not above the review threshold. The caller has locked the user and
/// checked the form under that lock.
pub fn request(
    conn: &mut DbConnection,
    account: &SavedAccount,
    amount: i64,
    payouts: &PayoutConfig,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    let user_id = &account.user_id;
    let id = new_id();
    let needs_review = needs_review(amount, payouts.review_above);
    let movement = Movement {
        kind: "withdrawal_requested",
        reference: format!("withdrawal:{id}:requested"),
        user_id: Some(user_id.clone()),
        lines: vec![
            (usd_account(user_id), -amount),
            (hold_account(user_id), amount),
        ],
    };
    match ledger::post(conn, &movement, now)? {
        Ok(_) => {}
        // Refused before anything of it was written.
        Err(Refusal::Insufficient { .. }) => return Ok(Err(Refused::InsufficientBalance)),
        Err(Refusal::Duplicate(_)) => anyhow::bail!("withdrawal {id} was posted twice"),
    }
    diesel::insert_into(withdrawals::table)
        .values((
            withdrawals::id.eq(&id),
            withdrawals::user_id.eq(user_id),
            withdrawals::bank_account_id.eq(&account.id),
            withdrawals::amount.eq(amount),
            withdrawals::fee.eq(payouts.fee.quote(amount).fee_minor),
            withdrawals::status.eq(WithdrawalStatus::Requested.as_str()),
            withdrawals::needs_review.eq(needs_review),
            withdrawals::created_at.eq(now),
            withdrawals::updated_at.eq(now),
        ))
        .execute(conn)?;
    if !needs_review {
        return approve(conn, &id, "auto", now);
    }
    Ok(Ok(find(conn, &id)?.ok_or(diesel::result::Error::NotFound)?))
}

/// The withdrawal `id`, whoever's it is.
pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<Withdrawal>> {
    withdrawals::table
        .find(id)
        .select(Withdrawal::as_select())
        .first(conn)
        .optional()
}

/// The user's withdrawal `id` (another user's answers none, as an unknown one does).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<Withdrawal>> {
    withdrawals::table
        .filter(withdrawals::id.eq(id))
        .filter(withdrawals::user_id.eq(user_id))
        .select(Withdrawal::as_select())
        .first(conn)
        .optional()
}

/// A listed withdrawal with the account it went to.
pub type Listed = (Withdrawal, SavedAccount);

/// A page of the user's withdrawals, newest first, with their accounts (deleted ones too), and
/// how many there are.
pub fn page_of(
    conn: &mut DbConnection,
    user_id: &str,
    page: &crate::api::PageQuery,
) -> QueryResult<(Vec<Listed>, i64)> {
    let rows = withdrawals::table
        .inner_join(bank_accounts::table)
        .filter(withdrawals::user_id.eq(user_id))
        .order((withdrawals::created_at.desc(), withdrawals::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select((Withdrawal::as_select(), SavedAccount::as_select()))
        .load(conn)?;
    let total = withdrawals::table
        .filter(withdrawals::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// Withdrawals in `status` (all when `None`), oldest first: the operators' queue.
pub fn queue(
    conn: &mut DbConnection,
    status: Option<WithdrawalStatus>,
    limit: i64,
) -> QueryResult<Vec<Listed>> {
    let mut query = withdrawals::table
        .inner_join(bank_accounts::table)
        .order((withdrawals::created_at.asc(), withdrawals::id.asc()))
        .limit(limit)
        .select((Withdrawal::as_select(), SavedAccount::as_select()))
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(withdrawals::status.eq(status.as_str()));
    }
    query.load(conn)
}

/// A page of the withdrawals in `status` (all when `None`), oldest first, and how many there
/// are: the console's queue.
pub fn queue_page(
    conn: &mut DbConnection,
    status: Option<WithdrawalStatus>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Listed>, i64)> {
    let mut query = withdrawals::table
        .inner_join(bank_accounts::table)
        .order((withdrawals::created_at.asc(), withdrawals::id.asc()))
        .offset(offset)
        .limit(limit)
        .select((Withdrawal::as_select(), SavedAccount::as_select()))
        .into_boxed();
    let mut counted = withdrawals::table.count().into_boxed();
    if let Some(status) = status {
        query = query.filter(withdrawals::status.eq(status.as_str()));
        counted = counted.filter(withdrawals::status.eq(status.as_str()));
    }
    Ok((query.load(conn)?, counted.get_result(conn)?))
}
