import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** The card, and the USD taken from the USD account as typed; the fee comes out of it. */
export type RechargeInput = Sent<ApiBody<"/fiscard/recharge", "post">, "cardKey" | "amount">;

/** The answer of a recharge: what reached the card, the balances after it and its DEPOSIT order. */
export type RechargeResult = ApiContent<"/fiscard/recharge", "post">;

/**
 * `POST fiscard/recharge {cardKey, amount}`, verified (statusCode 103). `idempotencyKey` is made
 * once per submission and kept for its retries, so a retried recharge moves money once. The form
 * shows a refusal.
 */
export function rechargeCard(api: ApiClient, input: RechargeInput, idempotencyKey: string) {
  return api.post<RechargeResult>("fiscard/recharge", { ...input }, { idempotencyKey, inline: true });
}
