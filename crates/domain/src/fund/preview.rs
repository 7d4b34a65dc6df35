//! What a subscription or a redemption will do, shown before it is confirmed; the server
//! executes the same figures.

use serde::Serialize;

use super::product::{FixedPhase, ProductTerms, ProductType};
use super::rate::day_interest;
use crate::date::Date;
use crate::error::ErrorCode;
use crate::money::{AmountError, MAX_AMOUNT_MINOR, parse_amount};

/// What subscribing `amount` on a day gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SubscribePreview {
    /// The subscribed amount, in minor units (= shares).
    pub amount: i64,
    /// The day the shares are bought: today.
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub value_date: Date,
    /// The first day they earn: tomorrow (current), the interest date (fixed).
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub interest_start_date: Date,
    /// The day the first day's interest shows (the day after it).
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub first_profit_date: Date,
    /// Fixed: the day principal and interest reach the fund account (the maturity date);
    /// null for the current product, which is redeemed at will.
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub delivery_date: Option<Date>,
    /// What one day earns on `amount`, rounded down (the current product's first day).
    pub daily_interest: i64,
    /// Fixed: what the whole period earns (`period` days of `dailyInterest`); null for the
    /// current product.
    pub expected_interest: Option<i64>,
}

/// What redeeming `amount` on a day gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RedeemPreview {
    pub amount: i64,
    /// The day the money reaches its destination: today.
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub delivery_date: Date,
    /// The last day the redeemed shares earn: today for the current product (its interest
    /// arrives tomorrow); none for a fixed position, whose interest is forfeited.
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub last_interest_date: Option<Date>,
    /// A fixed position redeemed before maturity.
    pub early: bool,
    /// The interest an early redemption gives up: every day earned so far (0 before the
    /// interest date and for the current product).
    pub forfeited_interest: i64,
}

/// Why there is no preview.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreviewError {
    /// Not an amount of the asset (the code says how).
    Amount(ErrorCode),
    /// The product takes no subscription on that day (a fixed product after its raise).
    Closed,
    /// A fixed position on or after its maturity: already paid out.
    Matured,
    /// The terms are not consistent (a programming error of the caller).
    BadTerms,
}

impl PreviewError {
    pub const fn code(self) -> ErrorCode {
        match self {
            Self::Amount(code) => code,
            Self::Closed => ErrorCode::FundProductClosed,
            Self::Matured => ErrorCode::FundPositionMatured,
            Self::BadTerms => ErrorCode::MalformedInput,
        }
    }
}

/// A positive amount of the product's asset in minor units.
pub fn fund_amount(text: &str, scale: u8) -> Result<i64, PreviewError> {
    match parse_amount(text, scale) {
        Ok(minor) if minor > 0 && minor <= MAX_AMOUNT_MINOR => Ok(minor),
        Ok(_) => Err(PreviewError::Amount(ErrorCode::AmountNotPositive)),
        Err(AmountError::Empty) => Err(PreviewError::Amount(ErrorCode::FundAmountRequired)),
        Err(AmountError::Invalid) => Err(PreviewError::Amount(ErrorCode::AmountInvalid)),
        Err(AmountError::TooManyDecimals) => {
            Err(PreviewError::Amount(ErrorCode::AmountTooManyDecimals))
        }
    }
}

/// Subscribing `amount` minor units to `product` on `today`.
pub fn subscribe_preview(
    product: &ProductTerms,
    today: Date,
    amount: i64,
) -> Result<SubscribePreview, PreviewError> {
    if !product.is_consistent() {
        return Err(PreviewError::BadTerms);
    }
    if !product.raising(today) {
        return Err(PreviewError::Closed);
    }
    let daily_interest = day_interest(amount, product.annual_rate, 0).interest;
    let (interest_start_date, delivery_date, expected_interest) = match product.fixed {
        None => (today.add_days(1), None, None),
        Some(fixed) => (
            fixed.interest_date(),
            Some(fixed.maturity_date()),
            Some(daily_interest * i64::from(fixed.period())),
        ),
    };
    Ok(SubscribePreview {
        amount,
        value_date: today,
        interest_start_date,
        first_profit_date: interest_start_date.add_days(1),
        delivery_date,
        daily_interest,
        expected_interest,
    })
}

