// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { ApiContent } from "@/lib/api-schema";
import { loadDomain } from "@/lib/domain";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, cardItem, mockApi, orderItem, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import type { CardTransaction } from "../api/get-card-history";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = { ...domainZhHK, ...webZhHK };
const text = (key: string, params: Record<string, string> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
/** Dialogs are fetched on first use, which takes a while on a busy machine. */
const WAIT = { timeout: 10_000 };
/** Longer than SWR answers a read of the same key from the one before (its 2 s dedupingInterval). */
const awhile = () => new Promise((done) => setTimeout(done, 2_100));
/** These tests click through several dialogs of the whole app, each loaded on first use. */
const SLOW = { timeout: 30_000 };

const card = cardItem;

const normal = card();
const frozen = card({ cardKey: "c2", maskCardNo: "5229 81** **** 5678", cardStatus: "frozen", orgName: "Mastercard", location: "HK" });
const older = card({ cardKey: "c3", maskCardNo: "4859 32** **** 9999", cardBalance: "0.00" });

const page = (list: readonly unknown[], totalPage = 1) => ({ list, totalPage, totalCount: list.length });

const wire: ApiContent<"/account/deposit/wire", "get"> = {
  bankName: "fiscard Sandbox Bank",
  bankCountry: "US",
  bankAddress: "1 Example Plaza, New York, NY 10001",
  abaNumber: "123456780",
  swiftCode: "FSCDUS33XXX",
  accountNumber: "000123456789",
  accountName: "fiscard Ltd client funds",
  accountAddress: "2 Example Street, New York, NY 10001",
  memo: "7K3M9QX2D",
  currency: "USD",
};

type Handler = (request: MockRequest) => MockAnswer;

/** A logged-in user with 900.00 USD, the frozen and normal cards on page 1 and an older one on page 2. */
function account(more: Record<string, Handler> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf() }),
    "GET account/balance": () => ({
      content: [
        { accountType: "MainAccount", balance: "0.00", assets: [] },
        { accountType: "BankAccount", balance: "900.00", assets: [{ coinCode: "USD", type: "available", amount: "900.00" }] },
      ],
    }),
    "GET fiscard/list": ({ query }) => ({
      content: query.get("pageID") === "2" ? page([older], 2) : page([normal, frozen], 2),
    }),
    "GET account/deposit/wire": () => ({ content: wire }),
    ...more,
  });
}

beforeEach(() => setWidth(1024));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Answers a verified request with 103 until it carries the security PIN. */
function verified(answer: MockAnswer): Handler {
  return ({ body }) =>
    body["securityPassword"] === undefined
      ? { statusCode: 103, content: { email: false, mfa: false, security: true }, message: "Please complete the verification" }
      : answer;
}

async function enterPin(user: ReturnType<typeof renderApp>["user"]) {
  const dialog = within(await screen.findByRole("dialog", { name: text("verify.title") }, WAIT));
  await user.type(dialog.getByLabelText(new RegExp(text("verify.security_password"))), "135790");
  await user.click(dialog.getByRole("button", { name: text("verify.submit") }));
}

