// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator, wireReceipt } from "../testing/fixtures";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...opsEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const fred = opsOperator({ id: "op-fin", email: "fred.finance@fiscard.test", roles: ["finance"] });
const page = (list: unknown[]) => ({ content: { list, totalPage: 1, totalCount: list.length } });

describe("the wires page", { timeout: 60_000 }, () => {
  it("starts a finance operator at the wires, refuses a bad amount by the domain's rule, then records the wire", async () => {
    storeOpsToken("ops-token-1");
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/wires": () => page([]),
      "POST ops/wires": (request) => ({
        content: wireReceipt({ id: "wire-2", reference: String(request.body["reference"]), amount: "1000.00", status: "credited", user: { id: "u-1", email: "carol.company@example.com" } }),
        message: "Recorded",
      }),
    });
    const { user, router } = renderApp("/ops");

    const form = await screen.findByRole("form", { name: text("ops.wires.record") }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe("/ops/wires");
    const nav = screen.getByRole("navigation", { name: text("ops.nav.label") });
    expect(within(nav).getByRole("link", { name: text("ops.nav.wires") })).toBeVisible();
    expect(within(nav).queryByRole("link", { name: text("ops.nav.queue") })).toBeNull();

    const amount = within(form).getByRole("textbox", { name: label(text("ops.field.amount")) });
    await user.type(amount, "12,5x");
    await user.type(within(form).getByRole("textbox", { name: label(text("ops.field.reference")) }), "FED-0002");
    await user.type(within(form).getByRole("textbox", { name: label(text("ops.field.memo")) }), "FC-7K2Q-M9");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.record_submit") }));
    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/wires")).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "1000.00");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.record_submit") }));
    expect(await screen.findByText(`FED-0002: ${text("ops.wires.recorded_credited", { email: "carol.company@example.com" })}`, {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/wires")[0]?.body).toEqual({ amount: "1000.00", reference: "FED-0002", memo: "FC-7K2Q-M9", sender: "" });
  });

  it("assigns an unmatched wire by e-mail, showing the server's refusal of an unknown address under the field", async () => {
    storeOpsToken("ops-token-1");
    let wire = wireReceipt({ memo: "FC-7K2Q-M8" });
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/wires": () => page([wire]),
      "POST ops/wires/wire-1/assign": (request) => {
        if (request.body["email"] !== "carol.company@example.com") {
          return {
            statusCode: 102,
            message: "Please choose from the options given",
            messageKey: "error.option_invalid",
            content: [{ field: "email", code: "option_invalid", params: {}, message: "Please choose from the options given" }],
          };
        }
        wire = { ...wire, status: "credited", user: { id: "u-1", email: "carol.company@example.com" }, matchedBy: fred.email };
        return { content: wire, message: "Assigned" };
      },
    });
    const { user } = renderApp("/ops/wires");

    const table = await screen.findByRole("table", { name: text("ops.wires.list") }, { timeout: 10_000 });
    expect(within(table).getByText(text("ops.wire_status.unmatched"))).toBeVisible();
    expect(within(table).queryByRole("button", { name: text("ops.wires.approve") })).toBeNull();
    await user.click(within(table).getByRole("button", { name: text("ops.wires.assign_named", { reference: "FED-0001" }) }));

    const form = await screen.findByRole("form", { name: text("ops.wires.assign_named", { reference: "FED-0001" }) });
    const email = within(form).getByRole("textbox", { name: label(text("ops.wires.assign_email")) });
    await user.type(email, "not-an-address");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.assign_submit") }));
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/wires/wire-1/assign")).toHaveLength(0);

    await user.clear(email);
    await user.type(email, "nobody@example.com");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.assign_submit") }));
    expect(await within(form).findByText("Please choose from the options given", {}, { timeout: 10_000 })).toBeVisible();

    await user.clear(email);
    await user.type(email, "carol.company@example.com");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.assign_submit") }));
    expect(await within(table).findByText("carol.company@example.com", {}, { timeout: 10_000 })).toBeVisible();
    expect(within(table).getByText(text("ops.wire_status.credited"))).toBeVisible();
    expect(callsTo(requests, "POST ops/wires/wire-1/assign").at(-1)?.body).toEqual({ email: "carol.company@example.com" });
    expect(within(table).queryByRole("button", { name: text("ops.wires.assign_named", { reference: "FED-0001" }) })).toBeNull();
  });

  it("filters by status and returns a wire waiting for approval with a reason", async () => {
    storeOpsToken("ops-token-1");
    let wire = wireReceipt({ status: "pending_approval", amount: "25000.00", user: { id: "u-1", email: "carol.company@example.com" } });
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/wires": () => page([wire]),
      "POST ops/wires/wire-1/return": (request) => {
        wire = { ...wire, status: "returned", returnReason: String(request.body["reason"]) };
        return { content: wire, message: "Returned" };
      },
    });
    const { user } = renderApp("/ops/wires");
    const table = await screen.findByRole("table", { name: text("ops.wires.list") }, { timeout: 10_000 });
    await user.selectOptions(screen.getByRole("combobox", { name: text("ops.wires.status") }), "pending_approval");
    await waitFor(() => expect(callsTo(requests, "GET ops/wires").at(-1)?.query.get("status")).toBe("pending_approval"));
    expect(within(table).getByRole("button", { name: text("ops.wires.approve") })).toBeVisible();

    await user.click(within(table).getByRole("button", { name: text("ops.wires.return_named", { reference: "FED-0001" }) }));
    const form = await screen.findByRole("form", { name: text("ops.wires.return_named", { reference: "FED-0001" }) });
    const reason = within(form).getByRole("combobox", { name: label(text("ops.field.reason")) });
    await user.click(within(form).getByRole("button", { name: text("ops.wires.return_submit") }));
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    await user.selectOptions(reason, "name_mismatch");
    await user.click(within(form).getByRole("button", { name: text("ops.wires.return_submit") }));
    expect(await within(table).findByText(text("ops.wire_return_reason.name_mismatch"), {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/wires/wire-1/return")[0]?.body).toEqual({ reason: "name_mismatch" });
  });
});
