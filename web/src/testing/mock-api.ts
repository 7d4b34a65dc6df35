import { vi, type Mock } from "vitest";
import type { ApiContent, Schema } from "@/lib/api-schema";
import { answerProblem } from "./api-document";

/** What a mocked endpoint receives: the query (GET) or the JSON body (POST, DELETE). */
export interface MockRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/**
 * An endpoint's answer: the envelope's statusCode and content (message "ok" unless given; its
 * messageKey "api.ok" for a success, "api.bad_request" for a refusal, unless given; a refusal's
 * messageParams none unless given).
 */
export interface MockAnswer {
  readonly statusCode?: number;
  readonly content?: unknown;
  readonly message?: string;
  readonly messageKey?: string;
  readonly messageParams?: Readonly<Record<string, string>>;
}

type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

/** Answers a handler gave that the OpenAPI document does not allow; the test fails on them. */
const problems: string[] = [];

/** The answers off the document since the last call (`setup-tests.ts` fails a test on any). */
export function takeMockProblems(): string[] {
  return problems.splice(0);
}

/**
 * Replaces `fetch` with a table of endpoints keyed "METHOD path" (path under /api, e.g.
 * "GET user/self"); an unknown endpoint answers 404. Every handler's answer must be one the
 * server's OpenAPI document allows for that operation (`api-document.ts`): one that is not
 * rejects the fetch and fails the test. Returns the requests made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): { requests: MockRequest[]; fetch: Mock<typeof fetch> } {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, "http://localhost");
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
    if (!handler) return Response.json({ statusCode: 404, content: null, message: "not found" });
    const answer = await handler(request);
    const statusCode = answer.statusCode ?? 200;
    const envelope = {
      statusCode,
      content: answer.content ?? null,
      message: answer.message ?? "ok",
      messageKey: answer.messageKey ?? (statusCode === 200 ? "api.ok" : "api.bad_request"),
      ...(statusCode !== 200 && { messageParams: answer.messageParams ?? {} }),
    };
    const problem = answerProblem(method, path, envelope);
    if (problem !== undefined) {
      problems.push(problem);
      throw new Error(problem);
    }
    return Response.json(envelope);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, fetch: fetchMock };
}

/** The calls made to "METHOD path". */
export function callsTo(requests: readonly MockRequest[], endpoint: string): MockRequest[] {
  return requests.filter((request) => `${request.method} ${request.path}` === endpoint);
}

/** A security config as `GET user/config` answers it. */
export function securityConfig(
  overrides: Partial<ApiContent<"/user/config", "get">> = {},
): ApiContent<"/user/config", "get"> {
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
export function userSelf(overrides: Partial<ApiContent<"/user/self", "get">> = {}): ApiContent<"/user/self", "get"> {
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
    role: "user",
    locale: "en-US",
    ...overrides,
  };
}

/** A card as `GET fiscard/list` lists it and `POST fiscard/apply` answers it. */
export function cardItem(overrides: Partial<Schema<"CardItem">> = {}): Schema<"CardItem"> {
  return {
    cardKey: "c1",
    maskCardNo: "4859 32** **** 1234",
    cardBalance: "1234.5",
    heldBalance: "0.00",
    currency: "USD",
    orgName: "VISA",
    location: "US",
    cardStatus: "normal",
    createTime: 1_700_000_000_000,
    bin: "485932",
    maxOnPercent: "10000.00",
    limits: { perTransaction: "10000.00", daily: "20000.00", monthly: "50000.00" },
    rechargeRate: "0.01",
    paymentRate: "0.01",
    exchangeRate: "0.0015",
    refundRate: "0",
    ...overrides,
  };
}

/** A card order as `GET fiscard/order/list` lists it and the money actions answer it. */
export function orderItem(overrides: Partial<Schema<"OrderItem">> = {}): Schema<"OrderItem"> {
  return {
    id: "o-1",
    cardKey: "c1",
    maskCardNo: "4859 32** **** 1234",
    type: "DEPOSIT",
    amount: "100.00",
    currency: "USD",
    fee: "1.00",
    status: 2,
    createTime: 1_700_000_000_000,
    ...overrides,
  };
}
