//! `fiscard admin identity list|show|file|approve|reject` and `admin screening import`:
//! operators read cases (their documents: [`files`]) and decide the four verifications from the
//! command line until the review console lands. Every decision and every document read is
//! written to the operators' audit log.

pub mod files;

use anyhow::{Context, bail};
use domain::identity::IdentityStatus;
use domain::review::{RejectionKind, RejectionReason, Verification, item_field_allowed};

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::services::identity::{self, Decision};
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::review::{self, DecideRefusal, Decider, ItemDecision, Outcome};
use crate::services::screening::rescreen;
use crate::services::{accounts, screening};

/// A verification by its name on the command line.
pub fn parse_verification(text: &str) -> anyhow::Result<Verification> {
    Verification::parse(text.trim())
        .with_context(|| format!("unknown verification {text:?}: basic, investor, aml or qualify"))
}

/// One `--item field|reason|message|note` (the message's `\n` are new lines; the note is for
/// operators only and may be left out).
pub fn parse_item(text: &str) -> anyhow::Result<(String, RejectionReason, String, String)> {
    let mut parts = text.splitn(4, '|');
    let field = parts.next().unwrap_or_default().trim().to_owned();
    let reason = parts.next().unwrap_or_default().trim();
    let reason = RejectionReason::parse(reason).with_context(|| {
        let known: Vec<&str> = RejectionReason::ALL.iter().map(|r| r.as_str()).collect();
        format!("unknown reason {reason:?}: one of {}", known.join(", "))
    })?;
    let message = parts.next().unwrap_or_default().trim().replace("\\n", "\n");
    if message.is_empty() {
        bail!("an item needs a message for the user: field|reason|message[|note]");
    }
    let note = parts.next().unwrap_or_default().trim().to_owned();
    Ok((field, reason, message, note))
}

