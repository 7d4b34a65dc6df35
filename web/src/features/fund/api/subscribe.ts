import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** The record a subscription or a redemption made. */
export type FundOrder = ApiContent<"/subscribe", "post">;

/** What a subscription always sends: the product, where the money comes from, the amount. */
export type SubscribeInput = Sent<ApiBody<"/subscribe", "post">, "productId" | "source" | "amount">;

/**
 * `POST subscribe`, verified (statusCode 103, the trade factors); a closed gate (105–108) is
 * prompted by the client. `idempotencyKey` is made once per attempt and kept for its retries, so
 * a retried subscription moves money once. The dialog shows a refusal.
 */
export function subscribe(api: ApiClient, input: SubscribeInput, idempotencyKey: string) {
  return api.post<FundOrder>("subscribe", { ...input }, { inline: true, idempotencyKey });
}
