// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import {
  MAX_VERIFICATION_ROUNDS,
  UNAUTHORIZED_RELOAD_MS,
  createApiClient,
  type ApiClient,
  type ApiHandlers,
} from "./api-client";
import { EARLY_REPLY_MS, REQUEST_TIMEOUT_MS, encodeQuery, sendEarly } from "./api-request";
import { loadDomain } from "./domain";
import { catalogueText } from "./live-text";
import { setLocale } from "./locale";
import { readSessionToken, storeSessionToken } from "./session-token";

// jsdom for localStorage (the session token); fetch is a mock answering one response per call.

const NETWORK_EXCEPTION = webEnUS["api.network_exception"];

function envelope(statusCode: number, content: unknown = null, message = `message ${statusCode}`) {
  return new Response(JSON.stringify({ statusCode, content, message }), {
    headers: { "Content-Type": "application/json" },
  });
}

function fakeHandlers() {
  return {
    notify: vi.fn<ApiHandlers["notify"]>(),
    verify: vi.fn<ApiHandlers["verify"]>(() => Promise.resolve(null)),
    confirm: vi.fn<ApiHandlers["confirm"]>(() => Promise.resolve(false)),
    logout: vi.fn<ApiHandlers["logout"]>(),
    isProtectedPage: vi.fn<ApiHandlers["isProtectedPage"]>(() => false),
    back: vi.fn<ApiHandlers["back"]>(),
    navigate: vi.fn<ApiHandlers["navigate"]>(),
    reload: vi.fn<ApiHandlers["reload"]>(),
  } satisfies ApiHandlers;
}

let fetchMock: Mock<typeof fetch>;
let handlers: ReturnType<typeof fakeHandlers>;
let client: ApiClient;

/** fetch answers these, one per call, in order. */
function answer(...responses: Response[]) {
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
}

/** What the `index`-th request sent. */
function sent(index = 0) {
  const [input, init] = fetchMock.mock.calls[index] ?? [];
  const body = init?.body;
  return {
    url: input,
    method: init?.method,
    headers: new Headers(init?.headers),
    body: typeof body === "string" ? (JSON.parse(body) as unknown) : body,
  };
}

/** Lets pending promise callbacks (a confirm prompt's answer) run. */
const settleCallbacks = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  handlers = fakeHandlers();
  client = createApiClient(handlers);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLocale("en-US");
});

describe("query encoding", () => {
  it("repeats an array's name, skips null and undefined, and escapes values", () => {
    expect(
      encodeQuery({ a: [1, 2], b: null, c: undefined, d: "x y&z", e: true, f: [null, "k"] }),
    ).toBe("a=1&a=2&d=x+y%26z&e=true&f=k");
  });

  it("puts a GET's params in the query string under /api, with no body", async () => {
    answer(envelope(200, { list: [] }));
    await client.get("fiscard/history", {
      cardKey: "k1",
      pageID: 1,
      pageSize: 10,
      status: ["pending", "void"],
      after: null,
    });
    const request = sent();
    expect(request.url).toBe(
      "/api/fiscard/history?cardKey=k1&pageID=1&pageSize=10&status=pending&status=void",
    );
    expect(request.method).toBe("GET");
    expect(request.body).toBeUndefined();
    expect(request.headers.has("Content-Type")).toBe(false);
  });

  it("leaves the query string off when no param has a value", async () => {
    answer(envelope(200));
    await client.get("user/self", { unused: undefined });
    expect(sent().url).toBe("/api/user/self");
  });

  it("sends a POST's and a DELETE's data as a JSON body", async () => {
    answer(envelope(200), envelope(200), envelope(200));
    await client.post("user/config/switch", { usage: 1, module: "login", target: "mfa" });
    await client.delete("user/config/mfa/key", { mfaId: "m1" });
    await client.post("user/logout", undefined, { silent: true });
    expect([sent(0), sent(1), sent(2)].map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      {
        url: "/api/user/config/switch",
        method: "POST",
        body: { usage: 1, module: "login", target: "mfa" },
      },
      { url: "/api/user/config/mfa/key", method: "DELETE", body: { mfaId: "m1" } },
      { url: "/api/user/logout", method: "POST", body: {} },
    ]);
    expect(sent(0).headers.get("Content-Type")).toBe("application/json");
  });
});

