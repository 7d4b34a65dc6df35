// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { send, sendFileRead, type SessionHeader } from "./api-request";
import { clearSessionToken, storeSessionToken } from "./session-token";

const OPERATOR: SessionHeader = { name: "Ops-Token", read: () => "operator-token" };

/** Stubs fetch with an empty success; resolves to the headers of the request it got. */
function fetchHeaders(): { readonly headers: () => Headers } {
  const fetch = vi.fn(() => Promise.resolve(Response.json({ statusCode: 200, content: null, message: "" })));
  vi.stubGlobal("fetch", fetch);
  return { headers: () => new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers) };
}

describe("a request's session header", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSessionToken();
  });

  it("is the user's Access-Token unless the request names another session", async () => {
    storeSessionToken("user-token");
    const sent = fetchHeaders();
    await send({ method: "GET", url: "/api/user/self", query: {} });
    expect(sent.headers().get("Access-Token")).toBe("user-token");
    expect(sent.headers().has("Ops-Token")).toBe(false);
  });

  it("is the operator's Ops-Token alone for the console's calls, even beside a user's session", async () => {
    storeSessionToken("user-token");
    const sent = fetchHeaders();
    const reply = await send({ method: "POST", url: "/api/ops/logout", body: {}, session: OPERATOR });
    expect(sent.headers().get("Ops-Token")).toBe("operator-token");
    expect(sent.headers().has("Access-Token")).toBe(false);
    expect(reply.token).toBe("operator-token");
  });

  it("goes with a file read too", async () => {
    storeSessionToken("user-token");
    const sent = fetchHeaders();
    await sendFileRead("/api/ops/review/cases/c1/documents/d1", undefined, OPERATOR);
    expect(sent.headers().get("Ops-Token")).toBe("operator-token");
    expect(sent.headers().has("Access-Token")).toBe(false);
  });
});
