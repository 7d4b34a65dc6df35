//! Recharge a card from the USD bank account.

use serde::Deserialize;
use validator::Validate;

use super::Form;
use super::rules::{self, Rule, fail};
use crate::error::ErrorCode;
use crate::input::{Blank, DecimalText, Input};

/// Longest card key accepted (keys are server-issued ids).
const CARD_KEY_MAX: usize = 64;

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = RechargeContext, nest_all_fields)]
pub struct RechargeForm {
    #[validate(
        required(code = "required_choice"),
        length(max = CARD_KEY_MAX, code = "text_too_long")
    )]
    pub card_key: Input<String>,
    /// USD taken from the USD account, the fee included (decimal text, or a number).
    #[validate(
        required(code = "recharge_amount_required"),
        custom(function = within_balance, use_context)
    )]
    pub amount: Input<DecimalText>,
}

/// The USD balance the recharge may use, in cents.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RechargeContext {
    pub available_balance: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recharge {
    pub card_key: String,
    /// Cents taken from the USD account (the fee comes out of it).
    pub amount_minor: i64,
}

impl Form for RechargeForm {
    type Context = RechargeContext;
    type Parsed = Recharge;

    fn build(&self, _: &RechargeContext) -> Option<Recharge> {
        Some(Recharge {
            card_key: self.card_key.text()?.to_owned(),
            amount_minor: amount(&self.amount)?,
        })
    }
}

fn amount(input: &Input<DecimalText>) -> Option<i64> {
    rules::usd_amount(input.value()?, ErrorCode::RechargeAmountRequired).ok()
}

/// A positive amount the USD balance covers.
fn within_balance(input: &Input<DecimalText>, context: &RechargeContext) -> Rule {
    let Some(text) = input.value().filter(|t| !t.is_blank()) else {
        return Ok(());
    };
    if rules::usd_amount(text, ErrorCode::RechargeAmountRequired)? > context.available_balance {
        return Err(fail(ErrorCode::InsufficientBalance));
    }
    Ok(())
}
