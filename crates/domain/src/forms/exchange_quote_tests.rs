use serde_json::{Value, json};

use super::*;
use crate::exchange::USD_PRICE;

/// USD → BTC at 65 000.00, fee 1 %, spread 0.5 %; 10 to 100 000 USD a swap; 1 000 USD held.
fn context() -> ExchangeQuoteContext {
    ExchangeQuoteContext {
        terms: ExchangeTerms {
            from: Asset::Usd,
            to: Asset::Btc,
            from_price: USD_PRICE,
            to_price: 6_500_000_000_000,
            spread_bps: 50,
            fee_bps: 100,
        },
        minimum: 1_000,
        maximum: 10_000_000,
        available: 100_000,
        enabled: true,
    }
}

fn form(amounts: Value) -> ExchangeQuoteForm {
    let mut input = json!({"fromCoin": "USD", "toCoin": "BTC"});
    if let (Some(input), Value::Object(amounts)) = (input.as_object_mut(), amounts) {
        input.extend(amounts);
    }
    serde_json::from_value(input).unwrap()
}

fn codes(form: &ExchangeQuoteForm, context: &ExchangeQuoteContext) -> Vec<String> {
    form.parse(context)
        .err()
        .unwrap_or_default()
        .iter()
        .map(|e| format!("{}:{}", e.field, e.code.as_str()))
        .collect()
}

#[test]
fn a_typed_from_amount_is_priced() {
    let parsed = form(json!({"fromAmount": "100"}))
        .parse(&context())
        .unwrap();
    assert_eq!((parsed.side, parsed.amount), (Side::From, 10_000));
    // Fee 1.00, spread ⌈0.495⌉ = 0.50, 98.50 USD buy 151 538 sat, worth exactly 98.50.
    assert_eq!(
        parsed.priced,
        Priced {
            from_amount: 10_000,
            to_amount: 151_538,
            fee: 100,
            spread: 50,
            exchanged: 9_850,
            remainder: 0
        }
    );
}

#[test]
fn a_typed_to_amount_costs_the_least_that_gives_it() {
    // 0.001 BTC is 65.00 USD at reference: before the spread ⌈6 500 / 0.995⌉ = 6 533, before
    // the fee ⌈6 533 / 0.99⌉ = 6 599; fee ⌈65.99⌉ = 66, spread ⌈6 533 · 0.005⌉ = 33.
    let parsed = form(json!({"toAmount": 0.001})).parse(&context()).unwrap();
    assert_eq!((parsed.side, parsed.amount), (Side::To, 100_000));
    assert_eq!(
        parsed.priced,
        Priced {
            from_amount: 6_599,
            to_amount: 100_000,
            fee: 66,
            spread: 33,
            exchanged: 6_500,
            remainder: 0
        }
    );
}

#[test]
fn exactly_one_amount() {
    let c = context();
    assert_eq!(
        codes(&form(json!({})), &c),
        ["fromAmount:exchange_amount_required"]
    );
    assert_eq!(
        codes(&form(json!({"fromAmount": " ", "toAmount": null})), &c),
        ["fromAmount:exchange_amount_required"]
    );
    assert_eq!(
        codes(&form(json!({"fromAmount": "1", "toAmount": "1"})), &c),
        ["toAmount:exchange_one_amount"]
    );
    assert_eq!(
        codes(&form(json!({"fromAmount": true})), &c),
        ["fromAmount:invalid_type"]
    );
}

#[test]
fn amount_rules_apply_in_order() {
    let c = context();
    let cases = [
        (
            json!({"fromAmount": "1.001"}),
            "fromAmount:amount_too_many_decimals",
        ),
        (
            json!({"toAmount": "0.000000001"}),
            "toAmount:amount_too_many_decimals",
        ),
        (json!({"fromAmount": "abc"}), "fromAmount:amount_invalid"),
        (json!({"fromAmount": "0"}), "fromAmount:amount_not_positive"),
        (
            json!({"fromAmount": "9.99"}),
            "fromAmount:exchange_below_minimum",
        ),
        // 0.00015 BTC costs ⌈⌈⌈9.75 USD / 0.995⌉ / 0.99⌉ = 9.90 USD: below the minimum too.
        (
            json!({"toAmount": "0.00015"}),
            "toAmount:exchange_below_minimum",
        ),
        (
            json!({"fromAmount": "100000.01"}),
            "fromAmount:exchange_above_maximum",
        ),
        (
            json!({"toAmount": "90000000"}),
            "toAmount:exchange_above_maximum",
        ),
        (
            json!({"fromAmount": "1000.01"}),
            "fromAmount:insufficient_balance",
        ),
    ];
    for (amounts, code) in cases {
        assert_eq!(codes(&form(amounts.clone()), &c), [code], "{amounts}");
    }
    assert!(codes(&form(json!({"fromAmount": "1000"})), &c).is_empty());
    assert!(codes(&form(json!({"fromAmount": "10"})), &c).is_empty());
    let errors = form(json!({"fromAmount": "5"})).parse(&c).unwrap_err();
    assert_eq!(errors[0].params["amount"], *"10 USD");
    let errors = form(json!({"toAmount": "2"})).parse(&c).unwrap_err();
    assert_eq!(errors[0].params["amount"], *"100000 USD");
}

#[test]
fn an_amount_too_small_to_receive_anything() {
    let c = ExchangeQuoteContext {
        minimum: 1,
        ..context()
    };
    // 1 cent: the fee takes it all.
    assert_eq!(
        codes(&form(json!({"fromAmount": "0.01"})), &c),
        ["fromAmount:exchange_receives_nothing"]
    );
    assert!(codes(&form(json!({"toAmount": "0.00000001"})), &c).is_empty());
}

#[test]
fn the_pair_must_be_two_assets_open_for_swaps() {
    let c = context();
    let mut same = context();
    same.terms.to = Asset::Usd;
    let mut f = form(json!({"fromAmount": "100"}));
    f.to_coin = "USD".into();
    assert_eq!(codes(&f, &same), ["toCoin:exchange_same_asset"]);
    assert_eq!(codes(&f, &c), ["toCoin:option_invalid"]);
    f.to_coin = "BTC".into();
    f.from_coin = "ETH".into();
    assert_eq!(codes(&f, &c), ["fromCoin:option_invalid"]);
    f.from_coin = Input::Missing;
    assert_eq!(codes(&f, &c), ["fromCoin:required_choice"]);
    f.from_coin = "USD".into();
    let closed = ExchangeQuoteContext {
        enabled: false,
        ..c
    };
    assert_eq!(codes(&f, &closed), ["toCoin:exchange_pair_closed"]);
    let mut stale = context();
    stale.terms.to_price = 0;
    assert_eq!(codes(&f, &stale), ["toCoin:exchange_pair_closed"]);
}
