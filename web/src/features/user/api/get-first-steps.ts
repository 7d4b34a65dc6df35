import { useState } from "react";
import { useSWRConfig, type Cache } from "swr";
import type { ApiContent } from "@/lib/api-schema";
import { readApi, useApi, type ApiKey } from "@/lib/api-provider";
import type { PageRead } from "@/lib/page-read";

/** `GET user/firstSteps`: the new user's checklist, each step ticked from the user's state. */
export type FirstSteps = ApiContent<"/user/firstSteps", "get">;
export type FirstStepName = FirstSteps["steps"][number]["step"];

export const firstStepsKey: ApiKey = ["user/firstSteps"];

/**
 * How long the steps loaded ahead (`firstStepsRead`) count as just read: the checklist mounting
 * within it does not read them again. (SWR's own deduplication interval.)
 */
const LOADED_AHEAD_FRESH_MS = 2_000;

/** When the steps were loaded ahead into each cache. */
const loadedAhead = new WeakMap<Cache, number>();

/**
 * The first steps, read before the account area first renders (a visit that starts in it:
 * src/app/router.tsx), so the checklist shows with the page instead of a request later, as the
 * page's largest text.
 */
export const firstStepsRead: PageRead = {
  key: firstStepsKey,
  load: async (client, { mutate, cache }) => {
    try {
      await mutate(firstStepsKey, readApi<FirstSteps>(client, firstStepsKey), { revalidate: false });
      loadedAhead.set(cache, Date.now());
    } catch {
      // The checklist reads them again as it mounts (it shows nothing without them).
    }
  },
};

/** The first steps; read again whenever the account area shows another page (`pathname`). */
export function useFirstSteps() {
  const { cache } = useSWRConfig();
  const [justLoadedAhead] = useState(
    () => Date.now() - (loadedAhead.get(cache) ?? Number.NEGATIVE_INFINITY) < LOADED_AHEAD_FRESH_MS,
  );
  // Read as the checklist mounts, but for steps loaded ahead a moment ago.
  return useApi<FirstSteps>(firstStepsKey, { silent: true }, { revalidateOnMount: !justLoadedAhead, keepPreviousData: true });
}
