//! Rates as people read them: how much of `to` one whole `from` gives, as plain decimal text
//! truncated to [`RATE_DECIMALS`] decimals with at least two ("65000.00", "0.0000153846").

use super::prices::at_least_two_decimals;
use super::pricing::Priced;
use super::ratio::Ratio;
use super::terms::{BPS_UNIT, ExchangeTerms};
use crate::macros::text_enum;

/// Decimals a rate is shown with at most (the rest is cut, not rounded).
pub const RATE_DECIMALS: u32 = 10;

text_enum! {
    /// Which rate of a pair.
    pub enum RateKind {
        /// At the prices alone: from_price / to_price.
        Reference = "reference",
        /// After the fee and the spread (before rounding to minor units).
        Effective = "effective",
    }
}

/// The rate of `kind` under `terms`; `None` when the terms cannot price.
pub fn rate_text(terms: &ExchangeTerms, kind: RateKind) -> Option<String> {
    terms.check().ok()?;
    let (from_price, to_price) = (
        u128::from(terms.from_price.unsigned_abs()),
        u128::from(terms.to_price.unsigned_abs()),
    );
    let ratio = match kind {
        RateKind::Reference => Ratio::new(from_price, to_price),
        RateKind::Effective => {
            let unit = u128::from(BPS_UNIT);
            let kept = |bps: u32| unit - u128::from(bps);
            Ratio::new(
                from_price * kept(terms.fee_bps) * kept(terms.spread_bps),
                to_price * unit * unit,
            )
        }
    }?;
    decimal_text(ratio)
}

/// The reference rate: at the prices alone.
pub fn reference_rate(terms: &ExchangeTerms) -> Option<String> {
    rate_text(terms, RateKind::Reference)
}

/// The effective rate: after the fee and the spread.
pub fn effective_rate(terms: &ExchangeTerms) -> Option<String> {
    rate_text(terms, RateKind::Effective)
}

/// The rate a priced swap gives: its `to` amount per whole `from` given, rounding included.
pub fn priced_rate(terms: &ExchangeTerms, priced: &Priced) -> Option<String> {
    let whole =
        |amount: i64, scale: u8| u128::from(amount.unsigned_abs()) * 10_u128.pow(u32::from(scale));
    decimal_text(Ratio::new(
        whole(priced.to_amount, terms.from.scale()),
        whole(priced.from_amount, terms.to.scale()),
    )?)
}

/// The ratio cut to [`RATE_DECIMALS`] decimals. (Whole part and decimals each fit 64 bits for
/// any terms that price, and are printed as such: 128-bit printing would cost the browser's
/// module a kilobyte and a half.)
fn decimal_text(ratio: Ratio) -> Option<String> {
    let unit = 10_u128.pow(RATE_DECIMALS);
    let whole = ratio.floor(1)?;
    let decimals = ratio.floor(unit)? - whole * unit;
    let (whole, decimals) = (u64::try_from(whole).ok()?, u64::try_from(decimals).ok()?);
    let width = RATE_DECIMALS as usize;
    Some(at_least_two_decimals(format!("{whole}.{decimals:0width$}")))
}

#[cfg(test)]
mod tests {
    use super::super::{Asset, USD_PRICE, price};
    use super::*;
    use crate::exchange::Side;

    const BTC: i64 = 6_500_000_000_000; // 65 000.00 USD

    fn terms(from: Asset, to: Asset, from_price: i64, to_price: i64) -> ExchangeTerms {
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
    fn reference_rates_are_cut_at_ten_decimals_keeping_two() {
        let usd_btc = terms(Asset::Usd, Asset::Btc, USD_PRICE, BTC);
        assert_eq!(reference_rate(&usd_btc).as_deref(), Some("0.0000153846"));
        let btc_usd = terms(Asset::Btc, Asset::Usd, BTC, USD_PRICE);
        assert_eq!(reference_rate(&btc_usd).as_deref(), Some("65000.00"));
        // 1 / 3 is cut, never rounded: …3333, and 2 / 3 …6666.
        let third = terms(Asset::Eth, Asset::Btc, 100_000_000, 300_000_000);
        assert_eq!(reference_rate(&third).as_deref(), Some("0.3333333333"));
        let two_thirds = terms(Asset::Eth, Asset::Btc, 200_000_000, 300_000_000);
        assert_eq!(reference_rate(&two_thirds).as_deref(), Some("0.6666666666"));
        let tiny = terms(Asset::Eth, Asset::Btc, 1, 90_000_000_000_000);
        assert_eq!(reference_rate(&tiny).as_deref(), Some("0.00"));
        assert_eq!(reference_rate(&terms(Asset::Btc, Asset::Btc, 1, 1)), None);
    }

    #[test]
    fn the_effective_rate_takes_the_fee_and_the_spread() {
        let charged = ExchangeTerms {
            fee_bps: 100,
            spread_bps: 50,
            ..terms(Asset::Btc, Asset::Usd, BTC, USD_PRICE)
        };
        // 65 000 · 0.99 · 0.995 = 65 000 · 0.98505 = 64 028.25
        assert_eq!(effective_rate(&charged).as_deref(), Some("64028.25"));
        assert_eq!(
            rate_text(&charged, RateKind::Reference).as_deref(),
            Some("65000.00")
        );
    }

    #[test]
    fn a_priced_rate_is_what_the_swap_gave() {
        let usd_btc = terms(Asset::Usd, Asset::Btc, USD_PRICE, BTC);
        let priced = price(&usd_btc, Side::From, 6_500_000).unwrap();
        assert_eq!(priced.to_amount, 100_000_000);
        assert_eq!(
            priced_rate(&usd_btc, &priced).as_deref(),
            Some("0.0000153846")
        );
        // 1 cent buys 15 sat (0.0000153846… BTC → 15.38 sat, cut): 15 sat per cent.
        let cent = price(&usd_btc, Side::From, 1).unwrap();
        assert_eq!(priced_rate(&usd_btc, &cent).as_deref(), Some("0.000015"));
    }
}
