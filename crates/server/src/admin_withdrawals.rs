//! `fiscard admin withdrawal …`: the finance operators' side of USD withdrawals (DESIGN §9)
//! until the operator console has its screens — the queue, approving or rejecting what waits
//! for review, recording a payout sent with the bank's reference, the bank's confirmation, and
//! a payout the bank returned. Every action is audited; the user is mailed when their payout is
//! sent, rejected or returned.

use anyhow::bail;
use diesel::prelude::*;
use domain::error::Params;
use domain::i18n::Locale;
use domain::money::{USD, amount_text};
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus};

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::db::schema::users;
use crate::mailer::{Mail, Mailer};
use crate::services::bank_accounts;
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::withdrawals::{self, Refused, Withdrawal};

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
    fn audit_name(&self) -> &'static str {
        match self {
            Step::Approve => "withdrawal_approve",
            Step::Reject(_) => "withdrawal_reject",
            Step::Send(_) => "withdrawal_send",
            Step::Complete => "withdrawal_complete",
            Step::Return(_) => "withdrawal_return",
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

/// A reason code as typed (`account_closed`, `invalid_account`…).
pub fn parse_reason(text: &str) -> anyhow::Result<WithdrawalReason> {
    WithdrawalReason::parse(text).ok_or_else(|| {
        let known: Vec<&str> = WithdrawalReason::ALL.iter().map(|r| r.as_str()).collect();
        anyhow::anyhow!("unknown reason {text:?}; one of: {}", known.join(", "))
    })
}

fn usd(minor: i64) -> String {
    amount_text(minor, USD.scale)
}

/// `admin withdrawal list [--status S]`: oldest first (the review queue when `S` is
/// `requested`).
pub async fn list(config: &Config, status: Option<&str>) -> anyhow::Result<()> {
    let status = match status {
        Some(text) => Some(
            WithdrawalStatus::parse(text)
                .ok_or_else(|| anyhow::anyhow!("unknown status {text:?}"))?,
        ),
        None => None,
    };
    let db = Db::connect(config.database_url.expose(), 1)?;
    let rows = db
        .read(move |conn| Ok(withdrawals::queue(conn, status, 500)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("id\tcreated\tuser\tstatus\treview\tamount\tfee\treceived\tbank\taccount\treference");
    for (w, account) in rows {
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{} ({})\t{}\t{}",
            w.id,
            w.created_at,
            w.user_id,
            w.status,
            if w.needs_review { "yes" } else { "no" },
            usd(w.amount),
            usd(w.fee),
            usd(w.received()),
            account.bank_name,
            account.bank_country,
            domain::mask::mask_account_number(&account.account_number),
            w.bank_reference.as_deref().unwrap_or("-"),
        );
    }
    Ok(())
}

/// `admin withdrawal approve|reject|send|complete|return`: one step of withdrawal `id`.
pub async fn decide(config: &Config, id: &str, step: Step) -> anyhow::Result<()> {
    if let Step::Send(reference) = &step
        && reference.trim().is_empty()
    {
        bail!("the bank's reference of the payout is required");
    }
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let operator = command_line_operator();
    let (wanted, applied) = (id.to_owned(), step.clone());
    let outcome = db
        .write(move |conn| {
            let done = match &applied {
                Step::Approve => withdrawals::approve(conn, &wanted, &operator, now)?,
                Step::Reject(reason) => withdrawals::release(
                    conn,
                    &wanted,
                    WithdrawalStatus::Rejected,
                    Some(*reason),
                    now,
                )?,
                Step::Send(reference) => withdrawals::send(conn, &wanted, reference.trim(), now)?,
                Step::Complete => withdrawals::complete(conn, &wanted, now)?,
                Step::Return(reason) => withdrawals::give_back(conn, &wanted, *reason, now)?,
            };
            let Ok(done) = done else {
                return Ok(done.map(|w| (w, None)));
            };
            operator_audit::record(
                conn,
                &operator,
                applied.audit_name(),
                &done.id,
                &format!(
                    "user {} amount {} status {}",
                    done.user_id, done.amount, done.status
                ),
                now,
            )?;
            let holder: Option<(String, String)> = users::table
                .find(&done.user_id)
                .select((users::email, users::locale))
                .first(conn)
                .optional()?;
            let account = bank_accounts::find_any(conn, &done.bank_account_id)?;
            Ok(Ok((done, holder.zip(account))))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (done, recipient) = match outcome {
        Ok(found) => found,
        Err(Refused::NotFound) => bail!("no withdrawal {id}"),
        Err(Refused::WrongState(status)) => {
            bail!(
                "withdrawal {id} is {}: that step does not follow",
                status.as_str()
            )
        }
        Err(Refused::InsufficientBalance) => bail!("withdrawal {id}: insufficient balance"),
    };
    println!(
        "withdrawal {} is now {} ({} USD, {} USD to the bank)",
        done.id,
        done.status,
        usd(done.amount),
        usd(done.received())
    );
    if let (Some(kind), Some(((email, locale), account))) = (step.mail_kind(), recipient) {
        let mail = mail_of(&done, &account, &email, &locale, kind);
        Mailer::from_config(config)?.send(mail).await;
    }
    Ok(())
}

fn mail_of(
    w: &Withdrawal,
    account: &bank_accounts::SavedAccount,
    email: &str,
    locale: &str,
    kind: &str,
) -> Mail {
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
