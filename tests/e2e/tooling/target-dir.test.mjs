// The build's own tools find what cargo built wherever cargo builds it: a developer who shares a
// build cache through CARGO_TARGET_DIR gets the same `make run`, `make test` and journeys.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ROOT, cargoTargetDir, serverBinary } from "../lib/server.mjs";

describe("CARGO_TARGET_DIR", () => {
  const elsewhere = mkdtempSync(join(tmpdir(), "fiscard-target-"));
  const saved = { ...process.env };
  after(() => {
    process.env = saved;
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it("moves the Makefile's binaries, the OpenAPI document and the oracle with it", () => {
    const env = { ...process.env, CARGO_TARGET_DIR: elsewhere };
    const plan = (...goals) => execFileSync("make", ["-n", "--always-make", ...goals], { cwd: ROOT, env, encoding: "utf8" });
    assert.match(plan("run"), new RegExp(`${elsewhere}/release/fiscard serve`));
    const tests = plan("test-web", "test-e2e");
    assert.match(tests, new RegExp(`${elsewhere}/debug/fiscard openapi > ${elsewhere}/openapi.json`));
    assert.match(tests, new RegExp(`DOMAIN_ORACLE=${elsewhere}/debug/examples/oracle`));
    assert.match(tests, new RegExp(`FISCARD_BIN=${elsewhere}/debug/fiscard`));
    assert.doesNotMatch(plan("run", "test-web", "test-e2e"), /(^|[\s=])target\/(debug|release)\//m);
  });

  it("is where the journeys look for the server when FISCARD_BIN is not set", () => {
    delete process.env.FISCARD_BIN;
    process.env.CARGO_TARGET_DIR = elsewhere;
    assert.equal(cargoTargetDir(), elsewhere);
    assert.throws(() => serverBinary(), new RegExp(`no fiscard binary in ${elsewhere}`));
  });
});
