use serde_json::{Value, json};

use super::*;
use crate::forms::{FundRedeemContext, FundRedeemForm};

fn subscribe_context() -> Value {
    json!({
        "productId": "current-usd",
        "product": {"type": "CURRENT", "annualRate": "3.65", "asset": "USD"},
        "today": "2028-02-29",
        "open": true,
        "minimum": 100,
        "maximum": 100_000_000,
        "balances": {"wallet": 50_000, "usd": 2_000_000, "fund": 0}
    })
}

fn codes<F: Form>(form: Value, context: Value) -> Vec<String> {
    let form: F = serde_json::from_value(form).unwrap();
    let context: F::Context = serde_json::from_value(context).unwrap();
    form.parse(&context)
        .err()
        .unwrap_or_default()
        .iter()
        .map(|e| format!("{}:{}", e.field, e.code.as_str()))
        .collect()
}

fn subscribe(amount: &str, source: &str) -> Value {
    json!({"productId": "current-usd", "source": source, "amount": amount})
}

#[test]
fn a_subscription_carries_its_preview() {
    let form: FundSubscribeForm = serde_json::from_value(subscribe("10000", "USD")).unwrap();
    let context = serde_json::from_value(subscribe_context()).unwrap();
    let parsed = form.parse(&context).unwrap();
    assert_eq!(parsed.amount, 1_000_000);
    assert_eq!(parsed.source, FundSource::Usd);
    assert_eq!(parsed.preview.interest_start_date.to_string(), "2028-03-01");
    assert_eq!(parsed.preview.daily_interest, 100);
}

#[test]
fn subscription_amounts_are_checked_in_order() {
    let cases = [
        ("", "amount:fund_amount_required"),
        ("1.001", "amount:amount_too_many_decimals"),
        ("0", "amount:amount_not_positive"),
        ("0.99", "amount:fund_below_minimum"),
        ("1000000.01", "amount:fund_above_maximum"),
        // The wallet holds 500.00.
        ("500.01", "amount:insufficient_balance"),
    ];
    for (amount, code) in cases {
        assert_eq!(
            codes::<FundSubscribeForm>(subscribe(amount, "WALLET"), subscribe_context()),
            [code],
            "{amount}"
        );
    }
    assert!(codes::<FundSubscribeForm>(subscribe("500", "WALLET"), subscribe_context()).is_empty());
}

#[test]
fn the_source_must_suit_the_product() {
    assert_eq!(
        codes::<FundSubscribeForm>(subscribe("1", "FUND"), subscribe_context()),
        ["source:fund_source_invalid"]
    );
    let mut usdt = subscribe_context();
    usdt["product"]["asset"] = json!("USDT");
    assert_eq!(
        codes::<FundSubscribeForm>(subscribe("1", "USD"), usdt),
        ["source:fund_source_invalid"]
    );
}

#[test]
fn a_fixed_product_takes_subscriptions_until_its_raise_date() {
    let mut c = subscribe_context();
    c["product"] = json!({"type": "FIXED", "annualRate": "5", "asset": "USD",
        "fixed": {"raiseDate": "2028-02-28", "interestDate": "2028-03-01", "period": 30}});
    c["balances"]["fund"] = json!(1_000_000);
    assert_eq!(
        codes::<FundSubscribeForm>(subscribe("1", "FUND"), c.clone()),
        ["productId:fund_product_closed"]
    );
    c["today"] = json!("2028-02-28");
    assert!(codes::<FundSubscribeForm>(subscribe("1", "FUND"), c.clone()).is_empty());
    c["open"] = json!(false);
    assert_eq!(
        codes::<FundSubscribeForm>(subscribe("1", "FUND"), c),
        ["productId:fund_product_closed"]
    );
}

fn redeem_context() -> Value {
    json!({
        "productId": "fixed-90",
        "product": {"type": "FIXED", "annualRate": "3.65", "asset": "USD",
            "fixed": {"raiseDate": "2027-12-20", "interestDate": "2027-12-27", "period": 90}},
        "positionId": "p1",
        "today": "2028-01-06",
        "redeemable": 1_234_567
    })
}

fn redeem(amount: &str) -> Value {
    json!({"productId": "fixed-90", "positionId": "p1", "destination": "FUND", "amount": amount})
}

#[test]
fn a_fixed_position_is_redeemed_whole_and_forfeits_its_interest() {
    let form: FundRedeemForm = serde_json::from_value(redeem("12345.67")).unwrap();
    let context: FundRedeemContext = serde_json::from_value(redeem_context()).unwrap();
    let parsed = form.parse(&context).unwrap();
    assert_eq!(parsed.position_id.as_deref(), Some("p1"));
    assert_eq!(parsed.preview.forfeited_interest, 1_230);
    assert_eq!(
        codes::<FundRedeemForm>(redeem("12345"), redeem_context()),
        ["amount:fund_redeem_whole"]
    );
    assert_eq!(
        codes::<FundRedeemForm>(redeem("12345.68"), redeem_context()),
        ["amount:fund_insufficient_shares"]
    );
    let mut matured = redeem_context();
    matured["today"] = json!("2028-03-26");
    assert_eq!(
        codes::<FundRedeemForm>(redeem("12345.67"), matured),
        ["positionId:fund_position_matured"]
    );
    let mut other = redeem("12345.67");
    other["positionId"] = json!("p2");
    assert_eq!(
        codes::<FundRedeemForm>(other, redeem_context()),
        ["positionId:option_invalid"]
    );
}

#[test]
fn the_current_product_redeems_usable_shares_to_the_wallet_or_usd() {
    let context = json!({
        "productId": "current-usd",
        "product": {"type": "CURRENT", "annualRate": "3.65", "asset": "USD"},
        "today": "2028-02-29",
        "redeemable": 500
    });
    let form = |amount: &str, to: &str| json!({"productId": "current-usd", "destination": to, "amount": amount});
    assert!(codes::<FundRedeemForm>(form("3", "USD"), context.clone()).is_empty());
    assert_eq!(
        codes::<FundRedeemForm>(form("5.01", "WALLET"), context.clone()),
        ["amount:fund_insufficient_shares"]
    );
    assert_eq!(
        codes::<FundRedeemForm>(form("1", "FUND"), context),
        ["destination:fund_source_invalid"]
    );
}
