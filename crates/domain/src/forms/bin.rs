//! The operator console's BIN form: a BIN and the terms its new cards get
//! (docs/ops-contract.md, phase 2, BINs), by the rules of [`crate::bin`]; each term left out
//! takes the standard one.

use serde::Deserialize;
use validator::Validate;

use super::errors::on;
use super::rules::{self, Rule, fail};
use super::{Form, NoContext};
use crate::bin::{
    SCHEME_MAX, STANDARD_LIMITS, limits_valid, number_valid, parse_utc_offset, utc_offset_valid,
};
use crate::card::{STANDARD_EXCHANGE_RATE, STANDARD_PAYMENT_RATE, STANDARD_RECHARGE_RATE};
use crate::country;
use crate::error::ErrorCode;
use crate::input::{Blank, DecimalText, Input};
use crate::money::Rate;

/// A BIN and its terms, as an operator types them.
#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = NoContext,
    nest_all_fields,
    schema(function = limits_grow, skip_on_field_errors = false)
)]
pub struct BinForm {
    /// 6 to 8 digits.
    #[validate(required(code = "required_input"), custom(function = number))]
    pub bin: Input<String>,
    /// The issuing region (ISO 3166-1 alpha-2).
    #[validate(required(code = "required_choice"), custom(function = location))]
    pub location: Input<String>,
    /// The card scheme (VISA, Mastercard…).
    #[validate(
        length(max = SCHEME_MAX, code = "text_too_long"),
        required(code = "required_input")
    )]
    pub org: Input<String>,
    /// Fractions (0.01 is 1%); each left out takes the standard one (recharge 1%, payment 1%,
    /// exchange 0.15%, refund 0).
    #[validate(custom(function = rate))]
    pub recharge_rate: Input<DecimalText>,
    #[validate(custom(function = rate))]
    pub payment_rate: Input<DecimalText>,
    #[validate(custom(function = rate))]
    pub exchange_rate: Input<DecimalText>,
    #[validate(custom(function = rate))]
    pub refund_rate: Input<DecimalText>,
    /// USD; each left out takes the standard limit (10,000 / 20,000 daily / 50,000 monthly).
    #[validate(custom(function = limit))]
    pub limit_per_transaction: Input<DecimalText>,
    #[validate(custom(function = limit))]
    pub limit_daily: Input<DecimalText>,
    #[validate(custom(function = limit))]
    pub limit_monthly: Input<DecimalText>,
    /// The time zone its cards count their daily and monthly spending in: `+08:00`, `-05:00`;
    /// UTC when left out.
    #[validate(custom(function = utc_offset))]
    pub utc_offset: Input<String>,
}

/// A valid [`BinForm`], the standard terms filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinTerms {
    pub bin: String,
    /// Upper case.
    pub location: String,
    pub org: String,
    /// Recharge, payment, exchange, refund.
    pub rates: [Rate; 4],
    /// Per transaction, daily, monthly, in USD cents.
    pub limits: [i64; 3],
    /// Minutes east of UTC.
    pub utc_offset_minutes: i32,
}

impl Form for BinForm {
    type Context = NoContext;
    type Parsed = BinTerms;

    fn build(&self, _: &NoContext) -> Option<BinTerms> {
        let rate_or = |input: &Input<DecimalText>, standard: Rate| match given(input) {
            Some(text) => Rate::from_fraction(text.0.trim()),
            None => Some(standard),
        };
        Some(BinTerms {
            bin: self.bin.text()?.trim().to_owned(),
            location: self.location.text()?.trim().to_uppercase(),
            org: self.org.text()?.trim().to_owned(),
            rates: [
                rate_or(&self.recharge_rate, STANDARD_RECHARGE_RATE)?,
                rate_or(&self.payment_rate, STANDARD_PAYMENT_RATE)?,
                rate_or(&self.exchange_rate, STANDARD_EXCHANGE_RATE)?,
                rate_or(&self.refund_rate, Rate(0))?,
            ],
            limits: self.limits()?,
            utc_offset_minutes: match self.utc_offset.text().map(str::trim) {
                Some(text) if !text.is_empty() => parse_utc_offset(text)?,
                _ => 0,
            },
        })
    }
}

impl BinForm {
    /// The limits given, the standard ones for those left out; `None` when one given is not
    /// a USD amount.
    fn limits(&self) -> Option<[i64; 3]> {
        let inputs = [
            &self.limit_per_transaction,
            &self.limit_daily,
            &self.limit_monthly,
        ];
        let mut limits = STANDARD_LIMITS;
        for (limit, input) in limits.iter_mut().zip(inputs) {
            if let Some(text) = given(input) {
                *limit = rules::usd_amount(text, ErrorCode::RequiredInput).ok()?;
            }
        }
        Some(limits)
    }
}

/// The text of an amount field filled in.
fn given(input: &Input<DecimalText>) -> Option<&DecimalText> {
    input.value().filter(|t| !t.is_blank())
}

fn number(input: &Input<String>) -> Rule {
    match input.text().map(str::trim) {
        Some(bin) if !bin.is_empty() && !number_valid(bin) => {
            Err(fail(ErrorCode::BinNumberInvalid))
        }
        _ => Ok(()),
    }
}

