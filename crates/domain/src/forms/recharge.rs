//! Recharge a card from the USD bank account.

use crate::input::{form_input, from_raw_struct};

use super::Form;
use super::fields::Check;
use crate::error::{ErrorCode, FieldError};
use crate::input::{DecimalText, Input};
use crate::money::{AmountError, USD, parse_amount};

/// Longest card key accepted (keys are server-issued ids).
const CARD_KEY_MAX: usize = 64;

form_input! {
    pub struct RechargeForm {
        pub card_key: Input<String> = "cardKey",
        pub amount: Input<DecimalText> = "amount",
    }
}

/// The USD balance the recharge may use, in cents.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", serde(rename_all = "camelCase"))]
pub struct RechargeContext {
    pub available_balance: i64,
}

from_raw_struct!(RechargeContext {
    available_balance: "availableBalance"
});

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recharge {
    pub card_key: String,
    /// Cents taken from the USD account (the fee comes out of it).
    pub amount_minor: i64,
}

impl Form for RechargeForm {
    type Context = RechargeContext;
    type Parsed = Recharge;

    fn parse(&self, context: &RechargeContext) -> Result<Recharge, Vec<FieldError>> {
        let mut c = Check::default();
        let card_key = c.text(
            "cardKey",
            &self.card_key,
            ErrorCode::RequiredChoice,
            CARD_KEY_MAX,
        );
        let amount = match &self.amount {
            Input::WrongType => {
                c.reject("amount", ErrorCode::InvalidType);
                None
            }
            Input::Missing => {
                c.reject("amount", ErrorCode::RechargeAmountRequired);
                None
            }
            Input::Value(DecimalText(text)) => match parse_amount(text, USD.scale) {
                Err(AmountError::Empty) => {
                    c.reject("amount", ErrorCode::RechargeAmountRequired);
                    None
                }
                Err(AmountError::Invalid) => {
                    c.reject("amount", ErrorCode::AmountInvalid);
                    None
                }
                Err(AmountError::TooManyDecimals) => {
                    c.reject_with(
                        FieldError::new("amount", ErrorCode::AmountTooManyDecimals)
                            .with("scale", USD.scale),
                    );
                    None
                }
                Ok(minor) if minor <= 0 => {
                    c.reject("amount", ErrorCode::AmountNotPositive);
                    None
                }
                Ok(minor) if minor > context.available_balance => {
                    c.reject("amount", ErrorCode::InsufficientBalance);
                    None
                }
                Ok(minor) => Some(minor),
            },
        };
        c.build(|| {
            Some(Recharge {
                card_key: card_key?,
                amount_minor: amount?,
            })
        })
    }
}
