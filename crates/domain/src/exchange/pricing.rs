//! The one pricing function: the server executes a swap with it and the browser previews with
//! it (DESIGN §11). Rounding happens here once, in the platform's favour: the fee and the spread
//! round up, what the user receives rounds down, and what is left over (`remainder`) is posted
//! to a ledger account, so `from_amount = fee + spread + exchanged + remainder` to the unit.
//!
//! With ratio = the `to` units one `from` unit is worth at reference:
//! - typed `from` amount A: fee = ⌈A·fee⌉, spread = ⌈(A − fee)·spread⌉, net = A − fee − spread,
//!   to = ⌊net·ratio⌋, exchanged = ⌈to / ratio⌉ (the least from-units worth `to`),
//!   remainder = net − exchanged;
//! - typed `to` amount B: from = the least A whose `from` pricing gives at least B, with that
//!   A's fee and spread; to = B, exchanged = ⌈B / ratio⌉, remainder = A − fee − spread − exchanged.

use serde::{Deserialize, Serialize};

use super::terms::{BPS_UNIT, ExchangeTerms, PricingError, Side};
use crate::error::ErrorCode;
use crate::money::{AmountError, MAX_AMOUNT_MINOR, parse_amount};

/// A priced swap; every amount in minor units, the charges in the `from` asset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Priced {
    /// What the user gives.
    pub from_amount: i64,
    /// What the user receives.
    pub to_amount: i64,
    pub fee: i64,
    pub spread: i64,
    /// The least part of `from_amount` worth `to_amount` at the reference prices.
    pub exchanged: i64,
    /// What rounding left over: neither charged nor exchanged, kept by the platform.
    pub remainder: i64,
}

/// Prices `amount` (minor units of the `side`'s asset) under `terms`.
pub fn price(terms: &ExchangeTerms, side: Side, amount: i64) -> Result<Priced, PricingError> {
    let ratio = terms.ratio()?;
    if amount <= 0 {
        return Err(PricingError::NotPositive);
    }
    if amount > MAX_AMOUNT_MINOR {
        return Err(PricingError::TooLarge);
    }
    let units = |amount: i64| u128::from(amount.unsigned_abs());
    let (from_amount, to_amount) = match side {
        Side::From => {
            let net = net(terms, amount);
            (amount, within_limit(ratio.floor(units(net)))?)
        }
        Side::To => {
            // Each step is the least that gives the next: net ≥ B / ratio, then the least
            // amount before the spread leaving that net, then before the fee.
            let least_net = within_limit(ratio.inverse().ceil(units(amount)))?;
            let before_spread = gross(least_net, terms.spread_bps)?;
            (gross(before_spread, terms.fee_bps)?, amount)
        }
    };
    if to_amount == 0 {
        return Err(PricingError::ReceivesNothing);
    }
    // At most `from_amount − fee − spread`, since to ≤ net·ratio.
    let exchanged = within_limit(ratio.inverse().ceil(units(to_amount)))?;
    let fee = charge(from_amount, terms.fee_bps);
    let spread = charge(from_amount - fee, terms.spread_bps);
    Ok(Priced {
        from_amount,
        to_amount,
        fee,
        spread,
        exchanged,
        remainder: from_amount - fee - spread - exchanged,
    })
}

/// An exact result as an amount: at most `money::MAX_AMOUNT_MINOR`.
fn within_limit(result: Option<u128>) -> Result<i64, PricingError> {
    result
        .and_then(|v| i64::try_from(v).ok())
        .filter(|v| *v <= MAX_AMOUNT_MINOR)
        .ok_or(PricingError::TooLarge)
}

/// `amount · bps / 10 000` rounded up (the platform's charges), for an amount within the limit:
/// with amount = h·10 000 + l, it is h·bps + ⌈l·bps / 10 000⌉, and no product overflows.
fn charge(amount: i64, bps: u32) -> i64 {
    let (bps, unit) = (i64::from(bps), i64::from(BPS_UNIT));
    amount / unit * bps + (amount % unit * bps + unit - 1) / unit
}

/// What is exchanged of `amount` once the fee and then the spread are charged.
fn net(terms: &ExchangeTerms, amount: i64) -> i64 {
    let after_fee = amount - charge(amount, terms.fee_bps);
    after_fee - charge(after_fee, terms.spread_bps)
}

/// The least amount that leaves at least `left` once `bps` is charged on it:
/// `x − ⌈x·bps⌉ = ⌊x·(1 − bps)⌋ ≥ left` exactly when `x ≥ left / (1 − bps)`. With
/// left = h·kept + l (kept = 10 000 − bps), that is h·10 000 + ⌈l·10 000 / kept⌉.
fn gross(left: i64, bps: u32) -> Result<i64, PricingError> {
    let (unit, kept) = (i64::from(BPS_UNIT), i64::from(BPS_UNIT - bps));
    (left / kept)
        .checked_mul(unit)
        .and_then(|whole| whole.checked_add((left % kept * unit + kept - 1) / kept))
        .map(|x| u128::from(x.unsigned_abs()))
        .map_or(Err(PricingError::TooLarge), |x| within_limit(Some(x)))
}

/// Prices an amount as the user typed it (`text`, in the `side`'s asset): the browser's preview.
/// The error is the code of the catalogue the form would show (`amount_invalid`,
/// `amount_too_many_decimals`, `exchange_amount_required` for nothing typed, or a pricing
/// error's code).
pub fn preview(terms: &ExchangeTerms, side: Side, text: &str) -> Result<Priced, ErrorCode> {
    let amount = parse_amount(text, side.asset(terms).scale()).map_err(|e| match e {
        AmountError::Empty => ErrorCode::ExchangeAmountRequired,
        AmountError::Invalid => ErrorCode::AmountInvalid,
        AmountError::TooManyDecimals => ErrorCode::AmountTooManyDecimals,
    })?;
    price(terms, side, amount).map_err(PricingError::code)
}

#[cfg(test)]
#[path = "pricing_tests.rs"]
mod tests;
