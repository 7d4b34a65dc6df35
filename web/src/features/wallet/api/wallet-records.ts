import useSWRInfinite from "swr/infinite";
import type { ApiClient } from "@/lib/api-client";
import type { ApiContent, ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** A deposit or withdrawal of `GET wallet/record`, with its state. */
export type WalletRecord = ApiListItem<"/wallet/record">;

export type RecordType = WalletRecord["type"];

type RecordsQuery = ApiQuery<"/wallet/record", "get">;

/** What the records are filtered by: a coin, a type (each unset: all). */
export interface RecordFilter {
  readonly coinCode?: string;
  readonly type?: RecordType;
}

export const walletRecordsKey = (filter: RecordFilter, pageID: number): ApiKey => [
  "wallet/record",
  { coinCode: filter.coinCode, type: filter.type, pageID } satisfies RecordsQuery,
];

/** The records, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useWalletRecords(filter: RecordFilter) {
  const client = useApiClient();
  return useSWRInfinite<ApiList<WalletRecord>, ApiError>(
    (index: number) => walletRecordsKey(filter, index + 1),
    (key: ApiKey) => readApiList<WalletRecord>(client, key),
    { revalidateFirstPage: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

export const walletRecordKey = (id: string): ApiKey => [`wallet/record/${encodeURIComponent(id)}`];

/** One record (a deposit's confirmations move, so it is read again on each visit). */
export const useWalletRecord = (id: string) =>
  useApi<ApiContent<"/wallet/record/{id}", "get">>(walletRecordKey(id), undefined, { dedupingInterval: 0 });

/** `POST wallet/withdraw/cancel/{id}`: while submitted or under review; amount and fee go back at once. */
export function cancelCryptoWithdrawal(api: ApiClient, id: string) {
  return api.post<ApiContent<"/wallet/withdraw/cancel/{id}", "post">>(`wallet/withdraw/cancel/${encodeURIComponent(id)}`);
}
