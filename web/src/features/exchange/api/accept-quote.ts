import type { ApiClient } from "@/lib/api-client";
import type { ApiContent } from "@/lib/api-schema";

/** A swap made: both amounts, the fee and spread taken, the rates it was made at, its time. */
export type ExchangeSwap = ApiContent<"/exchange/swap", "post">;

/**
 * `POST exchange/swap`: accepts a quote once (a second accept answers the first swap). The swap
 * made shows in place, with no notice; an expired quote is refused with statusCode 112 and a
 * fresh quote as its content, which the screen offers.
 */
export function acceptQuote(api: ApiClient, quoteId: string) {
  return api.post<ExchangeSwap>("exchange/swap", { quoteId }, { inline: true, silent: true });
}
