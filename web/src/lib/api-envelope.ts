// The `/api` answer as it comes over the wire (DESIGN §4): `{statusCode, content, message}`, the
// statusCode catalogue, and readers for the `content` shapes the client acts on.
import type { Factors } from "domain-wasm";
import type { ApiPage, Schema } from "./api-schema";
import { StatusCode as catalogue } from "./api-types";
import type { LiveText } from "./live-text";

/**
 * The statusCode catalogue (DESIGN §4): the server's (`ApiCode` in `crates/server/src/api`, in
 * the generated types), and the client's own 401.
 */
export const StatusCode = {
  ...catalogue,
  /** Not in the catalogue: the client's own code for an HTTP 401 answer. */
  Unauthorized: 401,
} as const;

/**
 * An answer in the envelope, its statusCode not read yet: the document's success (200, with the
 * operation's content) or `Refusal`, or a code a newer server added. So any number and any content.
 */
export type Envelope = Omit<Schema<"Refusal">, "statusCode" | "content" | "messageKey" | "messageParams"> & {
  readonly statusCode: number;
  readonly content: unknown;
  /** The catalogue key of `message` (absent from an older server's answers). */
  readonly messageKey?: unknown;
  /** A refusal's: the values of the `{placeholders}` of that key's text. */
  readonly messageParams?: unknown;
  /**
   * Only in the client's own envelopes (a network failure, an HTTP 401; a server's answer has
   * none): `message` as the web app's catalogue entry it was made from.
   */
  readonly ownText?: LiveText;
};

/** One field error of statusCode 102, with the text in the caller's language. */
export type ApiFieldError = Schema<"ShownFieldError">;

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

/** A message's parameters: the string values of an object (anything else is no parameter). */
export function readMessageParams(params: unknown): Readonly<Record<string, string>> {
  if (!isObject(params)) return {};
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
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
