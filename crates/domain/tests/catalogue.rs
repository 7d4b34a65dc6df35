//! The message catalogue is complete: every code and label the crate can produce has a text
//! in every language, and the languages hold the same keys.

use std::collections::BTreeMap;

use domain::card::CardStatus;
use domain::card_transaction::TransactionState;
use domain::error::Params;
use domain::gates::GATES;
use domain::identity::IdentityStatus;
use domain::options::{AML_QUESTIONS, QI_QUESTIONS};
use domain::orders::{OrderStatus, OrderType, TransactionStatus, TransactionType};
use domain::{ErrorCode, i18n};

fn catalogue(locale: &str) -> BTreeMap<String, String> {
    let text = match locale {
        "en-US" => include_str!("../locales/en-US.json"),
        "zh-HK" => include_str!("../locales/zh-HK.json"),
        _ => unreachable!(),
    };
    serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{locale}.json is not a flat string map: {e}"))
}

/// Every key the crate can hand to a catalogue.
fn keys_the_crate_uses() -> Vec<String> {
    let mut keys: Vec<String> = ErrorCode::ALL.iter().map(|c| i18n::error_key(*c)).collect();
    keys.extend(CardStatus::ALL.iter().map(|s| s.label_key()));
    keys.extend(
        [OrderType::Deposit, OrderType::Cancel]
            .iter()
            .map(|t| t.label_key().to_owned()),
    );
    keys.extend(OrderStatus::ALL.iter().map(|s| s.label_key().to_owned()));
    keys.extend(TransactionType::ALL.iter().map(|t| t.label_key()));
    keys.extend(TransactionStatus::ALL.iter().map(|s| s.label_key()));
    keys.extend(TransactionState::ALL.iter().map(|s| s.label_key()));
    keys.extend(IdentityStatus::ALL.iter().map(|s| s.label_key().to_owned()));
    for (_, gates) in GATES {
        keys.extend(gates.iter().map(|g| g.prompt_key().to_owned()));
    }
    keys.push(domain::gates::Gate::Mobile.prompt_key().to_owned());
    for q in AML_QUESTIONS.iter().chain(QI_QUESTIONS) {
        keys.extend(
            q.choices
                .iter()
                .map(|c| format!("{}.{}", q.label_prefix, c.code)),
        );
    }
    keys.extend(
        domain::review::RejectionReason::ALL
            .iter()
            .map(|r| r.label_key()),
    );
    keys.extend(
        domain::withdrawal::WithdrawalStatus::ALL
            .iter()
            .map(|s| s.label_key()),
    );
    keys.extend(
        domain::withdrawal::WithdrawalReason::ALL
            .iter()
            .map(|r| r.label_key()),
    );
    keys.extend(
        domain::card::FreezeReason::ALL
            .iter()
            .map(|r| r.label_key()),
    );
    keys.extend(
        domain::wallet::RecordType::ALL
            .iter()
            .map(|t| t.label_key()),
    );
    keys.extend(
        domain::wallet::DepositStatus::ALL
            .iter()
            .map(|s| s.label_key()),
    );
    keys.extend(
        domain::wallet::CryptoWithdrawalStatus::ALL
            .iter()
            .map(|s| s.label_key()),
    );
    keys.sort();
    keys.dedup();
    keys
}

#[test]
fn every_code_and_label_has_a_text_in_every_language() {
    for locale in ["en-US", "zh-HK"] {
        let texts = catalogue(locale);
        let missing: Vec<_> = keys_the_crate_uses()
            .into_iter()
            .filter(|k| texts.get(k).is_none_or(|t| t.trim().is_empty()))
            .collect();
        assert!(missing.is_empty(), "{locale} lacks {missing:?}");
    }
}

