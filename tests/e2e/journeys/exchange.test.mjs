// Issue 22's journey through the exchange, at the desktop and the phone width, each on a fresh
// server: a user with an approved basic identity is given 1,000.00 USD by a wire the operator
// credits, and the operator sets the prices (`fiscard admin wallet price set`). On the exchange
// screen the user types 100 USD and sees what BTC it buys (priced here independently, with
// BigInt, by the contract's formula), gets a quote with its countdown, sees it renewed when it
// runs out, and confirms; then swaps all that BTC (Max) into USDT. The balances follow on the
// screen and in the wallet, the history lists both swaps newest first, a swap's details open,
// the wallet records show the swap's legs, and the screen is read in zh-HK too.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { callApi, registerUser } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import { definition, escape, exactly } from "../lib/cards.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { accountLink, Journey } from "../lib/journey.mjs";

const TIMEOUT = { timeout: 300_000 };

/** What the operator credits (USD), and what the user swaps of it. */
const WIRE = "1000.00";
const PAID_USD = "100";
/** The prices the operator sets, USD per whole unit. */
const PRICES = { BTC: "65000", USDT: "1.00" };
const SCALE = { USD: 2, BTC: 8, ETH: 8, USDT: 6 };
const PRICE_SCALE = 8;

/** Minor units of exact decimal text at `scale` ("100" at 2 → 10000n). */
function minor(text, scale) {
  const [units, decimals = ""] = text.split(".");
  assert.ok(decimals.length <= scale, `${text} has more than ${scale} decimals`);
  return BigInt(units) * 10n ** BigInt(scale) + BigInt(decimals.padEnd(scale, "0") || "0");
}

