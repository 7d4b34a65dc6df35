import useSWRInfinite from "swr/infinite";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/**
 * A card transaction of `GET fiscard/history` (SPEC §3), as the card network reported it:
 * amounts are exact decimal text in the currency beside them, times ms since the epoch.
 */
export type CardTransaction = ApiListItem<"/fiscard/history">;

export const cardHistoryKey = (cardKey: string, pageID: number): ApiKey => [
  "fiscard/history",
  { cardKey, pageID } satisfies ApiQuery<"/fiscard/history", "get">,
];

/** The card's transactions, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useCardHistory(cardKey: string) {
  const client = useApiClient();
  return useSWRInfinite<ApiList<CardTransaction>, ApiError>(
    (index: number) => cardHistoryKey(cardKey, index + 1),
    (key: ApiKey) => readApiList<CardTransaction>(client, key),
    // Loading the next page does not read the first one again; coming back to the screen reads
    // the loaded pages again (the card network and the operators change them meanwhile).
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
}
