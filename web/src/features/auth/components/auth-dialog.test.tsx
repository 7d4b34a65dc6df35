// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { readSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, securityConfig, userSelf } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";

// The proof of work itself is tested in captcha/; here every token is solved at once.
vi.mock("../captcha/captcha-token", () => ({
  getCaptchaToken: () => Promise.resolve("captcha-token"),
  solveCaptchaChallenge: (challenge: { salt: string }) => Promise.resolve(`solved:${challenge.salt}`),
}));

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const text = (key: string) => en[key] ?? key;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const sessionApi = {
  "GET user/self": () => ({ content: userSelf() }),
  "GET user/config": () => ({ content: securityConfig() }),
  "GET account/balance": () => ({ content: [] }),
};

async function openDialog(button: "header.login" | "header.register") {
  const view = renderApp("/product/fiscard");
  // The landing page is a lazy route: slow to appear on a busy machine.
  await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
  await view.user.click(screen.getAllByRole("button", { name: text(button) })[0]!);
  return view;
}

// Each journey loads the lazy landing page and the wasm module first.
const JOURNEY = { timeout: 15_000 };

describe("login", JOURNEY, () => {
  it("asks for the codes the server wants, then stores the session and loads the user's data", async () => {
    const { requests } = mockApi({
      ...sessionApi,
      "POST user/login": ({ body }) =>
        body["accountId"]
          ? { content: { token: "session-9", email: false, mfa: false, security: false } }
          : { content: { email: true, mfa: true, security: false, accountId: "ticket-1" } },
      "POST user/captcha": () => ({ content: { resendAfter: 60 } }),
    });
    const { user } = await openDialog("header.login");
    const dialog = within(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 }));

    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "alice@example.com");
    await user.type(dialog.getByLabelText(text("auth.password"), { selector: "input", exact: false }), "Secret123");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));

    const codeField = await dialog.findByRole("textbox", { name: text("verify.email_code") });
    expect(callsTo(requests, "POST user/login")[0]?.body).toEqual({
      email: "alice@example.com",
      password: "Secret123",
      token: "captcha-token",
    });
    expect(dialog.getByText(`2. ${text("auth.step.verify")}`)).toHaveAttribute("aria-current", "step");

    await user.click(dialog.getByRole("button", { name: text("code.send") }));
    expect(await dialog.findByRole("button", { name: "59 s" })).toBeDisabled();
    expect(callsTo(requests, "POST user/captcha")[0]?.body).toEqual({ accountId: "ticket-1" });

    await user.type(codeField, "123456");
    await user.type(dialog.getByRole("textbox", { name: text("verify.mfa_code") }), "654321");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(requests, "POST user/login")[1]?.body).toEqual({
      accountId: "ticket-1",
      emailCaptcha: "123456",
      mfaCode: "654321",
    });
    expect(readSessionToken()).toBe("session-9");
    for (const endpoint of ["GET user/self", "GET user/config", "GET account/balance"]) {
      expect(callsTo(requests, endpoint)[0]?.headers.get("Access-Token")).toBe("session-9");
    }
    expect(await screen.findByRole("button", { name: new RegExp(`^${text("header.user_menu")}: `) })).toBeVisible();
  });

  it("proves itself with the harder challenge of an account under attack, then logs in", async () => {
    const harder = {
      algorithm: "SHA-256",
      challenge: "0".repeat(64),
      maxnumber: 2_000_000,
      salt: "00112233445566778899aabb?expires=1790000600&maxnumber=2000000&",
      signature: "1".repeat(64),
    };
    const { requests } = mockApi({
      ...sessionApi,
      "POST user/login": ({ body }) =>
        body["token"] === "captcha-token"
          ? { statusCode: 428, content: harder, message: "Checking this device first" }
          : { content: { token: "session-7", email: false, mfa: false, security: false } },
    });
    const { user } = await openDialog("header.login");
    const dialog = within(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 }));
    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "owner@example.com");
    await user.type(dialog.getByLabelText(text("auth.password"), { selector: "input", exact: false }), "Secret123");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));

    // Told what is happening, as information rather than an error.
    expect(await screen.findByText("Checking this device first")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(requests, "POST user/login").map((r) => r.body["token"])).toEqual([
      "captcha-token",
      `solved:${harder.salt}`,
    ]);
    expect(readSessionToken()).toBe("session-7");
  });

  it("shows a refusal in the form, never as a toast that outlives it, and no success notice between the steps", async () => {
    let tries = 0;
    mockApi({
      ...sessionApi,
      "POST user/login": ({ body }) => {
        if (body["accountId"]) {
          tries += 1;
          return tries === 1
            ? { statusCode: 104, content: null, message: "Wrong authenticator code" }
            : { content: { token: "session-3", email: false, mfa: false, security: false } };
        }
        return body["password"] === "Wrong123"
          ? { statusCode: 104, content: null, message: "Wrong e-mail or password" }
          : { content: { email: false, mfa: true, security: false, accountId: "ticket-3" }, message: "Password accepted" };
      },
    });
    const { user } = await openDialog("header.login");
    const dialog = within(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 }));
    const password = dialog.getByLabelText(text("auth.password"), { selector: "input", exact: false });
    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "dan@example.com");
    await user.type(password, "Wrong123");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));
    expect(await dialog.findByRole("alert")).toHaveTextContent("Wrong e-mail or password");

    await user.clear(password);
    await user.type(password, "Secret123");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));
    const code = await dialog.findByRole("textbox", { name: text("verify.mfa_code") });
    await user.type(code, "000000");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));
    expect(await dialog.findByRole("alert")).toHaveTextContent("Wrong authenticator code");
    expect(screen.queryByText("Password accepted")).toBeNull();

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));
    await waitFor(() => expect(readSessionToken()).toBe("session-3"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // No toast says the password was wrong (or accepted) once logged in.
    expect(screen.queryByText("Wrong e-mail or password")).toBeNull();
    expect(screen.queryByText("Password accepted")).toBeNull();
  });

  it("names its close button in the interface's language", async () => {
    mockApi({});
    await openDialog("header.register");
    await act(() => setLocale("zh-HK"));
    const dialog = within(await screen.findByRole("dialog", { name: webZhHK["auth.register.title"] }, { timeout: 5000 }));
    expect(dialog.getByRole("button", { name: webZhHK["app.close"] })).toBeVisible();
    await act(() => setLocale("en-US"));
  });

  it("shows the catalogue's messages under the fields before sending anything", async () => {
    const { requests } = mockApi({});
    const { user } = await openDialog("header.login");
    const dialog = within(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 }));
    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "not-an-address");
    await user.click(dialog.getByRole("button", { name: text("auth.login.submit") }));

    const email = dialog.getByRole("textbox", { name: text("auth.email") });
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    // Each field names its own error (aria-errormessage), in the catalogue's words.
    expect(email).toHaveAccessibleErrorMessage(text("error.email_invalid"));
    const password = dialog.getByLabelText(new RegExp(`^${text("auth.password")}`));
    expect(password).toHaveAccessibleErrorMessage(text("error.password_required"));
    expect(callsTo(requests, "POST user/login")).toHaveLength(0);
  });
});

