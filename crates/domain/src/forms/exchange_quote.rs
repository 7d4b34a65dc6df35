//! Ask for an exchange quote (DESIGN §11): a pair and exactly one of the two amounts, what the
//! user gives or what they receive. The browser checks it with the terms and balance the rate
//! endpoint sent; the server with the terms it quotes with and the balance read under the user's
//! lock. The typed amount is priced by the one pricing function, so the limits and the balance
//! are judged on the amount the user would really give.

use serde::{Deserialize, Serialize};
use validator::{Validate, ValidationError};

use super::Form;
use super::errors::on;
use super::rules::{self, Rule, fail, fail_with};
use crate::error::ErrorCode;
use crate::exchange::{Asset, ExchangeTerms, Priced, PricingError, Side, asset_amount_text, price};
use crate::input::{Blank, DecimalText, Input};

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = ExchangeQuoteContext,
    nest_all_fields,
    schema(function = pair_and_one_amount, use_context, skip_on_field_errors = false)
)]
pub struct ExchangeQuoteForm {
    /// The asset given (`USD`, `BTC`, `ETH`, `USDT`).
    #[validate(
        required(code = "required_choice"),
        custom(function = from_of_context, use_context)
    )]
    pub from_coin: Input<String>,
    /// The asset received.
    #[validate(
        required(code = "required_choice"),
        custom(function = to_of_context, use_context)
    )]
    pub to_coin: Input<String>,
    /// What the user gives, in `fromCoin` (decimal text, or a number); or leave it out and type
    /// `toAmount`.
    pub from_amount: Input<DecimalText>,
    /// What the user receives, in `toCoin`.
    pub to_amount: Input<DecimalText>,
}

/// The pair's terms and limits and the user's balance of the `from` asset, in its minor units.
/// A pair of an asset with itself has terms with `from` = `to` (the form answers
/// `exchange_same_asset`).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ExchangeQuoteContext {
    pub terms: ExchangeTerms,
    /// The least and the most one swap may give, in `from` units.
    pub minimum: i64,
    pub maximum: i64,
    /// What the user holds of `from` and may spend.
    pub available: i64,
    pub enabled: bool,
}

/// A valid quote request, priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeQuoteRequest {
    /// The amount the user typed.
    pub side: Side,
    /// That amount, in minor units of the side's asset.
    pub amount: i64,
    pub priced: Priced,
    pub terms: ExchangeTerms,
}

impl Form for ExchangeQuoteForm {
    type Context = ExchangeQuoteContext;
    type Parsed = ExchangeQuoteRequest;

    fn build(&self, context: &ExchangeQuoteContext) -> Option<ExchangeQuoteRequest> {
        let (side, text) = typed_amount(self).ok()??;
        let amount = parse(text, side, &context.terms).ok()?;
        Some(ExchangeQuoteRequest {
            side,
            amount,
            priced: price(&context.terms, side, amount).ok()?,
            terms: context.terms,
        })
    }
}

/// An asset code that is the context's `asset`.
fn asset_of_context(input: &Input<String>, asset: Asset) -> Rule {
    match input.text() {
        Some(code) if Asset::from_code(code) != Some(asset) => Err(fail(ErrorCode::OptionInvalid)),
        _ => Ok(()),
    }
}

fn from_of_context(input: &Input<String>, context: &ExchangeQuoteContext) -> Rule {
    asset_of_context(input, context.terms.from)
}

fn to_of_context(input: &Input<String>, context: &ExchangeQuoteContext) -> Rule {
    asset_of_context(input, context.terms.to)
}

/// Two different assets, a pair open for swaps, then exactly one amount, priced within the
/// pair's limits and covered by the balance.
fn pair_and_one_amount(form: &ExchangeQuoteForm, context: &ExchangeQuoteContext) -> Rule {
    let terms = &context.terms;
    if terms.from == terms.to {
        return Err(on("toCoin", fail(ErrorCode::ExchangeSameAsset)));
    }
    if !context.enabled || terms.check().is_err() {
        return Err(on("toCoin", fail(ErrorCode::ExchangePairClosed)));
    }
    let Some((side, text)) = typed_amount(form)? else {
        return Ok(());
    };
    let field = match side {
        Side::From => "fromAmount",
        Side::To => "toAmount",
    };
    within_limits(side, text, context).map_err(|e| on(field, e))
}

/// The side and text of the one amount typed (`None` when it has the wrong type, which the type
/// check answers); neither or both are refused.
fn typed_amount(form: &ExchangeQuoteForm) -> Result<Option<(Side, &DecimalText)>, ValidationError> {
    let typed = |input: &Input<DecimalText>| {
        !matches!(input, Input::Missing) && input.value().is_none_or(|t| !t.is_blank())
    };
    match (typed(&form.from_amount), typed(&form.to_amount)) {
        (false, false) => Err(on("fromAmount", fail(ErrorCode::ExchangeAmountRequired))),
        (true, true) => Err(on("toAmount", fail(ErrorCode::ExchangeOneAmount))),
        (true, false) => Ok(form.from_amount.value().map(|t| (Side::From, t))),
        (false, true) => Ok(form.to_amount.value().map(|t| (Side::To, t))),
    }
}

fn parse(text: &DecimalText, side: Side, terms: &ExchangeTerms) -> Result<i64, ValidationError> {
    rules::positive_amount(
        text,
        side.asset(terms).scale(),
        ErrorCode::ExchangeAmountRequired,
    )
}

/// The typed amount priced: what it makes the user give between the minimum and the maximum,
/// something received, and the balance covering what is given — the first of these it breaks
/// is the error.
fn within_limits(side: Side, text: &DecimalText, context: &ExchangeQuoteContext) -> Rule {
    let terms = &context.terms;
    let amount = parse(text, side, terms)?;
    let shown = |minor: i64| asset_amount_text(minor.max(0), terms.from);
    let priced = price(terms, side, amount);
    let given = match (&priced, side) {
        (Ok(p), _) => Some(p.from_amount),
        (Err(_), Side::From) => Some(amount),
        // Only an amount costing more than the largest amount cannot be priced from `to`.
        (Err(_), Side::To) => None,
    };
    if given.is_some_and(|g| g < context.minimum) {
        return Err(fail_with(
            ErrorCode::ExchangeBelowMinimum,
            "amount",
            shown(context.minimum),
        ));
    }
    if given.is_none_or(|g| g > context.maximum) {
        return Err(fail_with(
            ErrorCode::ExchangeAboveMaximum,
            "amount",
            shown(context.maximum),
        ));
    }
    match priced {
        Err(PricingError::ReceivesNothing) => Err(fail(ErrorCode::ExchangeReceivesNothing)),
        Err(PricingError::TooLarge) => Err(fail_with(
            ErrorCode::ExchangeAboveMaximum,
            "amount",
            shown(context.maximum),
        )),
        Err(error) => Err(fail(error.code())),
        Ok(p) if p.from_amount > context.available => Err(fail(ErrorCode::InsufficientBalance)),
        Ok(_) => Ok(()),
    }
}

#[cfg(test)]
#[path = "exchange_quote_tests.rs"]
mod tests;
