// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDomain } from "@/lib/domain";
import { setLocale } from "@/lib/locale";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, securityConfig, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string) => en[key] ?? key;
const zh = (key: string) => (webZhHK as Record<string, string>)[key] ?? key;
/** A field's label as shown: its text, then the required mark. */
const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const config = securityConfig({ trade: { email: true, mfa: false, security: false } });

function loggedIn(more: Record<string, (r: MockRequest) => MockAnswer> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf() }),
    "GET user/config": () => ({ content: config }),
    "GET user/country/list": () => ({
      content: [
        { code: "HK", code2: "HKG", name: "Hong Kong", simplifiedCN: "香港", traditionalCN: "香港", mobileCode: "852" },
        { code: "US", code2: "USA", name: "United States", simplifiedCN: "美国", traditionalCN: "美國", mobileCode: "1" },
      ],
    }),
    ...more,
  });
}

describe("bind mobile", () => {
  it("picks the country by search, asks exactly the codes the policy wants, and goes back to #mobile", async () => {
    const domain = await loadDomain();
    const factors = domain.requiredFactors("mobileBind", {
      security: config.security,
      mfa: [],
      login: config.login,
      trade: config.trade,
    });
    const { requests } = loggedIn({ "POST user/mobile/bind": () => ({ content: { mobile: "+85291234567", mobileCode: "852", mobileCountry: "HK" }, message: "Bound" }) });
    const { user, router } = renderApp("/my/security/enable-sms");

    await user.click(await screen.findByRole(
        "button",
        { name: `${text("security.mobile.country")}: ${text("security.mobile.choose_country")}` },
        { timeout: 5000 },
      ));
    const picker = within(await screen.findByRole("dialog", { name: text("security.mobile.choose_country") }));
    await user.type(picker.getByRole("textbox", { name: text("security.mobile.search") }), "852");
    await waitFor(() => expect(picker.queryByRole("button", { name: /United States/ })).toBeNull());
    await user.click(picker.getByRole("button", { name: /Hong Kong/ }));

    expect(
      await screen.findByRole("button", { name: `${text("security.mobile.country")}: 🇭🇰 Hong Kong +852` }),
    ).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: text("security.mobile.number") }), "91234567");
    if (factors.email) await user.type(screen.getByRole("textbox", { name: text("verify.email_code") }), "123456");
    expect(screen.queryByRole("textbox", { name: text("verify.mfa_code") }) !== null).toBe(factors.mfa);
    await user.click(screen.getByRole("button", { name: text("security.mobile.submit") }));

    await waitFor(() => expect(router.state.location.hash).toBe("#mobile"));
    expect(callsTo(requests, "POST user/mobile/bind")[0]?.body).toEqual({
      mobileCountry: "HK",
      mobileCode: "852",
      mobile: "91234567",
      ...(factors.email && { emailCaptcha: "123456" }),
    });
    // The user (with the new number) is loaded again.
    expect(callsTo(requests, "GET user/self").length).toBeGreaterThanOrEqual(2);
  });
});

