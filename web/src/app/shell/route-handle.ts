import type { UIMatch } from "react-router-dom";

/** What a route declares about itself in its `handle`. */
export interface RouteHandle {
  /** Needs a login: direct entry while logged out opens the login dialog. */
  readonly protected?: boolean;
}

export function isProtectedRoute(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.protected === true);
}