fn location(input: &Input<String>) -> Rule {
    match input.text().map(str::trim) {
        Some(code) if !code.is_empty() && country::find(&code.to_uppercase()).is_none() => {
            Err(fail(ErrorCode::CountryInvalid))
        }
        _ => Ok(()),
    }
}

fn rate(input: &Input<DecimalText>) -> Rule {
    match given(input) {
        Some(text) if Rate::from_fraction(text.0.trim()).is_none() => {
            Err(fail(ErrorCode::RateInvalid))
        }
        _ => Ok(()),
    }
}

fn limit(input: &Input<DecimalText>) -> Rule {
    match given(input) {
        Some(text) => rules::usd_amount(text, ErrorCode::RequiredInput).map(drop),
        None => Ok(()),
    }
}

fn utc_offset(input: &Input<String>) -> Rule {
    match input.text().map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) if !parse_utc_offset(text).is_some_and(utc_offset_valid) => {
            Err(fail(ErrorCode::UtcOffsetInvalid))
        }
        _ => Ok(()),
    }
}

/// Per transaction ≤ daily ≤ monthly, the standard limits counting for those left out; shown
/// at the first limit above the next one.
fn limits_grow(form: &BinForm) -> Rule {
    let Some([per_transaction, daily, monthly]) = form.limits() else {
        return Ok(());
    };
    if limits_valid([per_transaction, daily, monthly]) {
        Ok(())
    } else if per_transaction > daily {
        Err(on("limitPerTransaction", fail(ErrorCode::BinLimitsOrder)))
    } else {
        Err(on("limitDaily", fail(ErrorCode::BinLimitsOrder)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(value: serde_json::Value) -> Vec<(String, ErrorCode)> {
        let form: BinForm = serde_json::from_value(value).expect("a form");
        match form.parse(&NoContext) {
            Ok(_) => vec![],
            Err(errors) => errors.into_iter().map(|e| (e.field, e.code)).collect(),
        }
    }

    #[test]
    fn terms_left_out_are_the_standard_ones() {
        let form: BinForm = serde_json::from_value(
            json!({ "bin": " 411111 ", "location": "hk", "org": " VISA ", "utcOffset": "+08:00" }),
        )
        .expect("a form");
        assert_eq!(
            form.parse(&NoContext),
            Ok(BinTerms {
                bin: "411111".to_owned(),
                location: "HK".to_owned(),
                org: "VISA".to_owned(),
                rates: [Rate(100), Rate(100), Rate(15), Rate(0)],
                limits: STANDARD_LIMITS,
                utc_offset_minutes: 480,
            })
        );
        let form: BinForm = serde_json::from_value(json!({
            "bin": "41111122", "location": "US", "org": "Mastercard", "rechargeRate": "0.02",
            "refundRate": 0.005, "limitPerTransaction": "500", "limitDaily": "500.00",
            "limitMonthly": "1000"
        }))
        .expect("a form");
        let terms = form.parse(&NoContext).expect("valid");
        assert_eq!(terms.rates, [Rate(200), Rate(100), Rate(15), Rate(50)]);
        assert_eq!(terms.limits, [50_000, 50_000, 100_000]);
        assert_eq!(terms.utc_offset_minutes, 0);
    }

    #[test]
    fn each_field_is_judged_by_the_bin_rules() {
        assert_eq!(
            codes(json!({})),
            vec![
                ("bin".to_owned(), ErrorCode::RequiredInput),
                ("location".to_owned(), ErrorCode::RequiredChoice),
                ("org".to_owned(), ErrorCode::RequiredInput),
            ]
        );
        assert_eq!(
            codes(json!({
                "bin": "4111", "location": "XX", "org": "V".repeat(33), "paymentRate": "1.5",
                "limitDaily": "-1", "utcOffset": "+08:10"
            })),
            vec![
                ("bin".to_owned(), ErrorCode::BinNumberInvalid),
                ("location".to_owned(), ErrorCode::CountryInvalid),
                ("org".to_owned(), ErrorCode::TextTooLong),
                ("paymentRate".to_owned(), ErrorCode::RateInvalid),
                ("limitDaily".to_owned(), ErrorCode::AmountNotPositive),
                ("utcOffset".to_owned(), ErrorCode::UtcOffsetInvalid),
            ]
        );
    }

    #[test]
    fn limits_must_grow_standard_ones_counting() {
        let base = |extra: serde_json::Value| {
            let mut v = json!({ "bin": "411111", "location": "US", "org": "VISA" });
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            codes(v)
        };
        assert_eq!(
            base(json!({ "limitPerTransaction": "30000" })),
            vec![("limitPerTransaction".to_owned(), ErrorCode::BinLimitsOrder)]
        );
        assert_eq!(
            base(json!({ "limitDaily": "60000" })),
            vec![("limitDaily".to_owned(), ErrorCode::BinLimitsOrder)]
        );
        assert!(base(json!({ "limitDaily": "60000", "limitMonthly": "60000" })).is_empty());
    }
}
