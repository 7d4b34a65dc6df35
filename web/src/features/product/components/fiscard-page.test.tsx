// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiContent } from "@/lib/api-schema";
import { setLocale } from "@/lib/locale";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, cardItem, mockApi, securityConfig, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { CardBin } from "../api/get-bins";
import { FAQ_TOPICS } from "./faq-section";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = webZhHK;
const text = (key: string) => en[key] ?? key;

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TERMS = {
  limits: { perTransaction: "10000.00", daily: "20000.00", monthly: "50000.00" },
  rechargeRate: "0.01",
  paymentRate: "0.01",
  exchangeRate: "0.0015",
  refundRate: "0",
};

const BINS: readonly CardBin[] = [
  { bin: "485932", locationCode: "US", orgName: "VISA", currency: "USD", ...TERMS },
  {
    bin: "522981",
    locationCode: "HK",
    orgName: "Mastercard",
    currency: "USD",
    ...TERMS,
    limits: { perTransaction: "2500.00", daily: "5000.00", monthly: "12000.00" },
    rechargeRate: "0.005",
    paymentRate: "0.012",
  },
];

const FEES = [
  "product.fees.opening",
  "product.fees.recharge",
  "product.fees.transaction",
  "product.fees.exchange",
  "product.fees.minimum",
  "product.fees.cards",
];

type Handlers = Record<string, (request: MockRequest) => MockAnswer>;

// Route-level journeys: each loads lazy pages (and the wasm module), slow on a busy machine.
const JOURNEY = { timeout: 15_000 };

const binsApi: Handlers = { "GET fiscard/bins": () => ({ content: { items: BINS } }) };

/** What a test changes of the logged-in user. */
type Self = Partial<ApiContent<"/user/self", "get">>;

function loggedIn(self: Self, more: Handlers = {}) {
  storeSessionToken("session-1");
  return mockApi({
    ...binsApi,
    "GET user/self": () => ({ content: userSelf(self) }),
    "GET user/config": () => ({ content: securityConfig() }),
    "GET account/balance": () => ({ content: [] }),
    ...more,
  });
}

async function applyButton() {
  return screen.findByRole("button", { name: text("product.apply.submit") }, { timeout: 5000 });
}