/// Decides the attempt in review of `email`'s `verification`; what was decided, in words.
///
/// # Errors
/// No such user, nothing in review, an item naming a field the verification does not have.
pub async fn decide(
    db: &Db,
    now: i64,
    operator: &str,
    email: &str,
    verification: Verification,
    decision: Decision,
) -> anyhow::Result<String> {
    let (address, operator) = (email.trim().to_lowercase(), operator.to_owned());
    let word = decision_word(&decision);
    let outcome = db
        .write(move |conn| {
            let Some(user) = accounts::find_by_email(conn, &address)? else {
                return Ok(Err(format!("no account has the e-mail address {address}")));
            };
            let Some(attempt) = identity::last_attempt(conn, &user.id, verification)?
                .filter(|a| a.status() == IdentityStatus::InReview)
            else {
                return Ok(Err(format!(
                    "{address} has no {} verification in review",
                    verification.as_str()
                )));
            };
            if let Decision::Reject { items, .. } = &decision
                && let Some((field, ..)) = items.iter().find(|(field, ..)| {
                    !item_field_allowed(verification, attempt.investor_type(), field)
                })
            {
                return Ok(Err(format!(
                    "{field:?} is not a field of this {} verification",
                    verification.as_str()
                )));
            }
            let (items, kind) = item_decisions(&decision);
            let decider = Decider {
                operator_id: None,
                operator: &operator,
            };
            let outcome =
                review::decide(conn, &attempt, &address, &decider, &items, kind, now)?;
            let outcome = match outcome {
                Ok(outcome) => outcome,
                Err(DecideRefusal::SameOperator) => {
                    return Ok(Err(format!(
                        "{operator} made the first approval of this {} verification: a second operator must approve it",
                        verification.as_str()
                    )));
                }
                Err(_) => {
                    return Ok(Err(format!(
                        "{address} has no {} verification in review",
                        verification.as_str()
                    )));
                }
            };
            let (action, detail) = match &decision {
                Decision::Approve => ("identity_approve", String::from("approved")),
                Decision::Reject { kind, items } => (
                    "identity_reject",
                    format!(
                        "{} ({}): {}",
                        kind.as_str(),
                        items.len(),
                        items
                            .iter()
                            .map(|(f, r, ..)| format!("{f}:{}", r.as_str()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
            };
            operator_audit::record(
                conn,
                &operator,
                action,
                &attempt.id,
                &format!("{} #{} {detail}", verification.as_str(), attempt.number),
                now,
            )?;
            Ok(Ok((attempt.number, outcome)))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    match outcome {
        Ok((number, Outcome::AwaitsSecondApproval)) => Ok(format!(
            "{} verification of {email}, attempt {number}: approved once; a second operator must approve it",
            verification.as_str()
        )),
        Ok((number, _)) => Ok(format!(
            "{} verification of {email}, attempt {number}: {}",
            verification.as_str(),
            word
        )),
        Err(why) => bail!(why),
    }
}

/// A command-line decision as the review keeps it: the rejected items, and the kind.
fn item_decisions(decision: &Decision) -> (Vec<ItemDecision>, Option<RejectionKind>) {
    match decision {
        Decision::Approve => (Vec::new(), None),
        Decision::Reject { kind, items } => (
            items
                .iter()
                .map(|(field, reason, message, note)| ItemDecision {
                    field: field.clone(),
                    decision: "reject".to_owned(),
                    reason: Some(*reason),
                    message: Some(message.clone()),
                    note: Some(note.clone()),
                })
                .collect(),
            Some(*kind),
        ),
    }
}

fn decision_word(decision: &Decision) -> &'static str {
    match decision {
        Decision::Approve => "approved",
        Decision::Reject {
            kind: RejectionKind::Retry,
            ..
        } => "rejected (the user may retry)",
        Decision::Reject {
            kind: RejectionKind::Final,
            ..
        } => "rejected (final)",
    }
}

/// `admin identity approve|reject` with the configuration's database and clock.
pub async fn decide_from_command_line(
    config: &Config,
    email: &str,
    verification: &str,
    decision: Decision,
) -> anyhow::Result<()> {
    let verification = parse_verification(verification)?;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let said = decide(
        &db,
        now,
        &command_line_operator(),
        email,
        verification,
        decision,
    )
    .await?;
    println!("{said}");
    Ok(())
}

/// `admin identity list`: the attempts in review, oldest first (a held case says so), then the
/// approved verifications that re-screening found on a list.
pub async fn list(config: &Config) -> anyhow::Result<()> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let (queue, alerts) = db
        .read(|conn| Ok((identity::queue(conn)?, rescreen::alerts(conn)?)))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if queue.is_empty() && alerts.is_empty() {
        println!("nothing is waiting for review");
    }
    for (attempt, email) in queue {
        println!(
            "{email}\t{}\tattempt {}\tsubmitted {}{}",
            attempt.verification,
            attempt.number,
            attempt.submitted_at,
            if attempt.screening.is_some() {
                "\tHELD: screening hit"
            } else {
                ""
            }
        );
    }
    for (alert, email) in alerts {
        println!(
            "{email}\t{}\tapproved\tre-screened {}\tALERT: screening hit on an approved user",
            alert.verification, alert.screened_at
        );
    }
    Ok(())
}

/// `admin identity show`: the newest attempt of a verification, its answers, screening hits,
/// rejection items and documents (each file's reference, name, kind and size), and the hits
/// re-screening found once it was approved.
pub async fn show(config: &Config, email: &str, verification: &str) -> anyhow::Result<()> {
    let verification = parse_verification(verification)?;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let address = email.trim().to_lowercase();
    let found = db
        .read(move |conn| {
            let Some(user) = accounts::find_by_email(conn, &address)? else {
                return Ok(None);
            };
            let alert = rescreen::alert_of(conn, &user.id, verification)?;
            let Some(attempt) = identity::last_attempt(conn, &user.id, verification)? else {
                return Ok(Some((None, alert)));
            };
            let items = identity::items(conn, &attempt.id)?;
            let documents = files::documents(conn, &attempt)?;
            Ok(Some((Some((attempt, items, documents)), alert)))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some((found, alert)) = found else {
        bail!("no account has the e-mail address {email}");
    };
    match found {
        None => println!(
            "{email} has not submitted the {} verification",
            verification.as_str()
        ),
        Some((attempt, items, documents)) => {
            print_attempt(email, verification, &attempt, items);
            for line in files::document_lines(&documents) {
                println!("{line}");
            }
        }
    }
    if let Some(alert) = alert {
        println!(
            "SCREENING ALERT (approved; re-screened {}): {}",
            alert.screened_at, alert.hits
        );
    }
    Ok(())
}

fn print_attempt(
    email: &str,
    verification: Verification,
    attempt: &identity::AttemptRow,
    items: Vec<identity::Item>,
) {
    println!(
        "{} verification of {email}, attempt {}: {:?}",
        verification.as_str(),
        attempt.number,
        attempt.status()
    );
    if let Some(kind) = attempt.investor_type() {
        println!("investor type: {kind:?}");
    }
    println!(
        "answers: {}",
        serde_json::to_string_pretty(&attempt.answers()).unwrap_or_default()
    );
    if let Some(hits) = &attempt.screening {
        println!("SCREENING HITS (case held): {hits}");
    }
    for item in items {
        println!(
            "rejected item: {} [{}] {:?} (note: {:?})",
            item.field, item.reason, item.message, item.note
        );
    }
}

/// `admin screening import FILE`: replaces the lists the file names, then screens every
/// approved user again and keeps each hit as an alert for the operators.
pub async fn screening_import(config: &Config, file: &std::path::Path) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let entries =
        screening::parse_list(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let operator = command_line_operator();
    let detail = format!("{} names from {}", entries.len(), file.display());
    let count = db
        .write({
            let operator = operator.clone();
            move |conn| {
                let count = screening::import(conn, &entries, now)?;
                operator_audit::record(
                    conn,
                    &operator,
                    "screening_import",
                    "screening",
                    &detail,
                    now,
                )?;
                Ok(count)
            }
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("imported {count} names");
    let found = rescreen::rescreen(&db)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let detail = format!(
        "{} approved users, {} verifications with a hit",
        found.users,
        found.alerts.len()
    );
    let alerts = found.alerts.clone();
    db.write(move |conn| {
        rescreen::replace_alerts(conn, &alerts, now)?;
        operator_audit::record(
            conn,
            &operator,
            "screening_rescreen",
            "screening",
            &detail,
            now,
        )?;
        Ok(())
    })
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "re-screened {} approved users: {} verifications with a hit",
        found.users,
        found.alerts.len()
    );
    for alert in &found.alerts {
        let best = &alert.hits[0];
        println!(
            "ALERT\t{}\t{}\t{} ({}, score {})",
            alert.email,
            alert.verification.as_str(),
            best.listed,
            best.list,
            best.score
        );
    }
    Ok(())
}
