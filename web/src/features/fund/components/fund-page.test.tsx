// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import fundEnUS from "@/locales/fund/en-US.json";
import fundZhHK from "@/locales/fund/zh-HK.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { callsTo, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { asset, fundApi, record, type Handler } from "../testing/fund-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...fundEnUS };
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

/** Answers a verified request with 103 until it carries the security PIN. */
function verified(answer: MockAnswer): Handler {
  return ({ body }: MockRequest) =>
    body["securityPassword"] === undefined
      ? { statusCode: 103, content: { email: false, mfa: false, security: true }, message: "Please complete the verification" }
      : answer;
}

async function enterPin(user: ReturnType<typeof renderApp>["user"]) {
  const dialog = within(await screen.findByRole("dialog", { name: text("verify.title") }, WAIT));
  await user.type(dialog.getByLabelText(new RegExp(text("verify.security_password"))), "135790");
  await user.click(dialog.getByRole("button", { name: text("verify.submit") }));
}

/** The value beside `label` in a data list. */
const valueOf = (scope: { getByText: (text: string) => HTMLElement }, label: string) => scope.getByText(label).nextElementSibling;

/** The fund page, once its products are there. */
async function openFund() {
  const view = renderApp("/fund");
  const products = within(await screen.findByRole("list", { name: text("fund.products.title") }, WAIT));
  return { ...view, products };
}

