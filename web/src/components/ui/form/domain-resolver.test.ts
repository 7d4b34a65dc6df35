import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import type { FormName } from "domain-wasm";
import type { FieldValues } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "@/lib/locale";
import { domainResolver, toFormErrors } from "./domain-resolver";

// These tests run the real wasm module (pkg/) in Node, through the same Vite wasm plugin as the app.

const en: Record<string, string> = domainEnUS;
const zh: Record<string, string> = domainZhHK;

function resolve(
  form: FormName,
  values: FieldValues,
  context?: () => unknown,
  criteriaMode: "firstError" | "all" = "firstError",
) {
  return domainResolver(form, context)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
    criteriaMode,
  });
}

afterEach(async () => {
  await setLocale("en-US");
});

describe("domainResolver", () => {
  it("keys each domain error by field, with the code as type and the en-US text as message", async () => {
    const { errors } = await resolve("bindAuthenticator", { mfaCode: "12", remark: "" });
    expect(errors).toEqual({
      mfaCode: { type: "mfa_code_format", message: en["error.mfa_code_format"] },
      remark: { type: "device_name_required", message: en["error.device_name_required"] },
    });
  });

  it("fills the message's parameters from the domain error", async () => {
    const { errors } = await resolve("bindAuthenticator", {
      mfaCode: "123456",
      remark: "a".repeat(17),
    });
    expect(errors).toEqual({
      remark: {
        type: "device_name_too_long",
        message: en["error.device_name_too_long"]?.replace("{max}", "16"),
      },
    });
  });

  it("answers in zh-HK once that language is chosen", async () => {
    await setLocale("zh-HK");
    const { errors } = await resolve("bindAuthenticator", {
      mfaCode: "12",
      remark: "a".repeat(17),
    });
    expect(errors).toEqual({
      mfaCode: { type: "mfa_code_format", message: zh["error.mfa_code_format"] },
      remark: {
        type: "device_name_too_long",
        message: zh["error.device_name_too_long"]?.replace("{max}", "16"),
      },
    });
  });

  it("passes the form's context to the validator", async () => {
    const context = () => ({ availableBalance: 123_456 });
    const { errors } = await resolve("recharge", { cardKey: "k1", amount: "5000" }, context);
    expect(errors).toEqual({
      amount: { type: "insufficient_balance", message: en["error.insufficient_balance"] },
    });
  });

  it("returns the values and no errors for a valid input", async () => {
    const values = { cardKey: "k1", amount: "12.34" };
    const result = await resolve("recharge", values, () => ({ availableBalance: 123_456 }));
    expect(result).toEqual({ values, errors: {} });
  });

  it("checks a wallet, exchange or fund form in the markets module", async () => {
    const context = () => ({
      terms: { from: "USD", to: "BTC", fromPrice: 100000000, toPrice: 6500000000000, spreadBps: 50, feeBps: 100 },
      minimum: 1000,
      maximum: 10000000,
      available: 100000,
      enabled: true,
    });
    const values = { fromCoin: "USD", toCoin: "BTC", fromAmount: "100" };
    expect(await resolve("exchangeQuote", values, context)).toEqual({ values, errors: {} });
    const { errors } = await resolve("exchangeQuote", { ...values, fromAmount: "" }, context);
    expect(errors["fromAmount"]?.type).toBeDefined();
  });

  it("checks an identity form in the identity module", async () => {
    const { errors } = await resolve("qi", {}, () => ({ investorType: 1 }));
    expect(errors).toEqual({ totalAssets: { type: "required_choice", message: en["error.required_choice"] } });
  });

  it("keeps every code of a field under types when criteriaMode is all", async () => {
    const { errors } = await resolve("bindAuthenticator", { mfaCode: "12", remark: "" }, undefined, "all");
    expect(errors["mfaCode"]).toEqual({
      type: "mfa_code_format",
      message: en["error.mfa_code_format"],
      types: { mfa_code_format: en["error.mfa_code_format"] },
    });
  });
});

describe("toFormErrors", () => {
  it("puts a whole-form error (field \"\") under root and keeps a field's first error", () => {
    const errors = toFormErrors([
      { field: "", code: "malformed_input", params: {} },
      { field: "remark", code: "device_name_required", params: {} },
      { field: "remark", code: "device_name_too_long", params: { max: "16" } },
    ]);
    expect(errors).toEqual({
      root: { type: "malformed_input", message: en["error.malformed_input"] },
      remark: { type: "device_name_required", message: en["error.device_name_required"] },
    });
  });
});
