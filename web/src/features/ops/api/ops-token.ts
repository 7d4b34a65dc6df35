// The operator session's token (`Ops-Token`), kept in sessionStorage: it lives as long as the
// tab, never in a user's storage (a user's `Access-Token` is in localStorage, lib/session-token.ts),
// and only the console's client reads it.
const STORAGE_KEY = "opsToken";

export function readOpsToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Storage can be unavailable (privacy modes): the operator is then simply logged out.
    return null;
  }
}

export function storeOpsToken(token: string): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, token);
  } catch {
    // Without storage the token is lost: the next request answers 101 and the login shows.
  }
}

export function clearOpsToken(): void {
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
