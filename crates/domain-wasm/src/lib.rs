//! The domain crate for the browser.
//!
//! No logic lives here: each export reads its JavaScript arguments with `serde-wasm-bindgen`
//! (the same `Deserialize` impls the server reads JSON with), calls the same function the
//! server calls, and converts the answer back with its JSON-compatible serializer (plain
//! objects, `null` for absent values, camelCase names: the JSON the server would send).
//! TypeScript types come from the Rust types (`tsify`), so `pkg/domain_wasm.d.ts` is
//! generated, never written by hand.

use domain::card::{CardAction, CardStatus};
use domain::exchange::{ExchangeTerms, RateKind, Side};
use domain::forms::FormName;
use domain::fund::{AccrualRun, ProductTerms};
use domain::gates::{GateState, GatedAction};
use domain::labels::{LabelKind, LabelValue};
use domain::money::Rate;
use domain::security::{SecureAction, SecurityConfig, SwitchModule, SwitchTarget};
use domain::wallet::{AddressCheck, Network};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_wasm_bindgen::{Deserializer, Serializer};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_INPUT: &str = r"
/** What a form field may hold: absent, null, or a value (anything else is `invalid_type`). */
export type Input<T> = T | null | undefined;
/** An amount typed as text or given as a number. */
export type DecimalText = string | number;
/** A one-time code or PIN as typed. */
export type Code = string;
/** Investor type: 0 individual, 1 company. */
export type InvestorType = 0 | 1;
/** A verification's state: 0 not started, 1 approved, 2 in review, 3 rejected. */
export type IdentityStatus = 0 | 1 | 2 | 3;
";

type Result<T> = std::result::Result<T, JsError>;

/// An answer as a plain JavaScript value, exactly the JSON the server would send.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue> {
    value
        .serialize(&Serializer::json_compatible())
        .map_err(|_| JsError::new("answer not serialisable"))
}

fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T> {
    serde_wasm_bindgen::from_value(value).map_err(|_| JsError::new(&format!("invalid {what}")))
}

/// Checks `input` as `form`; answers the field errors (empty when valid).
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "FormName")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] context: JsValue,
) -> Result<JsValue> {
    let form: FormName = from_js(form, "form name")?;
    let errors = domain::validate(form, Deserializer::from(input), Deserializer::from(context))
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&errors)
}

#[wasm_bindgen(js_name = maskEmail)]
pub fn mask_email(email: &str) -> String {
    domain::mask::mask_email(email)
}

#[wasm_bindgen(js_name = maskCardNumber)]
pub fn mask_card_number(card_number: &str) -> String {
    domain::mask::mask_card_number(card_number)
}

#[wasm_bindgen(js_name = groupByFour)]
pub fn group_by_four(text: &str) -> String {
    domain::mask::group_by_four(text)
}

/// Minor units of a typed amount, or `undefined` when it is not a valid amount at `scale`.
#[wasm_bindgen(js_name = parseAmount)]
pub fn parse_amount(text: &str, scale: u8) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)] // amounts stay below 2^53
    domain::money::parse_amount(text, scale)
        .ok()
        .map(|m| m as f64)
}

/// Minor units at `scale` as exact decimal text, the way the API writes amounts
/// (12345, 4 → "1.2345"): what "Max" fills in, every decimal kept.
#[wasm_bindgen(js_name = amountText)]
pub fn amount_text(minor: f64, scale: u8) -> Result<String> {
    Ok(domain::money::amount_text(safe_integer(minor)?, scale))
}

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

#[wasm_bindgen(js_name = formatAmount)]
pub fn format_amount(minor: f64, scale: u8) -> Result<String> {
    Ok(domain::money::format_amount(safe_integer(minor)?, scale))
}

/// A fraction from the API ("0.0015") as a percent ("0.15%"); `undefined` when invalid.
#[wasm_bindgen(js_name = formatRate)]
pub fn format_rate(fraction: &str) -> Option<String> {
    Rate::from_fraction(fraction).map(Rate::to_percent)
}

