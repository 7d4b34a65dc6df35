// One HTTP exchange with the server (SPEC §7): URL, query, JSON body, headers and the 6 s timeout.
// Whatever goes wrong on the way (offline, timeout, an answer that is not the envelope) comes back
// as statusCode 500 "Network Exception"; an HTTP 401 comes back as statusCode 401.
import { StatusCode, isEnvelope, type Envelope } from "./api-envelope";
import { catalogueText } from "./live-text";
import { currentLocale, translate, type Locale } from "./locale";
import { readSessionToken } from "./session-token";

export const API_BASE = "/api";

/** SPEC §9 (a test holds it to the domain's `requestTimeoutMs`). */
export const REQUEST_TIMEOUT_MS = 6000;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
export type RequestBody = Readonly<Record<string, unknown>>;

/**
 * The session a request carries, in its own header: the user's (`Access-Token`, every call of the
 * app) or an operator's (`Ops-Token`, the console's calls). A request carries one, never both.
 */
export interface SessionHeader {
  readonly name: "Access-Token" | "Ops-Token";
  /** The token to send, or null when there is no session. */
  readonly read: () => string | null;
}

export const USER_SESSION: SessionHeader = { name: "Access-Token", read: readSessionToken };

/** A request: GET carries its data in the query, POST and DELETE in a JSON body. */
export type ApiRequest = (
  | { readonly method: "GET"; readonly url: string; readonly query: QueryParams }
  | {
      readonly method: "POST" | "DELETE";
      readonly url: string;
      readonly body: RequestBody;
      /** Sent as `Idempotency-Key`: a retry with the same key never moves money twice. */
      readonly idempotencyKey?: string;
    }
) & {
  /** The session it carries; the user's unless it says otherwise. */
  readonly session?: SessionHeader;
};

export interface Reply {
  readonly envelope: Envelope;
  /** The session token the request carried (null when none, or when the URL is absolute). */
  readonly token: string | null;
  /** The language the request asked the messages in (`User-Lang`; null when the URL is absolute). */
  readonly locale: Locale | null;
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
  return { statusCode: StatusCode.Internal, content: null, message, ownText: catalogueText("api.network_exception") };
}

/** An HTTP 401 answer, as statusCode 401. */
function unauthorized(): Envelope {
  const message = translate("api.unauthorized_detail");
  return { statusCode: StatusCode.Unauthorized, content: null, message, ownText: catalogueText("api.unauthorized_detail") };
}

/** How long a reply sent for early (see `sendEarly`) waits to be taken before it is too old. */
export const EARLY_REPLY_MS = 10_000;

/** Replies asked for before anything asked (`sendEarly`), by request, until taken or too old. */
const earlyReplies = new Map<string, { readonly sentAt: number; readonly reply: Promise<Reply> }>();

/** The same GET of the same session in the same language: the same reply. */
const earlyKey = (url: string, headers: Readonly<Record<string, string>>) =>
  JSON.stringify([url, headers["Access-Token"] ?? null, headers["Ops-Token"] ?? null, headers["User-Lang"] ?? null]);

/**
 * Sends `GET path?query` now, while the app that will ask for it is still starting (src/boot.tsx): the
 * first `send` of the same request within EARLY_REPLY_MS takes this reply instead of asking the
 * server again, and handles it as its own (errors, a dead session) — only the wait is saved.
 */
export function sendEarly(path: string, query: QueryParams = {}): void {
  const request: ApiRequest = { method: "GET", url: resolveUrl(path), query };
  const { url, init, sent } = prepare(request);
  earlyReplies.set(earlyKey(url, init.headers), { sentAt: Date.now(), reply: transmit(url, init, sent) });
}

/** Sends `request` once; never rejects. */
export async function send(request: ApiRequest): Promise<Reply> {
  const { url, init, sent } = prepare(request);
  if (request.method === "GET") {
    const key = earlyKey(url, init.headers);
    const early = earlyReplies.get(key);
    earlyReplies.delete(key);
    if (early && Date.now() - early.sentAt <= EARLY_REPLY_MS) return early.reply;
  }
  return transmit(url, init, sent);
}

/**
 * The headers of a request to `url`, and what the reply keeps of them (`sent`: the session token
 * and the language, null when none).
 */
