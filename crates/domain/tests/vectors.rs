//! Runs the shared validation vectors (`tests/vectors/*.json`) natively. The web app's Vitest
//! suite runs the same files through the wasm module; both must give exactly `expect`.
//!
//! A file holds `{ "kind"?, "form"?, "context"?, "cases": [...] }`; each case has a `name`,
//! `expect`, and the arguments of its kind, and may override the file's `kind`, `form` and
//! `context`. The kinds mirror the wasm exports one to one (see `dispatch`).

use std::path::PathBuf;

use serde_json::Value;

#[path = "support/dispatch.rs"]
mod dispatch;

use dispatch::dispatch;

/// The floor: every rule is covered by many cases, boundaries included.
const MIN_CASES: usize = 400;

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
