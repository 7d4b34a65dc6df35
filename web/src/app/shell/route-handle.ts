import type { UIMatch } from "react-router-dom";
import type { MessageKey } from "@/lib/locale";
import type { PageRead } from "@/lib/page-read";

/** What a route declares about itself in its `handle`. */
export interface RouteHandle {
  /** Needs a login: direct entry while logged out opens the login dialog. */
  readonly protected?: boolean;
  /**
   * What the page reads as it opens: on a visit that starts on it, logged in, these are asked
   * for while the app starts (src/boot.tsx) and loaded before the page first renders (the route
   * guards) instead of once it has rendered.
   */
  readonly reads?: readonly PageRead[];
  /**
   * Shows nothing until the wasm module has loaded (amounts, forms): on a visit that starts on
   * it, the module is fetched while the app starts. Elsewhere it is fetched when first needed,
   * after the page has shown, so it does not compete with the page's own code.
   */
  readonly usesDomain?: boolean;
  /**
   * Shows nothing until the markets wasm module (wallet, exchange, fund) has loaded too: on a
   * visit that starts on it, that module is fetched while the app starts, beside the core one.
   */
  readonly usesMarkets?: boolean;
  /** The page's title (WCAG 2.4.2), in the user's language: "<title> · fiscard". */
  readonly title?: MessageKey;
}

/**
 * What the matched routes' handles (`matchRoutes(…).map((m) => m.route.handle)` before the router
 * exists, `useMatches().map((m) => m.handle)` after) say their page needs first: its reads, and
 * whether the wasm modules.
 */
export function firstNeeds(handles: readonly unknown[]): {
  readonly reads: PageRead[];
  readonly usesDomain: boolean;
  readonly usesMarkets: boolean;
} {
  const declared = handles.map((handle) => (handle ?? {}) as RouteHandle);
  return {
    reads: declared.flatMap((handle) => handle.reads ?? []),
    usesDomain: declared.some((handle) => handle.usesDomain === true),
    usesMarkets: declared.some((handle) => handle.usesMarkets === true),
  };
}

export function isProtectedRoute(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.protected === true);
}

/** The title of the deepest matched route that names one. */
export function pageTitle(matches: readonly UIMatch[]): MessageKey | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title !== undefined) return title;
  }
  return undefined;
}
