//! Redeem fund shares (DESIGN §12): the current product's usable shares to the wallet or the
//! USD account, any amount; a fixed position whole, to the fund account, before maturity
//! (forfeiting the interest earned so far once it earns). The server executes the preview the
//! form carries, so the user gives up exactly the interest shown.

use serde::{Deserialize, Serialize};
use validator::Validate;

use super::Form;
use super::errors::on;
use super::rules::{self, Rule, fail, fail_with};
use crate::date::Date;
use crate::error::ErrorCode;
use crate::exchange::asset_amount_text;
use crate::fund::{
    FixedPhase, FundSource, ProductTerms, ProductType, RedeemPreview, redeem_preview,
};
use crate::input::{Blank, DecimalText, Input};

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = FundRedeemContext,
    nest_all_fields,
    schema(function = position_of_fixed, use_context, skip_on_field_errors = false)
)]
pub struct FundRedeemForm {
    /// The product redeemed from.
    #[validate(
        required(code = "required_choice"),
        custom(function = product_of_context, use_context)
    )]
    pub product_id: Input<String>,
    /// The fixed position (one subscription) redeemed; not sent for the current product.
    pub position_id: Input<String>,
    /// Where the money goes: `WALLET` or `USD` (current), `FUND` (fixed).
    #[validate(
        required(code = "required_choice"),
        custom(function = destination_accepted, use_context)
    )]
    pub destination: Input<String>,
    /// Shares redeemed, as an amount of the product's asset.
    #[validate(
        required(code = "fund_amount_required"),
        custom(function = within_shares, use_context)
    )]
    pub amount: Input<DecimalText>,
}

/// The product, the position and what it may redeem on `today`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FundRedeemContext {
    pub product_id: String,
    pub product: ProductTerms,
    /// The fixed position's id (null for the current product).
    #[serde(default)]
    pub position_id: Option<String>,
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub today: Date,
    /// The current product's usable shares, or the fixed position's principal.
    pub redeemable: i64,
}

/// A valid redemption, with what it will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundRedemption {
    pub product_id: String,
    pub position_id: Option<String>,
    pub destination: FundSource,
    pub amount: i64,
    pub preview: RedeemPreview,
}

impl Form for FundRedeemForm {
    type Context = FundRedeemContext;
    type Parsed = FundRedemption;

    fn build(&self, context: &FundRedeemContext) -> Option<FundRedemption> {
        let amount = amount(self.amount.value()?, context).ok()?;
        Some(FundRedemption {
            product_id: context.product_id.clone(),
            position_id: context.position_id.clone().filter(|_| is_fixed(context)),
            destination: FundSource::parse(self.destination.text()?)?,
            amount,
            preview: redeem_preview(&context.product, context.today, amount).ok()?,
        })
    }
}

fn is_fixed(context: &FundRedeemContext) -> bool {
    context.product.product_type == ProductType::Fixed
}

fn amount(
    text: &DecimalText,
    context: &FundRedeemContext,
) -> Result<i64, validator::ValidationError> {
    rules::positive_amount(text, context.product.scale(), ErrorCode::FundAmountRequired)
}

/// The context's product.
fn product_of_context(input: &Input<String>, context: &FundRedeemContext) -> Rule {
    match input.text() {
        Some(id) if id != context.product_id || !context.product.is_consistent() => {
            Err(fail(ErrorCode::OptionInvalid))
        }
        _ => Ok(()),
    }
}

/// A destination the product pays to.
fn destination_accepted(input: &Input<String>, context: &FundRedeemContext) -> Rule {
    match input.text() {
        Some(code) if !FundSource::parse(code).is_some_and(|s| context.product.accepts(s)) => {
            Err(fail(ErrorCode::FundSourceInvalid))
        }
        _ => Ok(()),
    }
}

/// A positive amount at the asset's scale, at most the redeemable shares; a fixed position's
/// whole principal.
fn within_shares(input: &Input<DecimalText>, context: &FundRedeemContext) -> Rule {
    let Some(text) = input.value().filter(|t| !t.is_blank()) else {
        return Ok(());
    };
    let amount = amount(text, context)?;
    let shown = asset_amount_text(context.redeemable.max(0), context.product.asset);
    if amount > context.redeemable {
        return Err(fail_with(
            ErrorCode::FundInsufficientShares,
            "amount",
            shown,
        ));
    }
    if is_fixed(context) && amount != context.redeemable {
        return Err(fail_with(ErrorCode::FundRedeemWhole, "amount", shown));
    }
    Ok(())
}

/// A fixed product names the context's position, not yet matured.
fn position_of_fixed(form: &FundRedeemForm, context: &FundRedeemContext) -> Rule {
    let Some(fixed) = context.product.fixed.filter(|_| is_fixed(context)) else {
        return Ok(());
    };
    let check = || {
        let id = rules::given(&form.position_id, ErrorCode::RequiredChoice)?;
        if Some(id.trim()) != context.position_id.as_deref() {
            return Err(fail(ErrorCode::OptionInvalid));
        }
        if fixed.phase(context.today) == FixedPhase::Matured {
            return Err(fail(ErrorCode::FundPositionMatured));
        }
        Ok(())
    };
    check().map_err(|e| on("positionId", e))
}
