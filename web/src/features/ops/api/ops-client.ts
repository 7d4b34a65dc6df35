// The operator console's HTTP client: the app's one exchange (lib/api-request.ts) and its
// conventions (lib/api-client.ts) — the envelope, statusCode 101 ending the session, refusals as
// notices in the operator's language, a form's refusal shown in the form — with the console's own
// session header, `Ops-Token`, and never a user's `Access-Token`. Built once by the console's
// layout (no React here).
import { EMPTY_PAGE, StatusCode, readPage } from "@/lib/api-envelope";
import { liveMessage, toResult } from "@/lib/api-client";
import type { ApiListResult, ApiResult, CallOptions, Notice, QueryParams, RequestBody } from "@/lib/api-client";
import { resolveUrl, send, sendFileRead, type ApiRequest, type Reply, type SessionHeader } from "@/lib/api-request";
import { clearOpsToken, readOpsToken } from "./ops-token";

/** The console's session: the `Ops-Token` header. */
const OPS_SESSION: SessionHeader = { name: "Ops-Token", read: readOpsToken };

/** The UI the console's client drives. */
export interface OpsHandlers {
  notify(notice: Notice): void;
  /** The session ended (statusCode 101): the token is already dropped; show the login. */
  signedOut(): void;
}

export interface OpsClient {
  get<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: RequestBody, options?: CallOptions): Promise<ApiResult<T>>;
  /** A GET whose content is a page `{list, totalPage, totalCount}` (or a bare array). */
  list<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<ApiListResult<T>>;
  /** A GET of a file's bytes (a case's document): the Blob as the content. */
  readFile(path: string, signal?: AbortSignal): Promise<ApiResult<Blob>>;
}

export function createOpsClient(handlers: OpsHandlers): OpsClient {
  const notify = (type: Notice["type"], reply: Reply) => {
    const text = liveMessage(reply);
    handlers.notify({ type, title: reply.envelope.message, ...(text && { text }) });
  };

  /** Shows what an answer calls for (as the user app's client does), then returns it. */
  function settle(method: ApiRequest["method"], options: CallOptions, reply: Reply): ApiResult<unknown> {
    const { statusCode } = reply.envelope;
    const silent = options.silent === true;
    if (statusCode === StatusCode.Ok) {
      if (!silent && method !== "GET") notify("success", reply);
      return toResult(reply, false);
    }
    let inForm = false;
    if (statusCode === StatusCode.NotLoggedIn && reply.token !== null) {
      // The first answer of a dead session ends it; later ones of the same session do nothing.
      if (readOpsToken() === reply.token) {
        clearOpsToken();
        if (!silent) notify("error", reply);
        handlers.signedOut();
      }
    } else if (statusCode !== StatusCode.Validation && (method !== "GET" || statusCode === StatusCode.TooManyAttempts)) {
      if (options.inline === true) inForm = true;
      else if (!silent) notify("error", reply);
    }
    return toResult(reply, inForm);
  }

  const run = async <T>(request: ApiRequest, options: CallOptions) =>
    settle(request.method, options, await send({ ...request, session: OPS_SESSION })) as ApiResult<T>;
  const get = <T>(path: string, query: QueryParams = {}, options: CallOptions = {}) =>
    run<T>({ method: "GET", url: resolveUrl(path), query }, options);

  return {
    get,
    post: (path, body = {}, options = {}) => run({ method: "POST", url: resolveUrl(path), body }, options),
    async list<T>(path: string, query: QueryParams = {}, options: CallOptions = {}) {
      const result = await get<unknown>(path, query, options);
      return result.ok ? { ...result, content: readPage<T>(result.content) } : { ...result, content: EMPTY_PAGE };
    },
    readFile: async (path, signal) =>
      settle("GET", {}, await sendFileRead(resolveUrl(path), signal, OPS_SESSION)) as ApiResult<Blob>,
  };
}
