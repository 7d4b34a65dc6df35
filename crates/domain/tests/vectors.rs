//! Runs the shared validation vectors (`tests/vectors/*.json`) natively. The web app's Vitest
//! suite runs the same files through the wasm module; both must give exactly `expect`.
//!
//! A file holds `{ "kind"?, "form"?, "context"?, "cases": [...] }`; each case has a `name`,
//! `expect`, and the arguments of its kind, and may override the file's `kind`, `form` and
//! `context`. The kinds mirror the wasm exports one to one (see `dispatch`).

use std::path::PathBuf;

use domain::card::{CardAction, CardStatus};
use domain::forms::FormName;
use domain::gates::{GateState, GatedAction};
use domain::input::Raw;
use domain::labels::{LabelKind, LabelValue};
use domain::security::{SecureAction, SecurityConfig, SwitchModule, SwitchTarget};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

/// The floor: every rule is covered by many cases, boundaries included.
const MIN_CASES: usize = 400;

fn arg<T: DeserializeOwned>(v: &Value, key: &str) -> T {
    serde_json::from_value(v.get(key).cloned().unwrap_or(Value::Null))
        .unwrap_or_else(|e| panic!("argument {key}: {e}"))
}

fn to_value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serialisable")
}

/// What the wasm export of the same name answers for `case`.
fn dispatch(kind: &str, case: &Map<String, Value>) -> Value {
    let input = case.get("input").unwrap_or(&Value::Null);
    match kind {
        "validate" => {
            let form: FormName = serde_json::from_value(case["form"].clone()).expect("form name");
            // The browser's path: the value as JSON text, parsed by the domain crate.
            let raw = |v: Option<&Value>| -> Raw {
                Raw::from_json(&v.unwrap_or(&Value::Null).to_string()).expect("valid JSON")
            };
            to_value(
                &domain::validate(form, raw(case.get("input")), raw(case.get("context")))
                    .expect("valid context"),
            )
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
        other => panic!("unknown vector kind {other}"),
    }
}

/// The integer a JavaScript number holds (the wasm wrapper converts the same way).
#[allow(clippy::cast_possible_truncation)]
fn safe_integer(f: f64) -> i64 {
    f as i64
}

fn vector_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_vector_gives_exactly_the_expected_output() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in vector_files() {
        let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable"))
            .expect("valid JSON");
        let name = path
            .file_name()
            .expect("file name")
            .to_string_lossy()
            .into_owned();
        for case in file["cases"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: no cases"))
        {
            let mut case = case.as_object().expect("case object").clone();
            for key in ["kind", "form", "context"] {
                if let (None, Some(v)) = (case.get(key), file.get(key)) {
                    case.insert(key.to_owned(), v.clone());
                }
            }
            let kind = case["kind"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: case without kind"));
            let actual = dispatch(kind, &case);
            count += 1;
            if actual != case["expect"] {
                failures.push(format!(
                    "{name} / {}:\n  expected {}\n  actual   {actual}",
                    case["name"], case["expect"]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        count >= MIN_CASES,
        "only {count} vectors; the suite keeps at least {MIN_CASES}"
    );
}
