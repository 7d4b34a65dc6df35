//! Saved bank accounts (DESIGN §9): the destinations of USD withdrawals. Each holds the verified
//! name it was saved under, when it can first receive a payout and the first payout's cap.
//! Deleting keeps the row (for the audit) with `deleted_at` set; a deleted account is gone for
//! its owner.

use diesel::prelude::*;
use domain::forms::BankAccount;

use crate::api::PageQuery;
use crate::clock::new_id;
use crate::config::PayoutConfig;
use crate::db::DbConnection;
use crate::db::schema::bank_accounts;

/// A saved bank account, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = bank_accounts)]
pub struct SavedAccount {
    pub id: String,
    pub user_id: String,
    pub nickname: String,
    pub bank_country: String,
    pub bank_name: String,
    pub bank_address: String,
    pub account_number: String,
    pub swift_code: String,
    pub routing_number: Option<String>,
    pub account_address: String,
    pub account_holder: String,
    pub created_at: i64,
    pub usable_from: i64,
    /// USD cents.
    pub first_payout_cap: i64,
    pub needs_new_details: bool,
    pub deleted_at: Option<i64>,
}

/// Saves `account` for `user_id` under the verified name `holder`.
pub fn save(
    conn: &mut DbConnection,
    user_id: &str,
    holder: &str,
    account: &BankAccount,
    payouts: PayoutConfig,
    now: i64,
) -> QueryResult<SavedAccount> {
    let cooling_off = payouts.cooling_off_ms();
    let saved = SavedAccount {
        id: new_id(),
        user_id: user_id.to_owned(),
        nickname: account.nickname.clone(),
        bank_country: account.bank_country.code.to_owned(),
        bank_name: account.bank_name.clone(),
        bank_address: account.bank_address.clone(),
        account_number: account.account_number.clone(),
        swift_code: account.swift_code.clone(),
        routing_number: account.routing_number.clone(),
        account_address: account.account_address.clone(),
        account_holder: holder.to_owned(),
        created_at: now,
        usable_from: now.saturating_add(cooling_off),
        first_payout_cap: payouts.first_payout_cap,
        needs_new_details: false,
        deleted_at: None,
    };
    diesel::insert_into(bank_accounts::table)
        .values((
            bank_accounts::id.eq(&saved.id),
            bank_accounts::user_id.eq(&saved.user_id),
            bank_accounts::nickname.eq(&saved.nickname),
            bank_accounts::bank_country.eq(&saved.bank_country),
            bank_accounts::bank_name.eq(&saved.bank_name),
            bank_accounts::bank_address.eq(&saved.bank_address),
            bank_accounts::account_number.eq(&saved.account_number),
            bank_accounts::swift_code.eq(&saved.swift_code),
            bank_accounts::routing_number.eq(&saved.routing_number),
            bank_accounts::account_address.eq(&saved.account_address),
            bank_accounts::account_holder.eq(&saved.account_holder),
            bank_accounts::created_at.eq(saved.created_at),
            bank_accounts::usable_from.eq(saved.usable_from),
            bank_accounts::first_payout_cap.eq(saved.first_payout_cap),
            bank_accounts::needs_new_details.eq(saved.needs_new_details),
        ))
        .execute(conn)?;
    Ok(saved)
}

/// A page of the user's accounts (deleted ones left out), newest first, and how many there are.
pub fn page_of(
    conn: &mut DbConnection,
    user_id: &str,
    page: &PageQuery,
) -> QueryResult<(Vec<SavedAccount>, i64)> {
    let listed = bank_accounts::user_id
        .eq(user_id)
        .and(bank_accounts::deleted_at.is_null());
    let rows = bank_accounts::table
        .filter(listed)
        .order((bank_accounts::created_at.desc(), bank_accounts::id.desc()))
        .limit(i64::from(page.size()))
        .offset(page.offset())
        .select(SavedAccount::as_select())
        .load(conn)?;
    let total = bank_accounts::table
        .filter(listed)
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// The user's account `id`, unless it is deleted (another user's answers none, as an unknown
/// one does).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
) -> QueryResult<Option<SavedAccount>> {
    bank_accounts::table
        .filter(bank_accounts::id.eq(id))
        .filter(bank_accounts::user_id.eq(user_id))
        .filter(bank_accounts::deleted_at.is_null())
        .select(SavedAccount::as_select())
        .first(conn)
        .optional()
}

/// Deletes the user's account `id` at `now`; false when there was none to delete (unknown,
/// another user's or already deleted).
pub fn delete_owned(
    conn: &mut DbConnection,
    user_id: &str,
    id: &str,
    now: i64,
) -> QueryResult<bool> {
    let deleted = diesel::update(
        bank_accounts::table
            .filter(bank_accounts::id.eq(id))
            .filter(bank_accounts::user_id.eq(user_id))
            .filter(bank_accounts::deleted_at.is_null()),
    )
    .set(bank_accounts::deleted_at.eq(Some(now)))
    .execute(conn)?;
    Ok(deleted == 1)
}

/// Most saved accounts one user may list at once on the withdrawal screen.
const LISTED_MAX: i64 = 100;

/// The user's saved accounts (deleted ones left out), newest first.
pub fn all_of(conn: &mut DbConnection, user_id: &str) -> QueryResult<Vec<SavedAccount>> {
    bank_accounts::table
        .filter(bank_accounts::user_id.eq(user_id))
        .filter(bank_accounts::deleted_at.is_null())
        .order((bank_accounts::created_at.desc(), bank_accounts::id.desc()))
        .limit(LISTED_MAX)
        .select(SavedAccount::as_select())
        .load(conn)
}

/// The account `id`, deleted or not, whoever's it is (a withdrawal names the account it went
/// to for good).
pub fn find_any(conn: &mut DbConnection, id: &str) -> QueryResult<Option<SavedAccount>> {
    bank_accounts::table
        .find(id)
        .select(SavedAccount::as_select())
        .first(conn)
        .optional()
}
