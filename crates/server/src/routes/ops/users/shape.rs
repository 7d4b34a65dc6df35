//! The console's view of a user: a search hit, the user's page, one of their cards.

use domain::money::{amount_text, currency_amount_text};
use serde::Serialize;
use utoipa::ToSchema;

use crate::routes::ops::review::case::status_text;
use crate::services::ops_users::{CardLine, Hit, Page, Person};

/// One of a user's cards as a search hit shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsCardHit {
    card_key: String,
    last4: String,
    /// normal | frozen | expired | cancelled
    status: String,
}

/// A user the search found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsUserHit {
    id: String,
    email: String,
    /// The user's wire memo; null until they were given one.
    memo: Option<String>,
    cards: Vec<OpsCardHit>,
}

impl OpsUserHit {
    pub(super) fn of((person, cards): Hit) -> Self {
        OpsUserHit {
            id: person.id,
            email: person.email,
            memo: person.memo,
            cards: cards
                .iter()
                .map(|c| OpsCardHit {
                    card_key: c.card.id.clone(),
                    last4: c.last4(),
                    status: c.status.as_str().to_owned(),
                })
                .collect(),
        }
    }
}

/// A user's card as the console shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsCard {
    card_key: String,
    last4: String,
    /// normal | frozen | expired | cancelled
    status: String,
    /// In the card's currency, exact decimal text.
    balance: String,
    currency: String,
    /// The operator's reason when an operator froze it (`suspected_fraud`, `customer_request`,
    /// `lost_or_stolen`, `compliance`, `other`); null otherwise.
    frozen_reason: Option<String>,
}

impl OpsCard {
    pub(crate) fn of(line: &CardLine) -> Self {
        OpsCard {
            card_key: line.card.id.clone(),
            last4: line.last4(),
            status: line.status.as_str().to_owned(),
            balance: currency_amount_text(line.balance, &line.card.currency),
            currency: line.card.currency.clone(),
            frozen_reason: line.frozen_reason.clone(),
        }
    }
}

/// The newest attempt of one verification.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsVerification {
    /// basic | investor | aml | qualify
    verification: String,
    /// in_review | approved | rejected
    status: String,
    attempt: i32,
    /// The attempt's id, the review case's.
    case_id: String,
}

/// A balance of one of the user's accounts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsBalance {
    /// main | bank
    account: String,
    /// USD or a coin's code.
    asset: String,
    /// Exact decimal text in the asset's scale.
    available: String,
}

/// A live session of the user.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsSession {
    id: String,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
    /// UTC milliseconds since the Unix epoch.
    last_seen_at: i64,
    ip: String,
    user_agent: String,
}

/// One entry of the user's security log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsSecurityEvent {
    id: String,
    /// As the user's security history names it (`login_succeeded`, `card_frozen`,
    /// `card_frozen_by_operator`…).
    kind: String,
    /// Null for what an operator did.
    #[schema(required = true)]
    ip: Option<String>,
    /// Null for what an operator did.
    #[schema(required = true)]
    user_agent: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
}

/// A user's page in the console.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsUser {
    id: String,
    email: String,
    locale: String,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
    /// The user's wire memo; null until they were given one.
    memo: Option<String>,
    verifications: Vec<OpsVerification>,
    /// Newest first, cancelled ones too.
    cards: Vec<OpsCard>,
    balances: Vec<OpsBalance>,
    /// The live ones, most recently used first.
    sessions: Vec<OpsSession>,
    /// The newest 50, newest first.
    security_events: Vec<OpsSecurityEvent>,
}

impl OpsUser {
    pub(super) fn of(page: Page) -> Self {
        let Person {
            id,
            email,
            locale,
            created_at,
            memo,
        } = page.person;
        OpsUser {
            id,
            email,
            locale,
            created_at,
            memo,
            verifications: page
                .verifications
                .iter()
                .map(|a| OpsVerification {
                    verification: a.verification.clone(),
                    status: status_text(a.status()).to_owned(),
                    attempt: a.number,
                    case_id: a.id.clone(),
                })
                .collect(),
            cards: page.cards.iter().map(OpsCard::of).collect(),
            balances: page
                .balances
                .into_iter()
                .map(|(kind, asset, minor, scale)| OpsBalance {
                    account: kind.as_str().to_owned(),
                    asset: asset.to_owned(),
                    available: amount_text(minor, scale),
                })
                .collect(),
            sessions: page
                .sessions
                .into_iter()
                .map(|s| OpsSession {
                    id: s.id,
                    created_at: s.created_at,
                    last_seen_at: s.last_seen_at,
                    ip: s.ip,
                    user_agent: s.user_agent,
                })
                .collect(),
            security_events: page
                .events
                .into_iter()
                .map(|e| OpsSecurityEvent {
                    id: e.id,
                    kind: e.kind,
                    ip: e.ip,
                    user_agent: e.user_agent,
                    created_at: e.created_at,
                })
                .collect(),
        }
    }
}