describe("headers", () => {
  it("sends the stored session token and the current language on a relative request", async () => {
    storeSessionToken("token-1");
    answer(envelope(200));
    await client.get("user/self");
    expect(sent().headers.get("Access-Token")).toBe("token-1");
    expect(sent().headers.get("User-Lang")).toBe("en-US");
  });

  it("sends the language chosen, and no Access-Token while logged out", async () => {
    await setLocale("zh-HK");
    answer(envelope(200));
    await client.get("user/country/list");
    expect(sent().headers.get("User-Lang")).toBe("zh-HK");
    expect(sent().headers.has("Access-Token")).toBe(false);
  });

  it("sends both on an absolute path of our own server, taken as it is", async () => {
    storeSessionToken("token-1");
    answer(envelope(200));
    await client.get("/api/user/file/a.png");
    expect(sent().url).toBe("/api/user/file/a.png");
    expect(sent().headers.get("Access-Token")).toBe("token-1");
    expect(sent().headers.get("User-Lang")).toBe("en-US");
  });

  it("sends neither to another origin", async () => {
    storeSessionToken("token-1");
    answer(envelope(200), envelope(200));
    await client.get("https://rates.example.com/latest", { base: "USD" });
    await client.post("//cdn.example.com/upload");
    expect(sent(0).url).toBe("https://rates.example.com/latest?base=USD");
    for (const index of [0, 1]) {
      expect(sent(index).headers.has("Access-Token")).toBe(false);
      expect(sent(index).headers.has("User-Lang")).toBe(false);
    }
  });
});

describe("network failures", () => {
  it("gives up after 6 s and answers statusCode 500 \"Network Exception\"", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    let settled = false;
    const pending = client.post("user/password", { oldPassword: "a", password: "b" });
    void pending.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(pending).resolves.toMatchObject({
      ok: false,
      statusCode: 500,
      content: null,
      message: NETWORK_EXCEPTION,
      networkError: true,
    });
    expect(handlers.notify.mock.calls).toEqual([[{ type: "error", title: NETWORK_EXCEPTION, text: catalogueText("api.network_exception") }]]);
  });

  it("uses the domain's request timeout and clears its timer once answered", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe((await loadDomain()).constants().requestTimeoutMs);
    vi.useFakeTimers();
    answer(envelope(200));
    await client.get("user/self");
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ["fetch rejects (offline)", () => fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))],
    ["the body is not JSON", () => answer(new Response("<h1>502 Bad Gateway</h1>", { status: 502 }))],
    ["the JSON is not the envelope", () => answer(Response.json({ error: "nope" }))],
  ])("turns it into statusCode 500 when %s", async (_case, arrange) => {
    arrange();
    const result = await client.post("user/mobile/bind", {});
    expect(result).toMatchObject({ statusCode: 500, message: NETWORK_EXCEPTION, networkError: true });
  });

  it("says \"Network Exception\" in the language shown", async () => {
    await setLocale("zh-HK");
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const result = await client.get("user/self");
    expect(result.message).toBe(webZhHK["api.network_exception"]);
  });

  it("keeps the server's own message for its internal error (HTTP 500 with the envelope)", async () => {
    answer(Response.json({ statusCode: 500, content: null, message: "Try later" }, { status: 500 }));
    const result = await client.post("user/security/password", {});
    expect(result).toMatchObject({ statusCode: 500, message: "Try later", networkError: true });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({ type: "error", title: "Try later" });
  });
});

