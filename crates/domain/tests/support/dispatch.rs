//! What each wasm export of `crates/domain-wasm` answers, computed natively: the shared vectors
//! (`tests/vectors.rs`) and the agreement oracle (`examples/oracle.rs`, which the web app's
//! agreement test asks) both call [`dispatch`].

use domain::card::{CardAction, CardStatus};
use domain::forms::FormName;
use domain::gates::{GateState, GatedAction};
use domain::labels::{LabelKind, LabelValue};
use domain::security::{SecureAction, SecurityConfig, SwitchModule, SwitchTarget};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

fn arg<T: DeserializeOwned>(v: &Value, key: &str) -> T {
    serde_json::from_value(v.get(key).cloned().unwrap_or(Value::Null))
        .unwrap_or_else(|e| panic!("argument {key}: {e}"))
}

fn to_value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serialisable")
}

/// What the wasm export of the same name answers for `case`.
pub fn dispatch(kind: &str, case: &Map<String, Value>) -> Value {
    let input = case.get("input").unwrap_or(&Value::Null);
    match kind {
        "validate" => {
            let form: FormName = serde_json::from_value(case["form"].clone()).expect("form name");
            // The server's path: a JSON value read by the forms' `Deserialize`.
            let (input, context) = (
                case.get("input").unwrap_or(&Value::Null),
                case.get("context").unwrap_or(&Value::Null),
            );
            to_value(&domain::validate(form, input, context).expect("valid context"))
        }
        "maskEmail" => json!(domain::mask::mask_email(input.as_str().expect("text"))),
        "maskCardNumber" => json!(domain::mask::mask_card_number(
            input.as_str().expect("text")
        )),
        "parseAmount" => json!(
            domain::money::parse_amount(&arg::<String>(input, "text"), arg(input, "scale")).ok()
        ),
        "formatAmount" => json!(domain::money::format_amount(
            arg(input, "minor"),
            arg(input, "scale")
        )),
        "formatRate" => json!(
            domain::money::Rate::from_fraction(input.as_str().expect("text"))
                .map(domain::money::Rate::to_percent)
        ),
        "rechargeQuote" => to_value(&domain::money::recharge_quote_for(
            &arg::<String>(input, "amount"),
            &arg::<String>(input, "rate"),
        )),
        "withdrawalQuote" => to_value(&domain::withdrawal::withdrawal_quote_for(
            &arg::<String>(input, "amount"),
            &arg::<String>(input, "fixed"),
            &arg::<String>(input, "rate"),
        )),
        "checkFile" => {
            let head: Vec<u8> = arg(input, "head");
            to_value(
                &domain::upload::check_file(
                    &arg::<String>(input, "name"),
                    arg(input, "size"),
                    &head,
                )
                .err(),
            )
        }
        "selectFiles" => {
            let (current, incoming): (Vec<String>, Vec<String>) =
                (arg(input, "current"), arg(input, "incoming"));
            to_value(&domain::upload::select_files(
                &arg::<String>(input, "field"),
                &current,
                &incoming,
            ))
        }
        "maxFiles" => json!(domain::upload::max_files(input.as_str().expect("text"))),
        "labelKey" => {
            let kind: LabelKind = arg(input, "kind");
            let value = match &input["value"] {
                Value::String(s) => Some(LabelValue::Text(s)),
                Value::Number(n) => n
                    .as_f64()
                    .filter(|f| f.fract() == 0.0)
                    .map(|f| LabelValue::Code(safe_integer(f))),
                _ => None,
            };
            json!(value.and_then(|v| domain::labels::label_key(kind, v)))
        }
        "firstClosedGate" => {
            let (action, state): (GatedAction, GateState) =
                (arg(input, "action"), arg(input, "state"));
            to_value(&domain::gates::first_closed_gate(action, &state))
        }
        "requiredFactors" => {
            let (action, config): (SecureAction, SecurityConfig) =
                (arg(input, "action"), arg(input, "config"));
            to_value(&domain::security::required_factors(action, &config))
        }
        "checkSwitch" => {
            let config: SecurityConfig = arg(input, "config");
            let (module, target): (SwitchModule, SwitchTarget) =
                (arg(input, "module"), arg(input, "target"));
            to_value(
                &domain::security::check_switch(&config, module, target, arg(input, "on")).err(),
            )
        }
        "cardAllows" => {
            let (status, action): (CardStatus, CardAction) =
                (arg(input, "status"), arg(input, "action"));
            json!(status.allows(action))
        }
        "parseWireMemo" => to_value(&domain::wire_memo::WireMemo::parse(
            input.as_str().expect("text"),
        )),
        other => wallet(other, input)
            .or_else(|| exchange(other, input))
            .or_else(|| fund(other, input))
            .unwrap_or_else(|| panic!("unknown vector kind {other}")),
    }
}

