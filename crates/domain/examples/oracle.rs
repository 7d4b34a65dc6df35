//! The agreement oracle: reads cases (one JSON object a line, as the shared vectors write them:
//! `kind` and its arguments) on stdin and writes what the domain answers natively, one JSON line
//! each. The web app's agreement test (`web/src/testing/agreement.test.ts`) sends it random
//! cases and checks that the wasm module answers exactly the same.

use std::io::{BufRead, Write};

use serde_json::{Map, Value};

#[path = "../tests/support/dispatch.rs"]
mod dispatch;

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let case: Map<String, Value> = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("a case is a JSON object: {e}: {line}"));
        let kind = case["kind"]
            .as_str()
            .expect("a case names its kind")
            .to_owned();
        writeln!(out, "{}", dispatch::dispatch(&kind, &case))?;
    }
    out.flush()
}
