//! The domain crate for the browser, as three wasm modules built from this one crate (`make
//! pkg`): the feature `core` (the default) builds the core module, `identity` the identity module
//! (basic identity, investor certification, questionnaires, uploads), which only the profile page
//! loads, and `markets` the markets module (wallet, exchange, fund), which only their pages load.
//! Which form each module checks comes from the domain's form registry
//! (`domain::FormName::module`).
//!
//! No logic lives here: each export reads its JavaScript arguments with `serde-wasm-bindgen`
//! (the same `Deserialize` impls the server reads JSON with), calls the same function the
//! server calls, and converts the answer back with its JSON-compatible serializer (plain
//! objects, `null` for absent values, camelCase names: the JSON the server would send).
//! TypeScript types come from the Rust types (`tsify`), so each module's `.d.ts` is generated,
//! never written by hand.

use domain::{FormName, WasmModule};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_wasm_bindgen::{Deserializer, Serializer};
use wasm_bindgen::prelude::*;

#[cfg(feature = "core")]
mod core_exports;
#[cfg(feature = "identity")]
mod identity_exports;
#[cfg(feature = "markets")]
mod markets_exports;

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

/// The module this build is.
#[cfg(all(feature = "core", not(feature = "identity"), not(feature = "markets")))]
const MODULE: WasmModule = WasmModule::Core;
#[cfg(all(feature = "identity", not(feature = "core"), not(feature = "markets")))]
const MODULE: WasmModule = WasmModule::Identity;
#[cfg(all(feature = "markets", not(feature = "core"), not(feature = "identity")))]
const MODULE: WasmModule = WasmModule::Markets;
#[cfg(any(
    all(feature = "core", feature = "identity"),
    all(feature = "core", feature = "markets"),
    all(feature = "identity", feature = "markets"),
))]
compile_error!("one module a build: the feature `core`, `identity` or `markets`, not two");
#[cfg(not(any(feature = "core", feature = "identity", feature = "markets")))]
compile_error!("one module a build: the feature `core` (the default), `identity` or `markets`");

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

/// Checks `input` as `form`, one of this module's forms (`formModule` in the core module says
/// which module checks a form; another module's form is refused); answers the field errors
/// (empty when valid).
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "FormName")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] context: JsValue,
) -> Result<JsValue> {
    let form: FormName = from_js(form, "form name")?;
    let errors = domain::forms::validate_in(
        MODULE,
        form,
        Deserializer::from(input),
        Deserializer::from(context),
    )
    .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&errors)
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
