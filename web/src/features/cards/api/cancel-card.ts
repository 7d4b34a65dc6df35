import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/**
 * `POST fiscard/cancel {cardKey}`, verified (statusCode 103): the card is cancelled and what is
 * left on it goes back to the USD account. It moves money, so it carries an idempotency key made
 * once per confirmed cancel.
 */
export function cancelCard(api: ApiClient, cardKey: string, idempotencyKey: string) {
  const body: ApiBody<"/fiscard/cancel", "post"> = { cardKey };
  return api.post<ApiContent<"/fiscard/cancel", "post">>("fiscard/cancel", body, { idempotencyKey });
}
