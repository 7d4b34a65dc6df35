//! The vectors of the rules only the server runs (`tests/vectors/server/*.json`): the upload
//! checks applied to a file received as a stream of chunks, the review rules (commit after
//! a rejection, reason labels), which the server applies and reports, and what a card
//! transaction means to its cardholder (state, direction, whether it moved money), which the
//! server sends with each transaction. Same file format as the shared
//! vectors; Vitest never reads these (the code is not in the wasm module).

use std::path::PathBuf;

use domain::card_transaction::{direction_of, state_of};
use domain::orders::{TransactionStatus, TransactionType};
use domain::review::{Answers, RejectionKind, RejectionReason, check_resubmission};
use serde_json::{Value, json};

fn chunk_bytes(chunk: &Value) -> Vec<u8> {
    match chunk {
        Value::String(text) => text.as_bytes().to_vec(),
        Value::Array(bytes) => bytes
            .iter()
            .map(|b| {
                b.as_u64()
                    .and_then(|b| u8::try_from(b).ok())
                    .expect("a byte")
            })
            .collect(),
        other => panic!("a chunk is text or bytes, not {other}"),
    }
}

fn run(kind: &str, input: &Value) -> Value {
    match kind {
        "checkChunks" => {
            let chunks: Vec<Vec<u8>> = input["chunks"]
                .as_array()
                .expect("chunks")
                .iter()
                .map(chunk_bytes)
                .collect();
            let name = input["name"].as_str().expect("name");
            match domain::upload_stream::check_chunks(name, chunks.iter().map(Vec::as_slice)) {
                Ok(kind) => json!(kind),
                Err(error) => serde_json::to_value(error).expect("serialisable"),
            }
        }
        "checkResubmission" => {
            let answers = |key: &str| -> Answers {
                serde_json::from_value(input[key].clone()).expect("answers")
            };
            let rejected: Vec<String> =
                serde_json::from_value(input["rejected"].clone()).expect("rejected");
            let kind: RejectionKind = serde_json::from_value(input["kind"].clone()).expect("kind");
            serde_json::to_value(check_resubmission(
                &answers("previous"),
                &answers("draft"),
                &rejected,
                kind,
            ))
            .expect("serialisable")
        }
        "rejectionLabel" => json!(
            input
                .as_str()
                .and_then(RejectionReason::parse)
                .map(RejectionReason::label_key)
        ),
        "cardTransaction" => {
            let kind = input["type"].as_str().and_then(TransactionType::parse);
            let status = input["status"].as_str().and_then(TransactionStatus::parse);
            match (kind, status) {
                (Some(kind), Some(status)) => {
                    let state = state_of(kind, status);
                    json!({
                        "state": state,
                        "direction": direction_of(kind),
                        "movesMoney": state.moves_money(),
                    })
                }
                _ => json!({ "state": null, "direction": null, "movesMoney": null }),
            }
        }
        other => panic!("unknown server vector kind {other}"),
    }
}

#[test]
fn every_server_vector_gives_exactly_the_expected_output() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/server");
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/vectors/server") {
        let path = entry.expect("entry").path();
        let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable"))
            .expect("valid JSON");
        for case in file["cases"].as_array().expect("cases") {
            let kind = case
                .get("kind")
                .or(file.get("kind"))
                .and_then(Value::as_str)
                .expect("kind");
            let actual = run(kind, &case["input"]);
            count += 1;
            if actual != case["expect"] {
                failures.push(format!(
                    "{} / {}:\n  expected {}\n  actual   {actual}",
                    path.display(),
                    case["name"],
                    case["expect"]
                ));
            }
        }
    }
    assert!(count > 0, "no server vectors");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
