import useSWRInfinite from "swr/infinite";
import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, ApiListItem, ApiQuery, Sent } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** `GET fund/investor/withdrawal/config`: the fee, the limits and what they leave, each account's payout state. */
export type WithdrawalTerms = ApiContent<"/fund/investor/withdrawal/config", "get">;

/** A saved account's payout state in the terms. */
export type DestinationState = WithdrawalTerms["destinations"][number];

/** A USD withdrawal of `GET fund/investor/withdrawal/select`. */
export type Withdrawal = ApiListItem<"/fund/investor/withdrawal/select">;

/** The account and the USD taken from the USD account as typed; the fee comes out of it. */
export type WithdrawalInput = Sent<ApiBody<"/fund/investor/withdrawal/create", "post">, "bankAccountId" | "amount">;

export const withdrawalTermsKey: ApiKey = ["fund/investor/withdrawal/config"];

/** The terms, read again on each visit (the limits left move with every withdrawal). */
export const useWithdrawalTerms = () => useApi<WithdrawalTerms>(withdrawalTermsKey, undefined, { dedupingInterval: 0 });

export const withdrawalsKey = (pageID: number): ApiKey => [
  "fund/investor/withdrawal/select",
  { pageID } satisfies ApiQuery<"/fund/investor/withdrawal/select", "get">,
];

/** The user's withdrawals, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useWithdrawals() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<Withdrawal>, ApiError>(
    (index: number) => withdrawalsKey(index + 1),
    (key: ApiKey) => readApiList<Withdrawal>(client, key),
    { revalidateFirstPage: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/**
 * `POST fund/investor/withdrawal/create`, verified (statusCode 103). `idempotencyKey` is made once
 * per submission and kept for its retries, so a retried withdrawal moves money once. The form
 * shows a refusal.
 */
export function withdraw(api: ApiClient, input: WithdrawalInput, idempotencyKey: string) {
  return api.post<ApiContent<"/fund/investor/withdrawal/create", "post">>(
    "fund/investor/withdrawal/create",
    { ...input },
    { idempotencyKey, inline: true },
  );
}

/** `POST fund/investor/withdrawal/cancel/{id}`: until it is sent; the amount goes back at once. */
export function cancelWithdrawal(api: ApiClient, id: string) {
  return api.post<ApiContent<"/fund/investor/withdrawal/cancel/{id}", "post">>(
    `fund/investor/withdrawal/cancel/${encodeURIComponent(id)}`,
  );
}
