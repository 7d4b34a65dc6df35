// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { walletApi } from "../testing/wallet-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = { ...domainZhHK, ...webZhHK };
const fill = (catalogue: Record<string, string>) => (key: string, params: Record<string, string | number> = {}) =>
  (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const text = fill(en);
const zhText = fill(zh);
const WAIT = { timeout: 10_000 };

beforeEach(() => setWidth(1024));

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the wallet overview", { timeout: 30_000 }, () => {
  it("shows the total value, the split and the 30 days in words beside their charts, and each coin's balance", async () => {
    walletApi();
    renderApp("/wallet");
    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("heading", { level: 1, name: text("wallet.overview.title") }, WAIT)).toBeVisible();
    expect(await main.findByText("37,012.50 USD", {}, WAIT)).toBeVisible();

    // The split as a list: each coin's share and value.
    const split = within(await main.findByRole("region", { name: text("wallet.overview.allocation") }, WAIT));
    expect(split.getByText(text("wallet.overview.share", { coin: text("wallet.coin_name.BTC"), share: "81.05%" }))).toBeVisible();
    expect(split.getByText("30,000.00 USD")).toBeVisible();
    expect(split.getByText(text("wallet.overview.share", { coin: text("wallet.coin_name.USDT"), share: "2.74%" }))).toBeVisible();

    // The 30 days in words: first and last day, highest and lowest.
    const history = within(main.getByRole("region", { name: text("wallet.overview.history") }));
    expect(
      history.getByText(
        text("wallet.overview.history_summary", {
          start: "Oct 25",
          from: "34,112.50 USD",
          end: "Nov 23",
          to: "37,012.50 USD",
          high: "37,012.50 USD",
          low: "34,112.50 USD",
        }),
      ),
    ).toBeVisible();

    // Each coin's balance, every decimal kept; Deposit and Withdraw named after the coin.
    const table = within(main.getByRole("table", { name: text("wallet.overview.balances") }));
    const btc = within(table.getByRole("row", { name: /BTC/ }));
    expect(btc.getByText("0.50000000 BTC")).toBeVisible();
    expect(btc.getByText("0.10000000 BTC")).toBeVisible();
    expect(btc.getByText("0.60000000 BTC")).toBeVisible();
    expect(btc.getByRole("link", { name: text("wallet.deposit_named", { coin: "BTC" }) })).toHaveAttribute("href", "/wallet/deposit/BTC");
    expect(btc.getByRole("link", { name: text("wallet.withdraw_named", { coin: "BTC" }) })).toHaveAttribute("href", "/wallet/withdraw/BTC");
    expect(btc.getByRole("link", { name: "BTC" })).toHaveAttribute("href", "/wallet/coins/BTC");
  });

  it("lists the balances on a phone, and reads in Traditional Chinese", async () => {
    setWidth(390);
    await setLocale("zh-HK");
    walletApi();
    renderApp("/wallet/overview");
    const list = within(await screen.findByRole("list", { name: zhText("wallet.overview.balances") }, WAIT));
    expect(list.getAllByRole("listitem")).toHaveLength(3);
    expect(list.getByText(zhText("wallet.coin_name.ETH"))).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: zhText("wallet.overview.title") })).toBeVisible();
  });

  it("has the wallet in the header and its pages in the account menu", async () => {
    walletApi();
    renderApp("/wallet/coins");
    const header = within(await screen.findByRole("navigation", { name: text("header.menu") }, WAIT));
    expect(header.getByRole("link", { name: text("menu.wallet") })).toHaveAttribute("href", "/wallet/overview");
    const menu = within(await screen.findByRole("navigation", { name: text("menu.account") }, WAIT));
    for (const [label, href] of [
      ["menu.wallet_overview", "/wallet/overview"],
      ["menu.wallet_coins", "/wallet/coins"],
      ["menu.wallet_deposit", "/wallet/deposit"],
      ["menu.wallet_withdraw", "/wallet/withdraw"],
      ["menu.wallet_records", "/wallet/record"],
    ] as const) {
      expect(menu.getByRole("link", { name: text(label) })).toHaveAttribute("href", href);
    }
    expect(menu.getByRole("link", { name: text("menu.wallet_coins") })).toHaveAttribute("aria-current", "page");
  });

  it.each(["/wallet/coins", "/wallet/coins/BTC", "/wallet/deposit/BTC", "/wallet/withdraw/BTC", "/wallet/record/r1"])(
    "opens the login dialog on direct entry to %s while logged out, and reads nothing",
    async (path) => {
      const { requests } = mockApi({});
      renderApp(path);
      expect(await screen.findByRole("dialog", { name: text("auth.login.title") }, WAIT)).toBeVisible();
      expect(requests.filter((r) => r.path.startsWith("wallet") || r.path === "coinlist")).toEqual([]);
    },
  );
});

describe("the coins", { timeout: 30_000 }, () => {
  it("are searched by code or by name", async () => {
    walletApi();
    const { user } = renderApp("/wallet/coins");
    const list = within(await screen.findByRole("list", { name: text("wallet.coins.title") }, WAIT));
    expect(list.getAllByRole("listitem")).toHaveLength(3);
    const search = screen.getByRole("searchbox", { name: text("wallet.coins.search") });

    await user.type(search, "ethereum");
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(1));
    expect(list.getByRole("link", { name: "ETH" })).toHaveAttribute("href", "/wallet/coins/ETH");

    await user.clear(search);
    await user.type(search, "usdt");
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(1));
    expect(list.getByText(text("wallet.coins.networks", { networks: `${text("wallet.network.ETH")} · ${text("wallet.network.TRX")}` }))).toBeVisible();

    await user.clear(search);
    await user.type(search, "doge");
    expect(await screen.findByText(text("wallet.coins.none", { query: "doge" }))).toBeVisible();
  });

  it("each have a page with the balance, the networks' terms and where to go next", async () => {
    const { requests } = walletApi();
    renderApp("/wallet/coins/USDT");
    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("heading", { level: 1, name: `USDT · ${text("wallet.coin_name.USDT")}` }, WAIT)).toBeVisible();
    const networks = within(await main.findByRole("table", { name: text("wallet.coin.networks") }, WAIT));
    const tron = within(networks.getByRole("row", { name: new RegExp(text("wallet.network.TRX").replace(/[()]/g, "\\$&")) }));
    expect(tron.getByText("19")).toBeVisible();
    // The minimum deposit, the fee.
    expect(tron.getByText("1.000000 USDT")).toBeVisible();
    expect(tron.getByText("1.200000 USDT")).toBeVisible();
    expect(tron.getByText(text("wallet.coin.limits_value", { minimum: "10.000000 USDT", maximum: "5,000.000000 USDT" }))).toBeVisible();
    expect(tron.getByRole("link", { name: text("wallet.deposit") })).toHaveAttribute("href", "/wallet/deposit/USDT?network=TRX");
    expect(main.getByRole("link", { name: text("wallet.records_named", { coin: "USDT" }) })).toHaveAttribute("href", "/wallet/record?coinCode=USDT");
    expect(callsTo(requests, "GET wallet/coin/config")[0]?.query.get("coinCode")).toBe("USDT");
  });

  it("say when a coin does not exist", async () => {
    const { requests } = walletApi();
    renderApp("/wallet/coins/DOGE");
    expect(await screen.findByText(text("wallet.coin.unknown", { coin: "DOGE" }), {}, WAIT)).toBeVisible();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(callsTo(requests, "GET wallet/coin/config")).toHaveLength(0);
  });
});
