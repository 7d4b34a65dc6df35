// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { exchangeApi, page, swap } from "../testing/exchange-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };

beforeEach(() => setWidth(1024));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const toUsdt = swap({
  id: "s2",
  quoteId: "q2",
  fromCoin: "BTC",
  toCoin: "USDT",
  fromAmount: "0.00100000",
  toAmount: "64.621384",
  fee: "0.00000100",
  spread: "0.00000500",
  referenceRate: "65013.0026",
  rate: "64621.384",
  createdAt: Date.UTC(2026, 10, 24, 12, 5),
});

describe("the swap history", { timeout: 30_000 }, () => {
  it("lists the swaps newest first, a page at a time, with what was paid and received", async () => {
    const { requests } = exchangeApi({
      "GET exchange/swaps": ({ query }) => ({ content: query.get("pageID") === "2" ? page([swap()], 2) : page([toUsdt], 2) }),
    });
    const { user } = renderApp("/exchange");
    const table = within(await screen.findByRole("table", { name: text("exchange.history.list") }, WAIT));
    const row = within(table.getByRole("row", { name: /64\.621384 USDT/ }));
    expect(row.getByText("−0.00100000 BTC")).toBeVisible();
    expect(row.getByText(text("exchange.rate_value", { from: "BTC", to: "USDT", rate: "64,621.384" }))).toBeVisible();

    await user.click(screen.getByRole("button", { name: text("app.load_more") }));
    expect(await table.findByText("+0.00152923 BTC", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET exchange/swaps").map((r) => r.query.get("pageID"))).toContain("2");
  });

  it("opens a swap's details from the list on a phone", async () => {
    exchangeApi({
      "GET exchange/swaps": () => ({ content: page([toUsdt, swap()]) }),
      "GET exchange/swaps/s2": () => ({ content: toUsdt }),
    });
    setWidth(390);
    const { user, router } = renderApp("/exchange");
    const list = within(await screen.findByRole("list", { name: text("exchange.history.list") }, WAIT));
    expect(list.getAllByRole("listitem")).toHaveLength(2);
    await act(async () => {
      await user.click(list.getAllByRole("link", { name: /^Details/ })[0] as HTMLElement);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/exchange/swaps/s2"));
    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("heading", { level: 1, name: text("exchange.swap.title") }, WAIT)).toBeVisible();
    expect(await main.findByText("64.621384 USDT", {}, WAIT)).toBeVisible();
    expect(main.getByText("0.00000100 BTC")).toBeVisible();
    expect(main.getByText("s2")).toBeVisible();
    expect(main.getByRole("link", { name: text("exchange.swap.back") })).toHaveAttribute("href", "/exchange");
  });

  it("says so for a swap that is not the user's", async () => {
    exchangeApi({ "GET exchange/swaps/zz": () => ({ statusCode: 404, message: "Swap not found", messageKey: "api.exchange_swap_not_found" }) });
    renderApp("/exchange/swaps/zz");
    expect(await screen.findByText(text("exchange.swap.not_found"), {}, WAIT)).toBeVisible();
  });
});