describe("the fund page", { timeout: 30_000 }, () => {
  it("shows the figures, the days in words, and each product's rate, type and terms", async () => {
    fundApi();
    const { products } = await openFund();
    const overview = within(screen.getByRole("region", { name: text("fund.overview.title") }));
    expect(overview.getByText("1,253.14 USD")).toBeVisible();
    expect(valueOf(within(overview.getByRole("region", { name: text("fund.overview.current") })), text("fund.overview.usable_shares"))).toHaveTextContent("200.00 USD");
    expect(valueOf(within(overview.getByRole("region", { name: text("fund.overview.fixed") })), text("fund.overview.interest_shares"))).toHaveTextContent("1,000.00 USD");
    expect(
      await screen.findByText(text("fund.charts.value_summary", { from: "150.01 USD", start: "Nov 23, 2026", to: "250.03 USD", end: "Nov 24, 2026" }), {}, WAIT),
    ).toBeVisible();

    const current = within(products.getByRole("listitem", { name: "USD Current" }));
    expect(current.getByText("3.65%")).toBeVisible();
    expect(current.getByText(text("fund.type.CURRENT"))).toBeVisible();
    expect(valueOf(current, text("fund.product.subscribe_from"))).toHaveTextContent(`${text("fund.source.WALLET")}, ${text("fund.source.USD")}`);
    const fixed = within(products.getByRole("listitem", { name: "USD 90 days" }));
    expect(fixed.getByText(text("fund.phase.RAISING"))).toBeVisible();
    expect(valueOf(fixed, text("fund.product.maturity_date"))).toHaveTextContent("Mar 1, 2027");
    expect(valueOf(fixed, text("fund.product.period"))).toHaveTextContent(text("fund.product.period_days", { days: 90 }));
    // A product no longer raising takes no subscription.
    const closed = within(products.getByRole("listitem", { name: "USD 30 days" }));
    expect(closed.getByRole("button", { name: text("fund.subscribe_named", { product: "USD 30 days" }) })).toBeDisabled();
  });

  it("says there is nothing to chart before anything was held", async () => {
    fundApi({ "GET fund/v2/asset/daily": () => ({ content: [{ date: "2026-11-24", profit: "0.00", value: "0.00" }] }) });
    await openFund();
    expect(await screen.findByText(text("fund.charts.empty"), {}, WAIT)).toBeVisible();
  });

  it("previews a subscription by the domain, checks it by the domain's rules, and subscribes after the step-up with one Idempotency-Key", async () => {
    const { requests } = fundApi({ "POST subscribe": verified({ content: record({ source: "WALLET" }), message: "Subscribed" }) });
    const { user, products } = await openFund();
    await user.click(products.getByRole("button", { name: text("fund.subscribe_named", { product: "USD Current" }) }));
    const dialog = within(await screen.findByRole("dialog", { name: text("fund.subscribe.title", { product: "USD Current" }) }, WAIT));
    const form = within(await dialog.findByRole("form", { name: text("fund.subscribe.form") }, WAIT));
    const amount = form.getByRole("textbox", { name: new RegExp(`^${escape(text("fund.subscribe.amount", { asset: "USD" }))}`) });

    // Checked when the field is left, then as it changes.
    await user.type(amount, "0.5");
    await user.tab();
    expect(await form.findByText(text("error.fund_below_minimum", { amount: "1 USD" }), { exact: false })).toBeVisible();
    await user.clear(amount);
    await user.type(amount, "1000.01");
    expect(await form.findByText(text("error.insufficient_balance"), { exact: false })).toBeVisible();
    await user.clear(amount);
    await user.type(amount, "100");
    // 100.00 USD at 3.65 %: a day earns exactly 0.0001 of it, from tomorrow, shown the day after.
    const preview = within(form.getByLabelText(text("fund.preview.title")));
    await waitFor(() => expect(valueOf(preview, text("fund.preview.daily_interest"))).toHaveTextContent("0.01 USD"));
    expect(valueOf(preview, text("fund.preview.value_date"))).toHaveTextContent("Nov 25, 2026");
    expect(valueOf(preview, text("fund.preview.interest_start"))).toHaveTextContent("Nov 26, 2026");
    expect(valueOf(preview, text("fund.preview.first_profit"))).toHaveTextContent("Nov 27, 2026");
    expect(callsTo(requests, "POST subscribe")).toHaveLength(0);

    await user.click(form.getByRole("button", { name: text("fund.subscribe.submit") }));
    await enterPin(user);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: text("fund.subscribe.title", { product: "USD Current" }) })).toBeNull(), WAIT);
    const [first, verifiedRetry] = callsTo(requests, "POST subscribe");
    expect(first?.body).toEqual({ productId: "usd-current", source: "WALLET", amount: "100" });
    expect(verifiedRetry?.body).toMatchObject({ productId: "usd-current", source: "WALLET", amount: "100", securityPassword: "135790" });
    expect(first?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifiedRetry?.headers.get("Idempotency-Key")).toBe(first?.headers.get("Idempotency-Key"));
    // The figures are read again.
    await waitFor(() => expect(callsTo(requests, "GET fund/v2/asset").length).toBeGreaterThan(1), WAIT);
  });

  it("previews a fixed product's maturity and whole interest, paid from the fund account", async () => {
    fundApi();
    const { user, products } = await openFund();
    await user.click(products.getByRole("button", { name: text("fund.subscribe_named", { product: "USD 90 days" }) }));
    const form = within(await screen.findByRole("form", { name: text("fund.subscribe.form") }, WAIT));
    expect(form.getByRole("combobox", { name: new RegExp(`^${text("fund.subscribe.source")}`) })).toHaveValue("FUND");
    expect(form.getByText(text("fund.available", { amount: "200.00 USD" }))).toBeVisible();
    await user.type(form.getByRole("textbox", { name: new RegExp(`^${escape(text("fund.subscribe.amount", { asset: "USD" }))}`) }), "150");
    // 150.00 USD at 5 %: ⌊15 000 × 0.05 / 365⌋ = 2 cents a day, 90 days.
    const preview = within(form.getByLabelText(text("fund.preview.title")));
    await waitFor(() => expect(valueOf(preview, text("fund.preview.expected_interest"))).toHaveTextContent("1.80 USD"));
    expect(valueOf(preview, text("fund.preview.interest_start"))).toHaveTextContent("Dec 1, 2026");
    expect(valueOf(preview, text("fund.preview.maturity_date"))).toHaveTextContent("Mar 1, 2027");
  });

  it("says the interest an early redemption forfeits before it is confirmed, and redeems the position whole", async () => {
    const { requests } = fundApi({
      "POST redeem": () => ({ content: record({ id: "o-2", type: "REDEEM", productId: "usd-30", productName: "USD 30 days", productType: "FIXED", source: "FUND", amount: "1000.00", interest: "3.12", forfeitedInterest: "3.12" }) }),
    });
    const { user } = await openFund();
    const positions = within(await screen.findByRole("list", { name: text("fund.positions.title") }, WAIT));
    await user.click(positions.getByRole("button", { name: text("fund.redeem_position_named", { product: "USD 30 days", amount: "1,000.00 USD" }) }));
    const form = within(await screen.findByRole("form", { name: text("fund.redeem.form") }, WAIT));
    // 24 days earned (1–24 November) at ⌊100 000 × 0.05 / 365⌋ = 13 cents.
    expect(await form.findByText(text("fund.redeem.forfeit_warning", { amount: "3.12 USD" }), {}, WAIT)).toBeVisible();
    expect(valueOf(within(form.getByLabelText(text("fund.preview.title"))), text("fund.preview.forfeited"))).toHaveTextContent("3.12 USD");
    await user.click(form.getByRole("button", { name: text("fund.redeem.submit_early") }));
    await waitFor(() => expect(callsTo(requests, "POST redeem")).toHaveLength(1), WAIT);
    expect(callsTo(requests, "POST redeem")[0]?.body).toEqual({ productId: "usd-30", destination: "FUND", amount: "1000.00", positionId: "p-30", forfeitedInterest: "3.12" });
  });

  it("redeems current shares up to the usable ones (Max), with the day they arrive", async () => {
    const { requests } = fundApi({ "POST redeem": () => ({ content: record({ id: "o-3", type: "REDEEM", source: "USD", amount: "200.00" }) }) });
    const { user, products } = await openFund();
    await user.click(products.getByRole("button", { name: text("fund.redeem_named", { product: "USD Current" }) }));
    const form = within(await screen.findByRole("form", { name: text("fund.redeem.form") }, WAIT));
    const amount = form.getByRole("textbox", { name: new RegExp(`^${escape(text("fund.redeem.amount", { asset: "USD" }))}`) });
    await user.type(amount, "200.01");
    await user.tab();
    expect(await form.findByText(text("error.fund_insufficient_shares", { amount: "200 USD" }), { exact: false })).toBeVisible();
    await user.click(form.getByRole("button", { name: text("fund.max_named", { amount: "200.00 USD" }) }));
    expect(amount).toHaveValue("200.00");
    const preview = within(form.getByLabelText(text("fund.preview.title")));
    await waitFor(() => expect(valueOf(preview, text("fund.preview.delivery_date"))).toHaveTextContent("Nov 25, 2026"));
    expect(valueOf(preview, text("fund.preview.last_interest"))).toHaveTextContent("Nov 25, 2026");
    await user.selectOptions(form.getByRole("combobox", { name: new RegExp(`^${text("fund.redeem.destination")}`) }), "USD");
    await user.click(form.getByRole("button", { name: text("fund.redeem.submit") }));
    await waitFor(() => expect(callsTo(requests, "POST redeem")).toHaveLength(1), WAIT);
    expect(callsTo(requests, "POST redeem")[0]?.body).toEqual({ productId: "usd-current", destination: "USD", amount: "200.00" });
  });

  it("without the investor certification, says what subscribing needs and asks to go to the profile's anchor", async () => {
    const { requests } = fundApi({}, { investor: { status: 0 }, aml: 0, qualify: 0 });
    const { user, products, router } = await openFund();
    expect(screen.getByText(text("fund.gate.title"))).toBeVisible();
    await user.click(products.getByRole("button", { name: text("fund.subscribe_named", { product: "USD Current" }) }));
    const dialog = within(await screen.findByRole("alertdialog", {}, WAIT));
    expect(dialog.getByText(text("gate.investor_identity"))).toBeVisible();
    await user.click(dialog.getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe("/my/profile#investor"), WAIT);
    expect(callsTo(requests, "GET config")).toHaveLength(0);
  });

  it("shows in Traditional Chinese, the fund's texts loaded with its page", async () => {
    fundApi({ "GET fund/v2/asset": () => ({ content: asset() }) });
    await setLocale("zh-HK");
    renderApp("/fund");
    expect(await screen.findByRole("heading", { level: 1, name: fundZhHK["fund.title"] }, WAIT)).toBeVisible();
    expect(await screen.findByRole("heading", { level: 2, name: fundZhHK["fund.products.title"] }, WAIT)).toBeVisible();
  });

  it("opens the login dialog on direct entry while logged out", async () => {
    const { requests } = fundApi();
    localStorage.clear();
    renderApp("/fund");
    expect(await screen.findByRole("dialog", { name: text("auth.login.title") }, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fund/v2/asset")).toHaveLength(0);
  });
});
