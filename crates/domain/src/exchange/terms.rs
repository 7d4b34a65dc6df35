//! What a swap is priced with: the pair, both prices and the platform's spread and fee, and the
//! side the user typed an amount on.

use serde::{Deserialize, Serialize};

use super::assets::Asset;
use super::prices::{MAX_PRICE, USD_PRICE};
use super::ratio::Ratio;
use crate::error::ErrorCode;
use crate::macros::text_enum;

/// Basis points in one whole: a spread or fee is below it.
pub const BPS_UNIT: u32 = 10_000;

/// A pair's prices and charges, as the server quotes with them and sends them to the browser
/// for its preview.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExchangeTerms {
    pub from: Asset,
    pub to: Asset,
    /// USD per whole `from`, in units of 10⁻⁸ USD (`PRICE_SCALE`).
    pub from_price: i64,
    /// USD per whole `to`, in units of 10⁻⁸ USD.
    pub to_price: i64,
    /// The platform's spread, in basis points of what is left after the fee.
    pub spread_bps: u32,
    /// The platform's fee, in basis points of the amount given.
    pub fee_bps: u32,
}

text_enum! {
    /// The amount the user typed: what they give (`FROM`) or what they receive (`TO`).
    pub enum Side {
        From = "FROM",
        To = "TO",
    }
}

impl Side {
    /// The asset the typed amount is counted in.
    pub const fn asset(self, terms: &ExchangeTerms) -> Asset {
        match self {
            Side::From => terms.from,
            Side::To => terms.to,
        }
    }
}

/// Why an amount could not be priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingError {
    /// The amount is zero or negative.
    NotPositive,
    /// The amount, or what it gives or costs, is above `money::MAX_AMOUNT_MINOR`.
    TooLarge,
    /// The amount is too small to receive a single minor unit of `to`.
    ReceivesNothing,
    /// The terms cannot price anything: the same asset twice, a price not positive or above
    /// `MAX_PRICE`, USD at another price than one dollar, a spread or fee of 100 % or more.
    BadTerms,
}

impl PricingError {
    /// The catalogue code of the error (the preview's answer).
    pub const fn code(self) -> ErrorCode {
        match self {
            PricingError::NotPositive => ErrorCode::AmountNotPositive,
            PricingError::TooLarge => ErrorCode::ExchangeAmountTooLarge,
            PricingError::ReceivesNothing => ErrorCode::ExchangeReceivesNothing,
            PricingError::BadTerms => ErrorCode::ExchangePairClosed,
        }
    }
}

impl ExchangeTerms {
    /// Whether the terms can price: see [`PricingError::BadTerms`].
    pub fn check(&self) -> Result<(), PricingError> {
        let price_ok = |asset: Asset, price: i64| {
            (1..=MAX_PRICE).contains(&price) && (asset != Asset::Usd || price == USD_PRICE)
        };
        let ok = self.from != self.to
            && price_ok(self.from, self.from_price)
            && price_ok(self.to, self.to_price)
            && self.spread_bps < BPS_UNIT
            && self.fee_bps < BPS_UNIT;
        if ok {
            Ok(())
        } else {
            Err(PricingError::BadTerms)
        }
    }

    /// `to` minor units one `from` minor unit is worth at the reference prices:
    /// from_price·10^to_scale / (to_price·10^from_scale).
    pub(super) fn ratio(&self) -> Result<Ratio, PricingError> {
        self.check()?;
        let minor =
            |price: i64, scale: u8| u128::from(price.unsigned_abs()) * 10_u128.pow(scale.into());
        Ratio::new(
            minor(self.from_price, self.to.scale()),
            minor(self.to_price, self.from.scale()),
        )
        .ok_or(PricingError::BadTerms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn terms(from: Asset, to: Asset, from_price: i64, to_price: i64) -> ExchangeTerms {
        ExchangeTerms {
            from,
            to,
            from_price,
            to_price,
            spread_bps: 0,
            fee_bps: 0,
        }
    }

    #[test]
    fn terms_travel_in_camel_case() {
        let t = terms(Asset::Usd, Asset::Btc, USD_PRICE, 6_500_000_000_000);
        assert_eq!(
            serde_json::to_value(t).unwrap(),
            serde_json::json!({"from": "USD", "to": "BTC", "fromPrice": 100_000_000_i64,
                "toPrice": 6_500_000_000_000_i64, "spreadBps": 0, "feeBps": 0})
        );
        assert_eq!(serde_json::to_value(Side::To).unwrap(), "TO");
        assert_eq!(Side::To.asset(&t), Asset::Btc);
    }

    #[test]
    fn bad_terms_price_nothing() {
        let good = terms(Asset::Btc, Asset::Eth, 6_500_000_000_000, 300_000_000_000);
        assert_eq!(good.check(), Ok(()));
        let bad = [
            terms(Asset::Btc, Asset::Btc, 1, 1),
            terms(Asset::Btc, Asset::Eth, 0, 1),
            terms(Asset::Btc, Asset::Eth, 1, -1),
            terms(Asset::Btc, Asset::Eth, MAX_PRICE + 1, 1),
            terms(Asset::Usd, Asset::Eth, 99_999_999, 1),
            ExchangeTerms {
                fee_bps: BPS_UNIT,
                ..good
            },
            ExchangeTerms {
                spread_bps: BPS_UNIT,
                ..good
            },
        ];
        for t in bad {
            assert_eq!(t.check(), Err(PricingError::BadTerms), "{t:?}");
            assert_eq!(t.ratio(), Err(PricingError::BadTerms), "{t:?}");
        }
        assert_eq!(
            ExchangeTerms {
                fee_bps: BPS_UNIT - 1,
                spread_bps: BPS_UNIT - 1,
                ..good
            }
            .check(),
            Ok(())
        );
    }
}
