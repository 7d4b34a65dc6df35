import useSWRInfinite from "swr/infinite";
import type { ApiContent, ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** One swap of `GET exchange/swaps`. */
export type SwapItem = ApiListItem<"/exchange/swaps">;

/** How many swaps a page of the history holds. */
export const SWAPS_PAGE_SIZE = 10;

export const exchangeSwapsKey = (pageID: number): ApiKey => [
  "exchange/swaps",
  { pageID, pageSize: SWAPS_PAGE_SIZE } satisfies ApiQuery<"/exchange/swaps", "get">,
];

/** The user's swaps, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useExchangeSwaps() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<SwapItem>, ApiError>(
    (index: number) => exchangeSwapsKey(index + 1),
    (key: ApiKey) => readApiList<SwapItem>(client, key),
    { revalidateFirstPage: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

export const exchangeSwapKey = (id: string): ApiKey => [`exchange/swaps/${encodeURIComponent(id)}`];

/** One swap (it never changes once made). */
export const useExchangeSwap = (id: string) =>
  useApi<ApiContent<"/exchange/swaps/{id}", "get">>(exchangeSwapKey(id), undefined, { revalidateIfStale: false });
