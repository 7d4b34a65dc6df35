//! What the operator console reads of users (docs/ops-contract.md, search and users): the
//! search by e-mail prefix, wire memo or a card's last four digits, and a user's page (their
//! verifications, cards, balances, live sessions and newest security events).

use diesel::prelude::*;
use domain::card::CardStatus;
use domain::money::USD;
use domain::review::Verification;
use domain::wallet::Coin;
use domain::wire_memo::WireMemo;

use super::cards::{self, Card};
use super::identity::{self, AttemptRow};
use super::ledger::{self, Account, AccountKind};
use super::security_log;
use super::sessions::{self, Lifetimes, LiveSession};
use super::wallet;
use crate::db::DbConnection;
use crate::db::schema::{cards as card_rows, users, wire_memos};

/// The most hits a search answers.
pub const SEARCH_MAX: i64 = 20;
/// The shortest e-mail prefix searched for.
pub const EMAIL_PREFIX_MIN: usize = 3;
/// How many security events a user's page shows.
pub const EVENTS_SHOWN: i64 = 50;

/// A user as the console finds them.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: String,
    pub email: String,
    pub locale: String,
    pub created_at: i64,
    /// None until the user was given one.
    pub memo: Option<String>,
}

/// One of a user's cards, with its balance and the operator's freeze reason.
#[derive(Debug, Clone)]
pub struct CardLine {
    pub card: Card,
    pub status: CardStatus,
    pub balance: i64,
    pub frozen_reason: Option<String>,
}

impl CardLine {
    pub fn last4(&self) -> String {
        let mask = &self.card.mask_card_no;
        mask[mask.len().saturating_sub(4)..].to_owned()
    }
}

/// A search hit: the user and their cards.
pub type Hit = (Person, Vec<CardLine>);

/// Everything the user's page shows.
#[derive(Debug, Clone)]
pub struct Page {
    pub person: Person,
    /// The newest attempt of each verification the user made.
    pub verifications: Vec<AttemptRow>,
    pub cards: Vec<CardLine>,
    /// `(account kind, asset, minor units, scale)`, USD accounts first, then the wallet's coins.
    pub balances: Vec<(AccountKind, &'static str, i64, u8)>,
    pub sessions: Vec<LiveSession>,
    pub events: Vec<security_log::Entry>,
}

/// The user `id`.
pub fn person(conn: &mut DbConnection, id: &str) -> QueryResult<Option<Person>> {
    let found: Option<(String, String, String, i64)> = users::table
        .find(id)
        .select((users::id, users::email, users::locale, users::created_at))
        .first(conn)
        .optional()?;
    let Some((id, email, locale, created_at)) = found else {
        return Ok(None);
    };
    let memo = wire_memos::table
        .filter(wire_memos::user_id.eq(&id))
        .select(wire_memos::memo)
        .first(conn)
        .optional()?;
    Ok(Some(Person {
        id,
        email,
        locale,
        created_at,
        memo,
    }))
}

/// The user's cards, cancelled ones too, newest first.
pub fn cards_of(conn: &mut DbConnection, user_id: &str, now: i64) -> QueryResult<Vec<CardLine>> {
    let ids: Vec<(String, Option<String>)> = card_rows::table
        .filter(card_rows::user_id.eq(user_id))
        .order((card_rows::created_at.desc(), card_rows::id.desc()))
        .select((card_rows::id, card_rows::frozen_reason))
        .load(conn)?;
    let mut lines = Vec::with_capacity(ids.len());
    for (id, frozen_reason) in ids {
        if let Some(line) = card_line(conn, &id, frozen_reason, now)? {
            lines.push(line);
        }
    }
    Ok(lines)
}

fn card_line(
    conn: &mut DbConnection,
    id: &str,
    frozen_reason: Option<String>,
    now: i64,
) -> QueryResult<Option<CardLine>> {
    let Some(card) = cards::find(conn, id)? else {
        return Ok(None);
    };
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Some(CardLine {
        status: card.status_at(now),
        card,
        balance,
        frozen_reason,
    }))
}

