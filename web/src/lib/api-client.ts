// The one HTTP client of the web app (SPEC §7–§8, DESIGN §4–§5): what each statusCode does besides
// being returned. The UI it drives (toasts, the verification dialog, confirm prompts, logout,
// navigation) comes in as `ApiHandlers` from the app shell, so this module has no React in it.
import type { Factors } from "domain-wasm";
import {
  EMPTY_PAGE,
  StatusCode,
  readFactors,
  readFieldErrors,
  readMessageParams,
  readPage,
  readRetryAfter,
  type ApiFieldError,
} from "./api-envelope";
import {
  resolveUrl,
  send,
  sendFileRead,
  sendUpload,
  type ApiRequest,
  type QueryParams,
  type Reply,
  type RequestBody,
} from "./api-request";
import type { ApiPage, Schema } from "./api-schema";
import { loadDomain } from "./domain";
import { gatePages, type PageGate } from "./gate-prompts";
import { catalogueText, type LiveText } from "./live-text";
import { translate, type MessageKey } from "./locale";
import { clearSessionToken, readSessionToken } from "./session-token";

export { StatusCode, type ApiFieldError } from "./api-envelope";
export type { ApiPage } from "./api-schema";
export type { QueryParams, QueryValue, RequestBody } from "./api-request";

/** How long the "Unauthorized" notice shows before the page reloads. */
export const UNAUTHORIZED_RELOAD_MS = 1500;

/** How often one request opens the verification dialog before its last refusal is returned. */
export const MAX_VERIFICATION_ROUNDS = 5;

export interface CallOptions {
  /** No success toast and no error notice (logout, captcha, country list). */
  readonly silent?: boolean;
  /** A call of the login flow: an HTTP 401 is its answer, not a reason to log out and reload. */
  readonly login?: boolean;
  /**
   * A form's submission: the form shows a refusal itself, under the field it concerns or above
   * its submit button (`inForm`), instead of an error notice. The success notice, the
   * verification dialog, a gate's prompt and the end of a session are as for any call.
   */
  readonly inline?: boolean;
  /**
   * A POST that moves money (recharge, cancel, apply): one key per user action, kept for its
   * retries, including the one the verification dialog sends with the codes.
   */
  readonly idempotencyKey?: string;
}

export interface UploadOptions extends CallOptions {
  /** Called as the file goes out: the bytes sent so far and the request's size. */
  readonly onProgress?: (sent: number, total: number) => void;
  /** Stops the upload: its answer is then returned as it is, with nothing shown. */
  readonly signal?: AbortSignal;
}

/** The step-up codes the verification dialog collects (statusCode 103), as a request carries them. */
export type VerificationFields = Schema<"VerificationForm">;

export interface Notice {
  readonly type: "success" | "error";
  readonly title: string;
  readonly description?: string;
  /**
   * The title as a text that follows the interface language: the server's message by its key
   * (and values), or the web app's own catalogue entry (a network failure).
   */
  readonly text?: LiveText;
}

/** The UI the client drives, provided by the app shell. */
export interface ApiHandlers {
  /** Shows a toast. */
  notify(notice: Notice): void;
  /**
   * Opens the verification dialog asking for exactly `factors`; `error` says why the codes typed
   * last were refused. Resolves the codes, or null (or rejects) when the user cancels.
   */
  verify(factors: Factors, error?: string): Promise<VerificationFields | null>;
  /** Asks a yes/no question; resolves true when the user accepts. */
  confirm(message: string): Promise<boolean>;
  /** Forgets the logged-in user (the client has already dropped the session token). */
  logout(): void;
  /** Whether the page shown needs a login. */
  isProtectedPage(): boolean;
  /** One step back in the history. */
  back(): void;
  /** Goes to a page of the app, e.g. "/my/profile#basic". */
  navigate(href: string): void;
  reload(): void;
}

export interface ApiSuccess<T> {
  readonly ok: true;
  readonly statusCode: typeof StatusCode.Ok;
  readonly content: T;
  readonly message: string;
}

export interface ApiRefusal<C = unknown> {
  readonly ok: false;
  readonly statusCode: number;
  /** As the server sent it (e.g. the factors of a 103); for a list call, an empty page. */
  readonly content: C;
  readonly message: string;
  /** statusCode 102: the field errors, for the form to show under its fields; else empty. */
  readonly fieldErrors: readonly ApiFieldError[];
  /** statusCode 429: the seconds to wait. */
  readonly retryAfter: number | undefined;
  /** statusCode 500: the server failed or could not be reached (offline, timeout). */
  readonly networkError: boolean;
  /**
   * Whether the form that made the call is to show this refusal: the field errors of a 102, and
   * for an `inline` call any refusal that would otherwise have been an error notice. False when
   * the client has shown it (a notice, a gate's prompt, the end of the session) or when nothing
   * is to be shown (a verification the user cancelled).
   */
  readonly inForm: boolean;
}

export type ApiResult<T> = ApiSuccess<T> | ApiRefusal;

/** A list call's answer: the page, or after any refusal an empty one. */
export type ApiListResult<T> = ApiSuccess<ApiPage<T>> | ApiRefusal<ApiPage<T>>;

