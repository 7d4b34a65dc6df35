import { createContext, use } from "react";
import type { OpsSession } from "../api/login";

/** The console's session as its pages see it: whether there is one, and how to start or end it. */
export interface OpsSessionState {
  readonly signedIn: boolean;
  /** Keeps the token (sessionStorage) and the operator, then goes to `to` (default: the console). */
  readonly signIn: (session: OpsSession, to?: string) => void;
  /** Ends the session on the server and here, then shows the login. */
  readonly signOut: () => Promise<void>;
}

export const OpsSessionContext = createContext<OpsSessionState | null>(null);

export function useOpsSession(): OpsSessionState {
  const session = use(OpsSessionContext);
  if (!session) throw new Error("useOpsSession() must be used inside the console's layout");
  return session;
}
