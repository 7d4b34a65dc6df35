//! `fiscard admin card freeze|unfreeze --card <key> --reason <reason> [--note <text>]`: the
//! console's freeze and unfreeze from the command line. The reason and note are the console's
//! form (`domain::forms::CardFreezeForm`: a reason from `domain::card::FreezeReason`, a note
//! with `other`), and the change is `services::operator_cards`'s: the same status, freeze
//! reason (a frozen card's holder cannot lift it), audit entry and security event as the
//! console's, the operator being the command line's.

use anyhow::bail;
use domain::card::{CardAction, FreezeReason};
use domain::forms::{CardFreeze, CardFreezeForm, Form, NoContext};
use domain::i18n::{Locale, error_key};

use crate::api::messages;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::services::audit::Entry;
use crate::services::operator_audit::command_line_operator;
use crate::services::operator_cards::{self, Refusal};

/// The card commands.
#[derive(Debug, clap::Subcommand)]
pub enum CardCommand {
    /// Freeze a card: it declines every authorization, and its holder cannot unfreeze it.
    Freeze(Change),
    /// Lift a freeze (an operator's or the holder's).
    Unfreeze(Change),
}

/// Which card, and why.
#[derive(Debug, Clone, clap::Args)]
pub struct Change {
    /// The card's key.
    #[arg(long)]
    pub card: String,
    /// suspected_fraud, customer_request, lost_or_stolen, compliance or other (the console's
    /// reasons).
    #[arg(long)]
    pub reason: String,
    /// For the audit trail; required with `other`.
    #[arg(long)]
    pub note: Option<String>,
}

/// `--reason` and `--note` read by the console's form; its refusals in English, one a line.
fn why_of(change: &Change) -> anyhow::Result<CardFreeze> {
    let form = CardFreezeForm {
        reason: change.reason.as_str().into(),
        note: change
            .note
            .as_deref()
            .map_or_else(Default::default, Into::into),
    };
    form.parse(&NoContext).map_err(|errors| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| {
                let text = messages::text(Locale::EnUs, &error_key(e.code), &e.params);
                format!("--{}: {text}", e.field)
            })
            .collect();
        let known: Vec<&str> = FreezeReason::ALL.iter().map(|r| r.as_str()).collect();
        anyhow::anyhow!("{} (reasons: {})", lines.join("; "), known.join(", "))
    })
}

/// `admin card freeze|unfreeze`.
pub async fn run(config: &Config, command: CardCommand) -> anyhow::Result<()> {
    let (action, change) = match command {
        CardCommand::Freeze(change) => (CardAction::Freeze, change),
        CardCommand::Unfreeze(change) => (CardAction::Unfreeze, change),
    };
    let why = why_of(&change)?;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let (operator, key) = (command_line_operator(), change.card.trim().to_owned());
    let outcome = db
        .write(move |conn| {
            let who = Entry {
                operator: &operator,
                ..Entry::default()
            };
            Ok(operator_cards::change(conn, &who, &key, action, &why, now)?)
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let card = &change.card;
    match outcome {
        Ok(line) => println!("card {card} is now {}", line.status.as_str()),
        Err(Refusal::NotFound) => bail!("there is no card {card}"),
        Err(Refusal::WrongStatus(status)) => bail!(
            "card {card} is {}: it cannot be {}",
            status.as_str(),
            if action == CardAction::Freeze {
                "frozen"
            } else {
                "unfrozen"
            }
        ),
    }
    Ok(())
}
