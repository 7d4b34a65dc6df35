// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { callsTo } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { asset, exchangeApi, pair, pairs, quote, rate, swap } from "../testing/exchange-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };
const escape = (s: string) => s.replace(/[()]/g, "\\$&");

beforeEach(() => setWidth(1024));

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The exchange screen on USD → BTC, once its form is there. */
async function openExchange(path = "/exchange?from=USD&to=BTC") {
  const view = renderApp(path);
  const form = within(await screen.findByRole("form", { name: text("exchange.form") }, WAIT));
  const pay = form.getByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_from", { coin: "USD" }))}`) });
  const receive = form.getByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_to", { coin: "BTC" }))}`) });
  const preview = within(screen.getByLabelText(text("exchange.preview")));
  return { ...view, form, pay, receive, preview };
}

/** The value beside `label` in a data list. */
const valueOf = (scope: { getByText: (text: string) => HTMLElement }, label: string) => scope.getByText(label).nextElementSibling;

describe("the exchange screen", { timeout: 30_000 }, () => {
  it("prices either amount as it is typed, by the domain, and shows the rate, fee and spread", async () => {
    const { requests } = exchangeApi();
    const { user, form, pay, receive, preview } = await openExchange();
    expect(form.getByText(text("exchange.available", { amount: "1,000.00 USD" }))).toBeVisible();
    expect(form.getByText(text("exchange.available", { amount: "0.01000000 BTC" }))).toBeVisible();
    expect(valueOf(preview, text("exchange.reference_rate"))).toHaveTextContent(text("exchange.rate_value", { from: "USD", to: "BTC", rate: "0.0000153846" }));

    // 100.00 USD: fee ⌈10 000 × 0.1%⌉ = 10 cents, spread ⌈9 990 × 0.5%⌉ = 50 cents, 9 940 cents
    // left at 200/13 satoshis a cent = 152 923.07… → 152 923 satoshis.
    await user.type(pay, "100");
    await waitFor(() => expect(receive).toHaveValue("0.00152923"));
    expect(valueOf(preview, text("exchange.fee_named", { percent: "0.10%" }))).toHaveTextContent("0.10 USD");
    expect(valueOf(preview, text("exchange.spread_named", { percent: "0.50%" }))).toHaveTextContent("0.50 USD");
    expect(valueOf(preview, text("exchange.you_receive"))).toHaveTextContent("0.00152923 BTC");

    // 0.001 BTC = 100 000 satoshis needs 6 500 cents after fee and spread: the least amount
    // that leaves them is 65.40 USD (fee 7, spread 33 cents); 65.39 leaves 6 499.
    await user.clear(receive);
    await user.type(receive, "0.001");
    await waitFor(() => expect(pay).toHaveValue("65.40"));
    expect(valueOf(preview, text("exchange.fee_named", { percent: "0.10%" }))).toHaveTextContent("0.07 USD");
    expect(valueOf(preview, text("exchange.spread_named", { percent: "0.50%" }))).toHaveTextContent("0.33 USD");

    // Max: all the USD available (under the pair's maximum).
    await user.click(form.getByRole("button", { name: text("exchange.max_named", { amount: "1,000.00 USD" }) }));
    expect(pay).toHaveValue("1000.00");
    await waitFor(() => expect(receive).toHaveValue("0.01529230"));
    expect(callsTo(requests, "POST exchange/quote")).toHaveLength(0);
  });

  it("checks the amount by the domain's rules before asking for a quote", async () => {
    const { requests } = exchangeApi();
    const { user, form, pay } = await openExchange();
    await user.click(form.getByRole("button", { name: text("exchange.get_quote") }));
    expect(await form.findByText(text("error.exchange_amount_required"), {}, WAIT)).toBeVisible();

    await user.type(pay, "5");
    expect(await form.findByText(text("error.exchange_below_minimum", { amount: "10 USD" }), { exact: false })).toBeVisible();
    await user.clear(pay);
    await user.type(pay, "1000.01");
    expect(await form.findByText(text("error.insufficient_balance"), { exact: false })).toBeVisible();
    await user.clear(pay);
    await user.type(pay, "10.001");
    expect(await form.findByText(text("error.amount_too_many_decimals", { scale: 2 }), { exact: false })).toBeVisible();
    expect(callsTo(requests, "POST exchange/quote")).toHaveLength(0);
  });

  it("turns the pair round with the switch button, in the address", async () => {
    exchangeApi();
    const { user, router } = await openExchange();
    await user.click(screen.getByRole("button", { name: text("exchange.switch_named", { from: "BTC", to: "USD" }) }));
    await waitFor(() => expect(router.state.location.search).toBe("?from=BTC&to=USD"));
    const form = within(await screen.findByRole("form", { name: text("exchange.form") }, WAIT));
    expect(form.getByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_from", { coin: "BTC" }))}`) })).toBeVisible();

    // Choosing on one side the other side's asset turns the pair round too.
    await user.selectOptions(screen.getByRole("combobox", { name: text("exchange.to") }), "BTC");
    await waitFor(() => expect(router.state.location.search).toBe("?from=USD&to=BTC"));
  });

  it("quotes, counts down, confirms, and shows the swap made and its history", async () => {
    let swaps: ReturnType<typeof swap>[] = [];
    const { requests } = exchangeApi({
      "POST exchange/quote": () => ({ content: quote() }),
      "POST exchange/swap": () => {
        swaps = [swap()];
        return { content: swaps[0], message: "Swapped" };
      },
      "GET exchange/swaps": () => ({ content: { list: swaps, totalPage: 1, totalCount: swaps.length } }),
    });
    const { user, form, pay } = await openExchange();
    expect(await screen.findByText(text("exchange.history.empty"), {}, WAIT)).toBeVisible();
    await user.type(pay, "100");
    await user.click(form.getByRole("button", { name: text("exchange.get_quote") }));

    const card = within(await screen.findByRole("region", { name: text("exchange.quote.title") }, WAIT));
    expect(card.getByText("0.00152923 BTC")).toBeVisible();
    expect(card.getByRole("timer")).toHaveTextContent(/^Valid for (10|9) s$/);
    expect(callsTo(requests, "POST exchange/quote")[0]?.body).toEqual({ fromCoin: "USD", toCoin: "BTC", fromAmount: "100" });

    await user.click(card.getByRole("button", { name: text("exchange.quote.confirm") }));
    const result = within(await screen.findByRole("region", { name: text("exchange.result.title") }, WAIT));
    expect(result.getByText(text("exchange.result.summary", { paid: "100.00 USD", received: "0.00152923 BTC" }))).toBeVisible();
    expect(callsTo(requests, "POST exchange/swap")[0]?.body).toEqual({ quoteId: "q1" });
    expect(result.getByRole("link", { name: text("exchange.result.details") })).toHaveAttribute("href", "/exchange/swaps/s1");

    // The history and the balances are read again.
    const history = within(await screen.findByRole("table", { name: text("exchange.history.list") }, WAIT));
    expect(history.getByText("−100.00 USD")).toBeVisible();
    expect(history.getByText("+0.00152923 BTC")).toBeVisible();
    expect(callsTo(requests, "GET exchange/rate").length).toBeGreaterThan(1);

    await user.click(result.getByRole("button", { name: text("exchange.result.again") }));
    expect(await screen.findByRole("form", { name: text("exchange.form") }, WAIT)).toBeVisible();
  });

  it("asks for a fresh quote with the same input when the countdown runs out, and drops it when the input changes", async () => {
    let n = 0;
    const { requests } = exchangeApi({
      "POST exchange/quote": () => {
        n += 1;
        return { content: quote({ quoteId: `q${n}`, expiresAt: Date.now() + (n === 1 ? 1_000 : 10_000), toAmount: n === 1 ? "0.00152923" : "0.00152900" }) };
      },
    });
    const { user, form, pay } = await openExchange();
    await user.type(pay, "100");
    await user.click(form.getByRole("button", { name: text("exchange.get_quote") }));
    const card = within(await screen.findByRole("region", { name: text("exchange.quote.title") }, WAIT));
    expect(await card.findByText("0.00152900 BTC", {}, WAIT)).toBeVisible();
    const [first, second] = callsTo(requests, "POST exchange/quote");
    expect(second?.body).toEqual(first?.body);

    await user.type(pay, "0");
    expect(screen.queryByRole("region", { name: text("exchange.quote.title") })).toBeNull();
    expect(form.getByRole("button", { name: text("exchange.get_quote") })).toBeVisible();
  });

  it("offers the fresh quote an expired one brings (112), and says when prices are stale (111)", async () => {
    let quotes = 0;
    const { requests } = exchangeApi({
      "POST exchange/quote": () => {
        quotes += 1;
        return quotes === 1
          ? { content: quote() }
          : { statusCode: 111, message: "Prices unavailable", messageKey: "api.exchange_prices_unavailable" };
      },
      "POST exchange/swap": ({ body }) =>
        body["quoteId"] === "q1"
          ? { statusCode: 112, message: "Quote expired", messageKey: "api.exchange_quote_expired", content: quote({ quoteId: "q2", toAmount: "0.00150000" }) }
          : { content: swap({ quoteId: "q2", toAmount: "0.00150000" }) },
    });
    const { user, form, pay } = await openExchange();
    await user.type(pay, "100");
    await user.click(form.getByRole("button", { name: text("exchange.get_quote") }));
    let card = within(await screen.findByRole("region", { name: text("exchange.quote.title") }, WAIT));
    await user.click(card.getByRole("button", { name: text("exchange.quote.confirm") }));
    expect(await screen.findByText(text("exchange.quote.renewed"), {}, WAIT)).toBeVisible();
    card = within(screen.getByRole("region", { name: text("exchange.quote.title") }));
    expect(card.getByText("0.00150000 BTC")).toBeVisible();
    await user.click(card.getByRole("button", { name: text("exchange.quote.confirm") }));
    expect(await screen.findByRole("region", { name: text("exchange.result.title") }, WAIT)).toBeVisible();
    expect(callsTo(requests, "POST exchange/swap").map((r) => r.body["quoteId"])).toEqual(["q1", "q2"]);

    await user.click(screen.getByRole("button", { name: text("exchange.result.again") }));
    const again = within(await screen.findByRole("form", { name: text("exchange.form") }, WAIT));
    await user.type(again.getByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_from", { coin: "USD" }))}`) }), "50");
    await user.click(again.getByRole("button", { name: text("exchange.get_quote") }));
    expect(await again.findByText(text("exchange.error.prices_unavailable"), {}, WAIT)).toBeVisible();

    // Said again in the language the user turns to.
    await user.click(screen.getByRole("button", { name: `${text("header.language")}: English` }));
    await user.click(within(await screen.findByRole("dialog", { name: text("header.language") })).getByRole("button", { name: "繁體中文" }));
    expect(await screen.findByText(webZhHK["exchange.error.prices_unavailable"], {}, WAIT)).toBeVisible();
  });

  it("shows the server's field errors under the field (the balance moved)", async () => {
    exchangeApi({
      "POST exchange/quote": () => ({
        statusCode: 102,
        message: text("error.insufficient_balance"),
        messageKey: "error.insufficient_balance",
        content: [{ field: "fromAmount", code: "insufficient_balance", params: {}, message: "Not enough USD." }],
      }),
    });
    const { user, form, pay } = await openExchange();
    await user.type(pay, "100");
    await user.click(form.getByRole("button", { name: text("exchange.get_quote") }));
    expect(await form.findByText("Not enough USD.", {}, WAIT)).toBeVisible();
  });

  it("says a closed pair is paused and asks for no quote", async () => {
    exchangeApi({ "GET exchange/pairs": () => ({ content: pairs.map((p) => (p.fromCoin === "USD" && p.toCoin === "BTC" ? pair("USD", "BTC", { enabled: false }) : p)) }) });
    const { form } = await openExchange();
    expect(form.getByText(text("exchange.pair_closed", { from: "USD", to: "BTC" }))).toBeVisible();
    expect(form.getByRole("button", { name: text("exchange.get_quote") })).toBeDisabled();
  });

  it("says so when the prices are stale before anything can be typed", async () => {
    exchangeApi({ "GET exchange/rate": () => ({ statusCode: 111, message: "Prices unavailable", messageKey: "api.exchange_prices_unavailable" }) });
    renderApp("/exchange");
    expect(await screen.findByText(text("exchange.error.prices_unavailable"), {}, WAIT)).toBeVisible();
    expect(screen.queryByRole("form", { name: text("exchange.form") })).toBeNull();
  });

  it("asks for the basic identity first", async () => {
    const { requests } = exchangeApi({}, { status: 0, accountHolder: null });
    renderApp("/exchange");
    expect(await screen.findByText(text("exchange.needs_identity"), {}, WAIT)).toBeVisible();
    expect(screen.getByRole("link", { name: text("identity.basic.title") })).toHaveAttribute("href", "/my/profile#basic");
    expect(callsTo(requests, "GET exchange/rate")).toHaveLength(0);
  });

  it("uses the rate of the pair shown, never the previous pair's", async () => {
    exchangeApi({
      "GET exchange/rate": async ({ query }) => {
        if (query.get("fromCoin") === "ETH") await new Promise((resolve) => setTimeout(resolve, 300));
        return { content: rate(asset(query.get("fromCoin")), asset(query.get("toCoin"))) };
      },
    });
    const { user } = await openExchange();
    await user.selectOptions(screen.getByRole("combobox", { name: text("exchange.from") }), "ETH");
    expect(screen.queryByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_from", { coin: "USD" }))}`) })).toBeNull();
    expect(await screen.findByRole("textbox", { name: new RegExp(`^${escape(text("exchange.amount_from", { coin: "ETH" }))}`) }, WAIT)).toBeVisible();
  });
});
