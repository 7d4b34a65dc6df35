/**
 * Browser and server agree beyond the shared vectors: random cases — the vectors' form inputs
 * with fields replaced, dropped or added, amounts in any text, masks of any text — go to the
 * wasm module here and to the same domain code compiled natively (`cargo build -p domain
 * --example oracle`, which `make test-web` builds), and both must answer exactly the same.
 * The seed is fixed so a run can be repeated; AGREEMENT_SEED and AGREEMENT_RUNS explore more.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import * as identity from "domain-identity";
import * as domain from "domain-wasm";
import * as markets from "domain-markets";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cargoTargetDir } from "./cargo-target";

type Args = Record<string, unknown>;
type Case = { kind: string; form?: string; input?: unknown; context?: unknown };
type VectorFile = { kind?: string; form?: string; context?: unknown; cases: (Case & { name: string })[] };

const SEED = Number(process.env.AGREEMENT_SEED ?? 20261124);
const RUNS = Number(process.env.AGREEMENT_RUNS ?? 400);
const ORACLE = process.env.DOMAIN_ORACLE ?? resolve(cargoTargetDir(), "debug/examples/oracle");

const arg = (c: Case) => c.input as Args;

/** The module that checks `form` (the domain's `formModule`), as the app's form hook picks it. */
const modules = { core: domain, identity, markets };
const owner = (form: domain.FormName) => modules[domain.formModule(form)];

/** The wasm side: the same exports the shared vectors call, each in the module that has it. */
const wasm: Record<string, (c: Case) => unknown> = {
  validate: (c) => owner(c.form as domain.FormName).validate(c.form as domain.FormName, c.input, c.context),
  maskEmail: (c) => domain.maskEmail(c.input as string),
  maskCardNumber: (c) => domain.maskCardNumber(c.input as string),
  parseAmount: (c) => domain.parseAmount(arg(c).text as string, arg(c).scale as number),
  rechargeQuote: (c) => domain.rechargeQuote(arg(c).amount as string, arg(c).rate as string),
  exchangePrice: (c) =>
    markets.exchangePreview(arg(c).terms as domain.ExchangeTerms, arg(c).side as domain.Side, arg(c).amount as string),
  fundSubscribePreview: (c) =>
    markets.fundSubscribePreview(arg(c).product as domain.ProductTerms, arg(c).today as string, arg(c).amount as string),
  fundRedeemPreview: (c) =>
    markets.fundRedeemPreview(arg(c).product as domain.ProductTerms, arg(c).today as string, arg(c).amount as string),
  fundAccrue: (c) => markets.fundAccrue(c.input as domain.AccrualRun),
};

const vectorFiles = import.meta.glob<VectorFile>("../../../tests/vectors/*.json", { eager: true, import: "default" });
const formCases: Case[] = Object.values(vectorFiles).flatMap((file) =>
  file.cases
    .map((c) => ({
      kind: c.kind ?? file.kind ?? "",
      form: c.form ?? file.form,
      input: c.input,
      context: "context" in c ? c.context : file.context,
    }))
    .filter((c) => c.kind === "validate" && typeof c.input === "object" && c.input !== null),
);

