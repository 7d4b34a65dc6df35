// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

type Self = Parameters<typeof userSelf>[0];

function loggedIn(self: Self, more: Record<string, (r: MockRequest) => MockAnswer | Promise<MockAnswer>> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf(self) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    ...more,
  });
}

/** The row of a verification, found by its anchor. */
async function row(id: string) {
  await screen.findByRole("heading", { name: text("menu.profile") }, { timeout: 5000 });
  const item = await waitFor(() => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`no #${id}`);
    return found;
  });
  return within(item);
}

describe("the Profile page", () => {
  it("shows a new user the four verifications, only basic identity open, the others saying why not", async () => {
    loggedIn({});
    renderApp("/my/profile");
    const basic = await row("basic");
    expect(basic.getByText(text("identity.basic.title"))).toBeVisible();
    expect(await basic.findByText(text("identity_status.not_started"))).toBeVisible();
    expect(basic.getByRole("button", { name: text("identity.start") })).toBeEnabled();
    const investor = await row("investor");
    expect(investor.getByText(text("identity.needs_basic"))).toBeVisible();
    expect(investor.queryByRole("button")).toBeNull();
    for (const id of ["AML", "QI"]) {
      const questionnaire = await row(id);
      expect(questionnaire.getByText(text("identity.needs_investor"))).toBeVisible();
      expect(questionnaire.queryByRole("button")).toBeNull();
    }
  });

  it("shows an approved mark, an in-review badge without a button, and view/edit for an answered questionnaire", async () => {
    loggedIn({ status: 1, investor: { status: 1 }, aml: 2, qualify: 1 });
    renderApp("/my/profile");
    const basic = await row("basic");
    expect(await basic.findByText(text("identity_status.approved"))).toBeVisible();
    expect(basic.queryByRole("button")).toBeNull();
    const aml = await row("AML");
    expect(aml.getByText(text("identity_status.in_review"))).toBeVisible();
    expect(aml.queryByRole("button")).toBeNull();
    const qi = await row("QI");
    expect(qi.getByRole("button", { name: text("identity.view_edit") })).toBeVisible();
  });

  it("lists a rejection's items, each message split by its lines, with a retry; a final one offers none", async () => {
    loggedIn({
      status: 1,
      investor: { status: 3 },
      aml: 3,
      rejections: [
        {
          verification: "investor",
          kind: "retry",
          items: [{ field: "taxFormFile", reason: "document_unreadable", message: "The scan is blurred.\nPlease scan it again." }],
        },
        { verification: "aml", kind: "final", items: [{ field: "", reason: "screening_match", message: "" }] },
      ],
    });
    renderApp("/my/profile");
    const investor = await row("investor");
    expect(investor.getByText(text("identity.rejected_retry"))).toBeVisible();
    expect(investor.getByText(`${text("identity.field.taxFormFile")}:`, { exact: false })).toBeVisible();
    expect(investor.getByText("The scan is blurred.")).toBeVisible();
    expect(investor.getByText("Please scan it again.")).toBeVisible();
    expect(investor.getByRole("button", { name: text("identity.retry") })).toBeVisible();
    const aml = await row("AML");
    expect(aml.getByText(text("identity.rejected_final"))).toBeVisible();
    expect(aml.queryByRole("button")).toBeNull();
  });
});

// The dialogs are chunks of their own, imported (and transformed) on first use.
describe("the questionnaires", { timeout: 15_000 }, () => {
  const approvedInvestor = (type: 0 | 1) => ({
    "GET user/identity/investor": () => ({ content: { status: 1, type, answers: {}, files: {} } }),
  });

  it("open from their own path, refuse to submit unconfirmed, then commit the answers and close", async () => {
    let status = 0;
    const { requests } = loggedIn(
      { status: 1, investor: { status: 1 } },
      {
        ...approvedInvestor(0),
        "GET user/self": () => ({ content: userSelf({ status: 1, investor: { status: 1 }, qualify: status as 0 | 2 }) }),
        "GET investor/qualify": () => ({ content: { status: 0, answers: {} } }),
        "POST investor/qualify": () => {
          status = 2;
          return { content: { status: 2, attempt: 1 }, message: "Submitted for review" };
        },
      },
    );
    const { user, router } = renderApp("/my/profile/qi");
    // (By text: polling by role over the whole page is slow enough to hold the dialog's loading back.)
    await screen.findByText(text("identity.field.totalAssets"), {}, { timeout: 10_000 });
    const dialog = within(screen.getByRole("dialog", { name: text("identity.qi.title") }));
    // An individual answers all four questions.
    for (const field of ["totalAssets", "netAssets", "annualIncome", "industryVeteran"]) {
      expect(dialog.getByRole("group", { name: text(`identity.field.${field}`) })).toBeVisible();
    }
    await user.click(dialog.getByRole("button", { name: text("identity.submit") }));
    expect(await dialog.findByText(text("identity.confirm_required"))).toBeVisible();
    expect(await dialog.findAllByText(text("error.required_choice"))).toHaveLength(4);
    expect(callsTo(requests, "POST investor/qualify")).toHaveLength(0);

    await user.click(dialog.getByRole("radio", { name: text("qi.total_assets.A1") }));
    await user.click(dialog.getByRole("radio", { name: text("qi.net_assets.N1") }));
    await user.click(dialog.getByRole("radio", { name: text("qi.annual_income.I1") }));
    await user.click(dialog.getByRole("radio", { name: text("qi.industry_veteran.C0") }));
    await user.click(dialog.getByRole("checkbox", { name: text("identity.confirm_answers") }));
    await user.click(dialog.getByRole("button", { name: text("identity.submit") }));

    await waitFor(() => expect(callsTo(requests, "POST investor/qualify")).toHaveLength(1));
    expect(callsTo(requests, "POST investor/qualify")[0]?.body).toEqual({
      totalAssets: "A1",
      netAssets: "N1",
      annualIncome: "I1",
      industryVeteran: "C0",
    });
    expect(await screen.findByText("Submitted for review")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: text("identity.qi.title") })).toBeNull());
    expect(router.state.location.pathname).toBe("/my/profile");
    const qi = await row("QI");
    expect(await qi.findByText(text("identity_status.in_review"))).toBeVisible();
  });

  it("asks a company only what a company answers (no employment, QI total assets only)", async () => {
    loggedIn(
      { status: 1, investor: { status: 1 } },
      {
        ...approvedInvestor(1),
        "GET investor/aml": () => ({ content: { status: 0, answers: {} } }),
      },
    );
    renderApp("/my/profile/aml");
    await screen.findByText(text("identity.field.sourceOfFund"), {}, { timeout: 10_000 });
    const dialog = within(screen.getByRole("dialog", { name: text("identity.aml.title") }));
    expect(dialog.getByRole("group", { name: text("identity.field.sourceOfFund") })).toBeVisible();
    expect(dialog.queryByRole("group", { name: text("identity.field.employmentStatus") })).toBeNull();
    expect(dialog.getByRole("checkbox", { name: text("aml.source_of_fund.ownFund") })).toBeVisible();
    expect(dialog.queryByRole("checkbox", { name: text("aml.source_of_fund.salary") })).toBeNull();
  });
});
