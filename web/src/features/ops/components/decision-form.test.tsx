// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator, reviewCase } from "../testing/fixtures";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...opsEnUS };
const text = (key: string) => en[key] ?? key;
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const me = opsOperator();
const claimed = reviewCase({ claim: { operatorId: me.id, operator: me.email, expiresAt: Date.now() + 15 * 60_000 } });

describe("the case page", { timeout: 60_000 }, () => {
  it("claims a case, then shows the items, the change since the last attempt and the screening per feature", async () => {
    storeOpsToken("ops-token-1");
    let current = reviewCase();
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: me }),
      "GET ops/review/cases/case-1": () => ({ content: current }),
      "POST ops/review/cases/case-1/claim": () => {
        current = claimed;
        return { content: { expiresAt: Date.now() + 15 * 60_000 }, message: "Claimed" };
      },
    });
    const { user } = renderApp("/ops/review/case-1");

    expect(await screen.findByRole("heading", { name: text("identity.field.companyId") }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText("C-12")).toBeVisible();
    expect(screen.getByText("C-1234")).toBeVisible();
    const hit = screen.getByRole("table", { name: "Carol Trading (sanctions)" });
    expect(within(hit).getByRole("row", { name: "name 0.95" })).toBeVisible();
    // Not claimed: nothing to decide yet.
    expect(screen.queryByRole("radio", { name: text("ops.case.reject") })).toBeNull();

    await user.click(screen.getByRole("button", { name: text("ops.case.claim") }));
    expect((await screen.findAllByRole("radio", { name: text("ops.case.reject") })).length).toBe(2);
    expect(callsTo(requests, "POST ops/review/cases/case-1/claim")).toHaveLength(1);
  });

  it("asks a rejection's reason, message and kind, prefills the message in the user's language, and sends the decision", async () => {
    storeOpsToken("ops-token-1");
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: me }),
      "GET ops/review/cases/case-1": () => ({ content: claimed }),
      "POST ops/review/cases/case-1/decision": () => ({ content: { ...claimed, status: "rejected", claim: null }, message: "Decided" }),
    });
    const { user } = renderApp("/ops/review/case-1");

    const form = await screen.findByRole("form", { name: text("ops.case.decision") }, { timeout: 10_000 });
    const companyId = within(form).getByRole("radiogroup", { name: text("identity.field.companyId") });
    await user.click(within(companyId).getByRole("radio", { name: text("ops.case.reject") }));
    await user.click(within(form).getByRole("button", { name: text("ops.case.submit") }));

    // Undecided, and a rejection without its reason, message and kind: nothing is sent.
    const reason = await within(form).findByRole("combobox", { name: label(text("ops.case.reason")) }, { timeout: 10_000 });
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    const message = within(form).getByRole("textbox", { name: label(text("ops.case.message")) });
    expect(message).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("radiogroup", { name: text("ops.case.kind") })).toBeVisible();
    expect(within(form).getAllByText(text("error.required_choice")).length).toBeGreaterThanOrEqual(3);
    expect(within(form).getByText(text("error.required_input"))).toBeVisible();
    expect(callsTo(requests, "POST ops/review/cases/case-1/decision")).toHaveLength(0);

    // The reason's text in the user's language (zh-HK) is the message, editable.
    await user.selectOptions(reason, "document_mismatch");
    await waitFor(() => expect(message).toHaveValue(domainZhHK["rejection_reason.document_mismatch"]));
    await user.type(message, " 請提供正確編號。");
    await user.click(within(form).getByRole("radio", { name: text("ops.case.kind_retry") }));
    const companyName = within(form).getByRole("radiogroup", { name: text("identity.field.companyName") });
    await user.click(within(companyName).getByRole("radio", { name: text("ops.case.approve") }));
    await user.type(within(form).getAllByRole("textbox", { name: text("ops.case.note") })[0]!, "Checked the registry");
    await user.click(within(form).getByRole("button", { name: text("ops.case.submit") }));

    await waitFor(() => expect(callsTo(requests, "POST ops/review/cases/case-1/decision")).toHaveLength(1));
    expect(callsTo(requests, "POST ops/review/cases/case-1/decision")[0]?.body).toEqual({
      items: [
        { field: "companyName", decision: "approve", note: "Checked the registry" },
        { field: "companyId", decision: "reject", reason: "document_mismatch", message: `${domainZhHK["rejection_reason.document_mismatch"]} 請提供正確編號。` },
      ],
      kind: "retry",
    });
    expect(await screen.findByText(text("ops.status.rejected"), {}, { timeout: 10_000 })).toBeVisible();
  });

  it("shows the server's field errors under the item they name", async () => {
    storeOpsToken("ops-token-1");
    mockApi({
      "GET ops/me": () => ({ content: me }),
      "GET ops/review/cases/case-1": () => ({ content: claimed }),
      "POST ops/review/cases/case-1/decision": () => ({
        statusCode: 102,
        message: "Please choose from the options given",
        messageKey: "error.option_invalid",
        content: [{ field: "items[1].reason", code: "option_invalid", params: {}, message: "Please choose from the options given" }],
      }),
    });
    const { user } = renderApp("/ops/review/case-1");
    const form = await screen.findByRole("form", { name: text("ops.case.decision") }, { timeout: 10_000 });
    for (const name of ["identity.field.companyName", "identity.field.companyId"]) {
      await user.click(within(within(form).getByRole("radiogroup", { name: text(name) })).getByRole("radio", { name: text("ops.case.reject") }));
    }
    for (const reason of within(form).getAllByRole("combobox", { name: label(text("ops.case.reason")) })) await user.selectOptions(reason, "other");
    await user.click(within(form).getByRole("radio", { name: text("ops.case.kind_final") }));
    await user.click(within(form).getByRole("button", { name: text("ops.case.submit") }));
    const reasons = within(form).getAllByRole("combobox", { name: label(text("ops.case.reason")) });
    await waitFor(() => expect(reasons[1]).toHaveAttribute("aria-invalid", "true"));
    expect(reasons[0]).not.toHaveAttribute("aria-invalid", "true");
  });
});
