// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { coinList, depositAddress, walletApi } from "../testing/wallet-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };
const network = (code: string) => new RegExp(`^${text(`wallet.network.${code}`).replace(/[()]/g, "\\$&")}`);

beforeEach(() => setWidth(1024));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("a deposit", { timeout: 30_000 }, () => {
  it("waits for the network to be chosen, then shows the address with its QR code, Copy, minimum and confirmations", async () => {
    const { requests } = walletApi({ "GET wallet/deposit/address": () => ({ content: depositAddress() }) });
    const { user, router } = renderApp("/wallet/deposit/USDT");
    const main = within(await screen.findByRole("main"));
    const networks = await main.findByRole("radiogroup", { name: text("wallet.deposit.network") }, WAIT);
    // Two networks: neither is guessed, no address is asked for yet.
    expect(within(networks).getAllByRole("radio")).toHaveLength(2);
    expect(callsTo(requests, "GET wallet/deposit/address")).toHaveLength(0);

    await user.click(within(networks).getByRole("radio", { name: network("TRX") }));
    await waitFor(() => expect(router.state.location.search).toBe("?network=TRX"));
    expect(await main.findByText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", {}, WAIT)).toBeVisible();
    const asked = callsTo(requests, "GET wallet/deposit/address")[0];
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ coinCode: "USDT", network: "TRX" });
    expect(main.getByRole("img", { name: text("wallet.deposit.qr") })).toBeVisible();
    expect(main.getByText(text("wallet.deposit.warning", { coin: "USDT", network: text("wallet.network.TRX") }))).toBeVisible();
    expect(main.getByText(text("wallet.deposit.minimum_note", { amount: "1.000000 USDT" }))).toBeVisible();
    expect(main.getByText(text("wallet.deposit.confirmations_note", { count: 19 }))).toBeVisible();
    // No memo on TRON.
    expect(main.queryByText(text("wallet.deposit.memo"))).toBeNull();

    await user.click(main.getByRole("button", { name: text("app.copy_named", { what: text("wallet.deposit.address_short") }) }));
    expect(await navigator.clipboard.readText()).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect((await screen.findAllByText(text("app.copied")))[0]).toBeVisible();
  });

  it("takes a coin's only network at once, shows a memo where there is one, and switches coins from the select", async () => {
    walletApi({
      "GET wallet/deposit/address": ({ query }) => ({
        content:
          query.get("coinCode") === "BTC"
            ? depositAddress({ coinCode: "BTC", network: "BTC", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", minDeposit: "0.00010000", confirmations: 2 })
            : depositAddress({ coinCode: "ETH", network: "ETH", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", memo: "845301", confirmations: 12 }),
      }),
    });
    const { user, router } = renderApp("/wallet/deposit");
    const main = within(await screen.findByRole("main"));
    // The first coin, on its only network.
    expect(await main.findByText("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", {}, WAIT)).toBeVisible();
    expect(main.getByText(text("wallet.deposit.minimum_note", { amount: "0.00010000 BTC" }))).toBeVisible();

    await user.selectOptions(main.getByRole("combobox", { name: text("wallet.deposit.coin") }), "ETH");
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/deposit/ETH"));
    expect(await main.findByText("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", {}, WAIT)).toBeVisible();
    expect(main.getByText("845301")).toBeVisible();
    expect(main.getByText(text("wallet.deposit.memo_note"))).toBeVisible();
    await user.click(main.getByRole("button", { name: text("app.copy_named", { what: text("wallet.deposit.memo") }) }));
    expect(await navigator.clipboard.readText()).toBe("845301");
  });

  it("offers no paused network, and shows the server's refusal for a chain switched off meanwhile", async () => {
    const paused = {
      coin: coinList.coin.map((c) =>
        c.coinCode === "USDT" ? { ...c, networks: c.networks.map((n) => (n.network === "ETH" ? { ...n, depositEnabled: false } : n)) } : c,
      ),
    };
    walletApi({
      "GET coinlist": () => ({ content: paused }),
      "GET wallet/deposit/address": () => ({
        statusCode: 409,
        message: "Deposits of this coin on this network are suspended for now",
        messageKey: "api.wallet_deposit_disabled",
      }),
    });
    renderApp("/wallet/deposit/USDT?network=ETH");
    const main = within(await screen.findByRole("main"));
    const networks = within(await main.findByRole("radiogroup", { name: text("wallet.deposit.network") }, WAIT));
    expect(networks.getByRole("radio", { name: network("ETH") })).toBeDisabled();
    // The paused network named in the address is not taken; TRON, the only open one, is.
    expect(networks.getByRole("radio", { name: network("TRX") })).toBeChecked();
    expect(await main.findByText("Deposits of this coin on this network are suspended for now", {}, WAIT)).toBeVisible();
  });
});
