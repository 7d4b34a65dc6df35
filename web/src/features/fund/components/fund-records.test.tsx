// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import fundEnUS from "@/locales/fund/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import { fundApi, page, record } from "../testing/fund-api";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...fundEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const interest = record({ id: "i-1", type: "INTEREST", source: null, amount: "0.01", interest: "0.01", valueDate: "2026-11-24", businessDate: "2026-11-24", interestStartDate: null, deliveryDate: null });
const subscription = record();

describe("the fund records", { timeout: 30_000 }, () => {
  it("lists the records newest first, filters them by type in the address, and loads more", async () => {
    setWidth(1024);
    const { requests } = fundApi({
      "GET fund/v2/order": ({ query }) =>
        query.get("type") === "INTEREST"
          ? { content: page([interest]) }
          : { content: query.get("pageID") === "2" ? page([subscription], 2) : page([interest], 2) },
    });
    const { user, router } = renderApp("/fund/records");
    const table = within(await screen.findByRole("table", { name: text("fund.records.list") }, WAIT));
    // The menu marks the records alone as the page shown (not the fund's products too).
    const menu = within(screen.getByRole("navigation", { name: text("menu.account") }));
    expect(menu.getByRole("link", { current: "page" })).toHaveTextContent(text("menu.fund_records"));
    expect(table.getByText("+0.01 USD")).toBeVisible();
    expect(table.getByText(text("fund.record_type.INTEREST"))).toBeVisible();
    await user.click(screen.getByRole("button", { name: text("app.load_more") }));
    expect(await table.findByText("+100.00 USD", {}, WAIT)).toBeVisible();

    await user.selectOptions(screen.getByRole("combobox", { name: text("fund.records.type") }), "INTEREST");
    await waitFor(() => expect(router.state.location.search).toBe("?type=INTEREST"));
    await waitFor(() => expect(callsTo(requests, "GET fund/v2/order").at(-1)?.query.get("type")).toBe("INTEREST"));
  });

  it("lists them on a phone, each with a link to its details", async () => {
    setWidth(375);
    fundApi({ "GET fund/v2/order": () => ({ content: page([subscription]) }) });
    renderApp("/fund/records");
    const list = within(await screen.findByRole("list", { name: text("fund.records.list") }, WAIT));
    const link = list.getByRole("link", { name: new RegExp(`^${text("fund.records.details")}`) });
    expect(link).toHaveAttribute("href", "/fund/records/o-1");
  });

  it("shows one record's facts, and says when a record is not the user's", async () => {
    setWidth(1024);
    fundApi({
      "GET fund/v2/order/o-1": () => ({ content: subscription }),
      "GET fund/v2/order/other": () => ({ statusCode: 404, message: "Not found" }),
    });
    const { router } = renderApp("/fund/records/o-1");
    expect(await screen.findByRole("heading", { level: 2, name: text("fund.records.what", { type: text("fund.record_type.SUBSCRIBE"), product: "USD Current" }) }, WAIT)).toBeVisible();
    expect(screen.getByText(text("fund.source.USD"))).toBeVisible();
    expect(screen.getByText("Nov 26, 2026")).toBeVisible();
    await router.navigate("/fund/records/other");
    expect(await screen.findByText(text("fund.record.not_found"), {}, WAIT)).toBeVisible();
  });
});
