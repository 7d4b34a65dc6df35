import useSWRInfinite from "swr/infinite";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/**
 * A card order of `GET fiscard/order` (SPEC §3): `type` DEPOSIT (a recharge) or CANCEL, `status`
 * the numeric code of SPEC §4, amounts exact decimal text in `currency`, times ms since the epoch.
 */
export type CardOrder = ApiListItem<"/fiscard/order">;

export const ordersKey = (pageID: number): ApiKey => [
  "fiscard/order",
  { pageID } satisfies ApiQuery<"/fiscard/order", "get">,
];

/** The user's card orders, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useOrders() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<CardOrder>, ApiError>(
    (index: number) => ordersKey(index + 1),
    (key: ApiKey) => readApiList<CardOrder>(client, key),
    // Loading the next page does not read the first one again; coming back to the screen reads
    // the loaded pages again (the card network and the operators change them meanwhile).
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
}
