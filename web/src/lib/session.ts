import { useSyncExternalStore } from "react";
import { readSessionToken, subscribeSessionToken } from "./session-token";

/** Whether a session token is held (the user counts as logged in until the server says not). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSessionToken, readSessionToken, readSessionToken) !== null;
}
