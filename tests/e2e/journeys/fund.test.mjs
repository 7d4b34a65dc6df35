// Issue 26's journey through the fund, at the desktop and the phone width, each on a fresh
// server with a test clock: an approved company investor (basic identity, investor
// certification, AML and QI approved by the operator) is given 1,000.00 USD by a wire the
// operator credits, subscribes 500 USD of it to the current product (3.65 %) from the USD
// account, seeing the domain's preview (value date today, interest from tomorrow, 0.05 USD a
// day), and logs out; two days pass (the clock moved, the accrual job run by the operator's
// command), the investor comes back to the fund's address and logs in, and the fund shows
// yesterday's profit of 0.05 USD (500.00 × 3.65 % / 365, exactly 0.0001 of the shares);
// the operator opens a fixed product (5 %, raising today, earning from tomorrow for 30 days)
// and the investor moves 100 USD of the fund account into it; the investor redeems the rest of
// the current shares (Max) to the USD account, and the records list the subscriptions, the
// interest and the redemption, one of them opened. The screens are read in zh-HK too. Two more
// days pass: the fixed position has earned a day's interest, and the investor redeems it early,
// seeing the interest forfeited. The ledger check and the fund's reconciliation pass.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { callApi, registerUser } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import { definition, escape, exactly } from "../lib/cards.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { approveInvestor } from "../lib/investor.mjs";
import { accountLink, Journey } from "../lib/journey.mjs";

const TIMEOUT = { timeout: 300_000 };
const DAY_MS = 86_400_000;

/** What the operator credits (USD), and what the investor subscribes of it, in cents. */
const WIRE = "1000.00";
const SUBSCRIBED = 50_000n;
/** A day's interest at 3.65 % (36,500 millionths) on a 365-day year, rounded down to the cent. */
const dayInterest = (shares) => (shares * 36_500n) / (1_000_000n * 365n);
/** What goes into the fixed product (cents), and its day's interest at 5 %. */
const FIXED = 10_000n;
const fixedDayInterest = (shares) => (shares * 50_000n) / (1_000_000n * 365n);
const FIXED_NAME = "USD 30 days";

