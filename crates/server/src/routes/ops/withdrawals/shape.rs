//! A withdrawal as the console shows it.

use diesel::prelude::*;
use domain::money::{USD, amount_text};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::db::DbConnection;
use crate::db::schema::users;
use crate::routes::ops::wires::WireUser;
use crate::services::bank_accounts::SavedAccount;
use crate::services::withdrawals::{Listed, Withdrawal};

/// The bank account a withdrawal goes to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsPayoutAccount {
    bank_name: String,
    /// ISO 3166-1 alpha-2.
    bank_country: String,
    /// Masked: the last four characters shown.
    account_number: String,
    account_holder: String,
}

/// A USD withdrawal to a user's bank account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsWithdrawal {
    id: String,
    user: Option<WireUser>,
    /// requested | approved | sent | completed | rejected | cancelled | returned
    status: String,
    /// Above the review threshold: waited for a finance operator's approval.
    needs_review: bool,
    /// USD taken from the user's account, e.g. "1000.00".
    amount: String,
    /// USD kept as the fee.
    fee: String,
    /// USD the bank account receives.
    received: String,
    account: OpsPayoutAccount,
    /// The bank's reference once sent.
    bank_reference: Option<String>,
    /// Why it was rejected or returned.
    reason: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
    /// UTC milliseconds since the Unix epoch.
    approved_at: Option<i64>,
    /// The approving operator (`auto` under the review threshold).
    approved_by: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    sent_at: Option<i64>,
    /// UTC milliseconds since the Unix epoch.
    completed_at: Option<i64>,
    /// UTC milliseconds since the Unix epoch: rejected, cancelled or returned.
    closed_at: Option<i64>,
}

fn usd(minor: i64) -> String {
    amount_text(minor, USD.scale)
}

impl OpsWithdrawal {
    pub(super) fn of(w: Withdrawal, account: &SavedAccount, email: Option<String>) -> Self {
        OpsWithdrawal {
            user: email.map(|email| WireUser::new(w.user_id.clone(), email)),
            status: w.status.clone(),
            needs_review: w.needs_review,
            amount: usd(w.amount),
            fee: usd(w.fee),
            received: usd(w.received()),
            account: OpsPayoutAccount {
                bank_name: account.bank_name.clone(),
                bank_country: account.bank_country.clone(),
                account_number: domain::mask::mask_account_number(&account.account_number),
                account_holder: account.account_holder.clone(),
            },
            bank_reference: w.bank_reference,
            reason: w.reason,
            created_at: w.created_at,
            approved_at: w.approved_at,
            approved_by: w.approved_by,
            sent_at: w.sent_at,
            completed_at: w.completed_at,
            closed_at: w.closed_at,
            id: w.id,
        }
    }
}

/// The withdrawals of `rows` with their users' e-mail addresses.
pub(super) fn shown(conn: &mut DbConnection, rows: Vec<Listed>) -> QueryResult<Vec<OpsWithdrawal>> {
    let mut list = Vec::with_capacity(rows.len());
    for (w, account) in rows {
        let email = users::table
            .find(&w.user_id)
            .select(users::email)
            .first(conn)
            .optional()?;
        list.push(OpsWithdrawal::of(w, &account, email));
    }
    Ok(list)
}

/// The audit entry's view of a withdrawal.
pub(super) fn state_of(w: &Withdrawal) -> String {
    json!({"status": w.status, "userId": w.user_id, "amount": w.amount}).to_string()
}
