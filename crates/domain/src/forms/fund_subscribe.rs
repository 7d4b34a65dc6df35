//! Subscribe to a fund product (DESIGN §12): the current product from the wallet or the USD
//! account, a fixed product from the fund account during its raise. The browser checks it with
//! the product and balances `fund/v2/asset` and `product` sent; the server with them read under
//! the user's lock, and executes the preview the form carries.

use serde::{Deserialize, Serialize};
use validator::Validate;

use super::Form;
use super::errors::on;
use super::rules::{self, Rule, fail, fail_with};
use crate::date::Date;
use crate::error::ErrorCode;
use crate::exchange::asset_amount_text;
use crate::fund::{FundSource, ProductTerms, SubscribePreview, subscribe_preview};
use crate::input::{Blank, DecimalText, Input};

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = FundSubscribeContext,
    nest_all_fields,
    schema(function = balance_covers, use_context)
)]
pub struct FundSubscribeForm {
    /// The product subscribed to.
    #[validate(
        required(code = "required_choice"),
        custom(function = product_open, use_context)
    )]
    pub product_id: Input<String>,
    /// Where the money comes from: `WALLET` or `USD` (current), `FUND` (fixed).
    #[validate(
        required(code = "required_choice"),
        custom(function = source_accepted, use_context)
    )]
    pub source: Input<String>,
    /// The amount, in the product's asset (decimal text, or a number); one share per minor
    /// unit.
    #[validate(
        required(code = "fund_amount_required"),
        custom(function = within_limits, use_context)
    )]
    pub amount: Input<DecimalText>,
}

/// What a source holds and may spend, in minor units of the product's asset.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FundBalances {
    /// The wallet's (main account's) balance of the asset.
    pub wallet: i64,
    /// The USD account's balance (a USD product only).
    pub usd: i64,
    /// The fund account: the current product's usable shares of the asset.
    pub fund: i64,
}

impl FundBalances {
    pub const fn of(&self, source: FundSource) -> i64 {
        match source {
            FundSource::Wallet => self.wallet,
            FundSource::Usd => self.usd,
            FundSource::Fund => self.fund,
        }
    }
}

/// The product as the server holds it on `today`, and the user's balances.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FundSubscribeContext {
    pub product_id: String,
    pub product: ProductTerms,
    /// The business date (UTC) of the subscription.
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub today: Date,
    /// False when an operator closed the product.
    pub open: bool,
    /// The least one subscription may be.
    pub minimum: i64,
    /// The most it may be: what the product still takes from this user.
    pub maximum: i64,
    pub balances: FundBalances,
}

/// A valid subscription, with what it will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundSubscription {
    pub product_id: String,
    pub source: FundSource,
    /// Minor units of the asset, and as many shares.
    pub amount: i64,
    pub preview: SubscribePreview,
}

impl Form for FundSubscribeForm {
    type Context = FundSubscribeContext;
    type Parsed = FundSubscription;

    fn build(&self, context: &FundSubscribeContext) -> Option<FundSubscription> {
        let amount = amount(self.amount.value()?, context).ok()?;
        Some(FundSubscription {
            product_id: context.product_id.clone(),
            source: FundSource::parse(self.source.text()?)?,
            amount,
            preview: subscribe_preview(&context.product, context.today, amount).ok()?,
        })
    }
}

fn amount(
    text: &DecimalText,
    context: &FundSubscribeContext,
) -> Result<i64, validator::ValidationError> {
    rules::positive_amount(text, context.product.scale(), ErrorCode::FundAmountRequired)
}

/// The context's product, open for subscription today.
fn product_open(input: &Input<String>, context: &FundSubscribeContext) -> Rule {
    match input.text() {
        Some(id) if id != context.product_id => Err(fail(ErrorCode::OptionInvalid)),
        Some(_)
            if !context.open
                || !context.product.is_consistent()
                || !context.product.raising(context.today) =>
        {
            Err(fail(ErrorCode::FundProductClosed))
        }
        _ => Ok(()),
    }
}

/// A source the product takes money from.
fn source_accepted(input: &Input<String>, context: &FundSubscribeContext) -> Rule {
    match input.text() {
        Some(code) if !FundSource::parse(code).is_some_and(|s| context.product.accepts(s)) => {
            Err(fail(ErrorCode::FundSourceInvalid))
        }
        _ => Ok(()),
    }
}

/// A positive amount at the asset's scale, between the minimum and the maximum.
fn within_limits(input: &Input<DecimalText>, context: &FundSubscribeContext) -> Rule {
    let Some(text) = input.value().filter(|t| !t.is_blank()) else {
        return Ok(());
    };
    let amount = amount(text, context)?;
    let shown = |minor: i64| asset_amount_text(minor.max(0), context.product.asset);
    if amount < context.minimum {
        return Err(fail_with(
            ErrorCode::FundBelowMinimum,
            "amount",
            shown(context.minimum),
        ));
    }
    if amount > context.maximum {
        return Err(fail_with(
            ErrorCode::FundAboveMaximum,
            "amount",
            shown(context.maximum),
        ));
    }
    Ok(())
}

/// Once every field is right: the chosen source covers the amount.
fn balance_covers(form: &FundSubscribeForm, context: &FundSubscribeContext) -> Rule {
    let source = form.source.text().and_then(FundSource::parse);
    let amount = form.amount.value().and_then(|t| amount(t, context).ok());
    match (source, amount) {
        (Some(source), Some(amount)) if amount > context.balances.of(source) => {
            Err(on("amount", fail(ErrorCode::InsufficientBalance)))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
#[path = "fund_tests.rs"]
mod tests;