describe("the card account on desktop", SLOW, () => {
  it("shows the USD balance, apply and history links, and a row per card named by its masked number", async () => {
    account();
    renderApp("/account/fiscard");
    expect(await screen.findByRole("heading", { name: text("card.title") }, WAIT)).toBeVisible();
    expect(await screen.findByText("900.00", {}, WAIT)).toBeVisible();
    expect(screen.getByRole("link", { name: text("card.apply") })).toHaveAttribute("href", "/product/fiscard#apply");
    expect(screen.getByRole("link", { name: text("card.history") })).toHaveAttribute("href", "/account/order/card");

    const table = await screen.findByRole("table", { name: text("card.list_title") }, WAIT);
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      text("card.column.number"),
      text("card.column.balance"),
      text("card.column.org"),
      text("card.column.region"),
      text("card.column.status"),
      text("card.column.currency"),
      text("card.column.create_time"),
      text("card.column.actions"),
    ]);
    const row = within(screen.getByRole("row", { name: normal.maskCardNo }));
    expect(row.getByText("1,234.50")).toBeVisible();
    expect(row.getByText("United States")).toBeVisible();
    expect(row.getByText(text("card_status.normal"))).toBeVisible();
    expect(within(screen.getByRole("row", { name: frozen.maskCardNo })).getByText(text("card_status.frozen"))).toBeVisible();
    expect(screen.queryByRole("list", { name: text("card.list_title") })).toBeNull();
  });

  it("shows every action of a card in its row, without expanding it (desktop)", async () => {
    account();
    renderApp("/account/fiscard");
    const row = within(await screen.findByRole("row", { name: normal.maskCardNo }, WAIT));
    expect(row.getByRole("button", { name: text("card.details_named", { card: normal.maskCardNo }) })).toBeVisible();
    expect(row.getByRole("button", { name: text("card.freeze_named", { card: normal.maskCardNo }) })).toBeEnabled();
    expect(row.getByRole("button", { name: text("card.cancel_named", { card: normal.maskCardNo }) })).toBeVisible();
    const frozenRow = within(screen.getByRole("row", { name: frozen.maskCardNo }));
    expect(frozenRow.getByRole("button", { name: text("card.unfreeze_named", { card: frozen.maskCardNo }) })).toBeEnabled();
    expect(frozenRow.queryByRole("button", { name: text("card.freeze_named", { card: frozen.maskCardNo }) })).toBeNull();
    // The button that shows the limits says so in words.
    expect(row.getByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) })).toHaveTextContent(
      text("card.terms_toggle"),
    );
  });

  it("expands a row to its three limits and its rates as percent", async () => {
    account();
    const { user } = renderApp("/account/fiscard");
    const toggle = await screen.findByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) }, WAIT);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const terms = within(screen.getByRole("row", { name: text("card.terms_of", { card: normal.maskCardNo }) }));
    for (const [label, value] of [
      ["card.limit.per_transaction", "10,000.00 USD"],
      ["card.limit.daily", "20,000.00 USD"],
      ["card.limit.monthly", "50,000.00 USD"],
      ["card.rate.recharge", "1%"],
      ["card.rate.payment", "1%"],
      ["card.rate.exchange", "0.15%"],
    ] as const) {
      expect(terms.getByText(text(label)).nextElementSibling).toHaveTextContent(value);
    }
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("offers Recharge only for a normal card, and loads the next page while there is one", async () => {
    const { requests } = account();
    const { user } = renderApp("/account/fiscard");
    const recharge = (mask: string) => screen.getByRole("button", { name: text("card.recharge_named", { card: mask }) });
    await screen.findByRole("row", { name: frozen.maskCardNo }, WAIT);
    expect(recharge(normal.maskCardNo)).toBeEnabled();
    expect(recharge(frozen.maskCardNo)).toBeDisabled();

    await user.click(screen.getByRole("button", { name: text("app.load_more") }));
    expect(await screen.findByRole("row", { name: older.maskCardNo }, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fiscard/list").map((r) => r.query.get("pageID"))).toEqual(["1", "2"]);
    expect(screen.queryByRole("button", { name: text("app.load_more") })).toBeNull();
  });

  it("reads the cards again on coming back to the page (payments change their balances meanwhile)", async () => {
    let balance = "1234.5";
    const { requests } = account({ "GET fiscard/list": () => ({ content: page([card({ cardBalance: balance })]) }) });
    const { user } = renderApp("/account/fiscard");
    const row = () => screen.findByRole("row", { name: normal.maskCardNo }, WAIT);
    expect(within(await row()).getByText("1,234.50")).toBeVisible();
    balance = "1200.00";
    const menu = within(screen.getByRole("navigation", { name: text("menu.account") }));
    await user.click(menu.getByRole("link", { name: text("menu.profile") }));
    await screen.findByRole("heading", { level: 1, name: text("menu.profile") }, WAIT);
    await awhile();
    await user.click(menu.getByRole("link", { name: text("menu.card_account") }));
    expect(await within(await row()).findByText("1,200.00", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fiscard/list")).toHaveLength(2);
  });

  it("names each action of a row by the text it shows, then the card (WCAG 2.5.3)", async () => {
    account();
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) }, WAIT));
    const rows = [
      screen.getByRole("row", { name: normal.maskCardNo }),
      screen.getByRole("row", { name: text("card.terms_of", { card: normal.maskCardNo }) }),
    ];
    const buttons = rows.flatMap((row) => within(row).queryAllByRole("button"));
    expect(buttons.map((button) => button.textContent)).toEqual([
      text("card.terms_toggle"),
      text("card.recharge"),
      text("card.transactions"),
      text("card.details"),
      text("card.freeze"),
      text("card.cancel_card"),
    ]);
    for (const button of buttons) {
      expect(button.getAttribute("aria-label")).toContain(button.textContent);
      expect(button.getAttribute("aria-label")).toContain(normal.maskCardNo);
    }
    const named = ["recharge", "transactions", "details", "freeze", "unfreeze"].map((action) => [`card.${action}`, `card.${action}_named`]);
    for (const catalogue of [en, zh]) {
      for (const [shown, name] of [...named, ["card.cancel_card", "card.cancel_named"]]) {
        expect(catalogue[name!]).toContain(catalogue[shown!]);
      }
    }
  });

  it("invites to apply when there is no card", async () => {
    account({ "GET fiscard/list": () => ({ content: page([]) }) });
    renderApp("/account/fiscard");
    expect(await screen.findByText(text("card.empty"), {}, WAIT)).toBeVisible();
    expect(screen.getByRole("link", { name: text("card.empty_apply") })).toHaveAttribute("href", "/product/fiscard#apply");
  });
});

