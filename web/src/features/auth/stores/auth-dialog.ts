// Which auth flow the bottom dialog shows, if any. Opened by the header buttons, by the route
// guard (a protected page entered while logged out) and by flows that need a login.
import { createStore } from "@/lib/store";

export type AuthMode = "login" | "register" | "recover";

export interface AuthDialogState {
  readonly mode: AuthMode;
  /** An address to start with (e.g. after a recovery, to log in with it). */
  readonly email?: string;
}

export const authDialog = createStore<AuthDialogState | null>(null);

export function openAuthDialog(mode: AuthMode, email?: string): void {
  authDialog.set({ mode, ...(email !== undefined && { email }) });
}

export function closeAuthDialog(): void {
  authDialog.set(null);
}