export interface ApiClient {
  get<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: RequestBody, options?: CallOptions): Promise<ApiResult<T>>;
  delete<T>(path: string, body?: RequestBody, options?: CallOptions): Promise<ApiResult<T>>;
  /** A GET whose content is a list: `{list, totalPage, totalCount}` or the bare array. */
  list<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<ApiListResult<T>>;
  /**
   * A POST of `form` as `multipart/form-data` (a document), with its progress. Its success shows
   * where the file is listed, not as a toast; the server asks no verification (103) of it.
   */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<ApiResult<T>>;
  /** A GET of a file's bytes (`user/file/{reference}`): the Blob as the content. */
  readFile(path: string, options?: CallOptions & { readonly signal?: AbortSignal }): Promise<ApiResult<Blob>>;
}

/** The refusals that lead to a page: a confirm prompt instead of an error notice. */
const GATES: Readonly<Partial<Record<number, PageGate>>> = {
  [StatusCode.BasicIdentityRequired]: "basicIdentity",
  [StatusCode.InvestorRequired]: "investorIdentity",
  [StatusCode.AmlRequired]: "aml",
  [StatusCode.QiRequired]: "qi",
  [StatusCode.MobileNotBound]: "mobile",
};

type Call = ApiRequest & {
  readonly options: CallOptions;
  /** The screen shows the success itself (an upload's file row): no success toast. */
  readonly successInPlace?: boolean;
};

/** Only the codes the server asked for go out, whatever else the dialog answered. */
function withCodes(call: Call, codes: VerificationFields, factors: Factors): Call {
  const asked: VerificationFields = {
    ...(factors.email && { emailCaptcha: codes.emailCaptcha }),
    ...(factors.mfa && { mfaCode: codes.mfaCode }),
    ...(factors.security && { securityPassword: codes.securityPassword }),
  };
  return call.method === "GET"
    ? { ...call, query: { ...call.query, ...asked } }
    : { ...call, body: { ...call.body, ...asked } };
}

/** Whether a refusal not handled otherwise is one to show: an error notice, or the form's error. */
function isShownRefusal(call: Call, statusCode: number): boolean {
  // The form shows 102's field errors under its fields; a 103 gets here only when the
  // verification stopped, after the dialog showed why.
  if (statusCode === StatusCode.Validation || statusCode === StatusCode.VerificationRequired) {
    return false;
  }
  // A 428 is a step of the login, which solves the harder challenge and says so itself.
  if (statusCode === StatusCode.HarderProofRequired) return false;
  // A read fails quietly (its screen shows the state), unless the user must wait to retry.
  return call.method !== "GET" || statusCode === StatusCode.TooManyAttempts;
}

/**
 * An answer's message as a text that follows the language: the client's own catalogue entry, or
 * the server's key with its values and the language the request asked in (none from a server
 * that names no key).
 */
export function liveMessage(reply: Reply): LiveText | undefined {
  const { message, messageKey, messageParams, ownText } = reply.envelope;
  if (ownText !== undefined) return ownText;
  if (typeof messageKey !== "string" || reply.locale === null) return undefined;
  const params = readMessageParams(messageParams);
  return { kind: "server", key: messageKey, text: message, locale: reply.locale, ...(Object.keys(params).length > 0 && { params }) };
}

/** The answer as returned; `inForm`: whether the caller's form is to show a refusal. */
export function toResult(reply: Reply, inForm: boolean): ApiResult<unknown> {
  const { statusCode, content, message } = reply.envelope;
  if (statusCode === StatusCode.Ok) {
    return { ok: true, statusCode: StatusCode.Ok, content, message };
  }
  return {
    ok: false,
    statusCode,
    content,
    message,
    fieldErrors: statusCode === StatusCode.Validation ? readFieldErrors(content) : [],
    retryAfter: statusCode === StatusCode.TooManyAttempts ? readRetryAfter(content) : undefined,
    networkError: statusCode === StatusCode.Internal,
    inForm: inForm || statusCode === StatusCode.Validation,
  };
}

