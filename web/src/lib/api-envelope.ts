// The `/api` answer as it comes over the wire (DESIGN §4): `{statusCode, content, message}`, the
// statusCode catalogue, and readers for the `content` shapes the client acts on.
import type { Factors, FieldError } from "domain-wasm";

/** The statusCode catalogue (DESIGN §4), as `crates/server/src/api` numbers it. */
export const StatusCode = {
  ok: 200,
  notLoggedIn: 101,
  validation: 102,
  verificationRequired: 103,
  verificationWrong: 104,
  basicIdentityRequired: 105,
  investorRequired: 106,
  amlRequired: 107,
  qiRequired: 108,
  authenticatorKeyExpired: 109,
  mobileNotBound: 110,
  badRequest: 400,
  /** Not in the catalogue: the client's own code for an HTTP 401 answer. */
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  refused: 422,
  tooManyAttempts: 429,
  internal: 500,
} as const;

export interface Envelope {
  readonly statusCode: number;
  readonly content: unknown;
  readonly message: string;
}

/** One field error of statusCode 102, with the text in the caller's language. */
export interface ApiFieldError extends FieldError {
  readonly message: string;
}

/** One page of a list call (SPEC §7). */
export interface ApiPage<T> {
  readonly list: readonly T[];
  readonly totalPage: number;
  readonly totalCount: number;
}

export const EMPTY_PAGE: ApiPage<never> = { list: [], totalPage: 0, totalCount: 0 };

type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    isObject(value) &&
    Number.isInteger(value["statusCode"]) &&
    "content" in value &&
    typeof value["message"] === "string"
  );
}

/** statusCode 103: exactly the factors the server asked for; anything but `true` is not asked. */
export function readFactors(content: unknown): Factors {
  const asked = isObject(content) ? content : {};
  return {
    email: asked["email"] === true,
    mfa: asked["mfa"] === true,
    security: asked["security"] === true,
  };
}

/** statusCode 102: the field errors; entries that are not field errors are left out. */
export function readFieldErrors(content: unknown): ApiFieldError[] {
  if (!Array.isArray(content)) return [];
  return content.filter(
    (entry): entry is ApiFieldError =>
      isObject(entry) &&
      typeof entry["field"] === "string" &&
      typeof entry["code"] === "string" &&
      isObject(entry["params"]) &&
      typeof entry["message"] === "string",
  );
}

/** statusCode 429: the seconds to wait, when the server said. */
export function readRetryAfter(content: unknown): number | undefined {
  const seconds = isObject(content) ? content["retryAfter"] : undefined;
  return typeof seconds === "number" && seconds >= 0 ? seconds : undefined;
}

/** A list answer is either `{list, totalPage, totalCount}` or the bare array (SPEC §7). */
export function readPage<T>(content: unknown): ApiPage<T> {
  if (Array.isArray(content)) {
    return { list: content as T[], totalPage: 1, totalCount: content.length };
  }
  if (isObject(content) && Array.isArray(content["list"])) {
    const list = content["list"] as T[];
    const { totalPage, totalCount } = content;
    return {
      list,
      totalPage: typeof totalPage === "number" ? totalPage : 1,
      totalCount: typeof totalCount === "number" ? totalCount : list.length,
    };
  }
  return EMPTY_PAGE;
}
