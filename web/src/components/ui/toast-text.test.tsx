// @vitest-environment jsdom
import serverEnUS from "@server-locales/en-US.json";
import serverZhHK from "@server-locales/zh-HK.json";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import { afterEach, describe, expect, it, vi } from "vitest";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { setLocale, type Locale } from "@/lib/locale";
import { storeSessionToken } from "@/lib/session-token";
import { mockApi, securityConfig, userSelf } from "@/testing/mock-api";
import { renderApp, renderInApp } from "@/testing/render-app";
import { CopyButton } from "./copy-button";

const server: Record<Locale, Record<string, string>> = { "en-US": serverEnUS, "zh-HK": serverZhHK };
const web: Record<Locale, Record<string, string>> = { "en-US": { ...domainEnUS, ...webEnUS }, "zh-HK": { ...domainZhHK, ...webZhHK } };
/** The server's text of `key` in `locale` with `seconds` filled in, as the server writes it. */
const serverText = (locale: Locale, key: string, seconds: string) => (server[locale][key] ?? "").replace("{seconds}", seconds);
/** A field's label as shown: its text, then the required mark. */
const label = (name: string) => new RegExp(`^${name}\\s*\\*?$`);

afterEach(async () => {
  await act(() => setLocale("en-US"));
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Sets the PIN in `from`, as the server answers it: its success message in the asked language. */
async function setPinIn(from: Locale) {
  await act(() => setLocale(from));
  storeSessionToken("session-1");
  mockApi({
    "GET user/self": () => ({ content: userSelf() }),
    "GET user/config": () => ({ content: securityConfig() }),
    "POST user/security/password": ({ headers }) => ({
      content: null,
      message: server[headers.get("User-Lang") === "zh-HK" ? "zh-HK" : "en-US"]["api.pin_set"],
      messageKey: "api.pin_set",
    }),
  });
  const { user } = renderApp("/my/security/pin");
  const title = web[from]["security.pin.title"] ?? "";
  const form = within(await screen.findByRole("form", { name: title }, { timeout: 10_000 }));
  await user.type(form.getByLabelText(label(web[from]["security.pin.new"] ?? ""), { selector: "input" }), "135790");
  await user.type(form.getByLabelText(label(web[from]["security.pin.confirm"] ?? ""), { selector: "input" }), "135790");
  await user.click(form.getByRole("button", { name: web[from]["security.save"] }));
}

// These render the whole app, some in zh-HK, whose catalogues load on first use.
describe("a toast still up when the user changes language", { timeout: 30_000 }, () => {
  it.each([
    ["en-US", "zh-HK"],
    ["zh-HK", "en-US"],
  ] as const)("shows the server's success message in the new language (%s to %s)", async (from, to) => {
    await setPinIn(from);
    expect(await screen.findByText(server[from]["api.pin_set"] ?? "", {}, { timeout: 10_000 })).toBeVisible();

    await act(() => setLocale(to));
    expect(await screen.findByText(server[to]["api.pin_set"] ?? "", {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText(server[from]["api.pin_set"] ?? "")).toBeNull();
  });

  it.each([
    ["en-US", "zh-HK"],
    ["zh-HK", "en-US"],
  ] as const)("shows the server's refusal in the new language, with its values (%s to %s)", async (from, to) => {
    await act(() => setLocale(from));
    storeSessionToken("session-1");
    mockApi({
      "GET user/self": () => ({ content: userSelf() }),
      "GET user/config": () => ({ content: securityConfig() }),
      "POST user/config/switch": ({ headers }) => ({
        statusCode: 429,
        content: { retryAfter: 42 },
        message: serverText(headers.get("User-Lang") === "zh-HK" ? "zh-HK" : "en-US", "api.too_many_attempts", "42"),
        messageKey: "api.too_many_attempts",
        messageParams: { seconds: "42" },
      }),
    });
    const { user } = renderApp("/my/security");
    const login = within(await screen.findByRole("group", { name: web[from]["security.switches.login"] }, { timeout: 10_000 }));
    await user.click(await login.findByRole("checkbox", { name: web[from]["security.switches.target.email"] }, { timeout: 10_000 }));
    expect(await screen.findByText(serverText(from, "api.too_many_attempts", "42"), {}, { timeout: 10_000 })).toBeVisible();

    await act(() => setLocale(to));
    expect(await screen.findByText(serverText(to, "api.too_many_attempts", "42"), {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText(serverText(from, "api.too_many_attempts", "42"))).toBeNull();
  });

  it("shows the web app's own notice in the new language", async () => {
    const user = userEvent.setup();
    renderInApp(<CopyButton value="7K3M9QX2D" what="memo" />);
    await user.click(screen.getByRole("button"));
    expect(await screen.findByText(webEnUS["app.copied"], {}, { timeout: 10_000 })).toBeVisible();

    await act(() => setLocale("zh-HK"));
    expect(await screen.findByText(webZhHK["app.copied"], {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText(webEnUS["app.copied"])).toBeNull();
  });
});