describe("success and error notices", () => {
  it("shows the server's message as a success toast after a POST or DELETE", async () => {
    answer(envelope(200, { id: "m1" }, "The authenticator has been bound"), envelope(200, null, "Removed"));
    const result = await client.post("user/config/mfa/key", { mfaCode: "123456", remark: "Phone" });
    await client.delete("user/config/mfa/key", { mfaId: "m1" });
    expect(result).toEqual({
      ok: true,
      statusCode: 200,
      content: { id: "m1" },
      message: "The authenticator has been bound",
    });
    expect(handlers.notify.mock.calls).toEqual([
      [{ type: "success", title: "The authenticator has been bound" }],
      [{ type: "success", title: "Removed" }],
    ]);
  });

  it("shows the server's message as an error notice when a POST is refused", async () => {
    answer(envelope(422, null, "Incorrect e-mail or password"));
    const result = await client.post("user/login", { email: "a@b.co", password: "x", token: "t" });
    expect(result).toMatchObject({ ok: false, statusCode: 422, networkError: false, fieldErrors: [] });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "Incorrect e-mail or password",
    });
  });

  it("shows nothing for a GET, answered or refused", async () => {
    answer(envelope(200, { uuid: "u1" }), envelope(404, null, "There is no such page"));
    expect(await client.get("user/self")).toMatchObject({ ok: true, content: { uuid: "u1" } });
    expect(await client.get("user/nothing")).toMatchObject({ ok: false, statusCode: 404 });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("shows nothing for a silent call, answered, refused or unreachable", async () => {
    answer(envelope(200, null, "You have logged out"), envelope(400, null, "Bad captcha"));
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await client.post("user/logout", undefined, { silent: true });
    const refused = await client.post("user/captcha", { purpose: "verify" }, { silent: true });
    const unreachable = await client.post("user/captcha", { purpose: "verify" }, { silent: true });
    expect(refused).toMatchObject({ ok: false, statusCode: 400, message: "Bad captcha" });
    expect(unreachable).toMatchObject({ ok: false, statusCode: 500, message: NETWORK_EXCEPTION });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("leaves an inline call's refusals to its form, and still says when it succeeded", async () => {
    answer(
      envelope(104, null, "The current password is incorrect"),
      envelope(429, { retryAfter: 30 }, "Too many attempts"),
      envelope(102, [{ field: "password", code: "pin_format", params: {}, message: "6 digits" }], "6 digits"),
      envelope(105, null, "Please verify your identity"),
      envelope(200, null, "Your password has been changed"),
    );
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const form = { inline: true } as const;
    expect(await client.post("user/password", {}, form)).toMatchObject({ statusCode: 104, inForm: true });
    expect(await client.post("user/password", {}, form)).toMatchObject({ statusCode: 429, inForm: true, retryAfter: 30 });
    expect(await client.post("user/password", {}, form)).toMatchObject({ statusCode: 102, inForm: true });
    // A gate is the prompt's, not the form's.
    expect(await client.post("fiscard/apply", {}, form)).toMatchObject({ statusCode: 105, inForm: false });
    expect(await client.post("user/password", {}, form)).toMatchObject({ ok: true });
    expect(await client.post("user/password", {}, form)).toMatchObject({ statusCode: 500, inForm: true, networkError: true });
    expect(handlers.notify.mock.calls).toEqual([[{ type: "success", title: "Your password has been changed" }]]);
    await settleCallbacks();
    expect(handlers.confirm).toHaveBeenCalledOnce();
  });

  it("leaves the form alone when its verification is cancelled", async () => {
    answer(envelope(103, { email: false, mfa: false, security: true }, "Please complete the verification"));
    const result = await client.post("user/security/password", {}, { inline: true });
    expect(result).toMatchObject({ statusCode: 103, inForm: false });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("marks a refusal it has shown as not the form's", async () => {
    answer(envelope(422, null, "Insufficient Balance"));
    expect(await client.post("fiscard/recharge")).toMatchObject({ statusCode: 422, inForm: false });
    expect(handlers.notify).toHaveBeenCalledOnce();
  });

  it("gives a success notice the server's message key and the language it was asked in", async () => {
    await setLocale("zh-HK");
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 200, content: null, message: "您的安全碼已設定", messageKey: "api.pin_set" })),
    );
    await client.post("user/security/password", { password: "135790", confirm: "135790" });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "success",
      title: "您的安全碼已設定",
      text: { kind: "server", key: "api.pin_set", text: "您的安全碼已設定", locale: "zh-HK" },
    });
  });

  it("gives an error notice the server's message key, its values and the language it was asked in", async () => {
    await setLocale("zh-HK");
    const message = "嘗試次數過多，請於 42 秒後再試";
    fetchMock.mockResolvedValueOnce(
      Response.json({
        statusCode: 429,
        content: { retryAfter: 42 },
        message,
        messageKey: "api.too_many_attempts",
        messageParams: { seconds: "42" },
      }),
    );
    await client.post("user/config/switch", { usage: 1, module: "login", target: "email" });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: message,
      text: { kind: "server", key: "api.too_many_attempts", params: { seconds: "42" }, text: message, locale: "zh-HK" },
    });
  });

  it("gives a network failure's notice the web app's own catalogue entry", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await client.post("user/config/switch", {});
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: NETWORK_EXCEPTION,
      text: catalogueText("api.network_exception"),
    });
  });

  it("treats a 104 outside a verification as an ordinary refusal", async () => {
    answer(envelope(104, null, "The verification code is incorrect"));
    const result = await client.post("user/register", { email: "a@b.co", emailCaptcha: "000000" });
    expect(result.statusCode).toBe(104);
    expect(handlers.verify).not.toHaveBeenCalled();
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "The verification code is incorrect",
    });
  });
});

