use proptest::prelude::*;

use super::*;
use crate::exchange::{Asset, MAX_PRICE, USD_PRICE};

const BTC: i64 = 6_500_000_000_000; // 65 000.00 USD
const ETH: i64 = 300_000_000_000; // 3 000.00 USD
const USDT: i64 = 99_980_000; // 0.9998 USD

fn terms(from: Asset, to: Asset, spread_bps: u32, fee_bps: u32) -> ExchangeTerms {
    let price = |a: Asset| match a {
        Asset::Usd => USD_PRICE,
        Asset::Btc => BTC,
        Asset::Eth => ETH,
        Asset::Usdt => USDT,
    };
    ExchangeTerms {
        from,
        to,
        from_price: price(from),
        to_price: price(to),
        spread_bps,
        fee_bps,
    }
}

fn priced(
    from_amount: i64,
    to_amount: i64,
    fee: i64,
    spread: i64,
    exchanged: i64,
    remainder: i64,
) -> Priced {
    Priced {
        from_amount,
        to_amount,
        fee,
        spread,
        exchanged,
        remainder,
    }
}

#[test]
fn usd_to_btc_charges_round_up_and_what_is_received_rounds_down() {
    // 100.00 USD, fee 1 %, spread 0.5 %: fee 1.00, spread ⌈99.00·0.005⌉ = 0.50 (0.495 up),
    // net 98.50 → 98.50 / 65 000 BTC = 151 538.46… sat → 151 538 sat, worth
    // ⌈151 538 · 65 000 / 10^8 · 100⌉ = ⌈9 849.97⌉ = 9 850 cents: nothing left over.
    let t = terms(Asset::Usd, Asset::Btc, 50, 100);
    assert_eq!(
        price(&t, Side::From, 10_000),
        Ok(priced(10_000, 151_538, 100, 50, 9_850, 0))
    );
    // 1 cent is 15.38 sat: 15 sat, worth 0.975 cents → 1 cent; nothing charged below a cent
    // when the fee and spread are 0.
    let free = terms(Asset::Usd, Asset::Btc, 0, 0);
    assert_eq!(price(&free, Side::From, 1), Ok(priced(1, 15, 0, 0, 1, 0)));
}

#[test]
fn btc_to_usd_keeps_the_rounding_remainder() {
    // 1 sat = 0.065 cents → 0 cents: receives nothing.
    let t = terms(Asset::Btc, Asset::Usd, 0, 0);
    assert_eq!(price(&t, Side::From, 1), Err(PricingError::ReceivesNothing));
    // 16 sat = 1.04 cents → 1 cent, worth ⌈15.38⌉ = 16 sat: nothing left.
    assert_eq!(price(&t, Side::From, 16), Ok(priced(16, 1, 0, 0, 16, 0)));
    // 30 sat = 1.95 cents → 1 cent, worth 16 sat: 14 sat left over.
    assert_eq!(price(&t, Side::From, 30), Ok(priced(30, 1, 0, 0, 16, 14)));
}

#[test]
fn typed_receive_amounts_cost_the_least_that_gives_them() {
    // Receive 1 BTC for USD with fee 1 %, spread 0.5 %: net ≥ 65 000.00, before the spread
    // ⌈6 500 000 / 0.995⌉ = 6 532 664 cents, before the fee ⌈6 532 664 / 0.99⌉ = 6 598 651.
    let t = terms(Asset::Usd, Asset::Btc, 50, 100);
    let p = price(&t, Side::To, 100_000_000).unwrap();
    assert_eq!(
        p,
        priced(6_598_651, 100_000_000, 65_987, 32_664, 6_500_000, 0)
    );
    assert!(price(&t, Side::From, p.from_amount).unwrap().to_amount >= 100_000_000);
    assert!(price(&t, Side::From, p.from_amount - 1).unwrap().to_amount < 100_000_000);
}

#[test]
fn amounts_out_of_range_are_refused() {
    let t = terms(Asset::Btc, Asset::Usdt, 0, 0);
    assert_eq!(price(&t, Side::From, 0), Err(PricingError::NotPositive));
    assert_eq!(price(&t, Side::To, -5), Err(PricingError::NotPositive));
    assert_eq!(
        price(&t, Side::From, MAX_AMOUNT_MINOR + 1),
        Err(PricingError::TooLarge)
    );
    // 90 million BTC give far more than the largest USDT amount.
    assert_eq!(
        price(&t, Side::From, MAX_AMOUNT_MINOR),
        Err(PricingError::TooLarge)
    );
    // The largest USDT amount costs less than the largest BTC amount, so it can be priced.
    assert!(price(&t, Side::To, MAX_AMOUNT_MINOR).is_ok());
    let bad = ExchangeTerms { to_price: 0, ..t };
    assert_eq!(price(&bad, Side::From, 1), Err(PricingError::BadTerms));
}

