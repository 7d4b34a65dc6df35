/**
 * The shared validation vectors (tests/vectors/*.json) through the wasm module, in Node.
 * `cargo test -p domain --test vectors` runs the same files natively; both must give exactly
 * `expect`, so a rule cannot behave differently in the browser and on the server.
 * Each kind calls the wasm export of the same name (see tests/vectors/README.md), in the module
 * that has it: the core module (`domain`), the identity module (`identity`: the profile page's
 * forms, questions and uploads) or the markets module (`markets`: wallet, exchange, fund); a
 * `validate` case goes to the module that checks its form (the domain's `formModule`), as the
 * app's form hook sends it, and each other module refuses it.
 */
import * as identity from "domain-identity";
import * as domain from "domain-wasm";
import * as markets from "domain-markets";
import { describe, expect, it } from "vitest";

type Args = Record<string, unknown>;
type Case = { name: string; kind: string; expect: unknown; form?: string; input?: unknown; context?: unknown };
type VectorFile = { kind?: string; form?: string; context?: unknown; cases: Case[] };

/** The issue's floor; the native runner enforces the same. */
const MIN_CASES = 400;

const arg = (c: Case) => c.input as Args;

/** The module that checks `form`, and the ones that do not. */
const modules = { core: domain, identity, markets };
const owner = (form: domain.FormName) => modules[domain.formModule(form)];
const others = (form: domain.FormName) =>
  Object.entries(modules).flatMap(([name, module]) => (name === domain.formModule(form) ? [] : [module]));

const kinds: Record<string, (c: Case) => unknown> = {
  validate: (c) => owner(c.form as domain.FormName).validate(c.form as domain.FormName, c.input, c.context),
  maskEmail: (c) => domain.maskEmail(c.input as string),
  maskCardNumber: (c) => domain.maskCardNumber(c.input as string),
  parseAmount: (c) => domain.parseAmount(arg(c).text as string, arg(c).scale as number),
  formatAmount: (c) => domain.formatAmount(arg(c).minor as number, arg(c).scale as number),
  formatRate: (c) => domain.formatRate(c.input as string),
  rechargeQuote: (c) => domain.rechargeQuote(arg(c).amount as string, arg(c).rate as string),
  withdrawalQuote: (c) =>
    domain.withdrawalQuote(arg(c).amount as string, arg(c).fixed as string, arg(c).rate as string),
  checkFile: (c) =>
    identity.checkFile(arg(c).name as string, arg(c).size as number, Uint8Array.from(arg(c).head as number[])),
  selectFiles: (c) =>
    identity.selectFiles(arg(c).field as string, arg(c).current as string[], arg(c).incoming as string[]),
  maxFiles: (c) => identity.maxFiles(c.input as string),
  labelKey: (c) => domain.labelKey(arg(c).kind as domain.LabelKind, arg(c).value as string | number),
  firstClosedGate: (c) =>
    domain.firstClosedGate(arg(c).action as domain.GatedAction, arg(c).state as domain.GateState),
  requiredFactors: (c) =>
    domain.requiredFactors(arg(c).action as domain.SecureAction, arg(c).config as domain.SecurityConfig),
  checkSwitch: (c) =>
    domain.checkSwitch(
      arg(c).config as domain.SecurityConfig,
      arg(c).module as domain.SwitchModule,
      arg(c).target as domain.SwitchTarget,
      arg(c).on as boolean,
    ),
  checkAddress: (c) => markets.checkAddress(arg(c).network as domain.Network, arg(c).text as string),
  identifyNetwork: (c) => markets.identifyNetwork(c.input as string),
  looksLike: (c) => markets.looksLike(arg(c).previous as string, arg(c).candidate as string),
  cryptoWithdrawalMax: (c) =>
    markets.cryptoWithdrawalMax(
      arg(c).available as number,
      arg(c).fee as number,
      arg(c).multiple as number,
      arg(c).maximum as number,
    ),
  // The vectors' `exchangePrice` is the preview: the amount as typed, priced or refused.
  exchangePrice: (c) =>
    markets.exchangePreview(arg(c).terms as domain.ExchangeTerms, arg(c).side as domain.Side, arg(c).amount as string),
  exchangeRateText: (c) => markets.exchangeRateText(arg(c).terms as domain.ExchangeTerms, arg(c).kind as domain.RateKind),
  formatPrice: (c) => markets.formatPrice(c.input as number),
  formatDecimalText: (c) => markets.formatDecimalText(c.input as string) ?? null,
  fundSubscribePreview: (c) =>
    markets.fundSubscribePreview(arg(c).product as domain.ProductTerms, arg(c).today as string, arg(c).amount as string),
  fundRedeemPreview: (c) =>
    markets.fundRedeemPreview(arg(c).product as domain.ProductTerms, arg(c).today as string, arg(c).amount as string),
  fundAccrue: (c) => markets.fundAccrue(c.input as domain.AccrualRun),
  cardAllows: (c) => domain.cardAllows(arg(c).status as domain.CardStatus, arg(c).action as domain.CardAction),
  // The module answers the memo or throws the error's name; natively the vectors read serde's
  // `{Ok}` / `{Err}` of the same Result.
  parseWireMemo: (c) => {
    try {
      return { Ok: domain.parseWireMemo(c.input as string) };
    } catch (error) {
      return { Err: (error as Error).message };
    }
  },
};

const vectorFiles = import.meta.glob<VectorFile>("../../../tests/vectors/*.json", { eager: true, import: "default" });
const files = Object.entries(vectorFiles)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, file]) => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    const cases = file.cases.map((c) => ({
      ...c,
      kind: c.kind ?? file.kind,
      form: c.form ?? file.form,
      context: "context" in c ? c.context : file.context,
    })) as Case[];
    return { name, cases };
  });

describe("shared vectors through wasm", () => {
  it(`hold at least ${MIN_CASES} cases`, () => {
    expect(files.reduce((n, f) => n + f.cases.length, 0)).toBeGreaterThanOrEqual(MIN_CASES);
  });

  it("send each form to the module that checks it, which the others refuse", () => {
    const forms = new Set(files.flatMap((f) => f.cases.filter((c) => c.kind === "validate").map((c) => c.form as domain.FormName)));
    expect(new Set([...forms].map((form) => domain.formModule(form)))).toEqual(new Set(Object.keys(modules)));
    for (const form of forms) {
      for (const module of others(form)) {
        expect(() => module.validate(form, {}, null)).toThrow(`is checked by the ${domain.formModule(form)} module`);
      }
    }
  });

  for (const { name, cases } of files) {
    describe(name, () => {
      it.each(cases)("$name", (c) => {
        const run = kinds[c.kind];
        if (!run) throw new Error(`unknown vector kind ${c.kind}`);
        // Rust's None reaches JavaScript as undefined; the vectors write it as JSON null.
        expect(run(c) ?? null).toEqual(c.expect);
      });
    });
  }
});