describe("the card account on a phone", SLOW, () => {
  afterEach(() => setWidth(1024));

  it("shows tiles named by the masked number; a tap opens the card's details, terms and actions", async () => {
    setWidth(390);
    account();
    const { user } = renderApp("/account/fiscard");
    const tiles = await screen.findByRole("list", { name: text("card.list_title") }, WAIT);
    expect(screen.queryByRole("table")).toBeNull();
    // Each tile's button is its masked number: named by the text it shows (WCAG 2.5.3).
    expect(within(tiles).getAllByRole("button").map((tile) => tile.textContent)).toEqual([
      normal.maskCardNo,
      frozen.maskCardNo,
    ]);
    expect(within(tiles).getByRole("button", { name: normal.maskCardNo })).toBeVisible();

    await user.click(within(tiles).getByRole("button", { name: frozen.maskCardNo }));
    const detail = within(await screen.findByRole("dialog", { name: frozen.maskCardNo }, WAIT));
    expect(detail.getByText("1,234.50 USD")).toBeVisible();
    expect(detail.getByText("Mastercard")).toBeVisible();
    expect(detail.getByText("Hong Kong SAR China")).toBeVisible();
    expect(detail.getByText(text("card_status.frozen"))).toBeVisible();
    expect(detail.getByText("50,000.00 USD")).toBeVisible();
    expect(detail.getByText("0.15%")).toBeVisible();
    expect(detail.getByRole("button", { name: text("card.recharge") })).toBeDisabled();
    expect(detail.getByRole("button", { name: text("card.unfreeze") })).toBeVisible();
    expect(detail.queryByRole("button", { name: text("card.freeze") })).toBeNull();
    expect(detail.getByRole("button", { name: text("card.transactions") })).toBeEnabled();
    expect(detail.getByRole("button", { name: text("card.details") })).toBeEnabled();
  });

  it("loads the next page when the list is scrolled to its end", async () => {
    setWidth(390);
    const { requests } = account();
    renderApp("/account/fiscard");
    await screen.findByRole("button", { name: frozen.maskCardNo }, WAIT);
    expect(screen.getByRole("button", { name: text("app.load_more") })).toBeVisible();
    // Scrolled until the list listens (its effect may run after the tiles show on a busy machine);
    // scrolls while the page loads ask for it once.
    await waitFor(() => {
      fireEvent.scroll(window);
      expect(screen.getByRole("button", { name: older.maskCardNo })).toBeVisible();
    }, WAIT);
    expect(callsTo(requests, "GET fiscard/list")).toHaveLength(2);
  });
});