/** The business date of `ms` as the operator's commands take it. */
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Cents as the app writes an amount of USD ("1,000.05 USD"). */
function usd(cents) {
  const text = cents.toString().padStart(3, "0");
  const units = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${units}.${text.slice(-2)} USD`;
}

/** "2026-11-25" as the app writes a business date in `lang` ("Nov 25, 2026"). */
function day(ms, lang) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(ms);
}

/** The value of `label` in the data list `scope` holds. */
const valueOf = (scope, label) => definition(scope, label);

/** Presses a dialog's confirm button, answers the step-up the server asks, and waits for the dialog to close. */
async function confirm(j, dialog, label) {
  await j.press(dialog.getByRole("button", { name: label, exact: true }));
  await j.verify();
  await dialog.waitFor({ state: "hidden" });
}

async function fundJourney(j) {
  const { page, server, t, user } = j;
  await approveInvestor(server, user);
  // USD the way the cards journey gets it: a wire the operator credits to the user's memo.
  const { memo } = await callApi(server, "account/deposit/wire", { token: user.token });
  await server.admin("credit-wire", "--memo", memo, "--amount", WIRE, "--reference", `E2E-fund-${j.device.name}`);
  const start = await server.now();

  // The fund from the header: nothing held yet, the products on offer.
  await page.goto("/");
  await j.headerLink(t("menu.fund"));
  await j.shows(t("fund.title"));
  const main = page.getByRole("main");
  const overview = main.getByRole("region", { name: t("fund.overview.title"), exact: true });
  await overview.getByText(usd(0n), { exact: true }).first().waitFor();
  const products = main.getByRole("list", { name: t("fund.products.title"), exact: true });
  const current = products.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "USD Current", exact: true }) });
  await current.getByText(t("fund.rate_value", { rate: "3.65" }), { exact: true }).waitFor();
  await j.look("fund-empty");

  // Subscribe 500 USD from the USD account: the preview as the domain computes it.
  await j.press(current.getByRole("button", { name: t("fund.subscribe_named", { product: "USD Current" }), exact: true }));
  const subscribe = page.getByRole("dialog", { name: t("fund.subscribe.title", { product: "USD Current" }), exact: true });
  const form = subscribe.getByRole("form", { name: t("fund.subscribe.form"), exact: true });
  await form.getByRole("combobox", { name: new RegExp(`^${escape(t("fund.subscribe.source"))}`) }).selectOption("USD");
  await form.getByText(t("fund.available", { amount: usd(100_000n) }), { exact: true }).waitFor();
  await form.getByRole("textbox", { name: new RegExp(`^${escape(t("fund.subscribe.amount", { asset: "USD" }))}`) }).fill("500");
  const preview = form.getByLabel(t("fund.preview.title"), { exact: true });
  await valueOf(preview, t("fund.preview.daily_interest")).filter({ hasText: exactly(usd(dayInterest(SUBSCRIBED))) }).waitFor();
  await valueOf(preview, t("fund.preview.value_date")).filter({ hasText: exactly(day(start, j.lang)) }).waitFor();
  await valueOf(preview, t("fund.preview.interest_start")).filter({ hasText: exactly(day(start + DAY_MS, j.lang)) }).waitFor();
  await j.look("fund-subscribe");
  await confirm(j, subscribe, t("fund.subscribe.submit"));

  // Held, not yet earning: it came in today.
  const currentFigures = overview.getByRole("region", { name: t("fund.overview.current"), exact: true });
  await valueOf(currentFigures, t("fund.overview.unusable_shares")).filter({ hasText: exactly(usd(SUBSCRIBED)) }).waitFor();
  await overview.getByText(usd(SUBSCRIBED), { exact: true }).first().waitFor();

  // The investor leaves; two days pass (the test clock moves a day at most at a time), and the
  // accrual job runs (the operator's command; a re-run accrues nothing).
  await j.logOut();
  await j.moveTime(DAY_MS);
  await j.moveTime(DAY_MS);
  await server.admin("fund", "accrue");
  await server.admin("fund", "accrue");
  // Back at the fund's address: direct entry while logged out opens the login dialog (SPEC §2).
  await page.goto("/fund");
  const login = page.getByRole("dialog", { name: t("auth.login.title"), exact: true });
  await login.waitFor();
  await j.logIn({ dialog: login });
  await j.shows(t("fund.title"));
  const earned = dayInterest(SUBSCRIBED);
  const yesterday = overview.locator("div").filter({ has: page.getByText(t("fund.overview.yesterday_profit"), { exact: true }) }).last();
  await yesterday.getByText(usd(earned), { exact: true }).waitFor();
  await valueOf(currentFigures, t("fund.overview.usable_shares")).filter({ hasText: exactly(usd(SUBSCRIBED + earned)) }).waitFor();
  await main.getByRole("region", { name: t("fund.charts.profit"), exact: true }).waitFor();
  await j.look("fund-profit");

  // The operator opens a fixed product raising today; 100 USD of the fund account goes into it.
  const today = start + 2 * DAY_MS;
  await server.admin(
    "fund", "product", "create", "fixed", "--name", FIXED_NAME, "--rate", "5",
    "--raise-date", isoDay(today), "--interest-date", isoDay(today + DAY_MS), "--period", "30",
  );
  await page.reload();
  await j.shows(t("fund.title"));
  const fixed = products.getByRole("listitem").filter({ has: page.getByRole("heading", { name: FIXED_NAME, exact: true }) });
  await j.press(fixed.getByRole("button", { name: t("fund.subscribe_named", { product: FIXED_NAME }), exact: true }));
  const subscribeFixed = page.getByRole("dialog", { name: t("fund.subscribe.title", { product: FIXED_NAME }), exact: true });
  const fixedForm = subscribeFixed.getByRole("form", { name: t("fund.subscribe.form"), exact: true });
  await fixedForm.getByText(t("fund.available", { amount: usd(SUBSCRIBED + earned) }), { exact: true }).waitFor();
  await fixedForm.getByRole("textbox", { name: new RegExp(`^${escape(t("fund.subscribe.amount", { asset: "USD" }))}`) }).fill("100");
  await j.look("fund-subscribe-fixed");
  await confirm(j, subscribeFixed, t("fund.subscribe.submit"));
  const positions = main.getByRole("list", { name: t("fund.positions.title"), exact: true });
  await positions.getByRole("listitem").first().getByText(usd(FIXED), { exact: true }).waitFor();
  const rest = SUBSCRIBED + earned - FIXED;

  // Redeem the rest of the current shares to the USD account.
  await j.press(current.getByRole("button", { name: t("fund.redeem_named", { product: "USD Current" }), exact: true }));
  const redeem = page.getByRole("dialog", { name: t("fund.redeem.title", { product: "USD Current" }), exact: true });
  const redeemForm = redeem.getByRole("form", { name: t("fund.redeem.form"), exact: true });
  await redeemForm.getByRole("combobox", { name: new RegExp(`^${escape(t("fund.redeem.destination"))}`) }).selectOption("USD");
  await j.press(redeemForm.getByRole("button", { name: t("fund.max_named", { amount: usd(rest) }), exact: true }));
  const redeemPreview = redeemForm.getByLabel(t("fund.preview.title"), { exact: true });
  await valueOf(redeemPreview, t("fund.preview.amount")).filter({ hasText: exactly(usd(rest)) }).waitFor();
  await valueOf(redeemPreview, t("fund.preview.delivery_date")).filter({ hasText: exactly(day(start + 2 * DAY_MS, j.lang)) }).waitFor();
  await j.look("fund-redeem");
  await confirm(j, redeem, t("fund.redeem.submit"));
  await valueOf(currentFigures, t("fund.overview.usable_shares")).filter({ hasText: exactly(usd(0n)) }).waitFor();
  // The USD account holds what was not subscribed, the redeemed shares and the interest less
  // what went into the fixed product.
  const session = await page.evaluate(() => localStorage.getItem("accessToken"));
  const accounts = await callApi(server, "account/balance", { token: session });
  assert.equal(accounts.find((a) => a.accountType === "BankAccount")?.balance, "900.05");

  // The records: the redemption, the fixed subscription, the day's interest, the subscription,
  // newest first.
  await accountLink(j, "menu.fund_records");
  await j.shows(t("fund.records.title"));
  const records = main.getByRole(j.mobile ? "list" : "table", { name: t("fund.records.list"), exact: true });
  const entries = records.getByRole(j.mobile ? "listitem" : "row").filter({ hasText: /USD/ });
  await entries.first().getByText(`−${usd(rest)}`, { exact: true }).waitFor();
  await entries.nth(1).getByText(`+${usd(FIXED)}`, { exact: true }).waitFor();
  await entries.nth(2).getByText(`+${usd(earned)}`, { exact: true }).waitFor();
  await entries.nth(3).getByText(`+${usd(SUBSCRIBED)}`, { exact: true }).waitFor();
  await j.look("fund-records");
  await main.getByRole("combobox", { name: t("fund.records.type"), exact: true }).selectOption("INTEREST");
  await page.waitForURL((url) => url.searchParams.get("type") === "INTEREST");
  await entries.first().getByText(`+${usd(earned)}`, { exact: true }).waitFor();
  await j.press(entries.first().getByRole("link", { name: new RegExp(`^${escape(t("fund.records.details"))}`) }));
  await j.shows(t("fund.record.title"));
  await valueOf(main, t("fund.record.type")).filter({ hasText: exactly(t("fund.record_type.INTEREST")) }).waitFor();
  await valueOf(main, t("fund.records.business_date")).filter({ hasText: exactly(day(start + DAY_MS, j.lang)) }).waitFor();
  await j.look("fund-record");

  // The fund in Traditional Chinese.
  await page.goto("/fund");
  await j.chooseLanguage("zh-HK");
  await j.shows(j.t("fund.title"));
  await main.getByRole("list", { name: j.t("fund.products.title"), exact: true }).waitFor();
  await j.look("fund");
  await j.press(main.getByRole("list", { name: j.t("fund.products.title"), exact: true }).getByRole("button", { name: j.t("fund.subscribe_named", { product: "USD Current" }), exact: true }));
  const zhDialog = page.getByRole("dialog", { name: j.t("fund.subscribe.title", { product: "USD Current" }), exact: true });
  await zhDialog.getByRole("textbox", { name: new RegExp(`^${escape(j.t("fund.subscribe.amount", { asset: "USD" }))}`) }).fill("100");
  await j.look("fund-subscribe");
  await page.keyboard.press("Escape");
  await zhDialog.waitFor({ state: "hidden" });
  await accountLink(j, "menu.fund_records");
  await j.shows(j.t("fund.records.title"));
  await j.look("fund-records");
  await j.chooseLanguage("en-US");

  // Two more days: the fixed position earned from its interest date, one day so far; the
  // investor redeems it early and gives that interest up.
  await j.logOut();
  await j.moveTime(DAY_MS);
  await j.moveTime(DAY_MS);
  await server.admin("fund", "accrue");
  await page.goto("/fund");
  await j.logIn({ dialog: page.getByRole("dialog", { name: t("auth.login.title"), exact: true }) });
  await j.shows(t("fund.title"));
  const forfeited = fixedDayInterest(FIXED);
  const position = positions.getByRole("listitem").first();
  await valueOf(position, t("fund.position.accrued")).filter({ hasText: exactly(usd(forfeited)) }).waitFor();
  await valueOf(position, t("fund.position.expected")).filter({ hasText: exactly(usd(30n * forfeited)) }).waitFor();
  await j.look("fund-positions");
  await j.press(position.getByRole("button", { name: t("fund.redeem_position_named", { product: FIXED_NAME, amount: usd(FIXED) }), exact: true }));
  const early = page.getByRole("dialog", { name: t("fund.redeem.title", { product: FIXED_NAME }), exact: true });
  const earlyPreview = early.getByLabel(t("fund.preview.title"), { exact: true });
  await valueOf(earlyPreview, t("fund.preview.forfeited")).filter({ hasText: exactly(usd(forfeited)) }).waitFor();
  await j.look("fund-redeem-early");
  await confirm(j, early, t("fund.redeem.submit_early"));
  await main.getByText(t("fund.positions.empty"), { exact: true }).waitFor();
  await accountLink(j, "menu.fund_records");
  await j.shows(t("fund.records.title"));
  await main.getByRole("combobox", { name: t("fund.records.type"), exact: true }).selectOption("REDEEM");
  await page.waitForURL((url) => url.searchParams.get("type") === "REDEEM");
  await j.press(entries.first().getByRole("link", { name: new RegExp(`^${escape(t("fund.records.details"))}`) }));
  await j.shows(t("fund.record.title"));
  await valueOf(main, t("fund.record.forfeited")).filter({ hasText: exactly(usd(forfeited)) }).waitFor();
  await j.look("fund-record-early");

  // Every movement was a posting, and every figure recomputes from the ledger.
  await server.admin("ledger-check");
  await server.admin("fund", "reconcile");
  j.assertNoPageErrors();
}

describe("fund journeys", { concurrency: true }, () => {
  onEachDevice((device, env) => {
    it("subscribes USD to the current product, sees yesterday's profit after two days, moves some into a fixed product, redeems the rest, reads the records, and redeems the fixed position early", TIMEOUT, async () => {
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
        await fundJourney(j);
      } catch (error) {
        error.message += await j.describeFailure(join(SCREENSHOTS, `FAILED-${device.name}-fund.png`));
        throw error;
      } finally {
        await context.close();
      }
    });
  });
});
