// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator, opsUser } from "../testing/fixtures";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS, ...opsEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const fred = opsOperator({ id: "op-fin", email: "fred.finance@fiscard.test", roles: ["finance"] });
const carol = opsUser();

describe("users", { timeout: 60_000 }, () => {
  it("searches users and links each hit to their page", async () => {
    storeOpsToken("ops-token-1");
    const reviewer = opsOperator();
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: reviewer }),
      "GET ops/search": () => ({ content: [{ id: carol.id, email: carol.email, memo: carol.memo, cards: [{ cardKey: "card-1", last4: "4242", status: "normal" }] }] }),
      "GET ops/users/u-1": () => ({ content: carol }),
    });
    const { user } = renderApp("/ops/users");
    const search = await screen.findByRole("search", { name: text("ops.users.search") }, { timeout: 10_000 });
    await user.type(within(search).getByRole("searchbox", { name: text("ops.users.query") }), "carol");
    await user.click(within(search).getByRole("button", { name: text("ops.users.search_submit") }));
    const hits = await screen.findByRole("table", { name: text("ops.users.hits") }, { timeout: 10_000 });
    expect(Object.fromEntries(callsTo(requests, "GET ops/search")[0]?.query ?? [])).toEqual({ q: "carol" });
    expect(within(hits).getByRole("link", { name: carol.email })).toHaveAttribute("href", "/ops/users/u-1");
    expect(within(hits).getByText(`•••• 4242 · ${text("card_status.normal")}`)).toBeVisible();
  });

  it("shows a user's verifications linking to their cases, and no finance action to a reviewer", async () => {
    storeOpsToken("ops-token-1");
    mockApi({
      "GET ops/me": () => ({ content: opsOperator() }),
      "GET ops/users/u-1": () => ({ content: carol }),
    });
    renderApp("/ops/users/u-1");
    expect(await screen.findByRole("heading", { name: carol.email, level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole("link", { name: `${text("ops.verification.basic")} · ${text("ops.user.attempt", { attempt: 1 })}` })).toHaveAttribute("href", "/ops/review/case-9");
    // A reviewer neither freezes cards nor ends sessions.
    expect(screen.queryByRole("button", { name: text("ops.user.freeze_named", { last4: "4242" }) })).toBeNull();
    expect(screen.queryByRole("button", { name: text("ops.user.end_all") })).toBeNull();
  });

  it("freezes a card: the reason Other needs a note, by the domain's rule", async () => {
    storeOpsToken("ops-token-1");
    let current = carol;
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/users/u-1": () => ({ content: current }),
      "POST ops/cards/card-1/freeze": (request) => {
        const card = { ...carol.cards[0]!, status: "frozen", frozenReason: String(request.body["reason"]) };
        current = { ...carol, cards: [card] };
        return { content: card, message: "Frozen" };
      },
    });
    const { user } = renderApp("/ops/users/u-1");
    await user.click(await screen.findByRole("button", { name: text("ops.user.freeze_named", { last4: "4242" }) }, { timeout: 10_000 }));
    const form = await screen.findByRole("form", { name: text("ops.user.freeze_named", { last4: "4242" }) });
    await user.selectOptions(within(form).getByRole("combobox", { name: label(text("ops.field.reason")) }), "other");
    const note = within(form).getByRole("textbox", { name: label(text("ops.field.note")) });
    await user.click(within(form).getByRole("button", { name: text("ops.user.freeze") }));
    await waitFor(() => expect(note).toHaveAttribute("aria-invalid", "true"));
    expect(callsTo(requests, "POST ops/cards/card-1/freeze")).toHaveLength(0);

    await user.type(note, "Chargebacks from three merchants");
    await user.click(within(form).getByRole("button", { name: text("ops.user.freeze") }));
    expect(await screen.findByText(text("ops.user.frozen_reason", { reason: text("card_freeze_reason.other") }), {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/cards/card-1/freeze")[0]?.body).toEqual({ reason: "other", note: "Chargebacks from three merchants" });
  });

  it("ends all of a user's sessions after asking", async () => {
    storeOpsToken("ops-token-1");
    const { requests } = mockApi({
      "GET ops/me": () => ({ content: fred }),
      "GET ops/users/u-1": () => ({ content: carol }),
      "POST ops/users/u-1/sessions/end": () => ({ content: { ...carol, sessions: [] }, message: "Ended" }),
    });
    const { user } = renderApp("/ops/users/u-1");
    await user.click(await screen.findByRole("button", { name: text("ops.user.end_all") }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("alertdialog", {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole("button", { name: text("confirm.ok") }));
    expect(await screen.findByText(text("ops.user.no_sessions"), {}, { timeout: 10_000 })).toBeVisible();
    expect(callsTo(requests, "POST ops/users/u-1/sessions/end")).toHaveLength(1);
  });
});