#[test]
fn both_languages_hold_the_same_keys_and_placeholders() {
    let (en, zh) = (catalogue("en-US"), catalogue("zh-HK"));
    let en_keys: Vec<_> = en.keys().collect();
    let zh_keys: Vec<_> = zh.keys().collect();
    assert_eq!(en_keys, zh_keys, "en-US and zh-HK differ in keys");
    let placeholders = |t: &str| {
        let mut p: Vec<String> = t
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_owned()))
            .collect();
        p.sort();
        p
    };
    for (key, text) in &en {
        assert_eq!(
            placeholders(text),
            placeholders(&zh[key]),
            "placeholders differ for {key}"
        );
    }
}

#[test]
fn the_catalogue_holds_no_key_the_crate_does_not_use() {
    let used = keys_the_crate_uses();
    let unused: Vec<_> = catalogue("en-US")
        .into_keys()
        .filter(|k| !used.contains(k))
        .collect();
    assert!(unused.is_empty(), "unused keys: {unused:?}");
}

/// Where SPEC gives a text that starts in lower case or stops short, the catalogue keeps its
/// words and fixes only the case and the completeness (issue 18: "Please Enter" read as cut off).
#[test]
fn the_spec_wording_is_kept_up_to_case_and_completeness() {
    let en = catalogue("en-US");
    for (key, spec, shown) in [
        (
            "error.old_password_required",
            "the original password cannot be empty",
            "The original password cannot be empty",
        ),
        (
            "error.new_password_required",
            "new password cannot be empty",
            "The new password cannot be empty",
        ),
        (
            "error.email_code_required",
            "Please Enter",
            "Please enter the e-mail verification code",
        ),
    ] {
        assert_eq!(en[key], shown);
        assert!(shown.to_lowercase().contains(&spec.to_lowercase()), "{key}");
    }
}

#[test]
fn the_spec_wording_is_kept_verbatim() {
    let en = catalogue("en-US");
    for (key, text) in [
        ("error.password_mismatch", "The two passwords do not match"),
        ("error.pin_format", "Password is 6 digits"),
        (
            "error.mfa_code_format",
            "Please enter a 6-digit dynamic digital verification code",
        ),
        (
            "error.mfa_code_required",
            "Dynamic verification code cannot be empty",
        ),
        ("error.device_name_required", "Please enter a device name"),
        (
            "error.recharge_amount_required",
            "Please enter the recharge amount",
        ),
        ("error.insufficient_balance", "Insufficient Balance"),
        ("transaction_type.corrective_auth", "Reverse Authorization"),
        (
            "gate.qi",
            "Please complete the qualified investor questionnaire",
        ),
    ] {
        assert_eq!(en[key], text);
    }
    let params: Params = [("max", "16")].into_iter().collect();
    assert_eq!(
        i18n::fill(&en["error.device_name_too_long"], &params),
        "Device name is too long, please less than 16 characters"
    );
    let params: Params = [("name", "scan.tiff")].into_iter().collect();
    assert_eq!(
        i18n::fill(&en["error.file_type_unsupported"], &params),
        "scan.tiff: File format not supported yet"
    );
}

/// The codes the forms name in their `#[validate(…(code = "…"))]` attributes are text to the
/// compiler; each must be a code of the catalogue (an unknown one would reach users as
/// `malformed_input`).
#[test]
fn every_code_a_form_attribute_names_is_in_the_catalogue() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/forms");
    let mut named = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("src/forms") {
        let source = std::fs::read_to_string(entry.expect("entry").path()).expect("source");
        named.extend(
            source
                .split("code = \"")
                .skip(1)
                .filter_map(|rest| rest.split_once('"').map(|(code, _)| code.to_owned())),
        );
    }
    assert!(named.len() > 40, "only {} codes found", named.len());
    let unknown: Vec<_> = named
        .iter()
        .filter(|code| !ErrorCode::ALL.iter().any(|c| c.as_str() == code.as_str()))
        .collect();
    assert!(unknown.is_empty(), "unknown codes: {unknown:?}");
}