describe("101: session expired", () => {
  beforeEach(() => storeSessionToken("token-1"));

  it("shows the notice, drops the token, logs out and leaves a protected page", async () => {
    handlers.isProtectedPage.mockReturnValue(true);
    answer(envelope(101, null, "Login has expired"));
    const result = await client.get("user/config");
    expect(result).toMatchObject({ ok: false, statusCode: 101, message: "Login has expired" });
    expect(handlers.notify.mock.calls).toEqual([[{ type: "error", title: "Login has expired" }]]);
    expect(readSessionToken()).toBeNull();
    expect(handlers.logout).toHaveBeenCalledOnce();
    expect(handlers.back).toHaveBeenCalledOnce();
  });

  it("stays on a page that needs no login", async () => {
    answer(envelope(101, null, "Login has expired"));
    await client.post("fiscard/apply", { bin: "412345" });
    expect(handlers.logout).toHaveBeenCalledOnce();
    expect(handlers.back).not.toHaveBeenCalled();
    expect(handlers.notify).toHaveBeenCalledOnce();
  });

  it("ends the session once when parallel calls all answer 101", async () => {
    handlers.isProtectedPage.mockReturnValue(true);
    fetchMock.mockImplementation(() => Promise.resolve(envelope(101, null, "Login has expired")));
    await Promise.all([client.get("user/self"), client.get("user/config"), client.get("user/sessions")]);
    expect(handlers.notify).toHaveBeenCalledOnce();
    expect(handlers.logout).toHaveBeenCalledOnce();
    expect(handlers.back).toHaveBeenCalledOnce();
  });

  it("logs out without a notice on a silent call", async () => {
    answer(envelope(101, null, "Login has expired"));
    await client.post("user/logout", undefined, { silent: true });
    expect(handlers.notify).not.toHaveBeenCalled();
    expect(handlers.logout).toHaveBeenCalledOnce();
    expect(readSessionToken()).toBeNull();
  });

  it("has no session to end when none was sent: a read says nothing, an action shows why", async () => {
    localStorage.clear();
    answer(envelope(101, null, "Login has expired"), envelope(101, null, "This login has expired"));
    await client.get("user/self");
    expect(handlers.notify).not.toHaveBeenCalled();
    await client.post("user/captcha", { purpose: "verify" });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "This login has expired",
    });
    expect(handlers.logout).not.toHaveBeenCalled();
    expect(handlers.back).not.toHaveBeenCalled();
  });
});

describe("102: validation failed", () => {
  it("returns the field errors for the form instead of a notice", async () => {
    const errors = [
      { field: "remark", code: "device_name_too_long", params: { max: "16" }, message: "Too long" },
      { field: "", code: "malformed_input", params: {}, message: "Malformed" },
    ];
    answer(envelope(102, errors, "Too long"));
    const result = await client.post("user/config/mfa/key", { mfaCode: "123456", remark: "x".repeat(17) });
    expect(result).toMatchObject({ ok: false, statusCode: 102, fieldErrors: errors });
    expect(handlers.notify).not.toHaveBeenCalled();
  });
});