describe("the offer", JOURNEY, () => {
  it("states the fees, the reach and the wire times of SPEC §1", async () => {
    mockApi(binsApi);
    renderApp("/product/fiscard");
    expect(await screen.findByRole("heading", { level: 1, name: text("product.fiscard.title") }, { timeout: 5000 })).toBeVisible();
    const fees = screen.getByRole("region", { name: text("product.fees.title") });
    for (const fee of FEES) expect(within(fees).getByText(text(fee))).toBeVisible();
    // What 100 USD costs, every fee included, as the domain computes it.
    const example = await within(fees).findByRole("table", { name: text("product.fees.example.title").replace("{amount}", "100.00 USD") });
    await waitFor(() => expect(example).toHaveTextContent("99.00 USD"), { timeout: 5000 });
    const row = (key: string) => within(example).getByRole("row", { name: new RegExp(`^${text(key).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    expect(row("product.fees.example.recharge")).toHaveTextContent("1.00 USD");
    expect(row("product.fees.example.usd_payment")).toHaveTextContent("101.00 USD");
    expect(row("product.fees.example.foreign_payment")).toHaveTextContent("1.00 USD + 0.15 USD");
    expect(row("product.fees.example.foreign_payment")).toHaveTextContent("101.15 USD");
    const reach = screen.getByRole("region", { name: text("product.reach.title") });
    expect(reach).toHaveTextContent("172 currencies to pay in");
    expect(reach).toHaveTextContent("200 countries and regions");
    expect(reach).toHaveTextContent("29 million merchants");
    const funding = screen.getByRole("region", { name: text("product.wire.title") });
    expect(within(funding).getByText("30 minutes to 2 hours")).toBeVisible();
    expect(within(funding).getByText("1–5 days")).toBeVisible();
    expect(screen.getByRole("link", { name: text("product.hero.cta") })).toHaveAttribute("href", "/product/fiscard#apply");
  });

  it("has its headings in order: one h1, then h2 sections, then the questions as h3", async () => {
    mockApi(binsApi);
    renderApp("/product/fiscard");
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
    });
  });

  it("answers ten questions in an accordion that opens by keyboard", async () => {
    mockApi(binsApi);
    const { user } = renderApp("/product/fiscard");
    const faq = await screen.findByRole("region", { name: text("faq.title") }, { timeout: 5000 });
    const questions = within(faq).getAllByRole("button");
    expect(questions.map((button) => button.textContent)).toEqual(FAQ_TOPICS.map((topic) => text(`faq.${topic}.q`)));
    expect(within(faq).getAllByRole("heading", { level: 3 })).toHaveLength(10);

    const cancel = within(faq).getByRole("button", { name: text("faq.cancel.q") });
    expect(cancel).toHaveAttribute("aria-expanded", "false");
    cancel.focus();
    await user.keyboard("{Enter}");
    expect(cancel).toHaveAttribute("aria-expanded", "true");
    expect(within(faq).getByText(text("faq.cancel.a"))).toBeVisible();
    await user.keyboard(" ");
    expect(cancel).toHaveAttribute("aria-expanded", "false");
    expect(within(faq).queryByText(text("faq.cancel.a"))).not.toBeVisible();

    await user.keyboard("{ArrowDown}");
    expect(within(faq).getByRole("button", { name: text("faq.verification.q") })).toHaveFocus();
    await user.keyboard("{End}");
    expect(within(faq).getByRole("button", { name: text("faq.mobile.q") })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(faq).getByRole("button", { name: text("faq.virtual.q") })).toHaveFocus();
  });

  it("speaks Traditional Chinese when chosen: fees, ten questions and the form", async () => {
    mockApi(binsApi);
    renderApp("/product/fiscard");
    await applyButton();
    await act(() => setLocale("zh-HK"));
    expect(await screen.findByRole("heading", { level: 1, name: zh["product.fiscard.title"] }, { timeout: 5000 })).toBeVisible();
    for (const fee of FEES) expect(screen.getByText(zh[fee] ?? fee)).toBeVisible();
    const faq = screen.getByRole("region", { name: zh["faq.title"] });
    expect(within(faq).getAllByRole("button").map((button) => button.textContent)).toEqual(
      FAQ_TOPICS.map((topic) => zh[`faq.${topic}.q`]),
    );
    expect(screen.getByRole("radiogroup", { name: zh["product.apply.bin"] })).toHaveTextContent("美國");
    expect(screen.getByRole("button", { name: zh["product.apply.submit"] })).toBeVisible();
  });
});

describe("the BIN picker", JOURNEY, () => {
  it("lists the open BINs with scheme, region and currency, and details the chosen one", async () => {
    mockApi(binsApi);
    const { user } = renderApp("/product/fiscard");
    await applyButton();
    const picker = screen.getByRole("radiogroup", { name: text("product.apply.bin") });
    const radios = within(picker).getAllByRole("radio");
    expect(radios.map((radio) => radio.closest("label")?.textContent)).toEqual([
      "VISA · 485932United States · USD",
      "Mastercard · 522981Hong Kong SAR China · USD",
    ]);
    expect(radios[0]).toBeChecked();

    await user.click(within(picker).getByRole("radio", { name: /522981/ }));
    expect(radios[1]).toBeChecked();
    const details = (term: string) => screen.getByText(text(term)).nextElementSibling?.textContent;
    expect(details("product.apply.scheme")).toBe("Mastercard");
    expect(details("product.apply.bin_number")).toBe("522981");
    expect(details("product.apply.region")).toBe("Hong Kong SAR China");
    expect(details("product.apply.currency")).toBe("USD");
    // The chosen BIN's own terms, written by the domain module once it has loaded.
    await waitFor(() => expect(details("product.apply.transaction_fee")).toBe("1.2%"), { timeout: 5000 });
    expect(details("product.apply.recharge_fee")).toBe("0.5%");
    expect(details("product.apply.exchange_fee")).toBe("+0.15%");
    expect(details("product.apply.limit_transaction")).toBe("2,500.00 USD");
    expect(details("product.apply.limit_daily")).toBe("5,000.00 USD");
    expect(details("product.apply.limit_monthly")).toBe("12,000.00 USD");
  });

  it("says so when no BIN is open", async () => {
    mockApi({ "GET fiscard/bins": () => ({ content: { items: [] } }) });
    renderApp("/product/fiscard");
    expect(await screen.findByText(text("product.apply.none"), {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole("button", { name: text("product.apply.submit") })).toBeNull();
  });

  it("is where /product/fiscard#apply scrolls to", async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out, so it has no scrollIntoView: record what the app scrolls to.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      mockApi(binsApi);
      renderApp("/product/fiscard#apply");
      await waitFor(() => expect(scrolled.map((element) => element.id)).toContain("apply"), { timeout: 5000 });
      const apply = within(document.getElementById("apply") as HTMLElement);
      expect(await apply.findByRole("button", { name: text("product.apply.submit") }, { timeout: 5000 })).toBeVisible();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});

describe("applying", JOURNEY, () => {
  it("opens the login dialog for a visitor, and sends nothing", async () => {
    const { requests } = mockApi(binsApi);
    const { user } = renderApp("/product/fiscard");
    await user.click(await applyButton());
    expect(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 })).toBeVisible();
    expect(callsTo(requests, "POST fiscard/apply")).toHaveLength(0);
  });

  it.each<[string, Self, string, string, string]>([
    ["basic identity is not approved", { status: 2, mobile: "+85291234567" }, "gate.basic_identity", "/my/profile", "#basic"],
    ["no mobile is bound", { status: 1, mobile: null }, "gate.mobile", "/my/security", "#mobile"],
  ])("asks to go to the right page when %s", async (_case, self, prompt, pathname, hash) => {
    const { requests } = loggedIn(self);
    const { user, router } = renderApp("/product/fiscard");
    await user.click(await applyButton());

    const dialog = within(await screen.findByRole("alertdialog", {}, { timeout: 5000 }));
    expect(dialog.getByText(text(prompt))).toBeVisible();
    await user.click(dialog.getByRole("button", { name: text("confirm.ok") }));

    await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 5000 });
    expect(router.state.location.hash).toBe(hash);
    expect(callsTo(requests, "POST fiscard/apply")).toHaveLength(0);
  });

  it("reads the user again before prompting: an approval since the page loaded lets the application through", async () => {
    let reads = 0;
    const { requests } = loggedIn(
      {},
      {
        "GET user/self": () => {
          reads += 1;
          return { content: userSelf(reads === 1 ? { status: 2, mobile: null } : { status: 1, mobile: "+85291234567" }) };
        },
        "POST fiscard/apply": () => ({ content: cardItem({ cardKey: "card-1" }), message: "Your card has been issued" }),
      },
    );
    const { user, router } = renderApp("/product/fiscard");
    await user.click(await applyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/fiscard"), { timeout: 5000 });
    expect(reads).toBe(2);
    expect(callsTo(requests, "POST fiscard/apply")).toHaveLength(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("leaves the checks to the server while the user's data is not known", async () => {
    const { requests } = loggedIn(
      {},
      {
        "GET user/self": () => ({ statusCode: 500, message: "Network Exception" }),
        "POST fiscard/apply": () => ({ statusCode: 105, message: "Please verify your identity" }),
      },
    );
    const { user, router } = renderApp("/product/fiscard");
    await user.click(await applyButton());

    const dialog = within(await screen.findByRole("alertdialog", {}, { timeout: 5000 }));
    expect(dialog.getByText(text("gate.basic_identity"))).toBeVisible();
    expect(callsTo(requests, "POST fiscard/apply")).toHaveLength(1);
    await user.click(dialog.getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my/profile"), { timeout: 5000 });
    expect(router.state.location.hash).toBe("#basic");
  });

  it("stays on the page when the prompt is declined", async () => {
    loggedIn({ status: 0, mobile: null });
    const { user, router } = renderApp("/product/fiscard");
    await user.click(await applyButton());
    const dialog = within(await screen.findByRole("alertdialog", {}, { timeout: 5000 }));
    await user.click(dialog.getByRole("button", { name: text("confirm.cancel") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/product/fiscard");
  });

  it("applies for the chosen BIN with an idempotency key, then shows the card account", async () => {
    const { requests } = loggedIn(
      { status: 1, mobile: "+85291234567" },
      { "POST fiscard/apply": () => ({ content: cardItem({ cardKey: "card-1" }), message: "Your card is issued" }) },
    );
    const { user, router } = renderApp("/product/fiscard");
    await user.click(within(await screen.findByRole("radiogroup", {}, { timeout: 5000 })).getByRole("radio", { name: /522981/ }));
    await user.click(await applyButton());

    await waitFor(() => expect(router.state.location.pathname).toBe("/account/fiscard"), { timeout: 5000 });
    const [sent] = callsTo(requests, "POST fiscard/apply");
    expect(sent?.body).toEqual({ bin: "522981" });
    expect(sent?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText("Your card is issued", {}, { timeout: 5000 })).toBeVisible();
  });

  it("shows a refusal beside the apply button, not as a toast", async () => {
    loggedIn(
      { status: 1, mobile: "+85291234567" },
      { "POST fiscard/apply": () => ({ statusCode: 429, content: { retryAfter: 30 }, message: "Too many attempts, please try again in 30 seconds" }) },
    );
    const { user } = renderApp("/product/fiscard");
    await user.click(await applyButton());
    const form = within(screen.getByRole("form", { name: text("product.apply.title") }));
    expect(await form.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent("Too many attempts, please try again in 30 seconds");
    expect(screen.getAllByText("Too many attempts, please try again in 30 seconds")).toHaveLength(1);
  });

  it("makes a new idempotency key for each press", async () => {
    let answers = 0;
    const { requests } = loggedIn(
      { status: 1, mobile: "+85291234567" },
      {
        "POST fiscard/apply": () => {
          answers += 1;
          return answers === 1 ? { statusCode: 422, message: "The BIN is not available" } : { content: cardItem({ cardKey: "card-2" }) };
        },
      },
    );
    const { user, router } = renderApp("/product/fiscard");
    await user.click(await applyButton());
    expect(await screen.findByText("The BIN is not available", {}, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/product/fiscard");

    await user.click(await applyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/fiscard"), { timeout: 5000 });
    const keys = callsTo(requests, "POST fiscard/apply").map((request) => request.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
