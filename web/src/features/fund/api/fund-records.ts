import useSWRInfinite from "swr/infinite";
import type { ApiContent, ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** A subscription, redemption, day of interest or maturity of `GET fund/v2/order`. */
export type FundRecord = ApiListItem<"/fund/v2/order">;

/** A record's type, by which the records are filtered. */
export type FundRecordType = FundRecord["type"];

export const fundRecordsKey = (type: FundRecordType | undefined, pageID: number): ApiKey => [
  "fund/v2/order",
  { type, pageID } satisfies ApiQuery<"/fund/v2/order", "get">,
];

/** The records, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useFundRecords(type: FundRecordType | undefined) {
  const client = useApiClient();
  return useSWRInfinite<ApiList<FundRecord>, ApiError>(
    (index: number) => fundRecordsKey(type, index + 1),
    (key: ApiKey) => readApiList<FundRecord>(client, key),
    { revalidateFirstPage: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

export const fundRecordKey = (id: string): ApiKey => [`fund/v2/order/${encodeURIComponent(id)}`];

/** One record (it never changes once made). */
export const useFundRecord = (id: string) =>
  useApi<ApiContent<"/fund/v2/order/{id}", "get">>(fundRecordKey(id), undefined, { revalidateIfStale: false });
