//! The markets module's exports: what the wallet, exchange and fund pages need besides the core
//! module (crypto address checks and their hashes, crypto withdrawal, exchange previews, rate
//! texts and prices, fund previews and accrual, and their forms).

use domain::exchange::{ExchangeTerms, RateKind, Side};
use domain::fund::{AccrualRun, ProductTerms};
use domain::wallet::{AddressCheck, Network};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{Result, from_js, safe_integer, to_js};

/// An amount of a coin as the API writes it ("12345.50000000"), shown with every decimal of the
/// coin kept and thousands separators ("12,345.50000000"); `undefined` for an unknown coin or
/// text that is not an amount of it.
#[wasm_bindgen(js_name = formatCoinAmount)]
pub fn format_coin_amount(text: &str, coin_code: &str) -> Option<String> {
    let scale = domain::wallet::Coin::from_code(coin_code)?.scale();
    let minor = domain::money::parse_amount(text, scale).ok()?;
    Some(domain::money::format_exact_amount(minor, scale))
}

/// A rate as the API writes it ("64869.6088264794") with thousands separators
/// ("64,869.6088264794"), every decimal kept; `undefined` for text that is not a plain decimal.
#[wasm_bindgen(js_name = formatDecimalText)]
pub fn format_decimal_text(text: &str) -> Option<String> {
    domain::money::format_decimal_text(text)
}

/// Whether `text` is an address of `network`: its canonical spelling, or the error code and,
/// for an address of another network, that network.
#[wasm_bindgen(js_name = checkAddress, unchecked_return_type = "AddressCheck")]
pub fn check_address(
    #[wasm_bindgen(unchecked_param_type = "Network")] network: JsValue,
    text: &str,
) -> Result<JsValue> {
    let network: Network = from_js(network, "network")?;
    to_js(&AddressCheck::of(network, text))
}

/// The network `text` is a valid address of, or `undefined`.
#[wasm_bindgen(js_name = identifyNetwork, unchecked_return_type = "Network | undefined")]
pub fn identify_network(text: &str) -> Result<JsValue> {
    match domain::wallet::identify_network(text) {
        Some(network) => to_js(&network),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Whether `candidate` looks like the previously used `previous` without being it (same ends,
/// different middle): the browser warns before the withdrawal is confirmed.
#[wasm_bindgen(js_name = looksLike)]
pub fn looks_like(previous: &str, candidate: &str) -> bool {
    domain::wallet::looks_like(previous, candidate)
}

/// The most a crypto withdrawal may send (minor units of the coin), the fee on top.
#[wasm_bindgen(js_name = cryptoWithdrawalMax)]
pub fn crypto_withdrawal_max(available: f64, fee: f64, multiple: f64, maximum: f64) -> Result<f64> {
    let max = domain::wallet::max_withdrawal(
        safe_integer(available)?,
        safe_integer(fee)?,
        safe_integer(multiple)?,
        safe_integer(maximum)?,
    );
    #[allow(clippy::cast_precision_loss)] // at most `available`, within 2^53
    Ok(max as f64)
}

/// What a swap of `amountText` (typed in the `side`'s asset) gives and costs under `terms`,
/// exactly as the server will price it; or the catalogue code of why it cannot be priced.
#[wasm_bindgen(js_name = exchangePreview, unchecked_return_type = "Priced | { error: ErrorCode }")]
pub fn exchange_preview(
    #[wasm_bindgen(unchecked_param_type = "ExchangeTerms")] terms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Side")] side: &str,
    amount_text: &str,
) -> Result<JsValue> {
    let terms: ExchangeTerms = from_js(terms, "exchange terms")?;
    match domain::exchange::preview(&terms, text_arg(Side::parse(side), "side")?, amount_text) {
        Ok(priced) => to_js(&priced),
        Err(error) => to_js(&PreviewError { error }),
    }
}

#[derive(Serialize)]
struct PreviewError {
    error: domain::ErrorCode,
}

/// The reference or effective rate under `terms` (`to` per one whole `from`, "65000.00"), or
/// `undefined` when the terms cannot price.
#[wasm_bindgen(js_name = exchangeRateText)]
pub fn exchange_rate_text(
    #[wasm_bindgen(unchecked_param_type = "ExchangeTerms")] terms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RateKind")] kind: &str,
) -> Result<Option<String>> {
    let terms: ExchangeTerms = from_js(terms, "exchange terms")?;
    let kind = text_arg(RateKind::parse(kind), "rate kind")?;
    Ok(domain::exchange::rate_text(&terms, kind))
}

/// Subscribing `amountText` to a fund product on `today` (`YYYY-MM-DD`): the value date, the
/// interest start date, the delivery date and the interest, or the error code.
#[wasm_bindgen(
    js_name = fundSubscribePreview,
    unchecked_return_type = "SubscribePreview | { error: ErrorCode }"
)]
pub fn fund_subscribe_preview(
    #[wasm_bindgen(unchecked_param_type = "ProductTerms")] product: JsValue,
    today: &str,
    amount_text: &str,
) -> Result<JsValue> {
    let product: ProductTerms = from_js(product, "product terms")?;
    match domain::fund::subscribe_preview_for(&product, today, amount_text) {
        Ok(preview) => to_js(&preview),
        Err(error) => to_js(&PreviewError { error }),
    }
}

/// Redeeming `amountText` of a fund product on `today`: the delivery date and the interest an
/// early redemption forfeits, or the error code.
#[wasm_bindgen(
    js_name = fundRedeemPreview,
    unchecked_return_type = "RedeemPreview | { error: ErrorCode }"
)]
pub fn fund_redeem_preview(
    #[wasm_bindgen(unchecked_param_type = "ProductTerms")] product: JsValue,
    today: &str,
    amount_text: &str,
) -> Result<JsValue> {
    let product: ProductTerms = from_js(product, "product terms")?;
    match domain::fund::redeem_preview_for(&product, today, amount_text) {
        Ok(preview) => to_js(&preview),
        Err(error) => to_js(&PreviewError { error }),
    }
}

/// A fund position's accrual day by day (the server's job and a catch-up post exactly these).
#[wasm_bindgen(js_name = fundAccrue, unchecked_return_type = "Accrual")]
pub fn fund_accrue(
    #[wasm_bindgen(unchecked_param_type = "AccrualRun")] run: JsValue,
) -> Result<JsValue> {
    let run: AccrualRun = from_js(run, "accrual run")?;
    to_js(&domain::fund::accrue(&run))
}

/// A text enum passed as a string: parsed by its own table rather than through serde, which
/// would add a deserializer to the module for each enum.
fn text_arg<T>(value: Option<T>, what: &str) -> Result<T> {
    value.ok_or_else(|| JsError::new(&format!("invalid {what}")))
}

/// A price (10⁻⁸ USD per whole unit) as people read it: "65,000.00", "0.9998".
#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(price: f64) -> Result<String> {
    Ok(domain::exchange::format_price(safe_integer(price)?))
}
