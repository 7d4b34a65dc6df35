// The route guards of SPEC §2, run after each navigation:
// - the first navigation of a logged-in visit loads the user's own data;
// - entering the account area from outside loads the balances, entering the security area
//   from outside loads the security configuration;
// - direct entry (no previous route) to a protected page while logged out opens the login dialog;
// - a back/forward navigation while a modal is open is cancelled and the modal closes instead;
// - an anchor (#mobile, #basic, …) is scrolled into view once its section is on screen.
// (The interface language is loaded on demand by the I18nProvider.)
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { NavigationType, useBlocker, useLocation, useMatches } from "react-router-dom";
import { useSWRConfig } from "swr";
import { isWithin, paths } from "@/config/paths";
import { balanceKey } from "@/features/account/api/get-balance";
import { openAuthDialog } from "@/features/auth/stores/auth-dialog";
import { securityConfigKey } from "@/features/security/api/get-security-config";
import { selfKey } from "@/features/user/api/get-self";
import { useApiClient, useApiLoader, type ApiKey } from "@/lib/api-provider";
import { closeNewestModal, hasOpenModal } from "@/lib/modal-guard";
import { readSessionToken } from "@/lib/session-token";
import { firstNeeds, isProtectedRoute } from "./route-handle";

/** Brings `#anchor` (e.g. /my/security#mobile, /my/profile#basic) into view once it is on screen. */
function scrollToAnchor(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let tries = 0;
  const timer = setInterval(() => {
    const target = document.getElementById(id);
    tries += 1;
    // (jsdom has no scrollIntoView.)
    if (target) target.scrollIntoView?.({ block: "start" });
    if (target || tries >= 20) clearInterval(timer);
  }, 100);
  return () => clearInterval(timer);
}

const entered = (from: string | null, to: string, area: string) =>
  isWithin(to, area) && (from === null || !isWithin(from, area));

/**
 * What a logged-in user's navigation from `from` (null: the visit's first page) to `to` loads:
 * the user's own data first, the balances on entering the account area, the security
 * configuration on entering the security area.
 */
export function readsOnEntering(from: string | null, to: string): ApiKey[] {
  const reads: ApiKey[] = [];
  if (from === null) reads.push(selfKey);
  if (entered(from, to, paths.account)) reads.push(balanceKey);
  if (entered(from, to, paths.security)) reads.push(securityConfigKey);
  return reads;
}

/** How long the first page waits for the first navigation's reads at most (`useRouteGuards`). */
export const FIRST_READS_WAIT_MS = 2_000;

/**
 * Runs the guards; answers whether the page may render. On the first navigation of a logged-in
 * visit it may once that navigation's reads (`readsOnEntering`) and the page's own (its routes'
 * `handle.reads`), which src/boot.tsx asked for as the app started, are in the cache, or
 * FIRST_READS_WAIT_MS have passed: the page then renders
 * with its data in one concurrent render, instead of rendering empty and again, all at once,
 * when the data arrives. A read that arrives later lands when it arrives; a refused one is left
 * to the screens that read it.
 */
export function useRouteGuards(): { readonly pageReady: boolean } {
  const { pathname, hash } = useLocation();
  const matches = useMatches();
  const load = useApiLoader();
  const client = useApiClient();
  const { mutate, cache } = useSWRConfig();
  const previous = useRef<string | null>(null);
  const [firstReadsDone, setFirstReadsDone] = useState(() => readSessionToken() === null);

  // A layout effect: it runs in the same commit as the screens' SWR hooks start their reads,
  // so a guard and a screen loading the same key share one request.
  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const loggedIn = readSessionToken() !== null;
    if (!loggedIn) {
      if (from === null && isProtectedRoute(matches)) openAuthDialog("login");
      return;
    }
    const loads: Promise<unknown>[] = readsOnEntering(from, pathname).map(load);
    if (from === null) {
      const pageReads = firstNeeds(matches.map((match) => match.handle)).reads;
      loads.push(...pageReads.map((read) => read.load(client, { mutate, cache })));
      const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS));
      void Promise.race([Promise.all(loads), timeout]).then(() => startTransition(() => setFirstReadsDone(true)));
    }
    // Only a change of page counts, not the matches of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // The page of an anchor may still be loading (a lazy chunk, its data): look for it a while,
  // from when the page may render.
  useEffect(() => (hash && firstReadsDone ? scrollToAnchor(hash) : undefined), [pathname, hash, firstReadsDone]);

  const blocker = useBlocker(({ historyAction }) => historyAction === NavigationType.Pop && hasOpenModal());
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    closeNewestModal();
    blocker.reset();
  }, [blocker]);

  return { pageReady: firstReadsDone };
}
