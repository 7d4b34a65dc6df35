// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { OpsBin } from "../api/bins";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator } from "../testing/fixtures";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...opsEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const ada = opsOperator({ id: "op-admin", email: "ada.admin@fiscard.test", roles: ["admin"] });
const terms = (bin: string, overrides: Partial<OpsBin> = {}): OpsBin => ({
  bin,
  location: "US",
  org: "Mastercard",
  currency: "USD",
  rechargeRate: "0.01",
  paymentRate: "0.005",
  exchangeRate: "0.01",
  refundRate: "0.005",
  limitPerTransaction: "5000.00",
  limitDaily: "10000.00",
  limitMonthly: "50000.00",
  utcOffset: "+08:00",
  enabled: true,
  ...overrides,
});

describe("the BINs page", { timeout: 60_000 }, () => {
  it("refuses a BIN of 5 digits by the domain's rule, then adds one with the standard terms left out", async () => {
    storeOpsToken("ops-token-1");
    let list = [terms("522981")];
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: ada }),
      "GET ops/bins": () => ({ content: list }),
      "POST ops/bins": (request) => {
        const added = terms(String(request.body["bin"]), { org: String(request.body["org"]), location: String(request.body["location"]) });
        list = [...list, added];
        return { content: added, message: "Saved" };
      },
    });
    const { user } = renderApp("/ops/bins");
    const table = await screen.findByRole("table", { name: text("ops.bins.list") }, { timeout: 10_000 });
    expect(within(table).getByText("522981")).toBeVisible();
    const nav = screen.getByRole("navigation", { name: text("ops.nav.label") });
    expect(within(nav).getByRole("link", { name: text("ops.nav.bins") })).toBeVisible();
    expect(within(nav).queryByRole("link", { name: text("ops.nav.wires") })).toBeNull();

    const form = screen.getByRole("form", { name: text("ops.bins.add") });
    const bin = within(form).getByRole("textbox", { name: label(text("ops.bins.field.bin")) });
    await user.type(bin, "12345");
    await user.type(within(form).getByRole("textbox", { name: label(text("ops.bins.field.location")) }), "HK");
    await user.type(within(form).getByRole("textbox", { name: label(text("ops.bins.field.org")) }), "Visa");
    await user.click(within(form).getByRole("button", { name: text("ops.bins.save") }));
    await waitFor(() => expect(bin).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/bins")).toHaveLength(0);

    await user.type(bin, "6");
    await user.click(within(form).getByRole("button", { name: text("ops.bins.save") }));
    expect(await within(table).findByText("123456", {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/bins")[0]?.body).toEqual({ bin: "123456", location: "HK", org: "Visa" });
  });
});
