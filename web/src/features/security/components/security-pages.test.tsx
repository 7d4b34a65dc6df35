// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDomain } from "@/lib/domain";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, securityConfig, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { AuthenticatorEntry, SecurityConfig } from "../api/get-security-config";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string) => en[key] ?? key;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function loggedIn(
  config: Partial<SecurityConfig>,
  more: Record<string, (r: MockRequest) => MockAnswer | Promise<MockAnswer>> = {},
) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ mobile: "+85291234567" }) }),
    "GET user/config": () => ({ content: securityConfig(config) }),
    ...more,
  });
}

const phone: AuthenticatorEntry = { id: "a1", remark: "Phone", createTime: 1_700_000_000_000 };
const tablet: AuthenticatorEntry = { id: "a2", remark: "Tablet", createTime: 1_700_000_100_000 };

describe("the security overview", () => {
  it("shows the masked e-mail, the bound mobile under #mobile, and each protection", async () => {
    loggedIn({ security: true, mfa: [phone] });
    renderApp("/my/security");
    const domain = await loadDomain();
    // (The header's user menu shows it too.)
    const list = (await screen.findByText(text("security.login_password"), {}, { timeout: 5000 })).closest("ul");
    expect(await within(list as HTMLElement).findByText(domain.maskEmail("alice.smith@example.com"))).toBeVisible();
    expect(screen.getByText("+85291234567").closest("li#mobile")).not.toBeNull();
    expect(within(list as HTMLElement).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText(text("security.authenticator_bound").replace("{count}", "1"))).toBeVisible();
    expect(screen.getByRole("link", { name: text("security.manage") })).toHaveAttribute(
      "href",
      "/my/security/google-authenticator",
    );
  });

  it("shows the page before the configuration arrives, each switch a placeholder (never shown off)", async () => {
    let arrive: (config: ReturnType<typeof securityConfig>) => void = () => undefined;
    loggedIn(
      {},
      {
        "GET user/config": () =>
          new Promise<MockAnswer>((resolve) => {
            arrive = (config) => resolve({ content: config });
          }),
      },
    );
    renderApp("/my/security");
    const login = within(await screen.findByRole("group", { name: text("security.switches.login") }, { timeout: 5000 }));
    expect(login.getByText(text("security.switches.target.email"))).toBeVisible();
    expect(login.queryByRole("checkbox")).toBeNull();

    arrive(securityConfig({ login: { email: true, mfa: false } }));
    expect(await login.findByRole("checkbox", { name: text("security.switches.target.email") })).toBeChecked();
    expect(login.getByRole("checkbox", { name: text("security.switches.target.mfa") })).not.toBeChecked();
  });

  it("refuses, without asking the server, an authenticator switch when none is bound", async () => {
    const { requests } = loggedIn({});
    const { user } = renderApp("/my/security");
    const login = within(await screen.findByRole("group", { name: text("security.switches.login") }, { timeout: 5000 }));
    const sent = requests.length;
    // (A placeholder until the configuration has loaded.)
    await user.click(await login.findByRole("checkbox", { name: text("security.switches.target.mfa") }, { timeout: 5000 }));
    expect(await screen.findByText(text("error.switch_needs_authenticator"))).toBeVisible();
    // Nothing asked of the server since: the account area's own reads (its first-steps panel
    // loads when it likes) may come, but no change and no verification.
    expect(requests.slice(sent).filter((request) => request.method !== "GET")).toEqual([]);
    expect(callsTo(requests, "POST user/config/switch")).toHaveLength(0);
  });

  it("turns a switch on through the verification dialog, sending exactly the asked code", async () => {
    let on = false;
    const { requests } = loggedIn(
      {},
      {
        "POST user/config/switch": ({ body }) => {
          if (body["emailCaptcha"] === undefined) return { statusCode: 103, content: { email: true, mfa: false, security: false } };
          on = true;
          return { content: null, message: "Saved" };
        },
        "POST user/captcha": () => ({ content: { resendAfter: 60 } }),
      },
    );
    const { user } = renderApp("/my/security");
    const login = within(await screen.findByRole("group", { name: text("security.switches.login") }, { timeout: 5000 }));
    await user.click(await login.findByRole("checkbox", { name: text("security.switches.target.email") }, { timeout: 5000 }));

    const dialog = within(await screen.findByRole("dialog", { name: text("verify.title") }, { timeout: 5000 }));
    expect(dialog.queryByRole("textbox", { name: text("verify.mfa_code") })).toBeNull();
    await user.click(dialog.getByRole("button", { name: text("code.send") }));
    expect(callsTo(requests, "POST user/captcha")[0]?.body).toEqual({ purpose: "verify" });
    await user.type(dialog.getByRole("textbox", { name: text("verify.email_code") }), "123456");
    await user.click(dialog.getByRole("button", { name: text("verify.submit") }));

    await waitFor(() => expect(on).toBe(true));
    expect(callsTo(requests, "POST user/config/switch").map((r) => r.body)).toEqual([
      { usage: 1, module: "login", target: "email" },
      { usage: 1, module: "login", target: "email", emailCaptcha: "123456" },
    ]);
    await waitFor(() => expect(callsTo(requests, "GET user/config")).toHaveLength(2));
    expect(await screen.findByText("Saved")).toBeVisible();
  });
});