describe("103: verification required", () => {
  it("asks for exactly the factors the server named and sends only those codes again", async () => {
    answer(
      envelope(103, { email: true, mfa: false, security: true }, "Please complete the verification"),
      envelope(200, null, "Your security settings have been updated"),
    );
    handlers.verify.mockResolvedValueOnce({
      emailCaptcha: "123456",
      mfaCode: "999999",
      securityPassword: "654321",
    });

    const result = await client.post("user/config/switch", { usage: 1, module: "trade", target: "email" });

    expect(handlers.verify).toHaveBeenCalledExactlyOnceWith(
      { email: true, mfa: false, security: true },
      undefined,
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1)).toMatchObject({ url: "/api/user/config/switch", method: "POST" });
    expect(sent(1).body).toEqual({
      usage: 1,
      module: "trade",
      target: "email",
      emailCaptcha: "123456",
      securityPassword: "654321",
    });
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(handlers.notify.mock.calls).toEqual([
      [{ type: "success", title: "Your security settings have been updated" }],
    ]);
  });

  it("sends the same Idempotency-Key with the first request and with the verified retry", async () => {
    answer(envelope(103, { email: false, mfa: false, security: true }), envelope(200, null, "Recharged"));
    handlers.verify.mockResolvedValueOnce({ securityPassword: "654321" });
    await client.post("fiscard/recharge", { cardKey: "c1", amount: "10" }, { idempotencyKey: "k-1" });
    expect(sent(0).headers.get("Idempotency-Key")).toBe("k-1");
    expect(sent(1).headers.get("Idempotency-Key")).toBe("k-1");
    await client.post("user/config/switch", {});
    expect(sent(2).headers.has("Idempotency-Key")).toBe(false);
  });

  it("puts the codes of a GET in its query", async () => {
    answer(envelope(103, { email: true, mfa: true, security: false }), envelope(200, { secretKey: "ABC" }));
    handlers.verify.mockResolvedValueOnce({ emailCaptcha: "111111", mfaCode: "222222" });
    const result = await client.get("user/config/mfa/key");
    expect(sent(1)).toMatchObject({
      method: "GET",
      url: "/api/user/config/mfa/key?emailCaptcha=111111&mfaCode=222222",
      body: undefined,
    });
    expect(result).toMatchObject({ ok: true, content: { secretKey: "ABC" } });
  });

  it.each([
    ["cancels (null)", () => handlers.verify.mockResolvedValueOnce(null)],
    ["closes the dialog (rejects)", () => handlers.verify.mockRejectedValueOnce(new Error("closed"))],
  ])("returns the 103 without a notice or a retry when the user %s", async (_case, arrange) => {
    arrange();
    const factors = { email: true, mfa: false, security: false };
    answer(envelope(103, factors, "Please complete the verification"));
    const result = await client.delete("user/config/mfa/key", { mfaId: "m1" });
    expect(result).toMatchObject({ ok: false, statusCode: 103, content: factors });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("returns the 104 without a notice when the user cancels after a wrong code", async () => {
    answer(envelope(103, { email: true, mfa: false, security: false }), envelope(104, null, "Wrong code"));
    handlers.verify.mockResolvedValueOnce({ emailCaptcha: "000000" }).mockResolvedValueOnce(null);
    const result = await client.post("user/password", { oldPassword: "old", password: "new" });
    expect(result).toMatchObject({ ok: false, statusCode: 104, message: "Wrong code" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("goes back to the dialog with the server's message after a wrong code (104)", async () => {
    const factors = { email: false, mfa: true, security: false };
    answer(
      envelope(103, factors),
      envelope(104, null, "The authenticator code is incorrect"),
      envelope(200, null, "Removed"),
    );
    handlers.verify.mockResolvedValueOnce({ mfaCode: "000000" }).mockResolvedValueOnce({ mfaCode: "123456" });

    const result = await client.delete("user/config/mfa/key", { mfaId: "m1" });

    expect(handlers.verify.mock.calls).toEqual([
      [factors, undefined],
      [factors, "The authenticator code is incorrect"],
    ]);
    expect(sent(2).body).toEqual({ mfaId: "m1", mfaCode: "123456" });
    expect(result.ok).toBe(true);
    expect(handlers.notify.mock.calls).toEqual([[{ type: "success", title: "Removed" }]]);
  });

  it("asks again for the new factors when the retry answers another 103", async () => {
    answer(
      envelope(103, { email: true, mfa: false, security: false }),
      envelope(103, { email: true, mfa: true, security: false }, "Please complete the verification"),
      envelope(200),
    );
    handlers.verify
      .mockResolvedValueOnce({ emailCaptcha: "111111" })
      .mockResolvedValueOnce({ emailCaptcha: "111111", mfaCode: "222222" });

    await client.post("user/password", { oldPassword: "old", password: "new" });

    expect(handlers.verify.mock.calls[1]).toEqual([
      { email: true, mfa: true, security: false },
      "Please complete the verification",
    ]);
    expect(sent(2).body).toEqual({
      oldPassword: "old",
      password: "new",
      emailCaptcha: "111111",
      mfaCode: "222222",
    });
  });

  it(`stops after ${MAX_VERIFICATION_ROUNDS} wrong codes, returning the last refusal with its notice`, async () => {
    answer(envelope(103, { email: true, mfa: false, security: false }));
    fetchMock.mockImplementation(() => Promise.resolve(envelope(104, null, "The verification code is incorrect")));
    handlers.verify.mockResolvedValue({ emailCaptcha: "000000" });

    const result = await client.post("user/security/password", { password: "135790", confirm: "135790" });

    expect(handlers.verify).toHaveBeenCalledTimes(MAX_VERIFICATION_ROUNDS);
    expect(fetchMock).toHaveBeenCalledTimes(MAX_VERIFICATION_ROUNDS + 1);
    expect(result).toMatchObject({ ok: false, statusCode: 104 });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "The verification code is incorrect",
    });
  });

  it("ends the loop on any other refusal, handled as usual (429 with its wait)", async () => {
    answer(
      envelope(103, { email: true, mfa: false, security: false }),
      envelope(429, { retryAfter: 600 }, "Too many attempts, please try again in 600 seconds"),
    );
    handlers.verify.mockResolvedValue({ emailCaptcha: "000000" });
    const result = await client.get("user/config/mfa/key");
    expect(handlers.verify).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ statusCode: 429, retryAfter: 600 });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "Too many attempts, please try again in 600 seconds",
    });
  });
});

