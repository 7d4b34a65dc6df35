import type { ApiClient } from "@/lib/api-client";

export interface RechargeInput {
  readonly cardKey: string;
  /** USD taken from the USD account, as typed; the fee comes out of it. */
  readonly amount: string;
}

/** The answer of a recharge: what reached the card and the balances after it. */
export interface RechargeResult {
  readonly credited: string;
  readonly cardBalance: string;
  readonly availableBalance: string;
}

/**
 * `POST fiscard/recharge {cardKey, amount}`, verified (statusCode 103). `idempotencyKey` is made
 * once per submission and kept for its retries, so a retried recharge moves money once.
 */
export function rechargeCard(api: ApiClient, input: RechargeInput, idempotencyKey: string) {
  return api.post<RechargeResult>("fiscard/recharge", { ...input }, { idempotencyKey });
}
