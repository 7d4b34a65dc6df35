//! An operator freezes a card or lifts a freeze, for a reason from the catalogue
//! (`domain::forms::CardFreeze`). The console (`POST ops/cards/{key}/freeze|unfreeze`) and
//! `fiscard admin card freeze|unfreeze` both come here, so both write the same things in the
//! caller's transaction: the card's status (`domain::card`'s machine) and freeze reason (which
//! keeps its holder from lifting it), the audit entry (`card.freeze` / `card.unfreeze`, subject
//! `card:<key>`, the card before and after with the reason and note) and the holder's security
//! event (`card_frozen_by_operator` / `card_unfrozen_by_operator`, without the operator's
//! address).

use diesel::prelude::*;
use domain::card::{CardAction, CardStatus};
use domain::forms::CardFreeze;
use serde_json::json;

use super::audit::{self, Entry};
use super::cards;
use super::ops_users::{self, CardLine};
use super::security_log::{self, Event};
use crate::db::DbConnection;

/// Why nothing was changed (nothing was written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// There is no such card.
    NotFound,
    /// The card's status (given) does not allow the action.
    WrongStatus(CardStatus),
}

/// The audit entry's view of a card.
fn state_of(line: &CardLine) -> serde_json::Value {
    json!({"status": line.status.as_str(), "frozenReason": line.frozen_reason})
}

/// The audit action of `action` (a freeze, else an unfreeze).
pub fn action_name(action: CardAction) -> &'static str {
    if action == CardAction::Freeze {
        "card.freeze"
    } else {
        "card.unfreeze"
    }
}

/// Freezes (`CardAction::Freeze`) or unfreezes card `key` for `why`, done by `who` (the audit
/// entry's operator, operator id and IP; its action, subject, before and after are written
/// here); the card as it is after.
pub fn change(
    conn: &mut DbConnection,
    who: &Entry<'_>,
    key: &str,
    action: CardAction,
    why: &CardFreeze,
    now: i64,
) -> QueryResult<Result<CardLine, Refusal>> {
    cards::lock(conn, key)?;
    let Some(before) = ops_users::card(conn, key, now)? else {
        return Ok(Err(Refusal::NotFound));
    };
    if cards::change_status(conn, &before.card, action, now)?.is_none() {
        return Ok(Err(Refusal::WrongStatus(before.status)));
    }
    let event = if action == CardAction::Freeze {
        ops_users::set_frozen_reason(conn, key, Some(why.reason.as_str()))?;
        Event::CardFrozenByOperator
    } else {
        Event::CardUnfrozenByOperator
    };
    // The row was locked and read above: it is there.
    let after = ops_users::card(conn, key, now)?.ok_or(diesel::result::Error::NotFound)?;
    let subject = format!("card:{key}");
    let mut detail = state_of(&after);
    detail["reason"] = json!(why.reason.as_str());
    detail["note"] = json!(why.note);
    audit::append(
        conn,
        &Entry {
            action: action_name(action),
            subject: &subject,
            before: Some(state_of(&before).to_string()),
            after: Some(detail.to_string()),
            ..who.clone()
        },
        now,
    )?;
    security_log::record_by_operator(conn, &after.card.user_id, event, now)?;
    Ok(Ok(after))
}