describe("105–108 and 110: gates", () => {
  const domain: Record<string, string> = domainEnUS;

  it.each([
    [105, "gate.basic_identity", "/my/profile#basic"],
    [106, "gate.investor_identity", "/my/profile#investor"],
    [107, "gate.aml", "/my/profile#AML"],
    [108, "gate.qi", "/my/profile#QI"],
    [110, "gate.mobile", "/my/security#mobile"],
  ])("%i asks the catalogue's question and leads to %s when accepted", async (code, key, href) => {
    handlers.confirm.mockResolvedValueOnce(true);
    answer(envelope(code, null, "refused"));
    const result = await client.post("fiscard/apply", { bin: "412345" });
    await settleCallbacks();
    expect(result).toMatchObject({ ok: false, statusCode: code });
    expect(handlers.confirm).toHaveBeenCalledExactlyOnceWith(domain[key]);
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith(href);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("stays put when the prompt is declined", async () => {
    answer(envelope(105));
    await client.get("fund/v2/asset");
    await settleCallbacks();
    expect(handlers.confirm).toHaveBeenCalledOnce();
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it("asks once while a prompt is open, and again after it is answered", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(107)));
    await Promise.all([client.get("fund/v2/asset"), client.get("investor/aml")]);
    await settleCallbacks();
    await client.get("fund/v2/asset");
    expect(handlers.confirm).toHaveBeenCalledTimes(2);
  });
});

describe("HTTP 401", () => {
  beforeEach(() => storeSessionToken("token-1"));

  it("says Unauthorized, logs out and reloads the page after 1.5 s", async () => {
    vi.useFakeTimers();
    answer(new Response("Unauthorized", { status: 401 }));
    const result = await client.get("user/self");
    expect(result).toMatchObject({ ok: false, statusCode: 401 });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "Unauthorized",
      text: catalogueText("api.unauthorized"),
      description: "Authorization verification errored",
    });
    expect(readSessionToken()).toBeNull();
    expect(handlers.logout).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_RELOAD_MS - 1);
    expect(handlers.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(handlers.reload).toHaveBeenCalledOnce();
  });

  it("is the login call's own answer when the call has the login flag", async () => {
    vi.useFakeTimers();
    answer(new Response("", { status: 401 }));
    const result = await client.post("user/login", { email: "a@b.co" }, { login: true });
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_RELOAD_MS);
    expect(result).toMatchObject({ statusCode: 401, message: "Authorization verification errored" });
    expect(handlers.notify).toHaveBeenCalledExactlyOnceWith({
      type: "error",
      title: "Authorization verification errored",
      text: catalogueText("api.unauthorized_detail"),
    });
    expect(handlers.logout).not.toHaveBeenCalled();
    expect(handlers.reload).not.toHaveBeenCalled();
    expect(readSessionToken()).toBe("token-1");
  });
});

