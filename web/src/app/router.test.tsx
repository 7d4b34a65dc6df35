// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDomain } from "@/lib/domain";
import { setLocale } from "@/lib/locale";
import { storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, securityConfig, userSelf, type MockAnswer } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";

const en: Record<string, string> = webEnUS;
const zh: Record<string, string> = webZhHK;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const loggedInApi = () =>
  mockApi({
    "GET user/self": () => ({ content: userSelf() }),
    "GET user/config": () => ({ content: securityConfig() }),
    "GET account/balance": () => ({ content: [] }),
  });

describe("redirects (SPEC §2)", () => {
  it.each([
    ["/", "/product/fiscard"],
    ["/product", "/product/fiscard"],
    ["/my", "/my/security"],
    ["/my/payment", "/my/payment/bank"],
    ["/account", "/account/fiscard"],
    ["/account/order", "/account/order/card"],
  ])("%s goes to %s", async (from, to) => {
    loggedInApi();
    storeSessionToken("session-1");
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it("shows the product page with its heading", async () => {
    mockApi({});
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: en["product.fiscard.title"] })).toBeVisible();
  });
});

describe("guards", () => {
  it("opens the login dialog on direct entry to a protected page while logged out", async () => {
    const { requests } = mockApi({});
    renderApp("/my/security");
    expect(await screen.findByRole("dialog", { name: en["auth.login.title"] }, { timeout: 5000 })).toBeVisible();
    // Behind the dialog (hidden from assistive technology while it is open), the page says why.
    expect(screen.getByRole("heading", { level: 1, name: en["app.login_required.title"], hidden: true })).toBeInTheDocument();
    expect(callsTo(requests, "GET user/self")).toHaveLength(0);
  });

  it("does not open it on a public page", async () => {
    mockApi({});
    renderApp("/product/fiscard");
    await screen.findByRole("heading", { level: 1, name: en["product.fiscard.title"] });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("loads the user on the first navigation, the config on entering security, balances on entering the account area", async () => {
    const { requests } = loggedInApi();
    storeSessionToken("session-1");
    const { router } = renderApp("/my/security");

    const domain = await loadDomain();
    const page = within(await screen.findByRole("main"));
    expect(await page.findByText(domain.maskEmail("alice.smith@example.com"), {}, { timeout: 5000 })).toBeVisible();
    expect(callsTo(requests, "GET user/self")).toHaveLength(1);
    expect(callsTo(requests, "GET user/config")).toHaveLength(1);
    expect(callsTo(requests, "GET account/balance")).toHaveLength(0);
    expect(callsTo(requests, "GET user/self")[0]?.headers.get("Access-Token")).toBe("session-1");

    // Within the security area: nothing is loaded again.
    await act(() => router.navigate("/my/security/pin"));
    await act(() => router.navigate("/my/security"));
    expect(callsTo(requests, "GET user/config")).toHaveLength(1);

    await act(() => router.navigate("/account"));
    await waitFor(() => expect(callsTo(requests, "GET account/balance")).toHaveLength(1));
    await act(() => router.navigate("/account/order/card"));
    expect(callsTo(requests, "GET account/balance")).toHaveLength(1);

    // Back into security from outside: the config is loaded again.
    await act(() => router.navigate("/my/security"));
    await waitFor(() => expect(callsTo(requests, "GET user/config")).toHaveLength(2));
    expect(callsTo(requests, "GET user/self")).toHaveLength(1);
  });

  it("renders a logged-in visit's first page once the first navigation's reads have arrived, with their data", async () => {
    let arrive: () => void = () => undefined;
    const { requests } = mockApi({
      "GET user/self": () => ({ content: userSelf() }),
      "GET user/config": () =>
        new Promise<MockAnswer>((resolve) => {
          arrive = () => resolve({ content: securityConfig() });
        }),
    });
    storeSessionToken("session-1");
    renderApp("/my/security");

    await waitFor(() => expect(callsTo(requests, "GET user/config")).toHaveLength(1));
    // The page waits (a spinner under the header) for the security configuration.
    const main = within(await screen.findByRole("main"));
    expect(main.queryByRole("heading", { level: 1 })).toBeNull();

    arrive();
    const domain = await loadDomain();
    expect(await main.findByText(domain.maskEmail("alice.smith@example.com"), {}, { timeout: 5000 })).toBeVisible();
    // Its switches show the configuration from the first render: no placeholder, no second read.
    expect(await main.findAllByRole("checkbox", { name: en["security.switches.target.email"] })).toHaveLength(2);
    expect(callsTo(requests, "GET user/config")).toHaveLength(1);
    expect(callsTo(requests, "GET user/self")).toHaveLength(1);
  });

  it("closes an open dialog instead of going back", async () => {
    mockApi({});
    const { router } = renderApp(["/product/fiscard", "/my/security"]);
    await screen.findByRole("dialog", { name: en["auth.login.title"] }, { timeout: 5000 });

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/my/security");
  });
});

describe("layout", () => {
  it("shows the account menu groups beside a page of the account area", async () => {
    loggedInApi();
    storeSessionToken("session-1");
    renderApp("/my/payment/bank");
    const menu = await screen.findByRole("navigation", { name: en["menu.account"] });
    for (const label of ["menu.card", "menu.security", "menu.profile", "menu.payment", "menu.card_account", "menu.order_history"]) {
      expect(menu).toHaveTextContent(en[label] ?? label);
    }
    const current = screen.getAllByRole("link", { current: "page" });
    expect(current.map((link) => link.textContent)).toContain(en["menu.payment"]);
  });
});

describe("page titles and the skip link (WCAG 2.4.1, 2.4.2)", () => {
  it("titles each page in the user's language", async () => {
    loggedInApi();
    storeSessionToken("session-1");
    const { router } = renderApp("/my/security");
    await waitFor(() => expect(document.title).toBe(`${en["menu.security"]} · fiscard`));
    await act(() => router.navigate("/account/order/card"));
    await waitFor(() => expect(document.title).toBe(`${en["order.title"]} · fiscard`));
    await act(() => setLocale("zh-HK"));
    await waitFor(() => expect(document.title).toBe(`${zh["order.title"]} · fiscard`));
    await act(() => setLocale("en-US"));
    await act(() => router.navigate("/no/such/page"));
    await waitFor(() => expect(document.title).toBe(`${en["app.not_found.title"]} · fiscard`));
  });

  it("starts with a link past the header to the page", async () => {
    mockApi({});
    renderApp("/product/fiscard");
    await screen.findByRole("heading", { level: 1, name: en["product.fiscard.title"] });
    const skip = screen.getByRole("link", { name: en["app.skip_to_content"] });
    expect(skip).toHaveAttribute("href", "#main");
    expect(document.querySelector("a[href]")).toBe(skip);
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
  });
});
