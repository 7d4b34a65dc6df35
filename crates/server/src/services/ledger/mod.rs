//! The double-entry ledger: every money movement is one transaction of entries that sum to
//! zero, written with the balances it changes in one database transaction.
//!
//! Sign convention: positive is what the platform owes or earned (a user's balance, fee income,
//! what is due to the card issuer); negative is what it holds (wires received at its bank).
//!
//! A debit that would take a user's or a card's account below zero is refused by the same
//! `UPDATE … WHERE balance + amount >= 0` that applies it: on PostgreSQL the row lock makes
//! concurrent debits wait for each other and see the new balance; on SQLite writes take turns.
//! Accounts are updated in a fixed order (by key), so two movements never deadlock.

mod batch;

use diesel::prelude::*;

pub use batch::post_batch;
pub(crate) use batch::{ROWS, insert_all};

use crate::clock::new_id;
use crate::db::schema::ledger_transactions as transactions;
use crate::db::schema::{ledger_accounts as accounts, ledger_entries as entries};
use crate::db::{DbConnection, insert_unless_taken};

/// What an account is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountKind {
    /// A user's main account (SPEC `MainAccount`).
    Main,
    /// A user's USD bank account, funded by wires (SPEC `BankAccount`); cards are recharged
    /// from it.
    Bank,
    /// One per card: its balance.
    Card,
    /// One per card: what authorizations hold until they are cleared or released.
    CardHold,
    /// The platform's fee income.
    FeeIncome,
    /// Wires received at the platform's bank, not yet paid out.
    WireClearing,
    /// Wires recorded and not yet credited to anyone (unmatched, or waiting for a second
    /// operator's approval): the money the platform holds for nobody yet.
    WireSuspense,
    /// What the platform owes the card issuer for settled card spending.
    IssuerSettlement,
    /// A user's USD withdrawals asked for and not yet approved: held out of their USD account.
    WithdrawalHold,
    /// Approved withdrawals waiting to be sent to the users' banks.
    PayoutQueue,
    /// Payouts sent to the users' banks, until the bank confirms (or returns) them.
    PayoutInTransit,
    /// What cardholders owe the platform: the part of a late clearing (after its hold expired)
    /// that the card's balance could not cover, paid to the issuer all the same (negative).
    CardShortfall,
    /// Coins received at the platform's deposit addresses and not yet sent out again, per coin
    /// (negative: what the platform holds on chain).
    ChainCustody,
    /// A user's crypto withdrawals under way (submitted, in review, broadcast and not yet
    /// confirmed), per coin: amount + fee, held out of their coin balance.
    CryptoWithdrawalHold,
    /// The platform's inventory of each asset the exchange trades: what swaps gave it at the
    /// reference price less what it paid out (may go negative: it pays out what it holds
    /// elsewhere).
    ExchangeDesk,
    /// The exchange's spread income, per asset.
    ExchangeSpread,
    /// What swaps left over after rounding in the platform's favour, per asset.
    ExchangeRounding,
    /// A user's shares of the current fund product of an asset (usable and unusable); also
    /// the fund account fixed products are paid from and into.
    FundCurrent,
    /// A fixed fund position's principal.
    FundFixed,
    /// A fixed fund position's accrued interest, not yet paid (paid at maturity, forfeited by
    /// an early redemption).
    FundFixedProfit,
    /// The interest the fund's platform pays (negative: its cost), rounding included, less
    /// what early redemptions forfeited.
    FundInterest,
    /// Whole minor units the accrual's rounding kept back from holders, per asset.
    FundRounding,
}

