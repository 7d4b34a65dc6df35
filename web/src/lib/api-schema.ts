// The generated API types (`api-types.ts`, made by `make api-types` from the server's OpenAPI
// document) by the names the app reads them with: a schema by its Rust type's name, or an
// operation's content, body and query by its path and method. Each endpoint file
// (`features/<name>/api/<endpoint>.ts`) names its own from these.
import type { components, paths } from "./api-types";

type Schemas = components["schemas"];

/** A schema of the OpenAPI document, by the name of its Rust type: `Schema<"CardItem">`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** A path as the document writes it: `"/fiscard/list"` (the client is called with `"fiscard/list"`). */
export type ApiPath = keyof paths;

type Method = "get" | "post" | "delete";

/** The methods `P` answers. */
export type ApiMethod<P extends ApiPath> = {
  [M in Method]: paths[P][M] extends undefined ? never : M;
}[Method];

type Json<T> = T extends { readonly content: { readonly "application/json": infer J } } ? J : never;

/**
 * The content of an operation's success: its statusCode-200 answer is the document's `Reply_…`,
 * that success or a `Refusal`.
 */
type ContentOf<Operation> = Operation extends { readonly responses: { readonly 200: infer Answer } }
  ? Exclude<Json<Answer>, Schema<"Refusal">> extends { readonly content: infer Content }
    ? Content
    : never
  : never;

/** What an operation's success carries: `ApiContent<"/user/self", "get">`. */
export type ApiContent<P extends ApiPath, M extends ApiMethod<P>> = ContentOf<paths[P][M]>;

/**
 * The JSON body an operation reads: `ApiBody<"/fiscard/recharge", "post">`. The server's forms
 * are lenient (a missing or null field is a field error, statusCode 102), so every field is
 * optional and most are nullable: `Sent` says what a call always sends.
 */
export type ApiBody<P extends ApiPath, M extends ApiMethod<P>> = paths[P][M] extends {
  readonly requestBody?: infer Body;
}
  ? Json<NonNullable<Body>>
  : never;

/** The query an operation reads: `ApiQuery<"/fiscard/history", "get">`. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod<P>> = paths[P][M] extends {
  readonly parameters: { readonly query?: infer Query };
}
  ? NonNullable<Query>
  : never;

/** The fields `Keys` of request body `Body`, each present and not null: what a call always sends. */
export type Sent<Body, Keys extends keyof Body> = { readonly [Key in Keys]-?: NonNullable<Body[Key]> };

/**
 * One page of a list call (SPEC §7): the document's `Page`, which each list operation inlines
 * with its own items (`ApiListItem<"/fiscard/list">`). The client makes one of a bare array too.
 */
export interface ApiPage<T> {
  readonly list: readonly T[];
  readonly totalPage: number;
  readonly totalCount: number;
}

/** The paths whose GET answers a page. */
type ApiListPath = {
  [P in ApiPath]: [ContentOf<paths[P]["get"]>] extends [never]
    ? never
    : ContentOf<paths[P]["get"]> extends ApiPage<unknown>
      ? P
      : never;
}[ApiPath];

/** One item of a list operation's page: `ApiListItem<"/fiscard/list">`. */
export type ApiListItem<P extends ApiListPath> = ContentOf<paths[P]["get"]> extends ApiPage<infer Item> ? Item : never;
