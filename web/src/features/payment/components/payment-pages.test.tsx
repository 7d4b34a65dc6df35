// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { BankAccount } from "../api/bank-accounts";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const COUNTRIES = [
  { code: "HK", code2: "HKG", name: "Hong Kong", simplifiedCN: "香港", traditionalCN: "香港", mobileCode: "852" },
  { code: "US", code2: "USA", name: "United States", simplifiedCN: "美国", traditionalCN: "美國", mobileCode: "1" },
];

function account(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: "b1",
    accountName: "Alice Chan",
    nickname: "Salary",
    bankCountry: "HK",
    bankName: "HSBC Hong Kong",
    bankAddress: "1 Queen's Road Central",
    accountNumber: "****6789",
    swiftCode: "HSBCHKHHHKH",
    routingNumber: null,
    accountAddress: "8 Connaught Road",
    usableFrom: Date.now() + 86_400_000,
    firstPayoutCap: "1000.00",
    needsNewDetails: false,
    createdAt: Date.now(),
    ...overrides,
  };
}

function loggedIn(more: Record<string, (r: MockRequest) => MockAnswer | Promise<MockAnswer>>) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ status: 1, accountHolder: "Alice Chan" }) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    "GET user/country/list": () => ({ content: COUNTRIES }),
    ...more,
  });
}

describe("the bank account pages", { timeout: 20_000 }, () => {
  it("list the saved accounts with their cooling-off and first payout cap, and delete one after asking", async () => {
    let saved = [account(), account({ id: "b2", bankName: "Chase", bankCountry: "US", accountNumber: "****4321", usableFrom: 0 })];
    const { requests } = loggedIn({
      "GET fund/investor/bankAccount/select": () => ({ content: { list: saved, totalPage: 1, totalCount: saved.length } }),
      "POST fund/investor/bankAccount/delete/b2": () => {
        saved = saved.filter((a) => a.id !== "b2");
        return { content: null, message: "Bank account deleted" };
      },
    });
    const { user } = renderApp("/my/payment/bank");
    await screen.findByText("Chase", {}, { timeout: 10_000 });
    const table = within(screen.getByRole("table", { name: text("bank.title") }));
    expect(table.getAllByText(text("bank.first_payout_cap", { amount: "1,000.00" }))).toHaveLength(2);
    expect(table.getByText(text("bank.usable"))).toBeVisible();
    expect(table.getByText("🇺🇸 United States")).toBeVisible();

    await user.click(table.getByRole("button", { name: text("bank.delete_named", { number: "****4321", bank: "Chase" }) }));
    const confirm = within(await screen.findByRole("alertdialog"));
    expect(confirm.getByText(text("bank.delete_confirm", { number: "****4321", bank: "Chase" }))).toBeVisible();
    await user.click(confirm.getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(callsTo(requests, "POST fund/investor/bankAccount/delete/b2")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText("Chase")).toBeNull());
  });

  it("add: the holder shown, the domain's checks as typed, the routing number for a US bank only", async () => {
    const { requests } = loggedIn({
      "POST fund/investor/bankAccount/add": () => ({ content: account(), message: "Bank account saved" }),
    });
    const { user } = renderApp(["/my/payment/bank", "/my/payment/bank-add"]);
    const form = within(await screen.findByRole("form", { name: text("bank.add_title") }, { timeout: 10_000 }));
    expect(form.getByText("Alice Chan")).toBeVisible();
    await user.click(form.getByRole("button", { name: text("bank.save") }));
    expect((await form.findAllByText(text("error.required_input"))).length).toBeGreaterThanOrEqual(5);
    expect(callsTo(requests, "POST fund/investor/bankAccount/add")).toHaveLength(0);
    expect(form.queryByRole("textbox", { name: text("bank.field.routingNumber") })).toBeNull();

    await user.type(form.getByRole("textbox", { name: text("bank.field.nickname") }), "Checking");
    await user.selectOptions(form.getByRole("combobox", { name: text("bank.field.bankCountry") }), "US");
    await user.type(form.getByRole("textbox", { name: text("bank.field.bankName") }), "Chase");
    await user.type(form.getByRole("textbox", { name: text("bank.field.bankAddress") }), "270 Park Avenue, New York");
    await user.type(form.getByRole("textbox", { name: text("bank.field.accountNumber") }), "000123456789");
    await user.type(form.getByRole("textbox", { name: text("bank.field.swiftCode") }), "CHASUS33");
    // A routing number that fails the ABA checksum is refused before anything is sent.
    await user.type(form.getByRole("textbox", { name: text("bank.field.routingNumber") }), "021000022");
    await user.type(form.getByRole("textbox", { name: text("bank.field.accountAddress") }), "1 Main Street, New York");
    await user.click(form.getByRole("button", { name: text("bank.save") }));
    expect(await form.findByText(text("error.routing_number_invalid"))).toBeVisible();
    expect(callsTo(requests, "POST fund/investor/bankAccount/add")).toHaveLength(0);

    const routing = form.getByRole("textbox", { name: text("bank.field.routingNumber") });
    await user.clear(routing);
    await user.type(routing, "021000021");
    await user.click(form.getByRole("button", { name: text("bank.save") }));
    await waitFor(() => expect(callsTo(requests, "POST fund/investor/bankAccount/add")).toHaveLength(1));
    expect(callsTo(requests, "POST fund/investor/bankAccount/add")[0]?.body).toMatchObject({
      nickname: "Checking",
      bankCountry: "US",
      routingNumber: "021000021",
      swiftCode: "CHASUS33",
    });
    expect(await screen.findByText("Bank account saved")).toBeVisible();
    // Back to the list, half a second later.
    expect(await screen.findByRole("heading", { name: text("bank.title") }, { timeout: 3000 })).toBeVisible();
  });
});
