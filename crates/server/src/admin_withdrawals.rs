//! `fiscard admin withdrawal …`: the finance operators' side of USD withdrawals (DESIGN §9)
//! until the operator console has its screens — the queue, approving or rejecting what waits
//! for review, recording a payout sent with the bank's reference, the bank's confirmation, and
//! a payout the bank returned. Every action is audited; the user is mailed when their payout is
//! sent, rejected or returned.

use anyhow::bail;
use domain::money::{USD, amount_text};
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus};

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mailer::Mailer;
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::withdrawals::{self, Refused};

pub use crate::services::withdrawals::steps::Step;

fn audit_name(step: &Step) -> String {
    format!("withdrawal_{}", step.name())
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
            let done = match withdrawals::steps::apply(conn, &wanted, &applied, &operator, now)? {
                Ok(done) => done,
                Err(refused) => return Ok(Err(refused)),
            };
            operator_audit::record(
                conn,
                &operator,
                &audit_name(&applied),
                &done.id,
                &format!(
                    "user {} amount {} status {}",
                    done.user_id, done.amount, done.status
                ),
                now,
            )?;
            let mail = withdrawals::steps::mail(conn, &done, &applied)?;
            Ok(Ok((done, mail)))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (done, mail) = match outcome {
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
    if let Some(mail) = mail {
        Mailer::from_config(config)?.send(mail).await;
    }
    Ok(())
}