/// The card `card_id` as the console lists it.
pub fn card(conn: &mut DbConnection, card_id: &str, now: i64) -> QueryResult<Option<CardLine>> {
    let reason: Option<Option<String>> = card_rows::table
        .find(card_id)
        .select(card_rows::frozen_reason)
        .first(conn)
        .optional()?;
    match reason {
        Some(reason) => card_line(conn, card_id, reason, now),
        None => Ok(None),
    }
}

/// Writes an operator's freeze reason on the card (after its status changed).
pub fn set_frozen_reason(
    conn: &mut DbConnection,
    card_id: &str,
    reason: Option<&str>,
) -> QueryResult<()> {
    diesel::update(card_rows::table.find(card_id))
        .set(card_rows::frozen_reason.eq(reason))
        .execute(conn)
        .map(drop)
}

/// The users `query` finds, by e-mail first: an e-mail prefix (case-insensitive, at least
/// [`EMAIL_PREFIX_MIN`] characters), a wire memo (as the domain reads memos), a card's last
/// four digits (exactly 4 digits). At most [`SEARCH_MAX`], each once, by e-mail.
pub fn search(conn: &mut DbConnection, query: &str, now: i64) -> QueryResult<Vec<Hit>> {
    let query = query.trim();
    let mut ids: Vec<String> = Vec::new();
    if query.chars().count() >= EMAIL_PREFIX_MIN {
        let pattern = format!("{}%", escape_like(&query.to_lowercase()));
        ids.extend(
            users::table
                .filter(users::email.like(pattern).escape('\\'))
                .order(users::email.asc())
                .limit(SEARCH_MAX)
                .select(users::id)
                .load::<String>(conn)?,
        );
    }
    if let Ok(memo) = WireMemo::parse(query) {
        ids.extend(
            wire_memos::table
                .find(memo.as_str())
                .select(wire_memos::user_id)
                .load::<String>(conn)?,
        );
    }
    if query.len() == 4 && query.bytes().all(|b| b.is_ascii_digit()) {
        ids.extend(
            card_rows::table
                .filter(card_rows::mask_card_no.like(format!("%{query}")))
                .select(card_rows::user_id)
                .distinct()
                .limit(SEARCH_MAX)
                .load::<String>(conn)?,
        );
    }
    let mut hits = Vec::new();
    for id in ids {
        if hits.iter().any(|(p, _): &Hit| p.id == id) {
            continue;
        }
        if let Some(person) = person(conn, &id)? {
            let cards = cards_of(conn, &id, now)?;
            hits.push((person, cards));
        }
    }
    hits.sort_by(|a, b| a.0.email.cmp(&b.0.email));
    hits.truncate(usize::try_from(SEARCH_MAX).unwrap_or(usize::MAX));
    Ok(hits)
}

fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The user `id`'s page; `None` when there is no such user.
pub fn page(
    conn: &mut DbConnection,
    id: &str,
    lifetimes: Lifetimes,
    now: i64,
) -> QueryResult<Option<Page>> {
    let Some(person) = person(conn, id)? else {
        return Ok(None);
    };
    let mut verifications = Vec::new();
    for verification in Verification::ALL {
        if let Some(attempt) = identity::last_attempt(conn, id, *verification)? {
            verifications.push(attempt);
        }
    }
    let mut accounts: Vec<(AccountKind, &'static str, u8, Account)> =
        [AccountKind::Main, AccountKind::Bank]
            .into_iter()
            .map(|kind| {
                (
                    kind,
                    USD.code,
                    USD.scale,
                    Account::of_user(id, kind, USD.code),
                )
            })
            .collect();
    accounts.extend(Coin::ALL.iter().map(|coin| {
        (
            AccountKind::Main,
            coin.code(),
            coin.scale(),
            wallet::main_account(id, *coin),
        )
    }));
    let wanted: Vec<Account> = accounts.iter().map(|a| a.3.clone()).collect();
    let amounts = ledger::balances(conn, &wanted)?;
    let balances = accounts
        .into_iter()
        .zip(amounts)
        .map(|((kind, asset, scale, _), minor)| (kind, asset, minor, scale))
        .collect();
    Ok(Some(Page {
        verifications,
        cards: cards_of(conn, id, now)?,
        balances,
        sessions: sessions::list_live(conn, id, lifetimes, now)?,
        events: security_log::page(conn, id, 0, EVENTS_SHOWN)?.0,
        person,
    }))
}
