//! `fiscard admin create-operator` (an invited operator and its enrolment link) and
//! `fiscard admin audit verify` (the audit trail's chain, recomputed).

use anyhow::{Context, bail};
use clap::Subcommand;
use domain::email::Email;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::services::audit::{self, Entry, Verdict};
use crate::services::operator_audit::command_line_operator;
use crate::services::operators::{self, Role};

/// The audit trail's commands.
#[derive(Debug, Subcommand)]
pub enum AuditAction {
    /// Recompute the hash chain: "chain intact" (exit 0), or the first bad entry (exit 1).
    Verify,
}

/// The enrolment link of `token`: `FISCARD_PUBLIC_URL`, else the local server's address.
pub fn enrolment_url(config: &Config, token: &str) -> String {
    let base = config
        .ops
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://127.0.0.1:{}", config.bind.port()));
    format!("{base}/ops/enrol#{token}")
}

/// `admin create-operator EMAIL [--role …]`: an invited operator (roles default to admin);
/// prints its enrolment link and nothing else secret.
pub async fn create_operator(config: &Config, email: &str, roles: &[String]) -> anyhow::Result<()> {
    let email = Email::parse(email).context("that is not a valid e-mail address")?;
    let mut parsed = Vec::new();
    for role in roles {
        parsed.push(
            Role::parse(role)
                .with_context(|| format!("unknown role {role:?}: reviewer, finance or admin"))?,
        );
    }
    if parsed.is_empty() {
        parsed.push(Role::Admin);
    }
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let ttl = i64::try_from(config.ops.enrolment.as_millis()).unwrap_or(i64::MAX);
    let (address, cli) = (email.as_str().to_owned(), command_line_operator());
    let created = db
        .write(move |conn| {
            let Some((row, token)) = operators::create(conn, &address, &parsed, None, ttl, now)?
            else {
                return Ok(None);
            };
            let after = serde_json::json!({"email": row.email, "roles": row.roles()});
            audit::append(
                conn,
                &Entry {
                    operator: &cli,
                    action: "operator.create",
                    subject: &format!("operator:{}", row.id),
                    after: Some(after.to_string()),
                    ..Entry::default()
                },
                now,
            )?;
            Ok(Some((row, token)))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some((row, token)) = created else {
        bail!("{email} is an operator already")
    };
    println!(
        "operator {} invited (id {}, roles {})",
        row.email, row.id, row.roles
    );
    println!(
        "enrolment link (valid 24 hours, once): {}",
        enrolment_url(config, &token)
    );
    Ok(())
}

/// `admin audit verify`: whether the chain is intact (false: exit status 1).
pub async fn audit(config: &Config, action: AuditAction) -> anyhow::Result<bool> {
    let AuditAction::Verify = action;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let verdict = db
        .write(|conn| Ok(audit::verify(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    match verdict {
        Verdict::Intact { entries } => {
            println!("audit trail: {entries} entries, chain intact");
            Ok(true)
        }
        Verdict::Broken { seq } => {
            println!(
                "audit trail: chain broken at seq {seq} (an entry edited, missing or out of order)"
            );
            Ok(false)
        }
    }
}
