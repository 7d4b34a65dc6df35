//! The exchange's wire shapes. Amounts are exact decimal text in their asset; prices and rates
//! plain decimal text (`domain::exchange::price_text`, `rate_text`); times milliseconds since
//! the epoch.

use domain::exchange::{Asset, ExchangeTerms, Side, priced_rate, reference_rate};
use domain::money::amount_text;
use serde::Serialize;
use utoipa::ToSchema;

use crate::services::exchange::pairs::Pair;
use crate::services::exchange::quotes::Quote;
use crate::services::exchange::swaps::Swap;

/// Minor units of `asset` as text (every decimal of its scale).
pub fn asset_text(minor: i64, asset: Asset) -> String {
    amount_text(minor, asset.scale())
}

/// A rate text, "0.00" when the terms cannot give one (never for stored or fresh terms).
pub fn rate(text: Option<String>) -> String {
    text.unwrap_or_else(|| "0.00".to_owned())
}

/// A direction of exchange and its terms (`GET /exchange/pairs`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangePair {
    pub from_coin: Asset,
    pub to_coin: Asset,
    /// Decimals of each asset's minor unit.
    pub from_scale: u8,
    pub to_scale: u8,
    /// The least and the most one swap may give, in the from asset.
    pub minimum: String,
    pub maximum: String,
    /// The platform's spread, in basis points of what is left after the fee.
    pub spread_bps: u32,
    /// The platform's fee, in basis points of the amount given.
    pub fee_bps: u32,
    /// Whether it can be quoted now.
    pub enabled: bool,
}

impl ExchangePair {
    pub fn of(p: &Pair) -> ExchangePair {
        ExchangePair {
            from_coin: p.from,
            to_coin: p.to,
            from_scale: p.from.scale(),
            to_scale: p.to.scale(),
            minimum: asset_text(p.minimum, p.from),
            maximum: asset_text(p.maximum, p.from),
            spread_bps: p.spread_bps,
            fee_bps: p.fee_bps,
            enabled: p.enabled,
        }
    }
}

/// The indicative rate of a pair (`GET /exchange/rate`), with the terms the browser previews
/// amounts with (the domain's `exchangePreview`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeRate {
    pub from_coin: Asset,
    pub to_coin: Asset,
    pub terms: ExchangeTerms,
    /// `toCoin` per one whole `fromCoin` at the prices alone.
    pub reference_rate: String,
    /// `toCoin` per one whole `fromCoin` after the fee and the spread (before rounding).
    pub rate: String,
    /// USD per whole unit of each asset.
    pub from_price: String,
    pub to_price: String,
    /// When the older of the two prices was set.
    pub price_time: i64,
    /// The least and the most one swap may give, in `fromCoin`.
    pub minimum: String,
    pub maximum: String,
    /// The user's balances of both assets.
    pub from_available: String,
    pub to_available: String,
    /// How long a quote holds.
    pub quote_seconds: i64,
}

/// A quote (`POST /exchange/quote`): what the user gives and receives, if accepted before
/// `expiresAt`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeQuote {
    pub quote_id: String,
    pub from_coin: Asset,
    pub to_coin: Asset,
    /// The amount the user typed: `FROM` (what they give) or `TO` (what they receive).
    pub side: Side,
    pub from_amount: String,
    pub to_amount: String,
    /// The fee and the spread, in `fromCoin` (part of `fromAmount`).
    pub fee: String,
    pub spread: String,
    pub fee_bps: u32,
    pub spread_bps: u32,
    /// `toCoin` per one whole `fromCoin` at the prices alone.
    pub reference_rate: String,
    /// What this quote gives: `toAmount` per one whole `fromCoin` of `fromAmount`.
    pub rate: String,
    /// When the older of the two prices was set.
    pub price_time: i64,
    pub expires_at: i64,
}

impl ExchangeQuote {
    pub fn of(q: &Quote) -> ExchangeQuote {
        let (t, p) = (&q.terms, &q.priced);
        ExchangeQuote {
            quote_id: q.id.clone(),
            from_coin: t.from,
            to_coin: t.to,
            side: q.side,
            from_amount: asset_text(p.from_amount, t.from),
            to_amount: asset_text(p.to_amount, t.to),
            fee: asset_text(p.fee, t.from),
            spread: asset_text(p.spread, t.from),
            fee_bps: t.fee_bps,
            spread_bps: t.spread_bps,
            reference_rate: rate(reference_rate(t)),
            rate: rate(priced_rate(t, p)),
            price_time: q.price_time,
            expires_at: q.expires_at,
        }
    }
}

/// A swap made (`POST /exchange/swap`, `GET /exchange/swaps`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeSwap {
    pub id: String,
    pub quote_id: String,
    pub from_coin: Asset,
    pub to_coin: Asset,
    /// What the user gave and received.
    pub from_amount: String,
    pub to_amount: String,
    /// The fee and the spread, in `fromCoin` (part of `fromAmount`).
    pub fee: String,
    pub spread: String,
    /// `toCoin` per one whole `fromCoin` at the prices it was quoted at.
    pub reference_rate: String,
    /// What it gave: `toAmount` per one whole `fromCoin` of `fromAmount`.
    pub rate: String,
    pub created_at: i64,
}

impl ExchangeSwap {
    pub fn of(s: &Swap) -> ExchangeSwap {
        let (t, p) = (&s.terms, &s.priced);
        ExchangeSwap {
            id: s.id.clone(),
            quote_id: s.quote_id.clone(),
            from_coin: t.from,
            to_coin: t.to,
            from_amount: asset_text(p.from_amount, t.from),
            to_amount: asset_text(p.to_amount, t.to),
            fee: asset_text(p.fee, t.from),
            spread: asset_text(p.spread, t.from),
            reference_rate: rate(reference_rate(t)),
            rate: rate(priced_rate(t, p)),
            created_at: s.created_at,
        }
    }
}