function headersFor(url: string, accept: string, session: SessionHeader = USER_SESSION) {
  const relative = isRelative(url);
  const token = relative ? session.read() : null;
  const locale = relative ? currentLocale() : null;
  const headers: Record<string, string> = { Accept: accept };
  // The session and the language are for our server only, never for another origin.
  if (locale !== null) headers["User-Lang"] = locale;
  if (token !== null) headers[session.name] = token;
  const sent: Omit<Reply, "envelope"> = { token, locale };
  return { headers, sent };
}

/** The URL, method, headers and body of `request` as they go out. */
function prepare(request: ApiRequest) {
  const { headers, sent } = headersFor(request.url, "application/json", request.session);
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
  return { url, init: { method: request.method, headers, body }, sent };
}

/** One exchange, within REQUEST_TIMEOUT_MS; never rejects. */
async function transmit(
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly body: string | undefined },
  sent: Omit<Reply, "envelope">,
): Promise<Reply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.status === 401) return { ...sent, envelope: unauthorized() };
    const answer: unknown = await response.json();
    return { ...sent, envelope: isEnvelope(answer) ? answer : networkFailure() };
  } catch {
    // Offline, refused, aborted by the timeout, or a body that is not JSON.
    return { ...sent, envelope: networkFailure() };
  } finally {
    clearTimeout(timer);
  }
}

/** A file sent as `multipart/form-data` (`POST user/file`), with its progress. */
export interface UploadRequest {
  readonly url: string;
  readonly form: FormData;
  /** Called as the body goes out: the bytes sent so far and the body's size. */
  readonly onProgress?: (sent: number, total: number) => void;
  /** Stops the upload; its reply is then a network failure (500). */
  readonly signal?: AbortSignal;
}

/**
 * Sends an upload through XMLHttpRequest, the browser API that reports how much of a request's
 * body has gone out (fetch reports nothing of an upload over HTTP/1.1). A 10 MB file can take
 * longer than REQUEST_TIMEOUT_MS to send, so the timeout counts from the last progress: the
 * upload fails once nothing has moved for that long, or when the answer takes that long after
 * the last byte. The headers are those of every request (`User-Lang`, `Access-Token`); the
 * browser writes the multipart `Content-Type`. Never rejects.
 */
export function sendUpload({ url, form, onProgress, signal }: UploadRequest): Promise<Reply> {
  const { headers, sent } = headersFor(url, "application/json");
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ ...sent, envelope: networkFailure() });
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(abort, REQUEST_TIMEOUT_MS);
    };
    const finish = (envelope: Envelope) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      resolve({ ...sent, envelope });
    };
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      restartTimer();
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.upload.onload = restartTimer;
    xhr.onload = () => finish(xhr.status === 401 ? unauthorized() : parseEnvelope(xhr.responseText));
    // Offline, refused, aborted (by the caller or the timeout).
    xhr.onerror = () => finish(networkFailure());
    xhr.onabort = xhr.onerror;
    signal?.addEventListener("abort", abort, { once: true });
    restartTimer();
    xhr.send(form);
  });
}

/** The envelope in an answer's text, or a network failure when it holds none. */
function parseEnvelope(text: string): Envelope {
  try {
    const answer: unknown = JSON.parse(text);
    return isEnvelope(answer) ? answer : networkFailure();
  } catch {
    return networkFailure();
  }
}

/**
 * Reads a file of our server (`GET user/file/{reference}`) with the headers of every request:
 * statusCode 200 with the bytes (a Blob) as `content`, or the server's refusal (a JSON
 * envelope), within REQUEST_TIMEOUT_MS. Never rejects.
 */
export async function sendFileRead(url: string, signal?: AbortSignal, session?: SessionHeader): Promise<Reply> {
  const { headers, sent } = headersFor(url, "*/*", session);
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, REQUEST_TIMEOUT_MS);
  if (signal?.aborted) abort();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    const response = await fetch(url, { method: "GET", headers, signal: controller.signal });
    if (response.status === 401) return { ...sent, envelope: unauthorized() };
    if (response.headers.get("Content-Type")?.startsWith("application/json") === true) {
      const answer: unknown = await response.json();
      return { ...sent, envelope: isEnvelope(answer) ? answer : networkFailure() };
    }
    if (!response.ok) return { ...sent, envelope: networkFailure() };
    const content = await response.blob();
    return { ...sent, envelope: { statusCode: StatusCode.Ok, content, message: "" } };
  } catch {
    return { ...sent, envelope: networkFailure() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}
