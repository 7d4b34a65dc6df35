//! The wire receipt as the console shows it, and the mail of a wire credited just now.

use diesel::prelude::*;
use domain::money::{USD, amount_text};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::db::DbConnection;
use crate::db::schema::users;
use crate::mailer::Mail;
use crate::services::ledger::{self, Account, AccountKind};
use crate::services::wire_receipts::{CREDITED, Receipt};

/// Who a wire was credited to (or a withdrawal is made by).
#[derive(Debug, Serialize, ToSchema)]
pub struct WireUser {
    id: String,
    email: String,
}

impl WireUser {
    pub(crate) fn new(id: String, email: String) -> Self {
        WireUser { id, email }
    }
}

/// A wire received at the platform's bank.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WireReceipt {
    id: String,
    reference: String,
    /// USD, e.g. "1000.00".
    amount: String,
    memo: String,
    sender: Option<String>,
    /// credited | unmatched | pending_approval | returned
    status: String,
    user: Option<WireUser>,
    recorded_by: String,
    matched_by: Option<String>,
    approved_by: Option<String>,
    return_reason: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
    /// UTC milliseconds since the Unix epoch; null while waiting.
    decided_at: Option<i64>,
}

impl WireReceipt {
    pub(super) fn of(row: Receipt, email: Option<String>) -> Self {
        let user = row
            .user_id
            .clone()
            .zip(email)
            .map(|(id, email)| WireUser { id, email });
        WireReceipt {
            id: row.id,
            reference: row.reference,
            amount: amount_text(row.amount, USD.scale),
            memo: row.memo,
            sender: row.sender,
            status: row.status,
            user,
            recorded_by: row.recorded_by,
            matched_by: row.matched_by,
            approved_by: row.approved_by,
            return_reason: row.return_reason,
            created_at: row.created_at,
            decided_at: row.decided_at,
        }
    }
}

/// The audit entry's view of a receipt.
pub(super) fn state_of(row: &Receipt) -> String {
    json!({"status": row.status, "userId": row.user_id, "amount": row.amount}).to_string()
}

/// The receipt as answered, and the mail telling its user when it was credited just now.
pub(super) fn answer(
    conn: &mut DbConnection,
    row: Receipt,
) -> anyhow::Result<(WireReceipt, Option<Mail>)> {
    let holder: Option<(String, String)> = match row.user_id.as_deref() {
        Some(id) => users::table
            .find(id)
            .select((users::email, users::locale))
            .first(conn)
            .optional()?,
        None => None,
    };
    let mail = match (&holder, row.user_id.as_deref()) {
        (Some((email, locale)), Some(id)) if row.status == CREDITED => {
            let bank = Account::of_user(id, AccountKind::Bank, USD.code);
            let balance = amount_text(ledger::balance(conn, &bank)?, USD.scale);
            let amount = amount_text(row.amount, USD.scale);
            let params: domain::error::Params = [
                ("amount", amount.as_str()),
                ("balance", balance.as_str()),
                ("reference", row.reference.as_str()),
            ]
            .into_iter()
            .collect();
            let locale = domain::i18n::Locale::from_tag(locale);
            Some(Mail::from_catalogue(
                email,
                "wire_credited",
                locale,
                &params,
            ))
        }
        _ => None,
    };
    Ok((WireReceipt::of(row, holder.map(|h| h.0)), mail))
}