describe("the authenticator list", () => {
  it("warns instead of removing the only authenticator", async () => {
    const { requests } = loggedIn({ mfa: [phone] });
    const { user } = renderApp("/my/security/google-authenticator");
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      text("security.authenticators.remark"),
      text("security.authenticators.create_time"),
      text("security.authenticators.operation"),
    ]);
    await user.click(within(table).getByRole("button", { name: "Remove Phone" }));
    expect(await screen.findByText(text("security.authenticators.last_one"))).toBeVisible();
    expect(callsTo(requests, "DELETE user/config/mfa/key")).toHaveLength(0);
  });

  it("removes one of two and reloads the list", async () => {
    const { requests } = loggedIn(
      { mfa: [phone, tablet] },
      { "DELETE user/config/mfa/key": () => ({ content: null, message: "Removed" }) },
    );
    const { user } = renderApp("/my/security/google-authenticator");
    await user.click(await screen.findByRole("button", { name: "Remove Tablet" }, { timeout: 5000 }));
    await waitFor(() => expect(callsTo(requests, "DELETE user/config/mfa/key")).toHaveLength(1));
    expect(callsTo(requests, "DELETE user/config/mfa/key")[0]?.body).toEqual({ mfaId: "a2" });
    await waitFor(() => expect(callsTo(requests, "GET user/config")).toHaveLength(2));
  });

  it("binds through the two-step wizard, and closes it when the key has expired (109)", async () => {
    const { requests } = loggedIn(
      { mfa: [] },
      {
        "GET user/config/mfa/key": () => ({
          content: { secretKey: "JBSWY3DPEHPK3PXP", codeImgUrl: "data:image/svg+xml;base64,PHN2Zy8+", expireTime: 1 },
        }),
        "POST user/config/mfa/key": () => ({ statusCode: 109, message: "The key has expired" }),
      },
    );
    const { user } = renderApp("/my/security/google-authenticator");
    await user.click(await screen.findByRole("button", { name: text("security.authenticators.add") }, { timeout: 5000 }));

    const wizard = within(await screen.findByRole("dialog", { name: text("security.authenticators.bind_title") }));
    expect(wizard.getByText(text("security.authenticators.install"))).toBeVisible();
    await user.click(wizard.getByRole("button", { name: text("auth.next") }));
    expect(await wizard.findByText("JBSWY3DPEHPK3PXP")).toBeVisible();
    await user.click(wizard.getByRole("button", { name: text("auth.back") }));
    await user.click(await wizard.findByRole("button", { name: text("auth.next") }));

    await user.type(await wizard.findByRole("textbox", { name: text("verify.mfa_code") }), "123456");
    await user.type(wizard.getByRole("textbox", { name: text("security.authenticators.remark") }), "My phone");
    await user.click(wizard.getByRole("button", { name: text("security.authenticators.bind") }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(requests, "POST user/config/mfa/key")[0]?.body).toEqual({ mfaCode: "123456", remark: "My phone" });
  });
});

describe("the authenticator list on a phone", () => {
  afterEach(() => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 1024 });
  });

  it("selects a row, then offers Remove and Cancel in the bottom bar", async () => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 390 });
    window.dispatchEvent(new Event("resize"));
    loggedIn({ mfa: [phone, tablet] });
    const { user } = renderApp("/my/security/google-authenticator");

    const rows = await screen.findByRole("listbox", { name: text("security.authenticators.title") }, { timeout: 5000 });
    expect(screen.queryByRole("table")).toBeNull();
    expect(await screen.findByRole("button", { name: text("security.authenticators.add") })).toBeVisible();

    await user.click(within(rows).getByRole("option", { name: /Tablet/ }));
    expect(within(rows).getByRole("option", { name: /Tablet/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: text("security.authenticators.remove") })).toBeVisible();
    await user.click(screen.getByRole("button", { name: text("security.cancel") }));
    expect(await screen.findByRole("button", { name: text("security.authenticators.add") })).toBeVisible();
  });
});
