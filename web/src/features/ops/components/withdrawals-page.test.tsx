// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { OpsWithdrawal } from "../api/withdrawals";
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

const fred = opsOperator({ id: "op-fin", email: "fred.finance@fiscard.test", roles: ["finance"] });
const requested: OpsWithdrawal = {
  id: "wd-12345678-aaaa",
  user: { id: "u-1", email: "carol.company@example.com" },
  status: "requested",
  needsReview: true,
  amount: "20000.00",
  fee: "25.00",
  received: "19975.00",
  account: { bankName: "Harbour Bank", bankCountry: "HK", accountNumber: "****6789", accountHolder: "Carol Chan" },
  bankReference: null,
  reason: null,
  createdAt: 1_700_000_000_000,
  approvedAt: null,
  approvedBy: null,
  sentAt: null,
  completedAt: null,
  closedAt: null,
};

describe("the withdrawals page", { timeout: 60_000 }, () => {
  it("lists the requested withdrawals and rejects one with a reason from the catalogue", async () => {
    storeOpsToken("ops-token-1");
    let current = requested;
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/withdrawals": () => ({ content: { list: [current], totalPage: 1, totalCount: 1 } }),
      "POST ops/withdrawals/wd-12345678-aaaa/reject": (request) => {
        current = { ...current, status: "rejected", reason: String(request.body["reason"]) };
        return { content: current, message: "Rejected" };
      },
    });
    const { user } = renderApp("/ops/withdrawals");
    const table = await screen.findByRole("table", { name: text("ops.withdrawals.title") }, { timeout: 10_000 });
    expect(Object.fromEntries(callsTo(requests, "GET ops/withdrawals")[0]?.query ?? [])).toEqual({ status: "requested", pageID: "1", pageSize: "20" });
    expect(within(table).getByText(text("ops.withdrawals.needs_review"))).toBeVisible();
    const named = text("ops.withdrawals.reject_named", { id: "wd-12345" });
    await user.click(within(table).getByRole("button", { name: named }));
    const form = await screen.findByRole("form", { name: named });
    const reason = within(form).getByRole("combobox", { name: label(text("ops.field.reason")) });
    await user.click(within(form).getByRole("button", { name: text("ops.withdrawals.reject") }));
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/withdrawals/wd-12345678-aaaa/reject")).toHaveLength(0);
    await user.selectOptions(reason, "name_mismatch");
    await user.click(within(form).getByRole("button", { name: text("ops.withdrawals.reject") }));
    expect(await within(table).findByText(text("withdrawal_reason.name_mismatch"), {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/withdrawals/wd-12345678-aaaa/reject")[0]?.body).toEqual({ reason: "name_mismatch" });
  });
});
