import useSWRInfinite from "swr/infinite";
import type { ApiContent, ApiListItem } from "@/lib/api-schema";
import { readApiList, useApi, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** One swap of `GET exchange/swaps`. */
export type SwapItem = ApiListItem<"/exchange/swaps">;

/** How many swaps a page of the history holds. */
export const SWAPS_PAGE_SIZE = 10;

export const exchangeSwapsKey = (page: number): ApiKey => ["exchange/swaps", { page, size: SWAPS_PAGE_SIZE }];

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
