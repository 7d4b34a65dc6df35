import { useState } from "react";
import { useSWRConfig, type Cache } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";
import type { PageRead } from "@/lib/page-read";

/**
 * A card of `GET fiscard/list` (SPEC §3): amounts are exact decimal text in the card's currency,
 * rates are fractions ("0.01" is 1%), times ms since the epoch.
 */
export type Card = ApiListItem<"/fiscard/list">;

export const cardsKey = (pageID: number): ApiKey => [
  "fiscard/list",
  { pageID } satisfies ApiQuery<"/fiscard/list", "get">,
];

/** The key of the list's `index`th page (from 0), as useSWRInfinite asks for it. */
const pageKey = (index: number) => cardsKey(index + 1);

/**
 * How long a first page loaded ahead (`firstCardsPage`) counts as just read: the list mounting
 * within it does not read it again. (SWR's own deduplication interval.)
 */
const LOADED_AHEAD_FRESH_MS = 2_000;

/** When the first page was loaded ahead into each cache. */
const loadedAhead = new WeakMap<Cache, number>();

/**
 * The list's first page, read before the card account first renders (a visit that starts on
 * it: src/app/router.tsx), into the cache the way `useCards` keeps its pages.
 */
export const firstCardsPage: PageRead = {
  key: pageKey(0),
  load: async (client, { mutate, cache }) => {
    try {
      const page = await readApiList<Card>(client, pageKey(0));
      // (A network error is left to the list, which asks again as it mounts.)
      if (page.networkError) return;
      // useSWRInfinite keeps each page under its own key and the list of pages under its key.
      await mutate(pageKey(0), page, { revalidate: false });
      await mutate(unstable_serialize(pageKey), [page], { revalidate: false });
      loadedAhead.set(cache, Date.now());
    } catch {
      // The list shows the refusal when it reads the page itself.
    }
  },
};

/**
 * The user's cards, newest first, a page at a time: `setSize(size + 1)` loads the next page and
 * `mutate()` reads every loaded page again (after a recharge, a freeze or a cancel).
 */
export function useCards() {
  const client = useApiClient();
  const { cache } = useSWRConfig();
  const [justLoadedAhead] = useState(
    () => Date.now() - (loadedAhead.get(cache) ?? Number.NEGATIVE_INFINITY) < LOADED_AHEAD_FRESH_MS,
  );
  return useSWRInfinite<ApiList<Card>, ApiError>(
    pageKey,
    (key: ApiKey) => readApiList<Card>(client, key),
    // Loading the next page does not read the first one again; coming back to the screen reads
    // the loaded pages again (the card network and the operators change them meanwhile), but
    // for a first page loaded ahead a moment ago.
    { revalidateFirstPage: false, revalidateOnMount: !justLoadedAhead },
  );
}
