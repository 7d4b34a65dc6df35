// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, userSelf } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import type { CardOrder } from "../api/get-orders";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = { ...domainZhHK, ...webZhHK };
/** Dialogs are fetched on first use, which takes a while on a busy machine. */
const WAIT = { timeout: 10_000 };
/** Longer than SWR answers a read of the same key from the one before (its 2 s dedupingInterval). */
const awhile = () => new Promise((done) => setTimeout(done, 2_100));

function order(id: string, status: number, overrides: Partial<CardOrder> = {}): CardOrder {
  return {
    id,
    cardKey: "c1",
    maskCardNo: "4859 32** **** 1234",
    type: "DEPOSIT",
    amount: "1000.00",
    currency: "USD",
    fee: "10.00",
    status,
    createTime: 1_700_000_000_000 - Number(id.slice(1)) * 1000,
    ...overrides,
  };
}

/** One order of every status code of SPEC §4, and a cancellation order on page 2. */
const firstPage = [0, 1, 2, 3, 4, 5].map((status) => order(`o${status}`, status));
const cancellation = order("o9", 2, { type: "CANCEL", amount: "49.50", fee: "0.00" });

function orders() {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf() }),
    "GET account/balance": () => ({ content: [] }),
    "GET fiscard/order": ({ query }) => ({
      content:
        query.get("pageID") === "2"
          ? { list: [cancellation], totalPage: 2, totalCount: 7 }
          : { list: firstPage, totalPage: 2, totalCount: 7 },
    }),
  });
}

afterEach(async () => {
  await setLocale("en-US");
  setWidth(1024);
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The status cells, row by row. */
async function statuses(): Promise<string[]> {
  const table = await screen.findByRole("table", {}, WAIT);
  const rows = within(table).getAllByRole("row").slice(1);
  return rows.map((row) => within(row).getAllByRole("cell")[5]?.textContent ?? "");
}

describe("the order record", { timeout: 20_000 }, () => {
  it("is titled Order Record and lists the card orders with the domain's labels, a page at a time", async () => {
    const { requests } = orders();
    const { user } = renderApp("/account/order/card");
    expect(await screen.findByRole("heading", { name: en["order.title"] }, WAIT)).toBeVisible();
    const table = await screen.findByRole("table", { name: en["order.title"] }, WAIT);
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(
      ["card", "type", "amount", "fee", "currency", "status", "create_time"].map((c) => en[`order.column.${c}`]),
    );
    const [processing, completed, failed, cancelled] = [
      "order_status.processing",
      "order_status.completed",
      "order_status.failed",
      "order_status.cancelled",
    ].map((key) => en[key] ?? key);
    expect(await statuses()).toEqual([processing, processing, completed, failed, cancelled, processing]);
    const first = within(within(table).getAllByRole("row")[1]!).getAllByRole("cell").map((cell) => cell.textContent);
    expect(first.slice(0, 5)).toEqual(["4859 32** **** 1234", en["order_type.deposit"], "1,000.00", "10.00", "USD"]);

    await user.click(screen.getByRole("button", { name: en["app.load_more"] }));
    expect(await screen.findByText(en["order_type.cancel"] ?? "", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fiscard/order").map((r) => r.query.get("pageID"))).toEqual(["1", "2"]);
    expect(screen.queryByRole("button", { name: en["app.load_more"] })).toBeNull();
  });

  it("shows the same labels in Traditional Chinese", async () => {
    orders();
    renderApp("/account/order/card");
    await screen.findByRole("table", {}, WAIT);
    await act(() => setLocale("zh-HK"));
    expect(await screen.findByRole("heading", { name: zh["order.title"] }, WAIT)).toBeVisible();
    const [processing, completed, failed, cancelled] = [
      "order_status.processing",
      "order_status.completed",
      "order_status.failed",
      "order_status.cancelled",
    ].map((key) => zh[key] ?? key);
    await waitFor(async () =>
      expect(await statuses()).toEqual([processing, processing, completed, failed, cancelled, processing]),
    );
    expect(screen.getAllByText(zh["order_type.deposit"] ?? "")).toHaveLength(6);
  });

  it("reads the orders again on coming back to the page (a recharge or a cancel adds one meanwhile)", async () => {
    storeSessionToken("session-1");
    let listed = [order("o2", 2)];
    const { requests } = mockApi({
      "GET user/self": () => ({ content: userSelf() }),
      "GET account/balance": () => ({ content: [] }),
      "GET fiscard/order": () => ({ content: { list: listed, totalPage: 1, totalCount: listed.length } }),
    });
    const { user } = renderApp("/account/order/card");
    const table = await screen.findByRole("table", { name: en["order.title"] }, WAIT);
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    listed = [cancellation, order("o2", 2)];
    const menu = within(screen.getByRole("navigation", { name: en["menu.account"] }));
    await user.click(menu.getByRole("link", { name: en["menu.profile"] }));
    await screen.findByRole("heading", { level: 1, name: en["menu.profile"] }, WAIT);
    await awhile();
    await user.click(menu.getByRole("link", { name: en["menu.order_history"] }));
    expect(await screen.findByText(en["order_type.cancel"] ?? "", {}, WAIT)).toBeVisible();
    expect(callsTo(requests, "GET fiscard/order")).toHaveLength(2);
  });

  it("is a list on a phone, loading more when scrolled to the end", async () => {
    setWidth(390);
    const { requests } = orders();
    renderApp("/account/order/card");
    const list = await screen.findByRole("list", { name: en["order.title"] }, WAIT);
    expect(screen.queryByRole("table")).toBeNull();
    expect(within(list).getAllByRole("listitem")).toHaveLength(6);
    // Scrolled until the list listens (its effect may run after it shows on a busy machine).
    await waitFor(() => {
      fireEvent.scroll(window);
      expect(within(list).getAllByRole("listitem")).toHaveLength(7);
    }, WAIT);
    // (Page 1 may be read twice: after a desktop-width test, the phone width reaches the viewport
    // store once its resize debounce ends, and the account layout then mounts the page again.)
    expect(callsTo(requests, "GET fiscard/order").map((r) => r.query.get("pageID")).at(-1)).toBe("2");
  });
});