describe("set PIN", () => {
  it("shows the domain's message for a PIN that is not 6 digits, and sends a good one", async () => {
    const { requests } = loggedIn({ "POST user/security/password": () => ({ content: null, message: "Saved" }) });
    const { user, router } = renderApp("/my/security/pin");
    const form = within(await screen.findByRole("form", { name: text("security.pin.title") }, { timeout: 5000 }));
    const pin = form.getByLabelText(label(text("security.pin.new")), { selector: "input" });

    await user.type(pin, "12ab");
    await user.tab();
    expect(await form.findByText(text("error.pin_format"))).toBeVisible();
    expect(pin).toHaveAttribute("aria-invalid", "true");

    await user.clear(pin);
    await user.type(pin, "135790");
    await user.type(form.getByLabelText(label(text("security.pin.confirm")), { selector: "input" }), "135790");
    await user.click(form.getByRole("button", { name: text("security.save") }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/my/security"));
    expect(callsTo(requests, "POST user/security/password")[0]?.body).toEqual({ password: "135790", confirm: "135790" });
  });
});

describe("change password", () => {
  it("shows the server's field errors (102) under the fields", async () => {
    loggedIn({
      "POST user/password": () => ({
        statusCode: 102,
        content: [{ field: "password", code: "password_same_as_old", params: {}, message: "Same as before" }],
      }),
    });
    const { user } = renderApp("/my/security/password");
    const form = within(await screen.findByRole("form", { name: text("security.password.title") }, { timeout: 5000 }));
    await user.type(form.getByLabelText(label(text("security.password.old")), { selector: "input" }), "Secret123");
    await user.type(form.getByLabelText(label(text("security.password.new")), { selector: "input" }), "Better456");
    await user.type(form.getByLabelText(label(text("security.password.confirm")), { selector: "input" }), "Better456");
    await user.click(form.getByRole("button", { name: text("security.save") }));
    expect(await form.findByText("Same as before")).toBeVisible();
  });
});

describe("a refusal that names no field", () => {
  /** The form's own error (above its buttons), and no toast saying the same. */
  async function shownInForm(form: { readonly findByRole: (role: "alert") => Promise<HTMLElement> }, message: string) {
    expect(await form.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
  }

  it("shows a wrong current password in the change password form", async () => {
    loggedIn({ "POST user/password": () => ({ statusCode: 104, message: "The current password is incorrect" }) });
    const { user, router } = renderApp("/my/security/password");
    const form = within(await screen.findByRole("form", { name: text("security.password.title") }, { timeout: 5000 }));
    await user.type(form.getByLabelText(label(text("security.password.old")), { selector: "input" }), "Secret123");
    await user.type(form.getByLabelText(label(text("security.password.new")), { selector: "input" }), "Better456");
    await user.type(form.getByLabelText(label(text("security.password.confirm")), { selector: "input" }), "Better456");
    await user.click(form.getByRole("button", { name: text("security.save") }));
    await shownInForm(form, "The current password is incorrect");
    expect(router.state.location.pathname).toBe("/my/security/password");
  });

  it("shows the PIN's refusal in the form, in the language the user reads", async () => {
    await setLocale("zh-HK");
    try {
      const { requests } = loggedIn({
        "POST user/security/password": ({ headers }) => ({
          statusCode: 429,
          content: { retryAfter: 42 },
          message: headers.get("User-Lang") === "zh-HK" ? "嘗試次數過多，請於 42 秒後再試" : "Too many attempts",
        }),
      });
      const { user } = renderApp("/my/security/pin");
      const form = within(await screen.findByRole("form", { name: zh("security.pin.title") }, { timeout: 5000 }));
      await user.type(form.getByLabelText(label(zh("security.pin.new")), { selector: "input" }), "135790");
      await user.type(form.getByLabelText(label(zh("security.pin.confirm")), { selector: "input" }), "135790");
      await user.click(form.getByRole("button", { name: zh("security.save") }));
      await shownInForm(form, "嘗試次數過多，請於 42 秒後再試");
      expect(callsTo(requests, "POST user/security/password")[0]?.headers.get("User-Lang")).toBe("zh-HK");
    } finally {
      await setLocale("en-US");
    }
  });

  it("shows the mobile binding's refusal in the form", async () => {
    loggedIn({ "POST user/mobile/bind": () => ({ statusCode: 409, message: "This mobile is bound to another account" }) });
    const { user } = renderApp("/my/security/enable-sms");
    await user.click(await screen.findByRole(
      "button",
      { name: `${text("security.mobile.country")}: ${text("security.mobile.choose_country")}` },
      { timeout: 5000 },
    ));
    const picker = within(await screen.findByRole("dialog", { name: text("security.mobile.choose_country") }));
    await user.click(picker.getByRole("button", { name: /Hong Kong/ }));
    const form = within(screen.getByRole("form", { name: text("security.mobile.title") }));
    await user.type(form.getByRole("textbox", { name: text("security.mobile.number") }), "91234567");
    const code = form.queryByRole("textbox", { name: text("verify.email_code") });
    if (code) await user.type(code, "123456");
    await user.click(form.getByRole("button", { name: text("security.mobile.submit") }));
    await shownInForm(form, "This mobile is bound to another account");
  });
});

describe("sessions and history", () => {
  it("ends another session and lists the security events with their labels", async () => {
    const { requests } = loggedIn({
      "GET user/sessions": () => ({
        content: [
          { id: "s1", device: "Firefox", ip: "10.0.0.1", createTime: 1, lastSeenTime: 2, current: true },
          { id: "s2", device: "Safari", ip: "10.0.0.2", createTime: 1, lastSeenTime: 2, current: false },
        ],
      }),
      "POST user/sessions/revoke": () => ({ content: null, message: "Ended" }),
      "GET user/security/events": () => ({
        content: { list: [{ id: "e1", kind: "login_succeeded", ip: "10.0.0.1", device: "Firefox", createTime: 1 }], totalPage: 1, totalCount: 1 },
      }),
    });
    const { user, router } = renderApp("/my/security/sessions");
    expect(await screen.findByText(text("security.sessions.current"), {}, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole("button", { name: text("security.sessions.revoke") }));
    await waitFor(() => expect(callsTo(requests, "POST user/sessions/revoke")[0]?.body).toEqual({ id: "s2" }));

    await router.navigate("/my/security/history");
    expect(await screen.findByText(text("security.event.login_succeeded"))).toBeVisible();
    expect(callsTo(requests, "GET user/security/events")[0]?.query.get("pageID")).toBe("1");
    expect(screen.queryByRole("button", { name: text("app.load_more") })).toBeNull();
    expect(screen.getByRole("table")).toBeVisible();
  });

  it("lists the security events on a phone instead of a table wider than it", async () => {
    setWidth(390);
    try {
      loggedIn({
        "GET user/security/events": () => ({
          content: { list: [{ id: "e1", kind: "password_changed", ip: "10.0.0.9", device: "Safari on iPhone", createTime: 1 }], totalPage: 1, totalCount: 1 },
        }),
      });
      renderApp("/my/security/history");
      const list = await screen.findByRole("list", { name: text("security.history.title") }, { timeout: 5000 });
      const [event] = within(list).getAllByRole("listitem");
      expect(event).toHaveTextContent(text("security.event.password_changed"));
      expect(event).toHaveTextContent("10.0.0.9");
      expect(event).toHaveTextContent("Safari on iPhone");
      expect(screen.queryByRole("table")).toBeNull();
    } finally {
      setWidth(1024);
    }
  });

  const byStaff = [
    { id: "e2", kind: "card_frozen_by_operator", ip: null, device: null, createTime: 2 },
    { id: "e1", kind: "login_succeeded", ip: "10.0.0.1", device: "Firefox", createTime: 1 },
  ];

  it("shows what fiscard's staff did without an address: staff stand where the IP would", async () => {
    loggedIn({
      "GET user/security/events": () => ({ content: { list: byStaff, totalPage: 1, totalCount: 2 } }),
    });
    renderApp("/my/security/history");
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    const [, staff, own] = within(table).getAllByRole("row");
    const cells = within(staff!).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells[0]).toBe(text("security.event.card_frozen_by_operator"));
    expect(cells[2]).toBe(text("security.history.by_staff"));
    expect(cells[3]).toBe("");
    expect(staff).not.toHaveTextContent("null");
    expect(own).toHaveTextContent("10.0.0.1");
  });

  it("shows staff's actions on a phone in Chinese, without an empty device line", async () => {
    setWidth(390);
    await setLocale("zh-HK");
    try {
      loggedIn({
        "GET user/security/events": () => ({ content: { list: byStaff, totalPage: 1, totalCount: 2 } }),
      });
      renderApp("/my/security/history");
      const list = await screen.findByRole("list", { name: zh("security.history.title") }, { timeout: 5000 });
      const [staff] = within(list).getAllByRole("listitem");
      expect(staff).toHaveTextContent(zh("security.event.card_frozen_by_operator"));
      expect(staff).toHaveTextContent(zh("security.history.by_staff"));
      expect(staff).not.toHaveTextContent("null");
      expect(staff!.querySelectorAll("p")).toHaveLength(2);
    } finally {
      await setLocale("en-US");
      setWidth(1024);
    }
  });
});
