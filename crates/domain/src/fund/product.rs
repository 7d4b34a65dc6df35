//! Fund products (SPEC §3 Product): the current product, open every day, and fixed products
//! with a raise, an interest date and a term. Their dates are calendar dates (UTC); every
//! calendar day is a business day of the fund.

use serde::{Deserialize, Serialize};

use super::rate::AnnualRate;
use crate::date::Date;
use crate::exchange::Asset;
use crate::macros::text_enum;

text_enum! {
    /// SPEC §3 Product `type`.
    pub enum ProductType {
        /// Subscribe and redeem any day; earns daily, the interest added to the shares.
        Current = "CURRENT",
        /// Subscribe during the raise; earns from the interest date for `period` days; paid
        /// out at maturity.
        Fixed = "FIXED",
    }
}

text_enum! {
    /// Where a subscription's money comes from and a redemption's goes (SPEC §3).
    pub enum FundSource {
        /// The user's wallet (main account) in the product's asset.
        Wallet = "WALLET",
        /// The user's USD account (wires, cards); only for a USD product.
        Usd = "USD",
        /// The user's fund account: the current product's shares of the same asset.
        Fund = "FUND",
    }
}

impl ProductType {
    /// The sources a subscription may come from and a redemption may go to.
    pub const fn sources(self) -> &'static [FundSource] {
        match self {
            Self::Current => &[FundSource::Wallet, FundSource::Usd],
            Self::Fixed => &[FundSource::Fund],
        }
    }
}

/// The dates of a fixed product. Subscriptions are taken until the end of `raise_date`; the
/// shares earn from `interest_date` (after the raise) for `period` days; principal and interest
/// reach the fund account on the maturity date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", try_from = "FixedDates")]
pub struct FixedTerms {
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    raise_date: Date,
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    interest_date: Date,
    period: u16,
}

/// The dates as sent, before they are checked.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FixedDates {
    raise_date: Date,
    interest_date: Date,
    period: u16,
}

/// Why a fixed product's dates were refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermsError {
    /// The interest date is not after the raise date.
    InterestBeforeRaiseEnds,
    /// The period is 0 days, or longer than [`MAX_PERIOD_DAYS`].
    Period,
}

impl std::fmt::Display for TermsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::InterestBeforeRaiseEnds => "the interest date must come after the raise date",
            Self::Period => "the period must be 1 to 3660 days",
        })
    }
}

/// The longest term: ten years of days.
pub const MAX_PERIOD_DAYS: u16 = 3660;

impl TryFrom<FixedDates> for FixedTerms {
    type Error = TermsError;

    fn try_from(d: FixedDates) -> Result<Self, TermsError> {
        FixedTerms::new(d.raise_date, d.interest_date, d.period)
    }
}

text_enum! {
    /// Where a fixed product stands on a date.
    pub enum FixedPhase {
        /// On or before the raise date: open for subscription.
        Raising = "RAISING",
        /// After the raise, before the interest date: closed, not yet earning.
        Waiting = "WAITING",
        /// From the interest date until the day before maturity: earning.
        Earning = "EARNING",
        /// On and after the maturity date: paid out.
        Matured = "MATURED",
    }
}

impl FixedTerms {
    /// The terms, when the interest date follows the raise date and the period is 1 to
    /// [`MAX_PERIOD_DAYS`] days.
    pub fn new(raise_date: Date, interest_date: Date, period: u16) -> Result<Self, TermsError> {
        if interest_date <= raise_date {
            return Err(TermsError::InterestBeforeRaiseEnds);
        }
        if period == 0 || period > MAX_PERIOD_DAYS {
            return Err(TermsError::Period);
        }
        Ok(FixedTerms {
            raise_date,
            interest_date,
            period,
        })
    }

    /// The last day subscriptions are taken.
    pub const fn raise_date(&self) -> Date {
        self.raise_date
    }

    /// The first day the shares earn.
    pub const fn interest_date(&self) -> Date {
        self.interest_date
    }

    /// Days the shares earn.
    pub const fn period(&self) -> u16 {
        self.period
    }

    /// The day principal and interest are paid out: `period` days after the interest date
    /// (it earns nothing itself).
    pub fn maturity_date(&self) -> Date {
        self.interest_date.add_days(i64::from(self.period))
    }

    /// The last day that earns.
    pub fn last_interest_date(&self) -> Date {
        self.maturity_date().add_days(-1)
    }

