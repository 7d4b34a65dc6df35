// The session token (`Access-Token`), kept in localStorage so a reload stays logged in. Only the
// API client reads it; the login flow stores it and the client drops it when the server says the
// session is dead.
const STORAGE_KEY = "accessToken";

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the token is stored or dropped; returns the unsubscribe. */
export function subscribeSessionToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored token, or null when logged out (or when storage is unavailable). */
export function readSessionToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Storage can be unavailable (privacy modes): the visitor is then simply logged out.
    return null;
  }
}

export function storeSessionToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, token);
  } catch {
    // Without storage the token is lost: requests go out without it, as for a visitor.
  }
  changed();
}

export function clearSessionToken(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  changed();
}
