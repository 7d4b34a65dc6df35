// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { readSessionToken, storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, securityConfig, userSelf } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";

const en: Record<string, string> = webEnUS;
const zh: Record<string, string> = webZhHK;

function resizeTo(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
  vi.unstubAllGlobals();
  resizeTo(1024);
});

describe("the header", () => {
  it("switches the language in its modal, remembers it, and returns focus to the button", async () => {
    mockApi({});
    const { user } = renderApp("/product/fiscard");
    await screen.findByRole("heading", { level: 1, name: en["product.fiscard.title"] });

    const button = screen.getByRole("button", { name: `${en["header.language"]}: English` });
    await user.click(button);
    const dialog = within(await screen.findByRole("dialog", { name: en["header.language"] }));
    await user.click(dialog.getByRole("button", { name: "繁體中文" }));

    expect(await screen.findByRole("heading", { level: 1, name: zh["product.fiscard.title"] })).toBeVisible();
    expect(localStorage.getItem("locale")).toBe("zh-HK");
    expect(document.documentElement.lang).toBe("zh-HK");
    expect(screen.getByRole("button", { name: zh["header.login"] })).toBeVisible();
    // Focus returns once the dialog has closed, after its exit animation: on a busy machine
    // that takes longer than waitFor's default second.
    await waitFor(() => expect(screen.getByRole("button", { name: `${zh["header.language"]}: 繁體中文` })).toHaveFocus(), {
      timeout: 5000,
    });
  });

  /** A logged-in user on the security page; the server answers a logout. */
  function onSecurityPage() {
    const { requests } = mockApi({
      "GET user/self": () => ({ content: userSelf() }),
      "GET user/config": () => ({ content: securityConfig() }),
      "POST user/logout": () => ({ content: null, message: "You have logged out" }),
    });
    storeSessionToken("session-1");
    return { requests, ...renderApp("/my/security") };
  }

  it("logs out from the user menu: the session ends on the server and here, and a protected page is left", async () => {
    const { requests, user, router } = onSecurityPage();

    // Named by what it does and by the masked address it shows.
    const name = `${en["header.user_menu"]}: al****th@example.com`;
    await user.click(await screen.findByRole("button", { name }, { timeout: 5000 }));
    await user.click(await screen.findByRole("menuitem", { name: en["header.logout"] }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/product/fiscard"));
    expect(callsTo(requests, "POST user/logout")).toHaveLength(1);
    expect(callsTo(requests, "POST user/logout")[0]?.headers.get("Access-Token")).toBe("session-1");
    expect(readSessionToken()).toBeNull();
    expect(await screen.findByRole("button", { name: en["header.login"] })).toBeVisible();
  });

  it("logs out from the user menu by keyboard, once", async () => {
    const { requests, user, router } = onSecurityPage();

    const name = `${en["header.user_menu"]}: al****th@example.com`;
    (await screen.findByRole("button", { name }, { timeout: 5000 })).focus();
    await user.keyboard("{Enter}");
    const item = await screen.findByRole("menuitem", { name: en["header.logout"] });
    await waitFor(() => expect(screen.getByRole("menu")).toHaveFocus());
    await user.keyboard("{End}");
    await waitFor(() => expect(item).toHaveAttribute("data-highlighted"));
    await user.keyboard("{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/product/fiscard"));
    expect(callsTo(requests, "POST user/logout")).toHaveLength(1);
    expect(readSessionToken()).toBeNull();
  });
});

describe("on a phone (under 768 px)", () => {
  it("puts the account menu in a top bar and the header menus in a drawer", async () => {
    resizeTo(390);
    mockApi({
      "GET user/self": () => ({ content: userSelf() }),
      "GET user/config": () => ({ content: securityConfig() }),
      "GET account/balance": () => ({ content: [] }),
    });
    storeSessionToken("session-1");
    const { user } = renderApp("/account/fiscard");

    // (A resize is read 500 ms after it happened.)
    const bar = await waitFor(
      () => {
        const nav = screen.getByRole("navigation", { name: en["menu.account"] });
        // The card, user and assets groups' seven, the wallet's five and the exchange, the fund's two.
        expect(within(nav).getAllByRole("listitem")).toHaveLength(15);
        return nav;
      },
      { timeout: 5000 },
    );
    expect(within(bar).getByRole("link", { current: "page" })).toHaveTextContent(en["menu.card_account"] ?? "");

    await user.click(screen.getByRole("button", { name: en["header.open_menu"] }));
    const drawer = within(await screen.findByRole("dialog"));
    expect(drawer.getByRole("link", { name: en["menu.security"] })).toHaveAttribute("href", "/my/security");
    expect(drawer.getByRole("link", { name: en["menu.wallet"] })).toHaveAttribute("href", "/wallet/overview");
    expect(drawer.getByRole("link", { name: en["menu.fund"] })).toHaveAttribute("href", "/fund");
    expect(drawer.getByRole("button", { name: en["header.logout"] })).toBeVisible();
  });

  it("opens the login dialog from the drawer once the drawer has closed, its e-mail field untouched", async () => {
    resizeTo(390);
    mockApi({});
    const { user } = renderApp("/product/fiscard");
    await user.click(await screen.findByRole("button", { name: en["header.open_menu"] }, { timeout: 5000 }));
    const drawer = within(await screen.findByRole("dialog"));
    await user.click(drawer.getByRole("button", { name: en["header.login"] }));

    const login = within(await screen.findByRole("dialog", { name: en["auth.login.title"] }, { timeout: 5000 }));
    const email = login.getByRole("textbox", { name: en["auth.email"] });
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
