import type { ApiClient } from "@/lib/api-client";

/**
 * `POST fiscard/cancel {cardKey}`, verified (statusCode 103): the card is cancelled and what is
 * left on it goes back to the USD account. It moves money, so it carries an idempotency key made
 * once per confirmed cancel.
 */
export function cancelCard(api: ApiClient, cardKey: string, idempotencyKey: string) {
  return api.post<unknown>("fiscard/cancel", { cardKey }, { idempotencyKey });
}