/** Minor units as plain decimal text at `scale` (10000n at 2 → "100.00"). */
function plain(value, scale) {
  const text = value.toString().padStart(scale + 1, "0");
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** Plain decimal text with thousands separators, as the app writes amounts ("1,000.00"). */
function grouped(text) {
  const [units, decimals] = text.split(".");
  const withCommas = units.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return decimals === undefined ? withCommas : `${withCommas}.${decimals}`;
}

/** "1,000.00 USD", as the screens write an amount of an asset. */
const shown = (value, asset) => `${grouped(plain(value, SCALE[asset]))} ${asset}`;

const ceilDiv = (a, b) => (a + b - 1n) / b;

/**
 * What `amount` minor units of `from` buy of `to` (the contract's Side::From): the fee and the
 * spread rounded up in the platform's favour, what is left converted at the reference prices
 * and rounded down.
 */
function priceFrom(amount, from, to, pair) {
  const price = (asset) => (asset === "USD" ? 10n ** BigInt(PRICE_SCALE) : minor(PRICES[asset], PRICE_SCALE));
  const fee = ceilDiv(amount * BigInt(pair.feeBps), 10_000n);
  const spread = ceilDiv((amount - fee) * BigInt(pair.spreadBps), 10_000n);
  const net = amount - fee - spread;
  const num = price(from) * 10n ** BigInt(SCALE[to]);
  const den = price(to) * 10n ** BigInt(SCALE[from]);
  return { fee, spread, toAmount: (net * num) / den };
}

/** The amount field of `side` ("from" or "to") for `asset`. */
function amountField(j, form, side, asset) {
  const label = j.t(side === "from" ? "exchange.amount_from" : "exchange.amount_to", { coin: asset });
  return form.getByRole("textbox", { name: new RegExp(`^${escape(label)}`) });
}

/**
 * Sets the prices (the operator's command, as the wallet journey does), again before each quote:
 * a price older than the exchange accepts (a minute) stops quoting.
 */
async function setPrices(server) {
  for (const [coin, price] of Object.entries(PRICES)) await server.admin("wallet", "price", "set", coin, price);
}

/** Waits until the field `locator` holds `value`. */
async function hasValue(locator, value) {
  const deadline = Date.now() + 15_000;
  let last;
  while (Date.now() < deadline) {
    last = await locator.inputValue();
    if (last === value) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  assert.equal(last, value);
}

/** Chooses the pair `from` → `to` with the two selects (the page keeps it in its address). */
async function choosePair(j, from, to) {
  const { page, t } = j;
  await page.getByRole("combobox", { name: t("exchange.from"), exact: true }).selectOption(from);
  await page.getByRole("combobox", { name: t("exchange.to"), exact: true }).selectOption(to);
  await page.waitForURL((url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to);
  await amountField(j, page.getByRole("form", { name: t("exchange.form"), exact: true }), "from", from).waitFor();
}

/** Gets a quote for what the form holds, confirms it, and waits for the result; returns the result region. */
async function quoteAndConfirm(j, form, look) {
  const { page, t } = j;
  await j.press(form.getByRole("button", { name: t("exchange.get_quote"), exact: true }));
  const quote = page.getByRole("region", { name: t("exchange.quote.title"), exact: true });
  await quote.getByRole("timer").filter({ hasText: /\d+/ }).waitFor();
  if (look) await j.look(look);
  await j.press(quote.getByRole("button", { name: t("exchange.quote.confirm"), exact: true }));
  const result = page.getByRole("region", { name: t("exchange.result.title"), exact: true });
  await result.waitFor();
  return result;
}

async function exchangeJourney(j) {
  const { page, server, t, user } = j;
  await server.admin("identity", "set-status", "--email", user.email, "--status", "approved");
  // USD the way the cards journey gets it: a wire the operator credits to the user's memo.
  const { memo } = await callApi(server, "account/deposit/wire", { token: user.token });
  await server.admin("credit-wire", "--memo", memo, "--amount", WIRE, "--reference", `E2E-exchange-${j.device.name}`);
  await setPrices(server);
  const pairs = await callApi(server, "exchange/pairs", { token: user.token });
  const pairOf = (from, to) => pairs.find((p) => p.fromCoin === from && p.toCoin === to);

  // The exchange from the header; nothing swapped yet.
  await page.goto("/");
  await j.headerLink(t("menu.exchange"));
  await j.shows(t("exchange.title"));
  await page.getByText(t("exchange.history.empty"), { exact: true }).waitFor();
  await choosePair(j, "USD", "BTC");
  const form = page.getByRole("form", { name: t("exchange.form"), exact: true });
  await form.getByText(t("exchange.available", { amount: shown(minor(WIRE, 2), "USD") }), { exact: true }).waitFor();

  // USD → BTC: 100 USD, the BTC it buys follows as it is typed.
  const paid = minor(PAID_USD, SCALE.USD);
  const bought = priceFrom(paid, "USD", "BTC", pairOf("USD", "BTC"));
  await amountField(j, form, "from", "USD").fill(PAID_USD);
  await hasValue(amountField(j, form, "to", "BTC"), plain(bought.toAmount, SCALE.BTC));
  await j.look("exchange-usd-btc");

  // The quote counts down; when it runs out a fresh one replaces it.
  await setPrices(server);
  await j.press(form.getByRole("button", { name: t("exchange.get_quote"), exact: true }));
  const quote = page.getByRole("region", { name: t("exchange.quote.title"), exact: true });
  await quote.getByText(shown(bought.toAmount, "BTC"), { exact: true }).waitFor();
  await quote.getByRole("timer").filter({ hasText: /\d+/ }).waitFor();
  const renewed = page.waitForResponse((response) => response.url().endsWith("/api/exchange/quote"));
  await j.moveTime(11_000);
  await renewed;
  await quote.getByRole("timer").filter({ hasText: /\d+/ }).waitFor();
  await j.look("exchange-quote");
  await j.press(quote.getByRole("button", { name: t("exchange.quote.confirm"), exact: true }));
  let result = page.getByRole("region", { name: t("exchange.result.title"), exact: true });
  await result.getByText(t("exchange.result.summary", { paid: shown(paid, "USD"), received: shown(bought.toAmount, "BTC") }), { exact: true }).waitFor();
  await j.look("exchange-result");

  // BTC → USDT: all the BTC bought (Max).
  await j.press(result.getByRole("button", { name: t("exchange.result.again"), exact: true }));
  await setPrices(server);
  await choosePair(j, "BTC", "USDT");
  await form.getByText(t("exchange.available", { amount: shown(bought.toAmount, "BTC") }), { exact: true }).waitFor();
  const toUsdt = priceFrom(bought.toAmount, "BTC", "USDT", pairOf("BTC", "USDT"));
  await j.press(form.getByRole("button", { name: t("exchange.max_named", { amount: shown(bought.toAmount, "BTC") }), exact: true }));
  result = await quoteAndConfirm(j, form, "exchange-btc-usdt-quote");
  await result.getByText(t("exchange.result.summary", { paid: shown(bought.toAmount, "BTC"), received: shown(toUsdt.toAmount, "USDT") }), { exact: true }).waitFor();

  // The balances: none of the BTC left, the USDT there, 900 USD.
  await j.press(result.getByRole("button", { name: t("exchange.result.again"), exact: true }));
  await form.getByText(t("exchange.available", { amount: shown(0n, "BTC") }), { exact: true }).waitFor();
  await form.getByText(t("exchange.available", { amount: shown(toUsdt.toAmount, "USDT") }), { exact: true }).waitFor();
  await choosePair(j, "USD", "USDT");
  await form.getByText(t("exchange.available", { amount: shown(minor(WIRE, 2) - paid, "USD") }), { exact: true }).waitFor();

  // The history: both swaps, newest first; the newest's details.
  const history = page.getByRole(j.mobile ? "list" : "table", { name: t("exchange.history.list"), exact: true });
  const entries = history.getByRole(j.mobile ? "listitem" : "row").filter({ hasText: /USD|BTC/ });
  await entries.first().getByText(`+${shown(toUsdt.toAmount, "USDT")}`, { exact: true }).waitFor();
  await entries.nth(1).getByText(`+${shown(bought.toAmount, "BTC")}`, { exact: true }).waitFor();
  await j.look("exchange-history");
  await j.press(entries.first().getByRole("link", { name: new RegExp(`^${escape(t("exchange.history.details"))}`) }));
  await j.shows(t("exchange.swap.title"));
  const detail = page.getByRole("main");
  await definition(detail, t("exchange.fee")).filter({ hasText: exactly(shown(toUsdt.fee, "BTC")) }).waitFor();
  await definition(detail, t("exchange.spread")).filter({ hasText: exactly(shown(toUsdt.spread, "BTC")) }).waitFor();
  await definition(detail, t("exchange.swap.received")).filter({ hasText: exactly(shown(toUsdt.toAmount, "USDT")) }).waitFor();
  await j.look("exchange-swap");

  // The wallet: the USDT is there, no BTC is left, and its records show the swaps' legs.
  await accountLink(j, "menu.wallet_overview");
  await j.shows(t("wallet.overview.title"));
  const balances = page.getByRole(j.mobile ? "list" : "table", { name: t("wallet.overview.balances"), exact: true });
  await balances.getByText(shown(toUsdt.toAmount, "USDT"), { exact: true }).first().waitFor();
  await accountLink(j, "menu.wallet_records");
  await j.shows(t("wallet.records.title"));
  const records = page.getByRole(j.mobile ? "list" : "table", { name: t("wallet.records.list"), exact: true });
  await records.getByText(`+${shown(toUsdt.toAmount, "USDT")}`, { exact: true }).waitFor();
  await records.getByText(`−${shown(bought.toAmount, "BTC")}`, { exact: true }).waitFor();
  await records.getByText(t("wallet_record_type.swap_in"), { exact: false }).first().waitFor();
  await j.look("exchange-wallet-records");

  // The screen in Traditional Chinese.
  await setPrices(server);
  await page.goto("/exchange?from=USDT&to=BTC");
  await j.chooseLanguage("zh-HK");
  await j.shows(j.t("exchange.title"));
  const zhForm = page.getByRole("form", { name: j.t("exchange.form"), exact: true });
  await amountField(j, zhForm, "from", "USDT").fill("10");
  await page.getByRole(j.mobile ? "list" : "table", { name: j.t("exchange.history.list"), exact: true }).waitFor();
  await j.look("exchange");
  await j.chooseLanguage("en-US");
  j.assertNoPageErrors();
}

describe("exchange journeys", { concurrency: true }, () => {
  onEachDevice((device, env) => {
    it("swaps USD to BTC after a renewed quote, then all that BTC to USDT, and sees balances and history", TIMEOUT, async () => {
      const user = await registerUser(env.server);
      const { context, page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
      await context.addInitScript((session) => {
        if (!sessionStorage.getItem("e2e-started")) {
          sessionStorage.setItem("e2e-started", "1");
          localStorage.setItem("accessToken", session);
        }
      }, user.token);
      const j = new Journey({ page, device, server: env.server, errors, console, trail, user });
      try {
        await exchangeJourney(j);
      } catch (error) {
        error.message += await j.describeFailure(join(SCREENSHOTS, `FAILED-${device.name}-exchange.png`));
        throw error;
      } finally {
        await context.close();
      }
    });
  });
});
