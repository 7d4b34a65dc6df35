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

function loggedIn(self: Parameters<typeof userSelf>[0], more: Record<string, (r: MockRequest) => MockAnswer | Promise<MockAnswer>>) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf(self) }),
    "GET user/firstSteps": () => ({ content: { done: false, steps: [] } }),
    "GET user/country/list": () => ({
      content: [
        { code: "HK", code2: "HKG", name: "Hong Kong", simplifiedCN: "香港", traditionalCN: "香港", mobileCode: "852" },
        { code: "US", code2: "USA", name: "United States", simplifiedCN: "美国", traditionalCN: "美國", mobileCode: "1" },
      ],
    }),
    ...more,
  });
}

/** The dialog named `title`, once its content (found by `shown`, a text) has loaded. */
async function openDialog(title: string, shown: string) {
  // (By text: polling by role over the whole page holds the dialog's chunk back.)
  await screen.findByText(shown, {}, { timeout: 10_000 });
  return within(screen.getByRole("dialog", { name: title }));
}

describe("the identity dialogs", { timeout: 20_000 }, () => {
  it("basic identity: Next with nothing typed shows the domain's messages and sends nothing; step 1 saves only its fields", async () => {
    const { requests } = loggedIn(
      {},
      {
        "GET user/info": () => ({ content: { status: 0, answers: {}, files: {} } }),
        "POST user/info": ({ body }) => ({ content: { status: 0, answers: { ...body, idType: "PASSPORT" }, files: {} } }),
      },
    );
    const { user } = renderApp("/my/profile/basic");
    const dialog = await openDialog(text("identity.basic.title"), text("identity.field.firstName"));
    expect(dialog.getByText(text("identity.step", { step: 1, steps: 2 }))).toBeVisible();
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    expect((await dialog.findAllByText(text("error.required_input"))).length).toBeGreaterThanOrEqual(6);
    expect(callsTo(requests, "POST user/info")).toHaveLength(0);

    await user.type(dialog.getByRole("textbox", { name: text("identity.field.firstName") }), "Alice");
    await user.type(dialog.getByRole("textbox", { name: text("identity.field.lastName") }), "Chan");
    // A birthday in the future is refused by the same rule the server runs.
    const birthday = dialog.getByLabelText(text("identity.field.birthday"), { exact: false });
    await user.type(birthday, "2999-01-01");
    await user.selectOptions(dialog.getByRole("combobox", { name: text("identity.field.country") }), "HK");
    await user.type(dialog.getByRole("textbox", { name: text("identity.field.province") }), "Hong Kong Island");
    await user.type(dialog.getByRole("textbox", { name: text("identity.field.city") }), "Hong Kong");
    await user.type(dialog.getByRole("textbox", { name: text("identity.field.address") }), "1 Queen's Road Central");
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    expect(await dialog.findByText(text("error.birthday_in_future"))).toBeVisible();
    expect(callsTo(requests, "POST user/info")).toHaveLength(0);

    await user.clear(birthday);
    await user.type(birthday, "1988-04-12");
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    await waitFor(() => expect(callsTo(requests, "POST user/info")).toHaveLength(1));
    expect(callsTo(requests, "POST user/info")[0]?.body).toEqual({
      firstName: "Alice",
      lastName: "Chan",
      birthday: "1988-04-12",
      country: "HK",
      province: "Hong Kong Island",
      city: "Hong Kong",
      address: "1 Queen's Road Central",
      postcode: "",
    });
    expect(await dialog.findByText(text("identity.step", { step: 2, steps: 2 }))).toBeVisible();
    expect(dialog.getByRole("textbox", { name: text("identity.field.idCard") })).toBeVisible();
  });

  it("individual investor: a US resident is asked for an SSN, checked as a real one before anything is sent", async () => {
    let draft: { status: 0; type: 0 | 1 | null; answers: Record<string, unknown>; files: Record<string, string> } = {
      status: 0,
      type: null,
      answers: {},
      files: {},
    };
    const { requests } = loggedIn(
      { status: 1, country: "US" },
      {
        "GET user/identity/investor": () => ({ content: draft }),
        "POST user/identity/investor": ({ body }) => {
          const type = body.type === 1 ? 1 : 0;
          draft = { ...draft, type, answers: { ...draft.answers, ...body, type } };
          return { content: draft };
        },
      },
    );
    const { user } = renderApp("/my/profile/investor");
    const dialog = await openDialog(text("identity.investor.title"), text("identity.investor.type_0"));
    // Next without a type: told why, nothing sent.
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    expect(await dialog.findByText(text("error.required_choice"))).toBeVisible();
    expect(callsTo(requests, "POST user/identity/investor")).toHaveLength(0);

    await user.click(dialog.getByText(text("identity.investor.type_0")));
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    await waitFor(() => expect(callsTo(requests, "POST user/identity/investor")).toHaveLength(1));
    expect(callsTo(requests, "POST user/identity/investor")[0]?.body).toEqual({ type: 0 });
    expect(await dialog.findByText(text("identity.step", { step: 2, steps: 3 }))).toBeVisible();

    const ssn = dialog.getByRole("textbox", { name: text("identity.field.accessory") });
    // Area 000 is never issued.
    await user.type(ssn, "000-12-3456");
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    expect(await dialog.findByText(text("error.ssn_invalid"))).toBeVisible();
    expect(callsTo(requests, "POST user/identity/investor")).toHaveLength(1);
  });

  it("individual investor: a resident elsewhere is not asked for an SSN", async () => {
    loggedIn(
      { status: 1, country: "HK" },
      {
        "GET user/identity/investor": () => ({ content: { status: 0, type: 0, answers: { type: 0 }, files: {} } }),
        "POST user/identity/investor": () => ({ content: { status: 0, type: 0, answers: { type: 0 }, files: {} } }),
      },
    );
    const { user } = renderApp("/my/profile/investor");
    const dialog = await openDialog(text("identity.investor.title"), text("identity.investor.type_0"));
    await user.click(dialog.getByRole("button", { name: text("identity.next") }));
    // The saved type is kept without asking again.
    expect(await screen.findByText(text("identity.field.taxFormFile"), {}, { timeout: 10_000 })).toBeVisible();
    expect(dialog.queryByRole("textbox", { name: text("identity.field.accessory") })).toBeNull();
  });
});