describe("the recharge dialog", SLOW, () => {
  it("reads the USD balance again when it opens: a wire may have arrived since", async () => {
    let reads = 0;
    const balance = (amount: string) => [{ accountType: "BankAccount", balance: amount, assets: [] }];
    account({
      "GET account/balance": () => {
        reads += 1;
        return { content: balance(reads === 1 ? "900.00" : "5000.00") };
      },
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    expect(await dialog.findByText("5,000.00 USD", {}, WAIT)).toBeVisible();
  });

  it("shows the wire instructions with the short wire memo, and previews the fee as the domain computes it", async () => {
    account();
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    expect(await dialog.findByText("fiscard Sandbox Bank", {}, WAIT)).toBeVisible();
    expect(dialog.getByText(text("card.wire.memo")).nextElementSibling).toHaveTextContent("7K3M9QX2D");
    expect(dialog.getByText(text("card.wire.memo_note"))).toBeVisible();
    for (const field of ["bank_name", "bank_country", "bank_address", "aba", "swift", "account_number", "account_name", "account_address", "memo"]) {
      expect(dialog.getByRole("button", { name: text("app.copy_named", { what: text(`card.wire.${field}`) }) })).toBeVisible();
    }
    await user.click(dialog.getByRole("button", { name: text("app.copy_named", { what: text("card.wire.memo") }) }));
    expect(await navigator.clipboard.readText()).toBe("7K3M9QX2D");
    expect((await screen.findAllByText(text("app.copied")))[0]).toBeVisible();

    const domain = await loadDomain();
    const amount = dialog.getByRole("textbox", { name: text("card.recharge.amount") });
    await user.type(amount, "12.34");
    const quote = domain.rechargeQuote("12.34", normal.rechargeRate);
    expect(quote).toEqual({ amountMinor: 1234, feeMinor: 12, creditedMinor: 1222 });
    const fee = dialog.getByText(text("card.recharge.fee", { rate: "1%" })).nextElementSibling;
    const credited = dialog.getByText(text("card.recharge.credited")).nextElementSibling;
    expect(fee).toHaveTextContent(`${domain.formatAmount(quote!.feeMinor, 2)} USD`);
    expect(credited).toHaveTextContent(`${domain.formatAmount(quote!.creditedMinor, 2)} USD`);

    await user.clear(amount);
    await user.type(amount, "900.01");
    await user.tab();
    expect(await dialog.findByText(text("error.insufficient_balance"))).toBeVisible();
    expect(amount).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps one idempotency key through the verification retry, then reloads the cards and the balance", async () => {
    const { requests } = account({
      "POST fiscard/recharge": verified({ content: { order: orderItem(), credited: "99.00", cardBalance: "1333.50", availableBalance: "800.00" }, message: "The recharge has been completed" }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    await user.type(dialog.getByRole("textbox", { name: text("card.recharge.amount") }), "100");
    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    await enterPin(user);

    expect(await screen.findByText("The recharge has been completed", {}, WAIT)).toBeVisible();
    const sent = callsTo(requests, "POST fiscard/recharge");
    expect(sent.map((r) => r.body)).toEqual([
      { cardKey: "c1", amount: "100" },
      { cardKey: "c1", amount: "100", securityPassword: "135790" },
    ]);
    const keys = sent.map((r) => r.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: text("card.recharge.title") })).toBeNull());
    await waitFor(() => expect(callsTo(requests, "GET account/balance").length).toBeGreaterThanOrEqual(2));
    expect(callsTo(requests, "GET fiscard/list").length).toBeGreaterThanOrEqual(2);
  });

  it("shows a refusal that names no field in the form, above its button, not as a toast", async () => {
    account({
      "POST fiscard/recharge": () => ({ statusCode: 422, message: "Only a card in normal status can be recharged" }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    await user.type(dialog.getByRole("textbox", { name: text("card.recharge.amount") }), "100");
    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    const form = within(dialog.getByRole("form", { name: text("card.recharge.form") }));
    expect(await form.findByRole("alert", {}, WAIT)).toHaveTextContent("Only a card in normal status can be recharged");
    expect(screen.getAllByText("Only a card in normal status can be recharged")).toHaveLength(1);
  });

  it("says in the form when the recharge got no answer, and resends it under the same key", async () => {
    const { requests, fetch } = account({
      "POST fiscard/recharge": () => ({
        content: { order: orderItem(), credited: "99.00", cardBalance: "1333.50", availableBalance: "800.00" },
        message: "The recharge has been completed",
      }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    await user.type(dialog.getByRole("textbox", { name: text("card.recharge.amount") }), "100");
    const lostKeys: (string | null)[] = [];
    fetch.mockImplementationOnce((_input, init) => {
      lostKeys.push(new Headers(init?.headers).get("Idempotency-Key"));
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    const form = within(dialog.getByRole("form", { name: text("card.recharge.form") }));
    expect(await form.findByRole("alert", {}, WAIT)).toHaveTextContent(text("api.network_exception"));

    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    await waitFor(() => expect(callsTo(requests, "POST fiscard/recharge")).toHaveLength(1));
    expect(lostKeys).toHaveLength(1);
    expect(callsTo(requests, "POST fiscard/recharge")[0]?.headers.get("Idempotency-Key")).toBe(lostKeys[0]);
  });

  it("sends a new key for a new submission after a refusal", async () => {
    const { requests } = account({
      "POST fiscard/recharge": () => ({ statusCode: 422, message: "Insufficient Balance" }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.recharge_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    await user.type(dialog.getByRole("textbox", { name: text("card.recharge.amount") }), "100");
    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    await waitFor(() => expect(callsTo(requests, "POST fiscard/recharge")).toHaveLength(1));
    await user.click(dialog.getByRole("button", { name: text("card.recharge.submit") }));
    await waitFor(() => expect(callsTo(requests, "POST fiscard/recharge")).toHaveLength(2));
    const [first, second] = callsTo(requests, "POST fiscard/recharge").map((r) => r.headers.get("Idempotency-Key"));
    expect(second).not.toBe(first);
  });
});

describe("the card details (CVV)", SLOW, () => {
  const details = { cardNo: "4859320000001234", cvv: "123", expirationDate: "11/29", billAddress: "1 Example Plaza\nNew York" };

  it("shows the full number grouped by four after verification, and keeps nothing once closed", async () => {
    const { requests } = account({ "POST fiscard/query/cvv": verified({ content: details }) });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) }, WAIT));
    await user.click(screen.getByRole("button", { name: text("card.details_named", { card: normal.maskCardNo }) }));
    await enterPin(user);

    const name = text("card.cvv.title_of", { card: normal.maskCardNo });
    const dialog = within(await screen.findByRole("dialog", { name }, WAIT));
    expect(dialog.getByText("4859 3200 0000 1234")).toBeVisible();
    expect(dialog.getByText("123")).toBeVisible();
    expect(dialog.getByText("11/29")).toBeVisible();
    expect(dialog.getByText(/1 Example Plaza/)).toBeVisible();
    await user.click(dialog.getByRole("button", { name: text("app.copy_named", { what: text("card.cvv.number") }) }));
    expect(await navigator.clipboard.readText()).toBe("4859320000001234");
    expect((await screen.findAllByText(text("app.copied")))[0]).toBeVisible();

    await user.click(dialog.getByRole("button", { name: text("app.close") }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name })).toBeNull());
    expect(screen.queryByText("4859 3200 0000 1234")).toBeNull();
    expect(screen.queryByText("123")).toBeNull();

    // Nothing was kept: seeing them again asks the server (and the verification) again.
    await user.click(screen.getByRole("button", { name: text("card.details_named", { card: normal.maskCardNo }) }));
    await enterPin(user);
    expect(await screen.findByText("4859 3200 0000 1234", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "POST fiscard/query/cvv")).toHaveLength(4);
  });
});

describe("freezing and cancelling", SLOW, () => {
  it("freezes after a confirmation", async () => {
    const { requests } = account({
      "POST fiscard/freeze": () => ({ content: { cardStatus: "frozen" }, message: "The card has been frozen" }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) }, WAIT));
    await user.click(screen.getByRole("button", { name: text("card.freeze_named", { card: normal.maskCardNo }) }));
    const confirm = within(await screen.findByRole("alertdialog", {}, WAIT));
    expect(confirm.getByText(text("card.freeze_confirm", { card: normal.maskCardNo }))).toBeVisible();
    await user.click(confirm.getByRole("button", { name: text("confirm.ok") }));
    expect(await screen.findByText("The card has been frozen", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "POST fiscard/freeze").map((r) => r.body)).toEqual([{ cardKey: "c1" }]);
    await waitFor(() => expect(callsTo(requests, "GET fiscard/list").length).toBeGreaterThanOrEqual(2));
  });

  it("unfreezes through the verification dialog", async () => {
    const { requests } = account({
      "POST fiscard/unfreeze": verified({ content: { cardStatus: "normal" }, message: "The card has been unfrozen" }),
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.expand", { card: frozen.maskCardNo }) }, WAIT));
    await user.click(screen.getByRole("button", { name: text("card.unfreeze_named", { card: frozen.maskCardNo }) }));
    await enterPin(user);
    expect(await screen.findByText("The card has been unfrozen", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "POST fiscard/unfreeze").map((r) => r.body)).toEqual([
      { cardKey: "c2" },
      { cardKey: "c2", securityPassword: "135790" },
    ]);
    await waitFor(() => expect(callsTo(requests, "GET fiscard/list").length).toBeGreaterThanOrEqual(2));
  });

  it("says the balance goes back to the USD account, then cancels with one key through the verification", async () => {
    const { requests } = account({ "POST fiscard/cancel": verified({ content: { order: orderItem({ type: "CANCEL", amount: "1234.50", fee: "0.00" }) }, message: "The card has been cancelled" }) });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.expand", { card: normal.maskCardNo }) }, WAIT));
    await user.click(screen.getByRole("button", { name: text("card.cancel_named", { card: normal.maskCardNo }) }));
    const confirm = within(await screen.findByRole("alertdialog", {}, WAIT));
    expect(confirm.getByText(text("card.cancel_confirm", { card: normal.maskCardNo, amount: "1,234.50 USD" }))).toBeVisible();
    await user.click(confirm.getByRole("button", { name: text("confirm.ok") }));
    await enterPin(user);
    expect(await screen.findByText("The card has been cancelled", {}, WAIT)).toBeVisible();
    const keys = callsTo(requests, "POST fiscard/cancel").map((r) => r.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(callsTo(requests, "GET account/balance").length).toBeGreaterThanOrEqual(2));
  });
});

describe("the transaction serial", SLOW, () => {
  function transaction(id: string, overrides: Partial<CardTransaction> = {}): CardTransaction {
    return {
      transactionId: id,
      originTransactionId: null,
      transactionType: "auth",
      status: "succeed",
      state: "settled",
      direction: "out",
      movesMoney: true,
      merchantNameLocation: "Book Shop, London GB",
      createAt: 1_700_000_000_000,
      createTime: 1_700_000_001_000,
      accountGrossAmount: "20.00",
      accountCurrency: "USD",
      accountTotalAmount: "20.20",
      transactionAmount: "20.00",
      transactionCurrency: "USD",
      transactionFeeAmount: "0.20",
      transactionFeeCurrency: "USD",
      conversionFeeAmount: "0.00",
      conversionFeeCurrency: "USD",
      crossBroadFeeAmount: "0.00",
      crossBroadFeeCurrency: "USD",
      refundFeeAmount: "0.00",
      refundFeeCurrency: "USD",
      checkCode: "004211",
      declineReason: null,
      ...overrides,
    };
  }
  const newest = transaction("tx-2", {
    merchantNameLocation: "=Café, Paris FR",
    transactionAmount: "100.00",
    transactionCurrency: "EUR",
    accountGrossAmount: "108.50",
    accountTotalAmount: "109.75",
    transactionFeeAmount: "1.09",
    conversionFeeAmount: "0.16",
  });
  const declined = transaction("tx-1", {
    status: "failed",
    state: "declined",
    movesMoney: false,
    declineReason: "insufficient_funds",
    checkCode: null,
    transactionFeeAmount: "0.00",
    accountTotalAmount: "20.00",
  });
  const refund = transaction("tx-3", {
    transactionType: "refund",
    state: "refunded",
    direction: "in",
    originTransactionId: "tx-2",
    transactionFeeAmount: "0.00",
    accountGrossAmount: "10.85",
    accountTotalAmount: "10.85",
    transactionAmount: "10.00",
    transactionCurrency: "EUR",
  });
  const history = (): Record<string, Handler> => ({
    "GET fiscard/history": ({ query }) => ({
      content: query.get("pageID") === "2" ? page([], 2) : page([newest, declined], 2),
    }),
  });

  it("shows the list beside the chosen transaction's every field on desktop", async () => {
    const { requests } = account(history());
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.transactions_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    const list = within(await dialog.findByRole("list", { name: text("card.tx.list") }, WAIT));
    expect(list.getAllByRole("button")).toHaveLength(2);
    expect(callsTo(requests, "GET fiscard/history")[0]?.query.get("cardKey")).toBe("c1");

    const detail = within(dialog.getByRole("region", { name: text("card.tx.detail") }));
    const field = (key: string) => detail.getByText(text(key), { selector: "dt" }).nextElementSibling;
    expect(field("card.tx.transaction_id")).toHaveTextContent("tx-2");
    expect(field("card.tx.type")).toHaveTextContent(text("transaction_type.auth"));
    expect(field("card.tx.merchant")).toHaveTextContent("=Café, Paris FR");
    expect(field("card.tx.account_amount")).toHaveTextContent("108.50 USD");
    expect(field("card.tx.transaction_amount")).toHaveTextContent("100.00 EUR");
    expect(field("card.tx.transaction_fee")).toHaveTextContent("1.09 USD");
    expect(field("card.tx.conversion_fee")).toHaveTextContent("0.16 USD");
    expect(field("card.tx.cross_border_fee")).toHaveTextContent("0.00 USD");
    expect(field("card.tx.refund_fee")).toHaveTextContent("0.00 USD");
    expect(field("card.tx.check_code")).toHaveTextContent("004211");
    expect(detail.queryByText(text("card.tx.decline_reason"))).toBeNull();

    await user.click(list.getAllByRole("button")[1]!);
    expect(field("card.tx.transaction_id")).toHaveTextContent("tx-1");
    expect(field("card.tx.status")).toHaveTextContent(text("transaction_status.failed"));
    expect(field("card.tx.decline_reason")).toHaveTextContent(text("card.decline.insufficient_funds"));

    await user.click(dialog.getByRole("button", { name: text("app.load_more") }));
    await waitFor(() => expect(callsTo(requests, "GET fiscard/history").map((r) => r.query.get("pageID"))).toEqual(["1", "2"]));
  });

  it("shows which way the money went, what it came to, and how the card's amount adds up", async () => {
    account({ "GET fiscard/history": () => ({ content: page([refund, newest, declined]) }) });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.transactions_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    const rows = within(await dialog.findByRole("list", { name: text("card.tx.list") }, WAIT)).getAllByRole("button");
    // A refund adds, a purchase takes (in USD from the card, beside the merchant's EUR), a
    // declined payment took nothing.
    expect(rows[0]).toHaveTextContent("+10.85 USD");
    expect(rows[0]).toHaveTextContent(text("transaction_state.refunded"));
    expect(rows[1]).toHaveTextContent("−109.75 USD");
    expect(rows[1]).toHaveTextContent("100.00 EUR");
    expect(rows[1]).toHaveTextContent(text("transaction_state.settled"));
    expect(rows[2]).not.toHaveTextContent("−");
    expect(rows[2]).toHaveTextContent(text("transaction_state.declined"));

    await user.click(rows[1]!);
    const detail = within(dialog.getByRole("region", { name: text("card.tx.detail") }));
    const sum = within(detail.getByRole("table", { name: text("card.tx.breakdown") }));
    const line = (label: string) => sum.getByRole("rowheader", { name: new RegExp(label) }).nextElementSibling;
    expect(line(text("card.tx.converted", { amount: "100.00 EUR" }))).toHaveTextContent("108.50 USD");
    expect(line(text("card.tx.transaction_fee"))).toHaveTextContent("1.09 USD");
    expect(line(text("card.tx.conversion_fee"))).toHaveTextContent("0.16 USD");
    expect(line(text("card.tx.total_out"))).toHaveTextContent("109.75 USD");
    expect(detail.getByText(text("card.tx.state"), { selector: "dt" }).nextElementSibling).toHaveTextContent(text("transaction_state.settled"));
  });

  it("signs an amount by what the server says moved the card's money, not by a rule of its own", async () => {
    // The domain decides which states move money (TransactionState::moves_money); the page
    // reads its answer. A settled row it says moved nothing shows no sign and is struck through.
    const unmoved = transaction("tx-4", { movesMoney: false, accountTotalAmount: "7.00" });
    const moved = transaction("tx-5", { state: "reversed", direction: "in", movesMoney: true, accountTotalAmount: "3.00" });
    account({ "GET fiscard/history": () => ({ content: page([unmoved, moved]) }) });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.transactions_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    const rows = within(await dialog.findByRole("list", { name: text("card.tx.list") }, WAIT)).getAllByRole("button");
    expect(rows[0]).not.toHaveTextContent("−7.00 USD");
    expect(within(rows[0]!).getByText("7.00 USD")).toHaveStyle({ textDecoration: "line-through" });
    expect(rows[1]).toHaveTextContent("+3.00 USD");
  });

  it("reads the transactions again when the dialog opens again (the card network adds them meanwhile)", async () => {
    let listed = [declined];
    const { requests } = account({ "GET fiscard/history": () => ({ content: page(listed) }) });
    const { user } = renderApp("/account/fiscard");
    const open = async () => {
      await user.click(await screen.findByRole("button", { name: text("card.transactions_named", { card: normal.maskCardNo }) }, WAIT));
      return within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    };
    let dialog = await open();
    expect(await dialog.findAllByRole("button", { name: /Book Shop/ }, WAIT)).toHaveLength(1);
    await user.click(dialog.getByRole("button", { name: text("app.close") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    listed = [newest, declined];
    await awhile();
    dialog = await open();
    expect(await dialog.findByRole("button", { name: /=Café, Paris FR/ }, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fiscard/history")).toHaveLength(2);
  });

  it("exports the listed transactions as a UTF-8 CSV named after the masked card", async () => {
    account(history());
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the export's Blob is kept here instead.
    const keep = (blob: Blob) => {
      blobs.push(blob);
      return "blob:csv";
    };
    Object.defineProperty(URL, "createObjectURL", { configurable: true, value: keep });
    Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: () => undefined });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });
    let downloaded = "";
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: text("card.transactions_named", { card: normal.maskCardNo }) }, WAIT));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    await dialog.findByRole("list", { name: text("card.tx.list") }, WAIT);
    await user.click(dialog.getByRole("button", { name: text("card.tx.export") }));

    expect(downloaded).toMatch(/^transactions-4859-32xx-xxxx-1234-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = new TextDecoder().decode(bytes).split("\r\n");
    expect(records[0]?.split(",").slice(0, 3)).toEqual([
      text("card.tx.transaction_id"),
      text("card.tx.origin_transaction_id"),
      text("card.tx.type"),
    ]);
    expect(records[1]).toContain(`,"'=Café, Paris FR",`);
    expect(records[1]).toContain(",108.50,USD,100.00,EUR,1.09,USD,0.16,USD,");
    expect(records[2]).toContain(text("card.decline.insufficient_funds"));
    expect(records).toHaveLength(4);
  });

  it("opens over the card's details on a phone, which stay open under it", async () => {
    setWidth(390);
    account();
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: normal.maskCardNo }, WAIT));
    const detail = within(await screen.findByRole("dialog", { name: normal.maskCardNo }, WAIT));
    await user.click(detail.getByRole("button", { name: text("card.recharge") }));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.recharge.title") }, WAIT));
    expect(await dialog.findByText("fiscard Sandbox Bank", {}, WAIT)).toBeVisible();
    expect(screen.getByRole("dialog", { name: normal.maskCardNo, hidden: true })).toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: text("app.close") }));
    expect(await screen.findByRole("dialog", { name: normal.maskCardNo }, WAIT)).toBeVisible();
  });

  it("goes from the list to a transaction and back on a phone", async () => {
    setWidth(390);
    account(history());
    const { user } = renderApp("/account/fiscard");
    await user.click(await screen.findByRole("button", { name: normal.maskCardNo }, WAIT));
    const detail = within(await screen.findByRole("dialog", { name: normal.maskCardNo }, WAIT));
    await user.click(detail.getByRole("button", { name: text("card.transactions") }));
    const dialog = within(await screen.findByRole("dialog", { name: text("card.tx.title", { card: normal.maskCardNo }) }, WAIT));
    const list = await dialog.findByRole("list", { name: text("card.tx.list") }, WAIT);
    expect(dialog.queryByRole("region", { name: text("card.tx.detail") })).toBeNull();
    await user.click(within(list).getAllByRole("button")[0]!);
    expect(dialog.getByRole("region", { name: text("card.tx.detail") })).toBeVisible();
    expect(dialog.queryByRole("list", { name: text("card.tx.list") })).toBeNull();
    await user.click(dialog.getByRole("button", { name: text("card.tx.back") }));
    expect(await dialog.findByRole("list", { name: text("card.tx.list") })).toBeVisible();

    // Closing returns to the card it was opened from.
    await user.click(dialog.getByRole("button", { name: text("app.close") }));
    expect(await screen.findByRole("dialog", { name: normal.maskCardNo }, WAIT)).toBeVisible();
  });
});