impl AccountKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Main => "main",
            Self::Bank => "bank",
            Self::Card => "card",
            Self::CardHold => "card_hold",
            Self::FeeIncome => "fee_income",
            Self::WireClearing => "wire_clearing",
            Self::WireSuspense => "wire_suspense",
            Self::IssuerSettlement => "issuer_settlement",
            Self::WithdrawalHold => "withdrawal_hold",
            Self::PayoutQueue => "payout_queue",
            Self::PayoutInTransit => "payout_in_transit",
            Self::CardShortfall => "card_shortfall",
            Self::ChainCustody => "chain_custody",
            Self::CryptoWithdrawalHold => "crypto_withdrawal_hold",
            Self::ExchangeDesk => "exchange_desk",
            Self::ExchangeSpread => "exchange_spread",
            Self::ExchangeRounding => "exchange_rounding",
            Self::FundCurrent => "fund_current",
            Self::FundFixed => "fund_fixed",
            Self::FundFixedProfit => "fund_fixed_profit",
            Self::FundInterest => "fund_interest",
            Self::FundRounding => "fund_rounding",
        }
    }

    /// Only the platform's income and clearing accounts may go below zero (the payout queues
    /// may not: they hold exactly what was put in them).
    pub const fn may_go_negative(self) -> bool {
        matches!(
            self,
            Self::FeeIncome
                | Self::WireClearing
                | Self::IssuerSettlement
                | Self::CardShortfall
                | Self::ChainCustody
                | Self::ExchangeDesk
                | Self::FundInterest
        )
    }
}

/// An account by what it is; opened on first use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub key: String,
    pub user_id: Option<String>,
    pub kind: AccountKind,
    pub currency: String,
}

impl Account {
    /// A user's own account of `kind` in `currency`.
    pub fn of_user(user_id: &str, kind: AccountKind, currency: &str) -> Account {
        Account {
            key: format!("user:{user_id}:{}:{currency}", kind.as_str()),
            user_id: Some(user_id.to_owned()),
            kind,
            currency: currency.to_owned(),
        }
    }

    /// A card's account of `kind` (`Card`, `CardHold`), owned by the card's holder.
    pub fn of_card(user_id: &str, card_id: &str, kind: AccountKind, currency: &str) -> Account {
        Account {
            key: format!("card:{card_id}:{}:{currency}", kind.as_str()),
            user_id: Some(user_id.to_owned()),
            kind,
            currency: currency.to_owned(),
        }
    }

    /// A fund position's account of `kind` (`FundFixed`, `FundFixedProfit`), owned by the
    /// position's holder.
    pub fn of_fund_position(
        user_id: &str,
        position_id: &str,
        kind: AccountKind,
        currency: &str,
    ) -> Account {
        Account {
            key: format!("fund:{position_id}:{}:{currency}", kind.as_str()),
            user_id: Some(user_id.to_owned()),
            kind,
            currency: currency.to_owned(),
        }
    }

    /// The platform's account of `kind` in `currency`.
    pub fn of_platform(kind: AccountKind, currency: &str) -> Account {
        Account {
            key: format!("platform:{}:{currency}", kind.as_str()),
            user_id: None,
            kind,
            currency: currency.to_owned(),
        }
    }
}

/// One money movement.
#[derive(Debug, Clone)]
pub struct Movement {
    /// `wire_credit`, `recharge`, …
    pub kind: &'static str,
    /// Unique across the ledger: the same reference never moves money twice.
    pub reference: String,
    /// The user it concerns, if any.
    pub user_id: Option<String>,
    /// Signed amounts per account; they must sum to zero.
    pub lines: Vec<(Account, i64)>,
}

/// Why a movement did not happen (nothing was written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The reference was used before, by this transaction.
    Duplicate(String),
    /// An account that may not go negative would have.
    Insufficient { account_key: String },
}