export function createApiClient(handlers: ApiHandlers): ApiClient {
  let reloading = false;
  let prompting = false;

  /** An error notice: the answer's message (shown again in the language the user turns to). */
  const notifyRefusal = (reply: Reply) => {
    const text = liveMessage(reply);
    handlers.notify({ type: "error", title: reply.envelope.message, ...(text && { text }) });
  };

  /** 101: the first answer of a dead session ends it; later ones of the same session do nothing. */
  function endSession(call: Call, reply: Reply): void {
    const silent = call.options.silent === true;
    if (reply.token === null) {
      // No session was sent (a visitor, a login ticket): nothing to end, only the reason to show.
      if (!silent && call.method !== "GET") notifyRefusal(reply);
      return;
    }
    if (readSessionToken() !== reply.token) return;
    clearSessionToken();
    if (!silent) notifyRefusal(reply);
    handlers.logout();
    if (handlers.isProtectedPage()) handlers.back();
  }

  /** HTTP 401 outside the login flow: log out and start afresh. */
  function unauthorized(silent: boolean): void {
    if (reloading) return;
    reloading = true;
    clearSessionToken();
    if (!silent) {
      handlers.notify({
        type: "error",
        title: translate("api.unauthorized"),
        text: catalogueText("api.unauthorized"),
        description: translate("api.unauthorized_detail"),
      });
    }
    handlers.logout();
    setTimeout(() => handlers.reload(), UNAUTHORIZED_RELOAD_MS);
  }

  /** 105–108 and 110: offers the page that lifts the gate; parallel refusals ask once. */
  function promptGate(gate: PageGate): void {
    if (prompting) return;
    prompting = true;
    const href = gatePages[gate];
    void loadDomain()
      .then((domain) => handlers.confirm(translate(domain.labelKey("gate", gate) as MessageKey)))
      .then(
        (accepted) => {
          if (accepted) handlers.navigate(href);
        },
        () => undefined,
      )
      .finally(() => {
        prompting = false;
      });
  }

  /** Shows what an answer calls for, then returns it. */
  function settle(call: Call, reply: Reply): ApiResult<unknown> {
    const { statusCode, message } = reply.envelope;
    const silent = call.options.silent === true;
    const gate = GATES[statusCode];
    let inForm = false;
    if (statusCode === StatusCode.Ok) {
      if (!silent && call.method !== "GET" && call.successInPlace !== true) {
        // Shown again in the language the user turns to while it is up.
        const text = liveMessage(reply);
        handlers.notify({ type: "success", title: message, ...(text && { text }) });
      }
    } else if (statusCode === StatusCode.NotLoggedIn) {
      endSession(call, reply);
    } else if (statusCode === StatusCode.Unauthorized && call.options.login !== true) {
      unauthorized(silent);
    } else if (gate) {
      promptGate(gate);
    } else if (isShownRefusal(call, statusCode)) {
      if (call.options.inline === true) inForm = true;
      else if (!silent) notifyRefusal(reply);
    }
    return toResult(reply, inForm);
  }

  async function askForCodes(factors: Factors, error?: string): Promise<VerificationFields | null> {
    try {
      return (await handlers.verify(factors, error)) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * 103: asks for the codes and sends the request again with them. A wrong code (104) or a new
   * demand (103) goes back to the dialog with the server's message, at most
   * MAX_VERIFICATION_ROUNDS times; a cancel returns the last refusal without a notice.
   */
  async function verifyAndRetry(call: Call, first: Reply): Promise<ApiResult<unknown>> {
    let reply = first;
    let factors = readFactors(first.envelope.content);
    let error: string | undefined;
    for (let round = 1; round <= MAX_VERIFICATION_ROUNDS; round += 1) {
      const codes = await askForCodes(factors, error);
      if (!codes) return toResult(reply, false);
      reply = await send(withCodes(call, codes, factors));
      const { statusCode, content, message } = reply.envelope;
      if (statusCode === StatusCode.VerificationRequired) factors = readFactors(content);
      else if (statusCode !== StatusCode.VerificationWrong) break;
      error = message;
    }
    return settle(call, reply);
  }

  async function run<T>(call: Call): Promise<ApiResult<T>> {
    const reply = await send(call);
    const result =
      reply.envelope.statusCode === StatusCode.VerificationRequired
        ? await verifyAndRetry(call, reply)
        : settle(call, reply);
    // The server's answer is trusted to have the shape the endpoint documents.
    return result as ApiResult<T>;
  }

  return {
    get<T>(path: string, query: QueryParams = {}, options: CallOptions = {}) {
      return run<T>({ method: "GET", url: resolveUrl(path), query, options });
    },
    post<T>(path: string, body: RequestBody = {}, options: CallOptions = {}) {
      const { idempotencyKey } = options;
      return run<T>({ method: "POST", url: resolveUrl(path), body, idempotencyKey, options });
    },
    delete<T>(path: string, body: RequestBody = {}, options: CallOptions = {}) {
      return run<T>({ method: "DELETE", url: resolveUrl(path), body, options });
    },
    async list<T>(path: string, query: QueryParams = {}, options: CallOptions = {}) {
      const result = await run<unknown>({ method: "GET", url: resolveUrl(path), query, options });
      return result.ok
        ? { ...result, content: readPage<T>(result.content) }
        : { ...result, content: EMPTY_PAGE };
    },
    async upload<T>(path: string, form: FormData, { onProgress, signal, ...options }: UploadOptions = {}) {
      const url = resolveUrl(path);
      const reply = await sendUpload({ url, form, onProgress, signal });
      // Let go of by the screen (the file removed, the form closed): nobody shows the answer.
      if (signal?.aborted === true) return toResult(reply, false) as ApiResult<T>;
      const call: Call = { method: "POST", url, body: {}, options, successInPlace: true };
      return settle(call, reply) as ApiResult<T>;
    },
    async readFile(path: string, { signal, ...options }: CallOptions & { readonly signal?: AbortSignal } = {}) {
      const url = resolveUrl(path);
      const reply = await sendFileRead(url, signal);
      return settle({ method: "GET", url, query: {}, options }, reply) as ApiResult<Blob>;
    },
  };
}
