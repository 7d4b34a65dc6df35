// One HTTP exchange with the server (SPEC §7): URL, query, JSON body, headers and the 6 s timeout.
// Whatever goes wrong on the way (offline, timeout, an answer that is not the envelope) comes back
// as statusCode 500 "Network Exception"; an HTTP 401 comes back as statusCode 401.
import { StatusCode, isEnvelope, type Envelope } from "./api-envelope";
import { currentLocale, translate } from "./locale";
import { readSessionToken } from "./session-token";

export const API_BASE = "/api";

/** SPEC §9 (a test holds it to the domain's `requestTimeoutMs`). */
export const REQUEST_TIMEOUT_MS = 6000;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
export type RequestBody = Readonly<Record<string, unknown>>;

/** A request: GET carries its data in the query, POST and DELETE in a JSON body. */
export type ApiRequest =
  | { readonly method: "GET"; readonly url: string; readonly query: QueryParams }
  | {
      readonly method: "POST" | "DELETE";
      readonly url: string;
      readonly body: RequestBody;
      /** Sent as `Idempotency-Key`: a retry with the same key never moves money twice. */
      readonly idempotencyKey?: string;
    };

export interface Reply {
  readonly envelope: Envelope;
  /** The session token the request carried (null when none, or when the URL is absolute). */
  readonly token: string | null;
}

function isList(value: QueryValue | readonly QueryValue[]): value is readonly QueryValue[] {
  return Array.isArray(value);
}

/** The query string: an array repeats its name (`a=1&a=2`); null and undefined are left out. */
export function encodeQuery(params: QueryParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of isList(value) ? value : [value]) {
      if (item != null) query.append(name, String(item));
    }
  }
  return query.toString();
}

/** True for our own server's URLs ("user/self", "/api/user/file/a.png"), not for "https://…". */
export function isRelative(url: string): boolean {
  return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

/** "user/self" is an API path under `/api`; an absolute path or URL is taken as it is. */
export function resolveUrl(path: string): string {
  return isRelative(path) && !path.startsWith("/") ? `${API_BASE}/${path}` : path;
}

function networkFailure(): Envelope {
  const message = translate("api.network_exception");
  return { statusCode: StatusCode.internal, content: null, message };
}

/** Sends `request` once; never rejects. */
export async function send(request: ApiRequest): Promise<Reply> {
  const relative = isRelative(request.url);
  const token = relative ? readSessionToken() : null;
  const headers: Record<string, string> = { Accept: "application/json" };
  // The session and the language are for our server only, never for another origin.
  if (relative) {
    headers["User-Lang"] = currentLocale();
    if (token !== null) headers["Access-Token"] = token;
  }
  let url = request.url;
  let body: string | undefined;
  if (request.method === "GET") {
    const query = encodeQuery(request.query);
    if (query) url += (url.includes("?") ? "&" : "?") + query;
  } else {
    headers["Content-Type"] = "application/json";
    if (request.idempotencyKey !== undefined) headers["Idempotency-Key"] = request.idempotencyKey;
    body = JSON.stringify(request.body);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const { method } = request;
    const response = await fetch(url, { method, headers, body, signal: controller.signal });
    if (response.status === 401) {
      const message = translate("api.unauthorized_detail");
      return { token, envelope: { statusCode: StatusCode.unauthorized, content: null, message } };
    }
    const answer: unknown = await response.json();
    return { token, envelope: isEnvelope(answer) ? answer : networkFailure() };
  } catch {
    // Offline, refused, aborted by the timeout, or a body that is not JSON.
    return { token, envelope: networkFailure() };
  } finally {
    clearTimeout(timer);
  }
}
