// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { Withdrawal, WithdrawalTerms } from "../api/withdrawals";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;

function terms(overrides: Partial<WithdrawalTerms> = {}): WithdrawalTerms {
  const now = Date.now();
  return {
    now,
    fee: { fixed: "10.00", rate: "0.001" },
    minimum: "50.00",
    maximum: "50000.00",
    dailyLimit: "50000.00",
    monthlyLimit: "200000.00",
    dailyLeft: "50000.00",
    monthlyLeft: "200000.00",
    reviewAbove: "1000.00",
    availableBalance: "2500.00",
    underWay: "0.00",
    destinations: [
      {
        bankAccount: { id: "b1", nickname: "Salary", bankName: "HSBC", bankCountry: "HK", accountNumber: "****6789" },
        usableFrom: now - HOUR,
        needsNewDetails: false,
        capLeft: "1000.00",
      },
      {
        bankAccount: { id: "b2", nickname: "New", bankName: "Chase", bankCountry: "US", accountNumber: "****4321" },
        usableFrom: now + 5 * HOUR + 7 * 60_000 + 30_000,
        needsNewDetails: false,
        capLeft: "1000.00",
      },
    ],
    ...overrides,
  };
}

function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: "w1",
    status: "approved",
    amount: "100.00",
    fee: "10.10",
    received: "89.90",
    currency: "USD",
    bankAccount: { id: "b1", nickname: "Salary", bankName: "HSBC", bankCountry: "HK", accountNumber: "****6789" },
    needsReview: false,
    bankReference: null,
    reason: null,
    cancellable: true,
    createTime: Date.now(),
    approvedAt: Date.now(),
    sentAt: null,
    completedAt: null,
    closedAt: null,
    ...overrides,
  };
}

function loggedIn(more: Record<string, (r: MockRequest) => MockAnswer | Promise<MockAnswer>>) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ status: 1, accountHolder: "Alice Chan" }) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    "GET account/balance": () => ({ content: [] }),
    ...more,
  });
}

describe("the withdrawal page", { timeout: 20_000 }, () => {
  it("previews the fee as typed, refuses by the domain's rules, then withdraws under one key", async () => {
    let history: Withdrawal[] = [];
    const { requests } = loggedIn({
      "GET fund/investor/withdrawal/config": () => ({ content: terms() }),
      "GET fund/investor/withdrawal/select": () => ({ content: { list: history, totalPage: 1, totalCount: history.length } }),
      "POST fund/investor/withdrawal/create": () => {
        history = [withdrawal({ amount: "555.55", fee: "10.56", received: "544.99" })];
        return { content: history[0], message: "Withdrawal approved: it will be sent to your bank" };
      },
    });
    const { user } = renderApp("/account/withdraw");
    const form = within(await screen.findByRole("form", { name: text("withdraw.form") }, { timeout: 10_000 }));
    expect(await screen.findByText(text("withdraw.empty"))).toBeVisible();
    const amount = form.getByRole("textbox", { name: new RegExp(text("withdraw.amount").replace(/[()]/g, "\\$&")) });

    await user.type(amount, "49.99");
    await user.click(form.getByRole("button", { name: text("withdraw.submit") }));
    expect(await form.findByText(text("error.withdrawal_below_minimum", { amount: "50.00" }))).toBeVisible();

    // The account still cooling off names the time left.
    await user.selectOptions(form.getByRole("combobox", { name: new RegExp(text("withdraw.account")) }), "b2");
    expect(await form.findByText(text("error.bank_account_cooling_off", { hours: 5, minutes: 8 }))).toBeVisible();
    await user.selectOptions(form.getByRole("combobox", { name: new RegExp(text("withdraw.account")) }), "b1");

    await user.clear(amount);
    await user.type(amount, "555.55");
    // 10.00 + 0.1% of 555.55 (0.55555, rounded half up) = 10.56; the bank receives 544.99.
    expect(await form.findByText("10.56 USD")).toBeVisible();
    expect(form.getByText("544.99 USD")).toBeVisible();
    expect(callsTo(requests, "POST fund/investor/withdrawal/create")).toHaveLength(0);
    await user.click(form.getByRole("button", { name: text("withdraw.submit") }));
    await waitFor(() => expect(callsTo(requests, "POST fund/investor/withdrawal/create")).toHaveLength(1));
    const sent = callsTo(requests, "POST fund/investor/withdrawal/create")[0];
    expect(sent?.body).toMatchObject({ bankAccountId: "b1", amount: "555.55" });
    expect(sent?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText("Withdrawal approved: it will be sent to your bank")).toBeVisible();
    const table = within(await screen.findByRole("table", { name: text("withdraw.history") }));
    expect(await table.findByText("555.55 USD")).toBeVisible();
    expect(table.getByText(text("withdrawal_status.approved"))).toBeVisible();
  });

  it("lists each state with its reference or reason, and cancels one after asking", async () => {
    let history = [
      withdrawal({ id: "w3", status: "requested", amount: "2000.00", needsReview: true }),
      withdrawal({ id: "w2", status: "sent", bankReference: "FED-1", cancellable: false }),
      withdrawal({ id: "w1", status: "returned", reason: "account_closed", cancellable: false }),
    ];
    const { requests } = loggedIn({
      "GET fund/investor/withdrawal/config": () => ({ content: terms() }),
      "GET fund/investor/withdrawal/select": () => ({ content: { list: history, totalPage: 1, totalCount: history.length } }),
      "POST fund/investor/withdrawal/cancel/w3": () => {
        history = history.map((w) => (w.id === "w3" ? { ...w, status: "cancelled", cancellable: false } : w));
        return { content: history[0], message: "Withdrawal cancelled" };
      },
    });
    const { user } = renderApp("/account/withdraw");
    const table = within(await screen.findByRole("table", { name: text("withdraw.history") }, { timeout: 10_000 }));
    expect(table.getByText(text("withdraw.reference", { reference: "FED-1" }))).toBeVisible();
    expect(table.getByText(text("withdrawal_reason.account_closed"))).toBeVisible();
    expect(table.getAllByRole("button", { name: /Cancel/ })).toHaveLength(1);
    await user.click(table.getByRole("button", { name: text("withdraw.cancel_named", { amount: "2,000.00 USD", account: "HSBC ****6789" }) }));
    const confirm = within(await screen.findByRole("alertdialog"));
    await user.click(confirm.getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(callsTo(requests, "POST fund/investor/withdrawal/cancel/w3")).toHaveLength(1));
    expect(await table.findByText(text("withdrawal_status.cancelled"))).toBeVisible();
  });

  it("asks for a saved account first", async () => {
    loggedIn({
      "GET fund/investor/withdrawal/config": () => ({ content: terms({ destinations: [] }) }),
      "GET fund/investor/withdrawal/select": () => ({ content: { list: [], totalPage: 0, totalCount: 0 } }),
    });
    renderApp("/account/withdraw");
    expect(await screen.findByText(text("withdraw.needs_account"), {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole("link", { name: text("bank.add") })).toHaveAttribute("href", "/my/payment/bank-add");
  });
});