enum PostError {
    Refused(Refusal),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for PostError {
    fn from(e: diesel::result::Error) -> Self {
        PostError::Db(e)
    }
}

/// Writes `movement` (inside the caller's transaction, in a savepoint of its own), or refuses
/// it and writes nothing. Answers the new transaction's id.
///
/// # Errors
/// A movement whose lines do not sum to zero, or hold a zero or no line, is a programming
/// error; a database failure is passed on.
pub fn post(
    conn: &mut DbConnection,
    movement: &Movement,
    now: i64,
) -> anyhow::Result<Result<String, Refusal>> {
    checked(movement)?;
    let mut lines = movement.lines.clone();
    lines.sort_by(|a, b| a.0.key.cmp(&b.0.key));
    let result = conn.transaction(|conn| {
        let id = new_id();
        let inserted = insert_unless_taken(conn, |conn| {
            diesel::insert_into(transactions::table)
                .values((
                    transactions::id.eq(&id),
                    transactions::kind.eq(movement.kind),
                    transactions::reference.eq(&movement.reference),
                    transactions::user_id.eq(&movement.user_id),
                    transactions::created_at.eq(now),
                ))
                .execute(conn)
        })?;
        if !inserted {
            let existing = transactions::table
                .filter(transactions::reference.eq(&movement.reference))
                .select(transactions::id)
                .first::<String>(conn)?;
            return Err(PostError::Refused(Refusal::Duplicate(existing)));
        }
        for (account, amount) in &lines {
            let account_id = open(conn, account, now)?;
            let applied = diesel::update(
                accounts::table.find(&account_id).filter(
                    accounts::may_go_negative
                        .eq(true)
                        .or((accounts::balance + *amount).ge(0_i64)),
                ),
            )
            .set(accounts::balance.eq(accounts::balance + *amount))
            .execute(conn)?;
            if applied != 1 {
                return Err(PostError::Refused(Refusal::Insufficient {
                    account_key: account.key.clone(),
                }));
            }
            diesel::insert_into(entries::table)
                .values((
                    entries::id.eq(new_id()),
                    entries::transaction_id.eq(&id),
                    entries::account_id.eq(&account_id),
                    entries::amount.eq(*amount),
                    entries::created_at.eq(now),
                ))
                .execute(conn)?;
        }
        Ok(id)
    });
    match result {
        Ok(id) => {
            crate::telemetry::ledger_postings(movement.kind, 1);
            Ok(Ok(id))
        }
        Err(PostError::Refused(refusal)) => Ok(Err(refusal)),
        Err(PostError::Db(e)) => Err(e.into()),
    }
}

/// Refuses a movement whose lines do not sum to zero, or hold a zero or fewer than two lines
/// (a programming error).
fn checked(movement: &Movement) -> anyhow::Result<()> {
    let sum = movement
        .lines
        .iter()
        .try_fold(0_i64, |sum, (_, amount)| sum.checked_add(*amount));
    if movement.lines.len() < 2
        || sum != Some(0)
        || movement.lines.iter().any(|(_, amount)| *amount == 0)
    {
        anyhow::bail!("an unbalanced movement ({})", movement.kind);
    }
    Ok(())
}

/// The account's id, opening it if it is new.
fn open(conn: &mut DbConnection, account: &Account, now: i64) -> QueryResult<String> {
    if let Some(id) = find(conn, &account.key)? {
        return Ok(id);
    }
    let id = new_id();
    let created = insert_unless_taken(conn, |conn| {
        diesel::insert_into(accounts::table)
            .values((
                accounts::id.eq(&id),
                accounts::account_key.eq(&account.key),
                accounts::user_id.eq(&account.user_id),
                accounts::kind.eq(account.kind.as_str()),
                accounts::currency.eq(&account.currency),
                accounts::balance.eq(0_i64),
                accounts::may_go_negative.eq(account.kind.may_go_negative()),
                accounts::created_at.eq(now),
            ))
            .execute(conn)
    })?;
    if created {
        return Ok(id);
    }
    // Opened by a concurrent movement a moment ago.
    find(conn, &account.key)?.ok_or(diesel::result::Error::NotFound)
}

fn find(conn: &mut DbConnection, key: &str) -> QueryResult<Option<String>> {
    accounts::table
        .filter(accounts::account_key.eq(key))
        .select(accounts::id)
        .first(conn)
        .optional()
}

/// The balance of an account (zero when it was never used).
pub fn balance(conn: &mut DbConnection, account: &Account) -> QueryResult<i64> {
    Ok(crate::on_backend!(conn, |c| {
        accounts::table
            .filter(accounts::account_key.eq(&account.key))
            .select(accounts::balance)
            .first(c)
            .optional()?
    })
    .unwrap_or(0))
}

/// The balances of `accounts`, in their order (zero for one never used): on PostgreSQL in one
/// query; on SQLite one prepared lookup per account, where a statement with a list of keys is
/// parsed and planned again each time (19% of `wallet/balance`'s server time, for 6 accounts).
pub fn balances(conn: &mut DbConnection, wanted: &[Account]) -> QueryResult<Vec<i64>> {
    if let DbConnection::Sqlite(_) = conn {
        return wanted.iter().map(|a| balance(conn, a)).collect();
    }
    let keys: Vec<&str> = wanted.iter().map(|a| a.key.as_str()).collect();
    let found: std::collections::HashMap<String, i64> = accounts::table
        .filter(accounts::account_key.eq_any(&keys))
        .select((accounts::account_key, accounts::balance))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect();
    Ok(keys
        .iter()
        .map(|k| found.get(*k).copied().unwrap_or(0))
        .collect())
}

/// The entries of the transaction `reference` names, by account key (to compare a repeated
/// request with the first).
pub fn entries_of(conn: &mut DbConnection, reference: &str) -> QueryResult<Vec<(String, i64)>> {
    let mut found: Vec<(String, i64)> = entries::table
        .inner_join(transactions::table)
        .inner_join(accounts::table)
        .filter(transactions::reference.eq(reference))
        .select((accounts::account_key, entries::amount))
        .load(conn)?;
    found.sort();
    Ok(found)
}

/// What `admin ledger-check` found.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    pub accounts: usize,
    pub transactions: i64,
    pub entries: i64,
    /// Empty when the ledger is sound.
    pub problems: Vec<String>,
}

