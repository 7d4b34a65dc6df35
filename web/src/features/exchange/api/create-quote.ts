import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST exchange/quote`'s answer: a quote bound to the user, both amounts fixed, until `expiresAt`. */
export type ExchangeQuote = ApiContent<"/exchange/quote", "post">;

/** What a quote asks for: both assets and exactly one of the two amounts, as typed. */
export type QuoteInput = ApiBody<"/exchange/quote", "post">;

/**
 * `POST exchange/quote`: the quote shows in place (no success notice, also for the renewal every
 * few seconds); the form shows a refusal (field errors under the fields, stale prices above its
 * button).
 */
export function createQuote(api: ApiClient, input: QuoteInput) {
  return api.post<ExchangeQuote>("exchange/quote", { ...input }, { inline: true, silent: true });
}