/// The wallet's exports (`None` for a kind that is not one of them).
fn wallet(kind: &str, input: &Value) -> Option<Value> {
    Some(match kind {
        "checkAddress" => {
            let network: domain::wallet::Network = arg(input, "network");
            to_value(&domain::wallet::AddressCheck::of(
                network,
                &arg::<String>(input, "text"),
            ))
        }
        "identifyNetwork" => to_value(&domain::wallet::identify_network(
            input.as_str().expect("text"),
        )),
        "looksLike" => json!(domain::wallet::looks_like(
            &arg::<String>(input, "previous"),
            &arg::<String>(input, "candidate"),
        )),
        "cryptoWithdrawalMax" => json!(domain::wallet::max_withdrawal(
            arg(input, "available"),
            arg(input, "fee"),
            arg(input, "multiple"),
            arg(input, "maximum"),
        )),
        _ => return None,
    })
}

/// The exchange's exports (`None` for a kind that is not one of them). `exchangePrice` is the
/// `exchangePreview` export: the amount as typed, priced or refused with an error code.
fn exchange(kind: &str, input: &Value) -> Option<Value> {
    use domain::exchange::{ExchangeTerms, RateKind, Side};
    Some(match kind {
        "exchangePrice" => {
            let (terms, side): (ExchangeTerms, Side) = (arg(input, "terms"), arg(input, "side"));
            match domain::exchange::preview(&terms, side, &arg::<String>(input, "amount")) {
                Ok(priced) => to_value(&priced),
                Err(error) => json!({ "error": error }),
            }
        }
        "exchangeRateText" => {
            let (terms, kind): (ExchangeTerms, RateKind) =
                (arg(input, "terms"), arg(input, "kind"));
            json!(domain::exchange::rate_text(&terms, kind))
        }
        "formatDecimalText" => json!(domain::money::format_decimal_text(
            input.as_str().expect("a text")
        )),
        "formatPrice" => json!(domain::exchange::format_price(
            input.as_i64().expect("a price")
        )),
        _ => return None,
    })
}

/// The fund's exports (`None` for a kind that is not one of them): the previews as typed, and a
/// position's accrual day by day.
fn fund(kind: &str, input: &Value) -> Option<Value> {
    use domain::fund::{AccrualRun, ProductTerms};
    let product = || arg::<ProductTerms>(input, "product");
    Some(match kind {
        "fundSubscribePreview" => {
            let (today, amount) = (
                arg::<String>(input, "today"),
                arg::<String>(input, "amount"),
            );
            match domain::fund::subscribe_preview_for(&product(), &today, &amount) {
                Ok(preview) => to_value(&preview),
                Err(error) => json!({ "error": error }),
            }
        }
        "fundRedeemPreview" => {
            let (today, amount) = (
                arg::<String>(input, "today"),
                arg::<String>(input, "amount"),
            );
            match domain::fund::redeem_preview_for(&product(), &today, &amount) {
                Ok(preview) => to_value(&preview),
                Err(error) => json!({ "error": error }),
            }
        }
        "fundAccrue" => {
            let run: AccrualRun = serde_json::from_value(input.clone()).expect("an accrual run");
            to_value(&domain::fund::accrue(&run))
        }
        _ => return None,
    })
}

/// The integer a JavaScript number holds (the wasm wrapper converts the same way).
#[allow(clippy::cast_possible_truncation)]
fn safe_integer(f: f64) -> i64 {
    f as i64
}
