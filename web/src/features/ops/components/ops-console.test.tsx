// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator, queueCase } from "../testing/fixtures";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...opsEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
/** A field's label as shown: its text, then the required mark. */
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const session = { token: "ops-token-1", operator: opsOperator() };

describe("login", { timeout: 30_000 }, () => {
  it("sends a visitor to the login, checks the code by the domain's rule, and logs in with the Ops-Token", async () => {
    const { requests } = mockApi({
      "POST ops/login": () => ({ content: session }),
      "GET ops/review/queue": () => ({ content: { list: [queueCase()], totalPage: 1, totalCount: 1 } }),
    });
    const { user, router } = renderApp("/ops");

    expect(await screen.findByRole("heading", { name: text("ops.login.title") }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/ops/login");
    await user.type(screen.getByRole("textbox", { name: label(text("ops.field.email")) }), "rita.reviewer@fiscard.test");
    await user.type(screen.getByLabelText(label(text("ops.field.password"))), "correct horse 1");
    const code = screen.getByRole("textbox", { name: label(text("ops.field.code")) });
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: text("ops.login.submit") }));
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/login")).toHaveLength(0);

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: text("ops.login.submit") }));

    expect(await screen.findByRole("heading", { name: text("ops.queue.title"), level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/login")[0]?.body).toEqual({ email: "rita.reviewer@fiscard.test", password: "correct horse 1", code: "123456" });
    expect(sessionStorage.getItem("opsToken")).toBe("ops-token-1");
    expect(localStorage.getItem("accessToken")).toBeNull();
    const read = callsTo(requests, "GET ops/review/queue")[0];
    expect(read?.headers.get("Ops-Token")).toBe("ops-token-1");
    expect(read?.headers.has("Access-Token")).toBe(false);
  });

  it("shows a refused login in the form", async () => {
    mockApi({
      "POST ops/login": () => ({ statusCode: 104, message: "Wrong e-mail, password or code", messageKey: "error.ops_login_failed" }),
    });
    const { user } = renderApp("/ops/login");
    await user.type(await screen.findByRole("textbox", { name: label(text("ops.field.email")) }, { timeout: 10_000 }), "rita.reviewer@fiscard.test");
    await user.type(screen.getByLabelText(label(text("ops.field.password"))), "wrong password");
    await user.type(screen.getByRole("textbox", { name: label(text("ops.field.code")) }), "654321");
    await user.click(screen.getByRole("button", { name: text("ops.login.submit") }));
    expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent("Wrong e-mail, password or code");
    expect(sessionStorage.getItem("opsToken")).toBeNull();
  });
});

describe("the review queue", { timeout: 30_000 }, () => {
  it("lists the cases oldest first, filters them, and shows a reviewer only the queue", async () => {
    storeOpsToken("ops-token-1");
    const api = mockApi({
      "GET ops/me": () => ({ content: opsOperator() }),
      "GET ops/review/queue": (request) => ({
        content:
          request.query.get("screening") === "hits"
            ? { list: [queueCase({ caseId: "case-2", screeningHits: 2, email: "hugo.hits@example.com" })], totalPage: 1, totalCount: 1 }
            : { list: [queueCase(), queueCase({ caseId: "case-3", verification: "basic", investorType: null, claim: { operatorId: "op-2", operator: "otto@fiscard.test", expiresAt: 1_900_000_000_000 } })], totalPage: 3, totalCount: 42 },
      }),
    });
    const { requests } = api;
    const { user } = renderApp("/ops");

    const table = await screen.findByRole("table", { name: text("ops.queue.title") }, { timeout: 10_000 });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("link", { name: `${text("ops.verification.investor")} · ${text("ops.investor_type.COMPANY")} #1` })).toHaveAttribute("href", "/ops/review/case-1");
    expect(within(table).getByText("otto@fiscard.test")).toBeVisible();
    expect(screen.getByText(text("ops.pager.page", { page: 1, total: 3 }))).toBeVisible();
    const nav = screen.getByRole("navigation", { name: text("ops.nav.label") });
    expect(within(nav).getByRole("link", { name: text("ops.nav.queue") })).toBeVisible();
    expect(within(nav).queryByRole("link", { name: text("ops.nav.operators") })).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: text("ops.queue.screening") }), "hits");
    expect(await screen.findByText("hugo.hits@example.com", {}, { timeout: 10_000 })).toBeVisible();
    const last = callsTo(requests, "GET ops/review/queue").at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({ screening: "hits", pageID: "1", pageSize: "20" });
  });

  it("drops the token and shows the login when the session has ended (101)", async () => {
    storeOpsToken("ops-token-1");
    mockApi({
      "GET ops/me": () => ({ statusCode: 101, message: "Not logged in", messageKey: "api.not_logged_in" }),
      "GET ops/review/queue": () => ({ statusCode: 101, message: "Not logged in", messageKey: "api.not_logged_in" }),
    });
    const { router } = renderApp("/ops");
    expect(await screen.findByRole("heading", { name: text("ops.login.title") }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/ops/login");
    expect(sessionStorage.getItem("opsToken")).toBeNull();
  });
});

describe("operators", { timeout: 30_000 }, () => {
  it("lists the operators, invites one showing the enrolment link, and disables another", async () => {
    storeOpsToken("ops-token-1");
    const admin = opsOperator({ id: "op-admin", email: "ada.admin@fiscard.test", roles: ["admin"] });
    const rita = opsOperator();
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: admin }),
      "GET ops/operators": () => ({ content: [admin, rita] }),
      "POST ops/operators": (request) => ({
        content: {
          operator: opsOperator({ id: "op-new", email: String(request.body["email"]), roles: ["reviewer", "finance"], status: "invited", enrolledAt: null }),
          enrolmentUrl: "http://127.0.0.1:8080/ops/enrol#enrol-token",
        },
        message: "Invited",
      }),
      "POST ops/operators/op-1/disable": () => ({ content: { ...rita, status: "disabled" }, message: "Disabled" }),
    });
    const { user } = renderApp("/ops");

    // An administrator without the reviewer role lands on the operators.
    const table = await screen.findByRole("table", { name: text("ops.operators.list") }, { timeout: 10_000 });
    expect(within(table).getByText("rita.reviewer@fiscard.test")).toBeVisible();
    expect(within(table).queryByRole("button", { name: text("ops.operators.disable_named", { email: admin.email }) })).toBeNull();
    const nav = screen.getByRole("navigation", { name: text("ops.nav.label") });
    expect(within(nav).queryByRole("link", { name: text("ops.nav.queue") })).toBeNull();
    expect(within(nav).getByRole("link", { name: text("ops.nav.audit") })).toBeVisible();

    const form = screen.getByRole("form", { name: text("ops.operators.invite") });
    await user.type(within(form).getByRole("textbox", { name: label(text("ops.field.email")) }), "fred.finance@fiscard.test");
    await user.click(within(form).getByRole("checkbox", { name: text("ops.role.finance") }));
    await user.click(within(form).getByRole("button", { name: text("ops.operators.invite_submit") }));
    expect(await screen.findByText("http://127.0.0.1:8080/ops/enrol#enrol-token", {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/operators")[0]?.body).toEqual({ email: "fred.finance@fiscard.test", roles: ["reviewer", "finance"] });

    await user.click(within(table).getByRole("button", { name: text("ops.operators.disable_named", { email: rita.email }) }));
    const dialog = await screen.findByRole("alertdialog", {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(callsTo(requests, "POST ops/operators/op-1/disable")).toHaveLength(1));
  });
});
