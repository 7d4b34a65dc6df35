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
  return { statusCode: StatusCode.Internal, content: null, message };
}

/** How long a reply sent for early (see `sendEarly`) waits to be taken before it is too old. */
export const EARLY_REPLY_MS = 10_000;

/** Replies asked for before anything asked (`sendEarly`), by request, until taken or too old. */
const earlyReplies = new Map<string, { readonly sentAt: number; readonly reply: Promise<Reply> }>();

/** The same GET of the same session in the same language: the same reply. */
const earlyKey = (url: string, headers: Readonly<Record<string, string>>) =>
  JSON.stringify([url, headers["Access-Token"] ?? null, headers["User-Lang"] ?? null]);

/**
 * Sends `GET path?query` now, while the app that will ask for it is still starting (src/boot.tsx): the
 * first `send` of the same request within EARLY_REPLY_MS takes this reply instead of asking the
 * server again, and handles it as its own (errors, a dead session) — only the wait is saved.
 */
export function sendEarly(path: string, query: QueryParams = {}): void {
  const request: ApiRequest = { method: "GET", url: resolveUrl(path), query };
  const { url, init, token } = prepare(request);
  earlyReplies.set(earlyKey(url, init.headers), { sentAt: Date.now(), reply: transmit(url, init, token) });
}

/** Sends `request` once; never rejects. */
export async function send(request: ApiRequest): Promise<Reply> {
  const { url, init, token } = prepare(request);
  if (request.method === "GET") {
    const key = earlyKey(url, init.headers);
    const early = earlyReplies.get(key);
    earlyReplies.delete(key);
    if (early && Date.now() - early.sentAt <= EARLY_REPLY_MS) return early.reply;
  }
  return transmit(url, init, token);
}

/** The URL, method, headers and body of `request` as they go out. */
function prepare(request: ApiRequest) {
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
  return { url, init: { method: request.method, headers, body }, token };
}

/** One exchange, within REQUEST_TIMEOUT_MS; never rejects. */
async function transmit(
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly body: string | undefined },
  token: string | null,
): Promise<Reply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.status === 401) {
      const message = translate("api.unauthorized_detail");
      return { token, envelope: { statusCode: StatusCode.Unauthorized, content: null, message } };
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