/** Text a person or a script might put in a field: digits (full-width too), separators, signs. */
const fieldText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^[-+ 0-9０-９.,eE]{0,20}$/),
  fc.string({ unit: "grapheme", maxLength: 12 }),
);
const fieldValue = fc.oneof(
  fieldText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fieldText, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A vector's input with one to three fields replaced, dropped or added. */
const mutatedForm: fc.Arbitrary<Case> = fc
  .record({
    base: fc.constantFrom(...formCases),
    edits: fc.array(fc.tuple(fc.nat(), fc.constantFrom("replace", "drop", "add"), fieldValue), { minLength: 1, maxLength: 3 }),
  })
  .map(({ base, edits }) => {
    const input = { ...(base.input as Args) };
    for (const [pick, edit, value] of edits) {
      const keys = Object.keys(input);
      const key = keys[pick % Math.max(keys.length, 1)] ?? "field";
      if (edit === "drop") delete input[key];
      else if (edit === "add") input[`extra${pick % 5}`] = value;
      else input[key] = value;
    }
    return { ...base, input };
  });

/** Terms of the pricing: both directions of a coin against USD and of two coins, charges or none. */
const exchangeTerms = fc.record({
  pair: fc.constantFrom(["USD", "BTC"], ["BTC", "USD"], ["USDT", "ETH"], ["ETH", "USDT"]),
  btc: fc.integer({ min: 1, max: 9_007_199_254_740_991 }),
  other: fc.constantFrom(300_000_000_000, 99_980_000, 1),
  spreadBps: fc.constantFrom(0, 50, 9_999),
  feeBps: fc.constantFrom(0, 100),
}).map(({ pair: [from, to], btc, other, spreadBps, feeBps }) => {
  const price = (asset: string) => (asset === "USD" ? 100_000_000 : asset === "BTC" ? btc : other);
  return { from, to, fromPrice: price(from), toPrice: price(to), spreadBps, feeBps };
});
const amountText = fc.oneof(fc.stringMatching(/^[-+ 0-9０-９.,]{0,18}$/), fc.double().map(String), fc.string({ maxLength: 12 }));
/** A calendar day between 1999 and 2101: leap days, year ends and the century rules included. */
const isoDay = fc
  .date({ min: new Date("1999-01-01T00:00:00Z"), max: new Date("2101-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const annualRate = fc.constantFrom("3.65", "0", "100", "5.25", "0.0001", "12.3456");
/** A current product, or a fixed one with a raise, an interest date and a term around `today`. */
const fundProduct = fc.oneof(
  fc.record({ type: fc.constant("CURRENT"), annualRate, asset: fc.constantFrom("USD", "USDT", "BTC") }),
  fc
    .record({ annualRate, raise: isoDay, wait: fc.integer({ min: 1, max: 40 }), period: fc.integer({ min: 1, max: 400 }) })
    .map(({ annualRate, raise, wait, period }) => ({
      type: "FIXED",
      annualRate,
      asset: "USD",
      fixed: { raiseDate: raise, interestDate: new Date(Date.parse(raise) + wait * 86_400_000).toISOString().slice(0, 10), period },
    })),
);
const fundPreview = (kind: string) =>
  fc.record({ product: fundProduct, today: isoDay, amount: amountText }).map((input) => ({ kind, input }));
const accrualRun = fc
  .record({
    annualRate,
    compound: fc.boolean(),
    shares: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.tuple(fc.nat({ max: 6_999_999 }), fc.nat({ max: 999_999_999 })).map(([high, low]) => high * 1_000_000_000 + low)),
    carry: fc.integer({ min: 0, max: 364_999_999 }),
    from: isoDay,
    days: fc.integer({ min: -2, max: 40 }),
    moves: fc.array(fc.record({ offset: fc.integer({ min: 0, max: 40 }), amount: fc.integer({ min: -2_000_000, max: 2_000_000 }) }), {
      maxLength: 4,
    }),
  })
  .map(({ from, days, moves, ...run }) => {
    const day = (offset: number) => new Date(Date.parse(from) + offset * 86_400_000).toISOString().slice(0, 10);
    return { kind: "fundAccrue", input: { ...run, from, until: day(days), moves: moves.map((m) => ({ date: day(m.offset), amount: m.amount })) } };
  });
const cases: fc.Arbitrary<Case> = fc.oneof(
  { arbitrary: mutatedForm, weight: 6 },
  { arbitrary: fc.record({ text: amountText, scale: fc.integer({ min: 0, max: 8 }) }).map((input) => ({ kind: "parseAmount", input })), weight: 2 },
  { arbitrary: fc.record({ amount: amountText, rate: fc.constantFrom("0.01", "0.005", "0", "0.1") }).map((input) => ({ kind: "rechargeQuote", input })), weight: 1 },
  {
    arbitrary: fc.record({ terms: exchangeTerms, side: fc.constantFrom("FROM", "TO"), amount: amountText }).map((input) => ({ kind: "exchangePrice", input })),
    weight: 1,
  },
  { arbitrary: fundPreview("fundSubscribePreview"), weight: 1 },
  { arbitrary: fundPreview("fundRedeemPreview"), weight: 1 },
  { arbitrary: accrualRun, weight: 1 },
  { arbitrary: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 40 })).map((input) => ({ kind: "maskEmail", input })), weight: 1 },
  { arbitrary: fc.stringMatching(/^[0-9 -]{0,24}$/).map((input) => ({ kind: "maskCardNumber", input })), weight: 1 },
);

/** What the natively compiled domain answers, one JSON line per case. */
function askOracle(batch: Case[]): unknown[] {
  const run = spawnSync(ORACLE, { input: batch.map((c) => JSON.stringify(c)).join("\n"), encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`the oracle failed (${run.status}): ${run.stderr}`);
  return run.stdout.trim().split("\n").map((line) => JSON.parse(line) as unknown);
}

describe("wasm and native domain agree on random cases", () => {
  it("finds the native oracle", () => {
    expect(existsSync(ORACLE), `${ORACLE} is built by make test-web (cargo build -p domain --example oracle)`).toBe(true);
  });

  it(`answer ${RUNS} random cases identically (seed ${SEED})`, () => {
    expect(formCases.length).toBeGreaterThan(100);
    // JSON is the wire to the oracle: what crosses it is what wasm must see too.
    const batch = fc.sample(cases, { seed: SEED, numRuns: RUNS }).map((c) => JSON.parse(JSON.stringify(c)) as Case);
    const native = askOracle(batch);
    expect(native).toHaveLength(batch.length);
    const disagreements = batch
      // Rust's None reaches JavaScript as undefined (a field left out); JSON writes it as null.
      .map((c, i) => ({ case: c, wasm: JSON.parse(JSON.stringify(wasm[c.kind]?.(c) ?? null)) as unknown, native: native[i] }))
      .filter((d) => !isDeepStrictEqual(d.wasm, d.native));
    expect(disagreements.slice(0, 3)).toEqual([]);
    // The sample is not trivial: every kind was asked, and forms were both accepted and refused.
    expect(new Set(batch.map((c) => c.kind)).size).toBe(Object.keys(wasm).length);
    const refused = batch.map((c, i) => (c.kind === "validate" ? (native[i] as unknown[]).length > 0 : null));
    expect(refused).toContain(true);
    expect(refused).toContain(false);
  });
});
