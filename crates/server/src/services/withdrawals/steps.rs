//! What a finance operator does to a withdrawal after its request, by the console and by
//! `fiscard admin withdrawal …` alike: each step one of the transitions, in the caller's
//! transaction, and the mail its user gets for it.

use diesel::prelude::*;
use domain::error::Params;
use domain::i18n::Locale;
use domain::money::{USD, amount_text};
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus};

use super::{Refused, Withdrawal, approve, complete, give_back, release, send};
use crate::db::DbConnection;
use crate::db::schema::users;
use crate::mailer::Mail;
use crate::services::bank_accounts::{self, SavedAccount};

/// What an operator does to a withdrawal.
#[derive(Debug, Clone)]
pub enum Step {
    Approve,
    Reject(WithdrawalReason),
    /// Sent, under the bank's reference.
    Send(String),
    Complete,
    /// Returned by the bank.
    Return(WithdrawalReason),
}

impl Step {
    /// The step's name: `approve`, `reject`, `send`, `complete`, `return`.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Approve => "approve",
            Step::Reject(_) => "reject",
            Step::Send(_) => "send",
            Step::Complete => "complete",
            Step::Return(_) => "return",
        }
    }

    /// The mail the user gets for it, if any.
    fn mail_kind(&self) -> Option<&'static str> {
        match self {
            Step::Approve | Step::Complete => None,
            Step::Reject(_) => Some("withdrawal_rejected"),
            Step::Send(_) => Some("withdrawal_sent"),
            Step::Return(_) => Some("withdrawal_returned"),
        }
    }
}

/// Takes `step` on withdrawal `id` as `operator` (kept on an approval), in the caller's
/// transaction; refused when there is no such withdrawal or the step does not follow its
/// status.
pub fn apply(
    conn: &mut DbConnection,
    id: &str,
    step: &Step,
    operator: &str,
    now: i64,
) -> anyhow::Result<Result<Withdrawal, Refused>> {
    match step {
        Step::Approve => approve(conn, id, operator, now),
        Step::Reject(reason) => release(conn, id, WithdrawalStatus::Rejected, Some(*reason), now),
        Step::Send(reference) => send(conn, id, reference.trim(), now),
        Step::Complete => complete(conn, id, now),
        Step::Return(reason) => give_back(conn, id, *reason, now),
    }
}

/// The mail telling the user of `done` about `step` (none for the steps they are not told
/// of, or when the user or the account is gone).
pub fn mail(conn: &mut DbConnection, done: &Withdrawal, step: &Step) -> QueryResult<Option<Mail>> {
    let Some(kind) = step.mail_kind() else {
        return Ok(None);
    };
    let holder: Option<(String, String)> = users::table
        .find(&done.user_id)
        .select((users::email, users::locale))
        .first(conn)
        .optional()?;
    let account = bank_accounts::find_any(conn, &done.bank_account_id)?;
    Ok(holder
        .zip(account)
        .map(|((email, locale), account)| mail_of(done, &account, &email, &locale, kind)))
}

fn usd(minor: i64) -> String {
    amount_text(minor, USD.scale)
}

fn mail_of(w: &Withdrawal, account: &SavedAccount, email: &str, locale: &str, kind: &str) -> Mail {
    let locale = Locale::from_tag(locale);
    let reason = w.reason().map_or_else(String::new, |r| {
        crate::api::messages::text(
            locale,
            &format!("withdrawal_reason.{}", r.as_str()),
            &Params::default(),
        )
    });
    let params: Params = [
        ("amount", usd(w.amount)),
        ("received", usd(w.received())),
        ("reference", w.bank_reference.clone().unwrap_or_default()),
        (
            "account",
            domain::mask::mask_account_number(&account.account_number),
        ),
        ("bank", account.bank_name.clone()),
        ("reason", reason),
    ]
    .into_iter()
    .collect();
    Mail::from_catalogue(email, kind, locale, &params)
}
