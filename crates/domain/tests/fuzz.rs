//! Arbitrary input never makes the domain panic, and what it accepts it reads back: amounts,
//! every form (with the shared vectors' contexts), masks. The web app's agreement test sends
//! random cases to the same code through wasm and natively (`examples/oracle.rs`) and compares.

use domain::forms::FormName;
use domain::money::{amount_text, parse_amount};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Any JSON value, nested a little.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,40}".prop_map(Value::String),
        "[0-9０-９.,+ -]{0,20}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::hash_map("[a-zA-Z]{1,24}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A context each form accepts.
fn context(form: FormName) -> Value {
    match form {
        FormName::Recharge => json!({ "availableBalance": 100_000 }),
        FormName::Withdrawal => json!({
            "now": 1_700_000_000_000_i64, "availableBalance": 100_000, "minimum": 5_000,
            "maximum": 1_000_000, "dailyLeft": 500_000, "monthlyLeft": 900_000,
            "destination": { "usableFrom": 1_700_000_000_000_i64, "needsNewDetails": false, "capLeft": 50_000 }
        }),
        FormName::CryptoWithdrawal => json!({
            "coin": "USDT", "network": "TRX", "available": 250_000_000, "fee": 1_000_000,
            "minimum": 10_000_000, "maximum": 100_000_000_000_i64, "multiple": 1,
            "dailyLeft": 200_000_000, "withdrawEnabled": true, "memoRequired": false
        }),
        FormName::ExchangeQuote => json!({
            "terms": { "from": "USDT", "to": "BTC", "fromPrice": 99_980_000,
                "toPrice": 6_500_000_000_000_i64, "spreadBps": 50, "feeBps": 100 },
            "minimum": 10_000_000, "maximum": 100_000_000_000_i64, "available": 250_000_000,
            "enabled": true
        }),
        FormName::FundSubscribe => json!({
            "productId": "current-usd",
            "product": { "type": "CURRENT", "annualRate": "3.65", "asset": "USD" },
            "today": "2028-02-29", "open": true, "minimum": 100, "maximum": 100_000_000,
            "balances": { "wallet": 50_000, "usd": 2_000_000, "fund": 0 }
        }),
        FormName::FundRedeem => json!({
            "productId": "fixed-90",
            "product": { "type": "FIXED", "annualRate": "3.65", "asset": "USD",
                "fixed": { "raiseDate": "2027-12-20", "interestDate": "2027-12-27", "period": 90 } },
            "positionId": "p1", "today": "2028-01-06", "redeemable": 1_234_567
        }),
        FormName::BasicIdentityStep1 => json!({ "today": "2026-03-15" }),
        FormName::IndividualInvestor => json!({ "basicCountry": "US" }),
        FormName::Aml | FormName::Qi => json!({ "investorType": 0 }),
        FormName::ReviewDecision => json!({ "fields": ["frontImg", "backImg"] }),
        FormName::BindMobile | FormName::Verification => {
            json!({ "email": true, "mfa": true, "security": true })
        }
        FormName::Switch => json!({
            "security": true, "mfa": [{ "id": "1", "remark": "phone" }],
            "login": { "email": true, "mfa": false },
            "trade": { "email": true, "mfa": false, "security": false }
        }),
        _ => Value::Null,
    }
}

proptest! {
    #[test]
    fn an_accepted_amount_reads_back_as_the_same_amount(text in ".{0,24}", scale in 0_u8..=8) {
        if let Ok(minor) = parse_amount(&text, scale) {
            prop_assert_eq!(parse_amount(&amount_text(minor, scale), scale), Ok(minor));
        }
    }

    #[test]
    fn amounts_that_look_like_amounts_never_panic(text in "[-0-9０-９.,]{0,24}", scale in 0_u8..=8) {
        let _ = parse_amount(&text, scale);
    }

    #[test]
    fn every_form_answers_any_input_with_field_errors(form in proptest::sample::select(FormName::ALL), input in json_value()) {
        let errors = domain::validate(form, &input, &context(form)).expect("a valid context");
        if !input.is_object() {
            prop_assert_eq!(errors.len(), 1);
        }
    }

    #[test]
    fn any_text_is_an_address_of_one_network_at_most(
        text in prop_oneof![".{0,80}", "(bc1|BC1|0x|T|1|3)[0-9a-zA-Z]{0,70}"],
        previous in ".{0,50}",
    ) {
        use domain::wallet::{AddressError, Network, check_address, identify_network, looks_like};
        let valid: Vec<Network> = Network::ALL
            .into_iter()
            .filter(|n| check_address(*n, &text).is_ok())
            .collect();
        prop_assert!(valid.len() <= 1);
        prop_assert_eq!(identify_network(&text), valid.first().copied());
        for network in Network::ALL {
            if let Ok(canonical) = check_address(network, &text) {
                // The canonical spelling is itself valid, and canonical.
                prop_assert_eq!(check_address(network, &canonical), Ok(canonical.clone()));
            } else if let Some(other) = valid.first() {
                prop_assert_eq!(check_address(network, &text), Err(AddressError::WrongNetwork(*other)));
            }
        }
        let _ = looks_like(&previous, &text);
    }

    #[test]
    fn a_masked_card_number_shows_at_most_ten_digits(number in "[0-9 -]{0,30}") {
        let masked = domain::mask::mask_card_number(&number);
        prop_assert!(masked.chars().filter(char::is_ascii_digit).count() <= 10, "{}", masked);
    }

    #[test]
    fn masks_never_panic(text in ".{0,60}") {
        let _ = domain::mask::mask_email(&text);
        let _ = domain::mask::mask_card_number(&text);
        let _ = domain::mask::group_by_four(&text);
    }
}