describe("429: too many attempts", () => {
  const wait = "Please wait 30 seconds before requesting another code";
  const tooMany = () => envelope(429, { retryAfter: 30 }, wait);

  it("shows the server's message and returns the wait, for a POST and a GET alike", async () => {
    answer(tooMany(), tooMany());
    expect(await client.post("user/forgetPassword", { email: "a@b.co" })).toMatchObject({
      statusCode: 429,
      retryAfter: 30,
    });
    expect(await client.get("user/config/mfa/key")).toMatchObject({ retryAfter: 30 });
    expect(handlers.notify.mock.calls).toEqual([
      [{ type: "error", title: wait }],
      [{ type: "error", title: wait }],
    ]);
  });

  it("only returns the wait on a silent call (the captcha button counts down)", async () => {
    answer(tooMany());
    const result = await client.post("user/captcha", { purpose: "verify" }, { silent: true });
    expect(result).toMatchObject({ statusCode: 429, retryAfter: 30 });
    expect(handlers.notify).not.toHaveBeenCalled();
  });
});

describe("list calls", () => {
  it("reads a page, or a bare array as a single page", async () => {
    answer(
      envelope(200, { list: [{ id: "c1" }], totalPage: 3, totalCount: 21 }),
      envelope(200, [{ code: "HK" }, { code: "US" }]),
    );
    expect(await client.list("fiscard/list", { pageID: 1, pageSize: 10 })).toMatchObject({
      ok: true,
      content: { list: [{ id: "c1" }], totalPage: 3, totalCount: 21 },
    });
    expect(await client.list("user/country/list", {}, { silent: true })).toMatchObject({
      ok: true,
      content: { list: [{ code: "HK" }, { code: "US" }], totalPage: 1, totalCount: 2 },
    });
  });

  it.each([
    ["the server fails (statusCode 500)", () => answer(envelope(500, null, "Try later"))],
    ["the network fails", () => fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))],
  ])("empties the list and flags a network error when %s", async (_case, arrange) => {
    arrange();
    const result = await client.list("fiscard/order", { pageID: 2 });
    expect(result).toMatchObject({
      ok: false,
      statusCode: 500,
      networkError: true,
      content: { list: [], totalPage: 0, totalCount: 0 },
    });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("empties the list on other refusals too, without the network flag", async () => {
    answer(envelope(403, null, "You are not allowed to do this"));
    const result = await client.list("fiscard/list");
    expect(result).toMatchObject({ statusCode: 403, networkError: false, content: { list: [] } });
  });
});

describe("replies asked for early (sendEarly, while the app starts)", () => {
  it("are taken once by the same GET, handled as its own; the next one asks the server", async () => {
    storeSessionToken("session-1");
    answer(envelope(200, { uid: "early" }), envelope(200, { uid: "later" }));
    sendEarly("user/self");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await client.get("user/self")).toMatchObject({ ok: true, content: { uid: "early" } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await client.get("user/self")).toMatchObject({ ok: true, content: { uid: "later" } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("end a dead session like any reply (101)", async () => {
    storeSessionToken("session-1");
    answer(envelope(101, null, "Please log in again"));
    sendEarly("user/self");
    expect(await client.get("user/self")).toMatchObject({ ok: false, statusCode: 101 });
    expect(handlers.logout).toHaveBeenCalledTimes(1);
    expect(readSessionToken()).toBeNull();
  });

  it("are not taken by another query, another session, or once too old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    storeSessionToken("session-1");
    answer(envelope(200, 1), envelope(200, 2), envelope(200, 3), envelope(200, 4), envelope(200, 5));
    sendEarly("fiscard/list", { pageID: 1 });
    await client.get("fiscard/list", { pageID: 2 });
    expect(sent(1).url).toBe("/api/fiscard/list?pageID=2");

    sendEarly("user/config");
    storeSessionToken("session-2");
    await client.get("user/config");
    expect(sent(3).headers.get("Access-Token")).toBe("session-2");

    sendEarly("account/balance");
    vi.setSystemTime(Date.now() + EARLY_REPLY_MS + 1);
    await client.get("account/balance");
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });
});