describe("register", JOURNEY, () => {
  it("goes Form → Verify → Password and logs in with the new account", async () => {
    const { requests } = mockApi({
      ...sessionApi,
      "POST user/register": ({ body }) =>
        body["password"]
          ? { content: { token: "session-new", email: false, mfa: false, security: false } }
          : { content: { email: true, mfa: false, security: false, resendAfter: 60 } },
    });
    const { user } = await openDialog("header.register");
    const dialog = within(await screen.findByRole("dialog", { name: text("auth.register.title") }, { timeout: 5000 }));

    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "bob@example.com");
    await user.click(dialog.getByRole("button", { name: text("auth.send_code") }));

    // The code was mailed by step 1: the resend button starts counting down.
    expect(await dialog.findByRole("button", { name: "59 s" })).toBeDisabled();
    await user.type(dialog.getByRole("textbox", { name: text("verify.email_code") }), "111222");
    await user.click(dialog.getByRole("button", { name: text("auth.next") }));

    await user.type(await dialog.findByLabelText(text("auth.new_password"), { selector: "input", exact: false }), "Secret123");
    await user.type(dialog.getByLabelText(text("auth.confirm_password"), { selector: "input", exact: false }), "Secret123");
    await user.click(dialog.getByRole("button", { name: text("auth.register.submit") }));

    await waitFor(() => expect(readSessionToken()).toBe("session-new"));
    expect(callsTo(requests, "POST user/register").map((r) => r.body)).toEqual([
      { email: "bob@example.com", token: "captcha-token" },
      { email: "bob@example.com", emailCaptcha: "111222", password: "Secret123", confirm: "Secret123" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("recover", JOURNEY, () => {
  it("sets the new password, then offers the login with the same address", async () => {
    const { requests } = mockApi({
      "POST user/forgetPassword": ({ body }) =>
        body["password"] ? { content: null } : { content: { email: true, mfa: false, security: false, resendAfter: 59 } },
    });
    const { user } = await openDialog("header.login");
    const login = within(await screen.findByRole("dialog", { name: text("auth.login.title") }, { timeout: 5000 }));
    await user.click(await login.findByRole("link", { name: text("auth.forgot_password") }));

    const dialog = within(await screen.findByRole("dialog", { name: text("auth.recover.title") }));
    await user.type(await dialog.findByRole("textbox", { name: text("auth.email") }), "carol@example.com");
    await user.click(dialog.getByRole("button", { name: text("auth.send_code") }));
    await user.type(await dialog.findByRole("textbox", { name: text("verify.email_code") }), "333444");
    await user.click(dialog.getByRole("button", { name: text("auth.next") }));
    await user.type(await dialog.findByLabelText(text("auth.new_password"), { selector: "input", exact: false }), "Secret123");
    await user.type(dialog.getByLabelText(text("auth.confirm_password"), { selector: "input", exact: false }), "Secret123");
    await user.click(dialog.getByRole("button", { name: text("auth.recover.submit") }));

    const next = within(await screen.findByRole("dialog", { name: text("auth.login.title") }));
    expect(await next.findByRole("textbox", { name: text("auth.email") })).toHaveValue("carol@example.com");
    expect(callsTo(requests, "POST user/forgetPassword")[1]?.body).toEqual({
      email: "carol@example.com",
      emailCaptcha: "333444",
      password: "Secret123",
      confirm: "Secret123",
    });
    expect(readSessionToken()).toBeNull();
  });
});