#[test]
fn previews_read_the_typed_amount_in_the_sides_asset() {
    let t = terms(Asset::Usd, Asset::Btc, 50, 100);
    assert_eq!(
        preview(&t, Side::From, "100"),
        price(&t, Side::From, 10_000).map_err(PricingError::code)
    );
    assert_eq!(
        preview(&t, Side::To, "1"),
        price(&t, Side::To, 100_000_000).map_err(PricingError::code)
    );
    assert_eq!(
        preview(&t, Side::From, "0.001"),
        Err(ErrorCode::AmountTooManyDecimals)
    );
    assert_eq!(
        preview(&t, Side::To, "0.00000001").map(|p| p.to_amount),
        Ok(1)
    );
    assert_eq!(
        preview(&t, Side::From, " "),
        Err(ErrorCode::ExchangeAmountRequired)
    );
    assert_eq!(
        preview(&t, Side::From, "1e3"),
        Err(ErrorCode::AmountInvalid)
    );
    assert_eq!(
        preview(&t, Side::From, "0"),
        Err(ErrorCode::AmountNotPositive)
    );
    assert_eq!(
        preview(&t, Side::From, "0.01"),
        Err(ErrorCode::ExchangeReceivesNothing)
    );
    let same = terms(Asset::Usd, Asset::Usd, 0, 0);
    assert_eq!(
        preview(&same, Side::From, "1"),
        Err(ErrorCode::ExchangePairClosed)
    );
}

fn any_terms() -> impl Strategy<Value = ExchangeTerms> {
    let asset = prop::sample::select(Asset::ALL);
    let price = prop_oneof![
        1_i64..=1_000,
        1_000_i64..=10_000_000_000_000,
        Just(MAX_PRICE)
    ];
    let bps = || prop_oneof![Just(0_u32), 1_u32..=200, 0_u32..BPS_UNIT];
    (asset.clone(), asset, price.clone(), price, bps(), bps())
        .prop_filter("two assets", |(from, to, ..)| from != to)
        .prop_map(|(from, to, from_price, to_price, spread_bps, fee_bps)| {
            let usd = |asset: Asset, price: i64| {
                if asset == Asset::Usd {
                    USD_PRICE
                } else {
                    price
                }
            };
            ExchangeTerms {
                from,
                to,
                from_price: usd(from, from_price),
                to_price: usd(to, to_price),
                spread_bps,
                fee_bps,
            }
        })
}

fn any_amount() -> impl Strategy<Value = i64> {
    prop_oneof![
        1_i64..=1_000,
        1_i64..=MAX_AMOUNT_MINOR,
        MAX_AMOUNT_MINOR - 1_000..=MAX_AMOUNT_MINOR
    ]
}

fn adds_up(p: &Priced) -> bool {
    [p.fee, p.spread, p.exchanged, p.remainder]
        .iter()
        .all(|v| *v >= 0)
        && p.from_amount == p.fee + p.spread + p.exchanged + p.remainder
}

proptest! {
    #[test]
    fn every_unit_given_is_charged_exchanged_or_left_over(t in any_terms(), a in any_amount()) {
        if let Ok(p) = price(&t, Side::From, a) {
            prop_assert!(adds_up(&p), "{p:?}");
            prop_assert_eq!(p.from_amount, a);
            prop_assert!(p.to_amount >= 1 && p.to_amount <= MAX_AMOUNT_MINOR);
            // At reference, what is received is worth at most what was exchanged, and one unit
            // more would be worth more: from·10^ts·fp vs to·10^fs·tp.
            // (Checked where the products fit 128 bits.)
            let worth = |amount: i64, price: i64, other: Asset| {
                i128::from(amount)
                    .checked_mul(i128::from(price))?
                    .checked_mul(10_i128.pow(other.scale().into()))
            };
            if let (Some(given), Some(given_less), Some(got)) = (
                worth(p.exchanged, t.from_price, t.to),
                worth(p.exchanged - 1, t.from_price, t.to),
                worth(p.to_amount, t.to_price, t.from),
            ) {
                prop_assert!(got <= given);
                prop_assert!(given_less < got);
            }
        }
    }

    #[test]
    fn a_typed_receive_amount_costs_the_least_from_amount_that_gives_it(t in any_terms(), b in any_amount()) {
        if let Ok(p) = price(&t, Side::To, b) {
            prop_assert!(adds_up(&p), "{p:?}");
            prop_assert_eq!(p.to_amount, b);
            // The from amount gives at least B (or more than the largest amount, which is at
            // least B), and one unit less gives less (or nothing).
            let gives = price(&t, Side::From, p.from_amount).map(|q| q.to_amount);
            prop_assert!(gives == Err(PricingError::TooLarge) || gives.is_ok_and(|to| to >= b), "{gives:?}");
            if p.from_amount > 1 {
                let less = price(&t, Side::From, p.from_amount - 1).map(|q| q.to_amount);
                prop_assert!(less == Err(PricingError::ReceivesNothing) || less.is_ok_and(|to| to < b), "{less:?}");
            }
            // The charges are those of the from amount.
            if let Ok(q) = price(&t, Side::From, p.from_amount) {
                prop_assert_eq!((p.fee, p.spread), (q.fee, q.spread));
            }
        }
    }
}

/// The least A found by search agrees with the formula on small amounts, where every A can be
/// tried in turn.
#[test]
fn the_least_from_amount_matches_a_search() {
    for (from, to) in Asset::pairs() {
        for (spread, fee) in [(0, 0), (50, 100), (9_999, 0), (333, 777)] {
            let t = terms(from, to, spread, fee);
            for b in 1..=40 {
                let Ok(p) = price(&t, Side::To, b) else {
                    continue;
                };
                if p.from_amount > 200_000 {
                    continue;
                }
                let least = (1..=p.from_amount)
                    .find(|a| price(&t, Side::From, *a).is_ok_and(|q| q.to_amount >= b));
                assert_eq!(least, Some(p.from_amount), "{t:?} {b}");
            }
        }
    }
}
