import useSWRInfinite from "swr/infinite";
import type { ApiContent, ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** A subscription, redemption, day of interest or maturity of `GET fund/v2/order`. */
export type FundRecord = ApiListItem<"/fund/v2/order">;

/** The types the records are filtered by. */
export type FundRecordFilter = NonNullable<ApiQuery<"/fund/v2/order", "get">["type"]>;

export const fundRecordsKey = (type: FundRecordFilter | undefined, pageID: number): ApiKey => [
  "fund/v2/order",
  { type, pageID } satisfies ApiQuery<"/fund/v2/order", "get">,
];

/** The records, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useFundRecords(type: FundRecordFilter | undefined) {
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
