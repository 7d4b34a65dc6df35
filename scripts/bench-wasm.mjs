// `make bench`: median time of one full-form validation through the wasm modules in Node,
// boundary crossing included (JS object in, JS array of errors out). Same forms and inputs
// as the native bench (crates/domain/examples/bench.rs), each through the module that checks it
// (the core module's `formModule` says which: pkg/core, pkg/identity or pkg/markets).
// Run with `node --experimental-wasm-modules` (the packages are wasm-pack's bundler target).
import { readFileSync } from "node:fs";
import * as core from "../pkg/core/domain_core.js";
import * as identity from "../pkg/identity/domain_identity.js";
import * as markets from "../pkg/markets/domain_markets.js";

const modules = { core, identity, markets };

const BATCH = 1000;
const SAMPLES = 51;

/** The forms of the native bench, read from its source so both measure the same input. */
function cases() {
  const source = readFileSync(new URL("../crates/domain/examples/bench.rs", import.meta.url), "utf8");
  const found = [...source.matchAll(/\(\s*"(\w+)",\s*FormName::\w+,\s*r#"(.*?)"#,\s*"(.*?)",?\s*\)/gs)];
  if (found.length === 0) throw new Error("no bench cases found in crates/domain/examples/bench.rs");
  return found.map(([, form, input, context]) => ({ form, input: JSON.parse(input), context: JSON.parse(context) }));
}

for (const { form, input, context } of cases()) {
  const domain = modules[core.formModule(form)];
  const errors = domain.validate(form, input, context);
  if (errors.length !== 0) throw new Error(`${form} must be valid: ${JSON.stringify(errors)}`);
  for (let i = 0; i < 2000; i++) domain.validate(form, input, context);
  const samples = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) domain.validate(form, input, context);
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / BATCH);
  }
  samples.sort((a, b) => a - b);
  console.log(`wasm    ${form.padEnd(16)} median ${samples[SAMPLES >> 1].toFixed(2).padStart(7)} µs per validation`);
}