    pub fn phase(&self, today: Date) -> FixedPhase {
        if today <= self.raise_date {
            FixedPhase::Raising
        } else if today < self.interest_date {
            FixedPhase::Waiting
        } else if today < self.maturity_date() {
            FixedPhase::Earning
        } else {
            FixedPhase::Matured
        }
    }

    /// Days that have earned before `today` (0 before the interest date, at most the period).
    pub fn days_earned_before(&self, today: Date) -> i64 {
        self.interest_date
            .days_until(today)
            .clamp(0, i64::from(self.period))
    }
}

/// What the previews and forms need of a product: its type, rate, asset and, for a fixed
/// product, its dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductTerms {
    #[serde(rename = "type")]
    pub product_type: ProductType,
    #[cfg_attr(feature = "ts", tsify(type = "string"))]
    /// Percent text ("3.65").
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "3.65"))]
    pub annual_rate: AnnualRate,
    /// The product's asset (USD by default): one share is one minor unit of it.
    pub asset: Asset,
    /// Present exactly for a fixed product.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub fixed: Option<FixedTerms>,
}

impl ProductTerms {
    /// Whether the terms hang together: dates exactly for a fixed product.
    pub fn is_consistent(&self) -> bool {
        (self.product_type == ProductType::Fixed) == self.fixed.is_some()
    }

    /// Decimals of the asset's minor unit (USD 2).
    pub const fn scale(&self) -> u8 {
        self.asset.scale()
    }

    /// Whether subscriptions may come from (and redemptions go to) `source`: the type's
    /// sources, and the USD account only for a USD product.
    pub fn accepts(&self, source: FundSource) -> bool {
        self.product_type.sources().contains(&source)
            && (source != FundSource::Usd || self.asset == Asset::Usd)
    }

    /// Whether a subscription is taken on `today` (an operator may also close a product).
    pub fn raising(&self, today: Date) -> bool {
        self.fixed
            .is_none_or(|f| f.phase(today) == FixedPhase::Raising)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn a_fixed_product_earns_its_period_from_the_interest_date() {
        let t = FixedTerms::new(d("2028-02-20"), d("2028-02-25"), 7).unwrap();
        // Through 29 February 2028.
        assert_eq!(t.maturity_date(), d("2028-03-03"));
        assert_eq!(t.last_interest_date(), d("2028-03-02"));
        assert_eq!(t.phase(d("2028-02-20")), FixedPhase::Raising);
        assert_eq!(t.phase(d("2028-02-21")), FixedPhase::Waiting);
        assert_eq!(t.phase(d("2028-02-25")), FixedPhase::Earning);
        assert_eq!(t.phase(d("2028-03-02")), FixedPhase::Earning);
        assert_eq!(t.phase(d("2028-03-03")), FixedPhase::Matured);
        assert_eq!(t.days_earned_before(d("2028-02-24")), 0);
        assert_eq!(t.days_earned_before(d("2028-03-01")), 5);
        assert_eq!(t.days_earned_before(d("2029-01-01")), 7);
    }

    #[test]
    fn a_term_across_the_year_end() {
        let t = FixedTerms::new(d("2026-12-15"), d("2026-12-16"), 30).unwrap();
        assert_eq!(t.maturity_date(), d("2027-01-15"));
    }

    #[test]
    fn bad_dates_are_refused() {
        let same = FixedTerms::new(d("2027-01-01"), d("2027-01-01"), 30);
        assert_eq!(same, Err(TermsError::InterestBeforeRaiseEnds));
        assert_eq!(
            FixedTerms::new(d("2027-01-01"), d("2027-01-02"), 0),
            Err(TermsError::Period)
        );
        let json = serde_json::json!({"raiseDate": "2027-01-02", "interestDate": "2027-01-01", "period": 3});
        assert!(serde_json::from_value::<FixedTerms>(json).is_err());
    }

    #[test]
    fn sources_by_type() {
        assert_eq!(
            ProductType::Current.sources(),
            &[FundSource::Wallet, FundSource::Usd]
        );
        assert_eq!(ProductType::Fixed.sources(), &[FundSource::Fund]);
        let usdt = ProductTerms {
            product_type: ProductType::Current,
            annual_rate: crate::fund::DEFAULT_ANNUAL_RATE,
            asset: Asset::Usdt,
            fixed: None,
        };
        assert!(usdt.accepts(FundSource::Wallet));
        assert!(!usdt.accepts(FundSource::Usd));
        assert!(!usdt.accepts(FundSource::Fund));
    }
}
