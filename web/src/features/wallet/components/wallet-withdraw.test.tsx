// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadMarkets } from "@/lib/domain";
import { callsTo, type MockAnswer } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { page, walletApi, walletRecord } from "../testing/wallet-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };
const escape = (s: string) => s.replace(/[()]/g, "\\$&");
const network = (code: string) => new RegExp(`^${escape(text(`wallet.network.${code}`))}`);

const USED = "0x52908400098527886e0f7030069857d2e4169ee7";
/** Same first and last four characters as USED, another middle: a look-alike. */
const LOOKALIKE = "0x5290aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa9ee7";
const GOOD = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** GOOD with its last letter's case changed: the EIP-55 checksum fails. */
const MISTYPED = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

beforeEach(() => setWidth(1024));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const submitted = (amount: string, address: string) =>
  walletRecord({
    id: "w9",
    type: "WITHDRAW",
    network: "ETH",
    amount,
    fee: "1.500000",
    address,
    txid: null,
    confirmations: 0,
    requiredConfirmations: 12,
    status: "SUBMITTED",
    statusLabelKey: "crypto_withdrawal_status.submitted",
    cancellable: true,
  });

/** The withdrawal form on USDT over Ethereum, the step after the network is chosen. */
async function openForm(path = "/wallet/withdraw/USDT?network=ETH") {
  const view = renderApp(path);
  const form = within(await screen.findByRole("form", { name: text("wallet.withdraw.form") }, WAIT));
  const address = form.getByRole("textbox", { name: new RegExp(text("wallet.withdraw.address")) });
  const amount = form.getByRole("textbox", { name: new RegExp(escape(text("wallet.withdraw.amount", { coin: "USDT" }))) });
  return { ...view, form, address, amount };
}