/// A sum the database computed.
#[derive(QueryableByName)]
struct Sum {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    total: i64,
}

/// Recomputes every balance from the entries and checks the invariants: each account's
/// balance is the sum of its entries; no user or card account is negative; each transaction
/// sums to zero; all entries sum to zero; the withdrawal holds and payout queues hold what the
/// withdrawals in them say, and so do the wallet's holds, custody and fee accounts, and the
/// exchange's desk, spread and rounding accounts, and the fund's profit, interest and rounding
/// accounts.
/// The sums are computed by the database, so the check
/// needs no memory for the entries however many there are.
pub fn check(conn: &mut DbConnection) -> QueryResult<CheckReport> {
    let accounts_total: i64 = accounts::table.count().get_result(conn)?;
    let mut report = CheckReport {
        accounts: usize::try_from(accounts_total).unwrap_or(usize::MAX),
        transactions: transactions::table.count().get_result(conn)?,
        entries: entries::table.count().get_result(conn)?,
        problems: Vec::new(),
    };
    let drifted: Vec<Sum> = diesel::sql_query(
        "SELECT a.account_key AS name, CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) AS total \
         FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id \
         GROUP BY a.id, a.account_key, a.balance \
         HAVING CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) <> a.balance",
    )
    .load(conn)?;
    for sum in drifted {
        report.problems.push(format!(
            "{}: the balance differs from its entries, which sum to {}",
            sum.name, sum.total
        ));
    }
    let negative: Vec<(String, i64)> = accounts::table
        .filter(
            accounts::may_go_negative
                .eq(false)
                .and(accounts::balance.lt(0_i64)),
        )
        .select((accounts::account_key, accounts::balance))
        .load(conn)?;
    for (key, balance) in negative {
        report
            .problems
            .push(format!("{key}: negative balance {balance}"));
    }
    let unbalanced: Vec<Sum> = diesel::sql_query(
        "SELECT transaction_id AS name, CAST(SUM(amount) AS BIGINT) AS total \
         FROM ledger_entries GROUP BY transaction_id HAVING SUM(amount) <> 0",
    )
    .load(conn)?;
    for sum in unbalanced {
        report.problems.push(format!(
            "transaction {}: entries sum to {}",
            sum.name, sum.total
        ));
    }
    let all: Vec<Sum> = diesel::sql_query(
        "SELECT 'all' AS name, CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS total \
         FROM ledger_entries",
    )
    .load(conn)?;
    if let Some(sum) = all.first().filter(|s| s.total != 0) {
        report
            .problems
            .push(format!("all entries sum to {}, not zero", sum.total));
    }
    // The wire suspense account against the unmatched and pending wire receipts.
    report
        .problems
        .extend(crate::services::wire_receipts::check(conn)?);
    // The withdrawals' holds and payout queues against the withdrawals in them.
    report.problems.extend(super::withdrawals::check(conn)?);
    // The crypto withdrawals' holds, the coins in custody and the coins' fee income.
    report.problems.extend(super::wallet::check(conn)?);
    // The exchange's desk, spread and rounding accounts against the swaps.
    report.problems.extend(super::exchange::check(conn)?);
    // The fund's profit, interest and rounding accounts against its accrual rows and orders.
    report.problems.extend(super::fund::check(conn)?);
    Ok(report)
}