/// Fee and amount credited for recharging `amount` (typed text) at `rate` (a fraction);
/// `undefined` until the amount is a positive USD amount.
#[wasm_bindgen(js_name = rechargeQuote, unchecked_return_type = "RechargeQuote | undefined")]
pub fn recharge_quote(amount: &str, rate: &str) -> Result<JsValue> {
    match domain::money::recharge_quote_for(amount, rate) {
        Some(quote) => to_js(&quote),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Fee and amount received for withdrawing `amount` (typed text) under the fee terms as the API
/// sends them (`fixed` USD text, `rate` a fraction); `undefined` until the amount is a positive
/// USD amount.
#[wasm_bindgen(js_name = withdrawalQuote, unchecked_return_type = "WithdrawalQuote | undefined")]
pub fn withdrawal_quote(amount: &str, fixed: &str, rate: &str) -> Result<JsValue> {
    match domain::withdrawal::withdrawal_quote_for(amount, fixed, rate) {
        Some(quote) => to_js(&quote),
        None => Ok(JsValue::UNDEFINED),
    }
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

/// `undefined` when the file may be uploaded, else the rejection naming it.
#[wasm_bindgen(js_name = checkFile, unchecked_return_type = "FieldError | undefined")]
pub fn check_file(name: &str, size: f64, head: &[u8]) -> Result<JsValue> {
    let size = u64::try_from(safe_integer(size)?)
        .map_err(|_| JsError::new("size must not be negative"))?;
    match domain::upload::check_file(name, size, head) {
        Ok(_) => Ok(JsValue::UNDEFINED),
        Err(rejection) => to_js(&rejection),
    }
}

/// The files `field` keeps after adding `incoming` to `current`.
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen passes JS arrays as owned vectors
#[wasm_bindgen(js_name = selectFiles, unchecked_return_type = "UploadSelection")]
pub fn select_files(field: &str, current: Vec<String>, incoming: Vec<String>) -> Result<JsValue> {
    to_js(&domain::upload::select_files(field, &current, &incoming))
}

#[wasm_bindgen(js_name = maxFiles)]
pub fn max_files(field: &str) -> usize {
    domain::upload::max_files(field)
}

#[wasm_bindgen(js_name = cardAllows)]
pub fn card_allows(
    #[wasm_bindgen(unchecked_param_type = "CardStatus")] status: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CardAction")] action: JsValue,
) -> Result<bool> {
    let status: CardStatus = from_js(status, "card status")?;
    Ok(status.allows(from_js::<CardAction>(action, "card action")?))
}

#[wasm_bindgen(js_name = cardListed)]
pub fn card_listed(
    #[wasm_bindgen(unchecked_param_type = "CardStatus")] status: JsValue,
) -> Result<bool> {
    Ok(from_js::<CardStatus>(status, "card status")?.is_listed())
}

/// What `amountMinor` USD costs at the standard rates: recharged, paid in USD, paid abroad.
#[wasm_bindgen(js_name = feeExample, unchecked_return_type = "FeeExample")]
pub fn fee_example(amount_minor: f64) -> Result<JsValue> {
    #[allow(clippy::cast_possible_truncation)] // a whole number of cents, checked
    let minor = if amount_minor.fract() == 0.0 && amount_minor.abs() < 1e15 {
        amount_minor as i64
    } else {
        return Err(JsError::new("an amount in whole cents"));
    };
    to_js(&domain::card::fee_example(minor))
}

/// A wire memo as a person typed it, in its canonical spelling; refused with an error named
/// `length`, `character` or `check` (the check character says it was mistyped). A plain string
/// both ways: serialising the `Result` costs the module more than half a kilobyte.
#[wasm_bindgen(js_name = parseWireMemo)]
pub fn parse_wire_memo(text: &str) -> Result<String> {
    domain::wire_memo::WireMemo::parse(text)
        .map(String::from)
        .map_err(|e| JsError::new(e.code()))
}

/// The catalogue key of a status or type label, or `undefined` for an unknown value.
#[wasm_bindgen(js_name = labelKey)]
pub fn label_key(
    #[wasm_bindgen(unchecked_param_type = "LabelKind")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number")] value: &JsValue,
) -> Result<Option<String>> {
    let kind: LabelKind = from_js(kind, "label kind")?;
    let text = value.as_string();
    #[allow(clippy::cast_possible_truncation)] // only whole numbers are codes
    let value = match (&text, value.as_f64()) {
        (Some(t), _) => LabelValue::Text(t),
        (None, Some(n)) if n.fract() == 0.0 => LabelValue::Code(n as i64),
        _ => return Ok(None),
    };
    Ok(domain::labels::label_key(kind, value))
}

/// The first gate the user does not pass for `action`, or `undefined`.
#[wasm_bindgen(js_name = firstClosedGate, unchecked_return_type = "Gate | undefined")]
pub fn first_closed_gate(
    #[wasm_bindgen(unchecked_param_type = "GatedAction")] action: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GateState")] state: JsValue,
) -> Result<JsValue> {
    let action: GatedAction = from_js(action, "gated action")?;
    let state: GateState = from_js(state, "gate state")?;
    match domain::gates::first_closed_gate(action, &state) {
        Some(gate) => to_js(&gate),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// The factors the server will ask for before `action`.
#[wasm_bindgen(js_name = requiredFactors, unchecked_return_type = "Factors")]
pub fn required_factors(
    #[wasm_bindgen(unchecked_param_type = "SecureAction")] action: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SecurityConfig")] config: JsValue,
) -> Result<JsValue> {
    let action: SecureAction = from_js(action, "secure action")?;
    let config: SecurityConfig = from_js(config, "security config")?;
    to_js(&domain::security::required_factors(action, &config))
}

/// `undefined` when the switch may change, else the error code that refuses it.
#[wasm_bindgen(js_name = checkSwitch, unchecked_return_type = "ErrorCode | undefined")]
pub fn check_switch(
    #[wasm_bindgen(unchecked_param_type = "SecurityConfig")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SwitchModule")] module: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SwitchTarget")] target: JsValue,
    on: bool,
) -> Result<JsValue> {
    let config: SecurityConfig = from_js(config, "security config")?;
    let module: SwitchModule = from_js(module, "switch module")?;
    let target: SwitchTarget = from_js(target, "switch target")?;
    match domain::security::check_switch(&config, module, target, on) {
        Ok(()) => Ok(JsValue::UNDEFINED),
        Err(code) => to_js(&code),
    }
}

#[wasm_bindgen(unchecked_return_type = "Constants")]
pub fn constants() -> Result<JsValue> {
    to_js(&domain::constants::CONSTANTS)
}

/// The AML questionnaire's questions and answers.
#[wasm_bindgen(js_name = amlQuestions, unchecked_return_type = "Question[]")]
pub fn aml_questions() -> Result<JsValue> {
    to_js(domain::options::AML_QUESTIONS)
}

/// The QI questionnaire's questions and answers.
#[wasm_bindgen(js_name = qiQuestions, unchecked_return_type = "Question[]")]
pub fn qi_questions() -> Result<JsValue> {
    to_js(domain::options::QI_QUESTIONS)
}

/// JavaScript numbers carry minor units; only whole numbers within 2^53 are amounts.
#[allow(clippy::cast_possible_truncation)]
fn safe_integer(n: f64) -> Result<i64> {
    if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 {
        Ok(n as i64)
    } else {
        Err(JsError::new("expected a whole number of minor units"))
    }
}

/// The module's allocator. The forms allocate little and briefly, so the allocator's size
/// counts for more than its speed: talc without in-place reallocation is a few KB smaller
/// than Rust's default (dlmalloc) and faster.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
