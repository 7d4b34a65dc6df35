import { vi, type Mock } from "vitest";

/** What a mocked endpoint receives: the query (GET) or the JSON body (POST, DELETE). */
export interface MockRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/** An endpoint's answer: the envelope's statusCode and content (message "ok" unless given). */
export interface MockAnswer {
  readonly statusCode?: number;
  readonly content?: unknown;
  readonly message?: string;
}

type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

/**
 * Replaces `fetch` with a table of endpoints keyed "METHOD path" (path under /api, e.g.
 * "GET user/self"); an unknown endpoint answers 404. Returns the requests made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): { requests: MockRequest[]; fetch: Mock<typeof fetch> } {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\//, "");
    const text = typeof init?.body === "string" ? init.body : "";
    const request: MockRequest = {
      method,
      path,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    const answer = handler ? await handler(request) : { statusCode: 404, content: null, message: "not found" };
    return Response.json({
      statusCode: answer.statusCode ?? 200,
      content: answer.content ?? null,
      message: answer.message ?? "ok",
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, fetch: fetchMock };
}

/** The calls made to "METHOD path". */
export function callsTo(requests: readonly MockRequest[], endpoint: string): MockRequest[] {
  return requests.filter((request) => `${request.method} ${request.path}` === endpoint);
}

/** A security config as `GET user/config` answers it. */
export function securityConfig(overrides: Record<string, unknown> = {}) {
  return {
    security: false,
    mfa: [],
    login: { email: false, mfa: false },
    trade: { email: false, mfa: false, security: false },
    mobile: false,
    ...overrides,
  };
}

/** A user as `GET user/self` answers it. */
export function userSelf(overrides: Record<string, unknown> = {}) {
  return {
    uuid: "u-1",
    email: "alice.smith@example.com",
    mobile: null,
    mobileCode: null,
    mobileCountry: null,
    country: null,
    lastName: null,
    firstName: null,
    status: 0,
    investor: { status: 0 },
    aml: 0,
    qualify: 0,
    ...overrides,
  };
}