/// Redeeming `amount` minor units of a position of `product` on `today`; a fixed position is
/// redeemed whole (`amount` is its principal).
pub fn redeem_preview(
    product: &ProductTerms,
    today: Date,
    amount: i64,
) -> Result<RedeemPreview, PreviewError> {
    if !product.is_consistent() {
        return Err(PreviewError::BadTerms);
    }
    let preview = RedeemPreview {
        amount,
        delivery_date: today,
        last_interest_date: None,
        early: false,
        forfeited_interest: 0,
    };
    match (product.product_type, product.fixed) {
        (ProductType::Fixed, Some(fixed)) => {
            let phase = fixed.phase(today);
            if phase == FixedPhase::Matured {
                return Err(PreviewError::Matured);
            }
            let daily = day_interest(amount, product.annual_rate, 0).interest;
            Ok(RedeemPreview {
                early: phase == FixedPhase::Earning,
                forfeited_interest: daily * fixed.days_earned_before(today),
                ..preview
            })
        }
        _ => Ok(RedeemPreview {
            last_interest_date: Some(today),
            ..preview
        }),
    }
}

/// [`subscribe_preview`] of an amount as typed, on a `YYYY-MM-DD` day: what the browser shows
/// while the user types, or the code of what is wrong.
pub fn subscribe_preview_for(
    product: &ProductTerms,
    today: &str,
    amount: &str,
) -> Result<SubscribePreview, ErrorCode> {
    let today = Date::parse(today).ok_or(ErrorCode::DateInvalid)?;
    let amount = fund_amount(amount, product.scale()).map_err(PreviewError::code)?;
    subscribe_preview(product, today, amount).map_err(PreviewError::code)
}

/// [`redeem_preview`] of an amount as typed, on a `YYYY-MM-DD` day.
pub fn redeem_preview_for(
    product: &ProductTerms,
    today: &str,
    amount: &str,
) -> Result<RedeemPreview, ErrorCode> {
    let today = Date::parse(today).ok_or(ErrorCode::DateInvalid)?;
    let amount = fund_amount(amount, product.scale()).map_err(PreviewError::code)?;
    redeem_preview(product, today, amount).map_err(PreviewError::code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fund::product::FixedTerms;
    use crate::fund::rate::DEFAULT_ANNUAL_RATE;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn current() -> ProductTerms {
        ProductTerms {
            product_type: ProductType::Current,
            annual_rate: DEFAULT_ANNUAL_RATE,
            asset: crate::exchange::Asset::Usd,
            fixed: None,
        }
    }

    fn fixed() -> ProductTerms {
        ProductTerms {
            product_type: ProductType::Fixed,
            fixed: Some(FixedTerms::new(d("2027-12-20"), d("2027-12-27"), 90).unwrap()),
            ..current()
        }
    }

    #[test]
    fn a_current_subscription_earns_from_tomorrow() {
        let p = subscribe_preview(&current(), d("2027-12-31"), 1_000_000).unwrap();
        assert_eq!(p.interest_start_date, d("2028-01-01"));
        assert_eq!(p.first_profit_date, d("2028-01-02"));
        assert_eq!(
            (p.daily_interest, p.delivery_date, p.expected_interest),
            (100, None, None)
        );
    }

    #[test]
    fn a_fixed_subscription_shows_its_dates_and_interest() {
        let p = subscribe_preview(&fixed(), d("2027-12-20"), 1_234_567).unwrap();
        assert_eq!(p.interest_start_date, d("2027-12-27"));
        // 90 days from 27 December 2027, through 29 February 2028.
        assert_eq!(p.delivery_date, Some(d("2028-03-26")));
        assert_eq!(p.daily_interest, 123);
        assert_eq!(p.expected_interest, Some(123 * 90));
        assert_eq!(
            subscribe_preview(&fixed(), d("2027-12-21"), 1),
            Err(PreviewError::Closed)
        );
    }

    #[test]
    fn an_early_redemption_forfeits_the_days_earned() {
        let p = redeem_preview(&fixed(), d("2028-01-06"), 1_234_567).unwrap();
        assert!(p.early);
        assert_eq!(p.forfeited_interest, 123 * 10);
        let waiting = redeem_preview(&fixed(), d("2027-12-26"), 1_234_567).unwrap();
        assert_eq!((waiting.early, waiting.forfeited_interest), (false, 0));
        assert_eq!(
            redeem_preview(&fixed(), d("2028-03-26"), 1),
            Err(PreviewError::Matured)
        );
        let now = redeem_preview(&current(), d("2028-02-29"), 5).unwrap();
        assert_eq!(now.last_interest_date, Some(d("2028-02-29")));
    }

    #[test]
    fn amounts_are_read_at_the_scale() {
        assert_eq!(fund_amount("10.5", 2), Ok(1050));
        assert_eq!(
            fund_amount("0", 2),
            Err(PreviewError::Amount(ErrorCode::AmountNotPositive))
        );
        assert_eq!(
            fund_amount("1.001", 2),
            Err(PreviewError::Amount(ErrorCode::AmountTooManyDecimals))
        );
        assert_eq!(
            fund_amount(" ", 2),
            Err(PreviewError::Amount(ErrorCode::FundAmountRequired))
        );
    }
}
