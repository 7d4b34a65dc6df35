//! `fiscard/*`: the user's cards (SPEC §3, §7) — BINs, applying, the card list, revealing the
//! details, recharging, freezing, cancelling, orders and transactions.

pub mod apply;
pub mod bins;
pub mod cancel;
pub mod cvv;
pub mod freeze;
pub mod history;
pub mod list;
pub mod orders;
pub mod recharge;

use domain::Input;
use domain::card::CardStatus;
use domain::forms::VerificationForm;
use domain::money::currency_amount_text as money;
use domain::orders::OrderType;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::idempotent::{IdempotencyKey, answered_before, idempotency_key, run_once};
use crate::api::{ApiCode, AppError};
use crate::services::bins::Terms;
use crate::services::cards::{self, Card, Order};
use crate::services::sessions::SessionUser;
use crate::state::AppState;

/// A card (SPEC §3). Amounts are exact decimal text in the card's currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardItem {
    card_key: String,
    /// First 6 and last 4 digits, grouped by 4.
    mask_card_no: String,
    /// What the card can spend.
    card_balance: String,
    /// What pending authorizations hold.
    held_balance: String,
    currency: String,
    /// The card scheme (VISA, Mastercard…).
    org_name: String,
    /// The issuing region (ISO 3166-1 alpha-2).
    location: String,
    /// Cancelled cards are not listed.
    card_status: CardStatus,
    /// Milliseconds since the epoch.
    create_time: i64,
    bin: String,
    /// The per-transaction limit (SPEC's name), with the three limits of `terms`.
    max_on_percent: String,
    #[serde(flatten)]
    terms: TermsItem,
}

/// A card's or a BIN's terms: the three limits (exact decimal text in its currency) and the rates
/// as fractions (0.01 = 1%).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermsItem {
    limits: Limits,
    recharge_rate: String,
    payment_rate: String,
    exchange_rate: String,
    refund_rate: String,
}

/// The three spending limits, exact decimal text in the card's currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    per_transaction: String,
    daily: String,
    monthly: String,
}

/// A card, with the verification fields the trade policy asks for (statusCode 103 says which).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardRequest {
    /// The card's `cardKey` (an unknown one, or another user's, answers 404).
    #[serde(default)]
    card_key: Input<String>,
    #[serde(flatten)]
    verification: VerificationForm,
}

impl CardRequest {
    fn card_key(&self) -> Result<String, AppError> {
        self.card_key
            .text()
            .map(str::to_owned)
            .ok_or_else(card_not_found)
    }
}

impl TermsItem {
    fn of(t: &Terms, currency: &str) -> TermsItem {
        TermsItem {
            limits: Limits {
                per_transaction: money(t.limits.per_transaction, currency),
                daily: money(t.limits.daily, currency),
                monthly: money(t.limits.monthly, currency),
            },
            recharge_rate: t.recharge_rate.to_fraction(),
            payment_rate: t.payment_rate.to_fraction(),
            exchange_rate: t.exchange_rate.to_fraction(),
            refund_rate: t.refund_rate.to_fraction(),
        }
    }
}

impl CardItem {
    /// The listed card, taking its texts (a page of cards is built once per request).
    fn of(card: Card, balance: i64, held: i64, now: i64) -> CardItem {
        let t = card.terms;
        let c = card.currency.as_str();
        CardItem {
            card_balance: money(balance, c),
            held_balance: money(held, c),
            max_on_percent: money(t.limits.per_transaction, c),
            terms: TermsItem::of(&t, c),
            card_status: card.status_at(now),
            create_time: card.created_at,
            card_key: card.id,
            mask_card_no: card.mask_card_no,
            currency: card.currency,
            org_name: card.org_name,
            location: card.location_code,
            bin: card.bin,
        }
    }
}

/// A card order (SPEC §3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    id: String,
    card_key: String,
    mask_card_no: String,
    #[serde(rename = "type")]
    kind: OrderType,
    amount: String,
    currency: String,
    fee: String,
    /// 0, 1, 5 processing; 2 completed; 3 failed; 4 cancelled (SPEC §4).
    #[schema(minimum = 0, maximum = 5)]
    status: i64,
    /// Milliseconds since the epoch.
    create_time: i64,
}

impl OrderItem {
    fn of(order: &Order) -> OrderItem {
        OrderItem {
            id: order.id.clone(),
            card_key: order.card_id.clone(),
            mask_card_no: order.mask_card_no.clone(),
            kind: order.kind,
            amount: money(order.amount, &order.currency),
            currency: order.currency.clone(),
            fee: money(order.fee, &order.currency),
            status: order.status.code(),
            create_time: order.created_at,
        }
    }
}

fn card_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.card_not_found")
}

/// The user's card named by the body's `cardKey`; 404 for a card of another user (as for one
/// that does not exist).
async fn owned_card(
    state: &AppState,
    user: &SessionUser,
    card_key: String,
) -> Result<Card, AppError> {
    let user_id = user.user_id.clone();
    state
        .db
        .read(move |conn| Ok(cards::find_owned(conn, &user_id, &card_key)?))
        .await?
        .ok_or_else(card_not_found)
}
