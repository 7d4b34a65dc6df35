//! The core module's exports: what the sign-up, login, security, bank account, withdrawal and
//! card pages need (their forms, masks, money formatting, gates, factors, constants).

use domain::card::{CardAction, CardStatus};
use domain::gates::{GateState, GatedAction};
use domain::labels::{LabelKind, LabelValue};
use domain::money::Rate;
use domain::security::{SecureAction, SecurityConfig, SwitchModule, SwitchTarget};
use wasm_bindgen::prelude::*;

use crate::{Result, from_js, safe_integer, to_js};

/// The module that checks `form`: the web app's form hook asks it which module to load.
#[wasm_bindgen(js_name = formModule, unchecked_return_type = "WasmModule")]
pub fn form_module(
    #[wasm_bindgen(unchecked_param_type = "FormName")] form: JsValue,
) -> Result<JsValue> {
    to_js(&from_js::<domain::FormName>(form, "form name")?.module())
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