describe("a crypto withdrawal", { timeout: 30_000 }, () => {
  it("checks the address as it is typed: the checksum, another network named, a valid one confirmed", async () => {
    walletApi();
    const { user, form, address } = await openForm();
    await user.type(address, MISTYPED);
    expect(await form.findByText(text("error.address_checksum"))).toBeVisible();

    await user.clear(address);
    await user.type(address, TRON);
    // Named as the domain names networks.
    expect(await form.findByText(text("error.address_wrong_network", { network: "TRON" }))).toBeVisible();

    await user.clear(address);
    await user.type(address, GOOD);
    expect(await form.findByText(text("wallet.withdraw.address_ok", { network: text("wallet.network.ETH") }))).toBeVisible();
    expect(form.queryByText(text("error.address_wrong_network", { network: "TRON" }))).toBeNull();
  });

  it("previews the fee on top, fills the most it may send, and refuses by the domain's amount rules", async () => {
    const { requests } = walletApi();
    const { user, form, address, amount } = await openForm();
    await user.type(address, GOOD);
    await user.type(amount, "100");
    // The address receives 100; the wallet gives 100 + 1.5.
    expect(await form.findByText("100.000000 USDT")).toBeVisible();
    expect(form.getByText("101.500000 USDT")).toBeVisible();
    expect(form.getByText(text("wallet.withdraw.daily_left_value", { left: "19,000.000000 USDT", limit: "20,000.000000 USDT" }))).toBeVisible();

    // Max: (1,012.50 − 1.50) in steps of 0.01 = 1,011.00.
    await user.click(form.getByRole("button", { name: text("wallet.withdraw.max_named", { amount: "1,011.000000 USDT" }) }));
    expect(amount).toHaveValue("1011.000000");
    expect(form.getByText(text("wallet.withdraw.received")).nextElementSibling).toHaveTextContent("1,011.000000 USDT");
    expect(form.getByText(text("wallet.withdraw.debited")).nextElementSibling).toHaveTextContent("1,012.500000 USDT");

    await user.clear(amount);
    await user.type(amount, "5");
    await user.click(form.getByRole("button", { name: text("wallet.withdraw.submit") }));
    expect(await form.findByText(text("error.crypto_withdrawal_below_minimum", { amount: "10 USDT" }), { exact: false })).toBeVisible();

    await user.clear(amount);
    await user.type(amount, "10.005");
    expect(await form.findByText(text("error.amount_not_multiple", { multiple: "0.01" }), { exact: false })).toBeVisible();
    expect(callsTo(requests, "POST wallet/withdraw")).toHaveLength(0);
  });

  it("withdraws with a clientOrderId kept for the retry of an unanswered attempt, then opens the record", async () => {
    let answers: (() => MockAnswer | Promise<MockAnswer>)[] = [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => ({ content: submitted("250.000000", GOOD), message: "Withdrawal submitted" }),
    ];
    const { requests } = walletApi({
      "POST wallet/withdraw": () => {
        const [next, ...rest] = answers;
        answers = rest;
        return next ? next() : { statusCode: 500 };
      },
      "GET wallet/record/w9": () => ({ content: submitted("250.000000", GOOD) }),
    });
    const { user, form, address, amount, router } = await openForm();
    await user.type(address, GOOD);
    await user.type(amount, "250");
    await user.click(form.getByRole("button", { name: text("wallet.withdraw.submit") }));
    expect(await form.findByText(text("api.network_exception"), { exact: false }, WAIT)).toBeVisible();

    await user.click(form.getByRole("button", { name: text("wallet.withdraw.submit") }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/record/w9"), WAIT);
    const [first, retry] = callsTo(requests, "POST wallet/withdraw");
    expect(first?.body).toMatchObject({ coinCode: "USDT", network: "ETH", address: GOOD, amount: "250" });
    expect(first?.body["clientOrderId"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.body["clientOrderId"]).toBe(first?.body["clientOrderId"]);
    expect(await screen.findByText(text("crypto_withdrawal_status.submitted"), {}, WAIT)).toBeVisible();
  });

  it("warns about an address that looks like one used before, and asks before sending to it", async () => {
    const { requests } = walletApi({
      "GET wallet/record": ({ query }) => ({
        content: page(query.get("type") === "WITHDRAW" ? [submitted("20.000000", USED)] : []),
      }),
      "POST wallet/withdraw": () => ({ content: submitted("20.000000", LOOKALIKE) }),
    });
    const { user, form, address, amount } = await openForm();
    await user.type(address, LOOKALIKE);
    expect(await form.findByText(text("wallet.withdraw.lookalike", { previous: USED }))).toBeVisible();
    await user.type(amount, "20");
    await user.click(form.getByRole("button", { name: text("wallet.withdraw.submit") }));
    const confirm = within(await screen.findByRole("alertdialog", {}, WAIT));
    // The address as it is sent: in its EIP-55 spelling.
    const canonical = (await loadMarkets()).checkAddress("ETH", LOOKALIKE).address;
    expect(canonical?.toLowerCase()).toBe(LOOKALIKE);
    expect(confirm.getByText(text("wallet.withdraw.lookalike_confirm", { address: canonical ?? "", previous: USED }))).toBeVisible();
    await user.click(confirm.getByRole("button", { name: text("confirm.cancel") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(callsTo(requests, "POST wallet/withdraw")).toHaveLength(0);
  });

  it("shows the server's field errors under the fields", async () => {
    walletApi({
      "POST wallet/withdraw": () => ({
        statusCode: 102,
        message: text("error.crypto_withdrawal_daily_limit", { amount: "3 USDT" }),
        messageKey: "error.crypto_withdrawal_daily_limit",
        content: [{ field: "amount", code: "crypto_withdrawal_daily_limit", params: { amount: "3 USDT" }, message: text("error.crypto_withdrawal_daily_limit", { amount: "3 USDT" }) }],
      }),
    });
    const { user, form, address, amount } = await openForm("/wallet/withdraw/USDT?network=TRX");
    await user.type(address, TRON);
    await user.type(amount, "50");
    await user.click(form.getByRole("button", { name: text("wallet.withdraw.submit") }));
    expect(await form.findByText(text("error.crypto_withdrawal_daily_limit", { amount: "3 USDT" }), {}, WAIT)).toBeVisible();
  });

  it("asks for the basic identity first", async () => {
    const { requests } = walletApi({}, { status: 0, accountHolder: null });
    renderApp("/wallet/withdraw/BTC");
    expect(await screen.findByText(text("wallet.withdraw.needs_identity"), {}, WAIT)).toBeVisible();
    expect(screen.getByRole("link", { name: text("identity.basic.title") })).toHaveAttribute("href", "/my/profile#basic");
    expect(callsTo(requests, "GET wallet/coin/config")).toHaveLength(0);
    expect(screen.queryByRole("radio", { name: network("BTC") })).toBeNull();
  });
});
