import type { CreateToasterReturn } from "@chakra-ui/react";
import type { LiveText } from "@/lib/live-text";
import { translate } from "@/lib/locale";

/** A toast as the app shows them. */
export interface ToastOptions {
  readonly type: "success" | "error" | "warning" | "info";
  /** A fixed text, or one that follows the interface language while the toast is up. */
  readonly title: string | LiveText;
  readonly description?: string;
}

/** What the store keeps: the title as text, and a text that follows the language as `meta.text`. */
interface StoredToast {
  readonly type: ToastOptions["type"];
  readonly title: string;
  readonly description?: string;
  readonly meta?: { readonly text: LiveText };
}

function stored({ title, ...rest }: ToastOptions): StoredToast {
  if (typeof title === "string") return { ...rest, title };
  const text = title.kind === "catalogue" ? translate(title.key, title.params) : title.text;
  return { ...rest, title: text, meta: { text: title } };
}

let store: Promise<CreateToasterReturn> | undefined;
let asked = false;
const listeners = new Set<() => void>();
/** Toasts asked for before the store has loaded, in order (kept while a fetch fails). */
const waiting: StoredToast[] = [];

/**
 * Chakra's toast store (`toast-list.tsx`: Zag's state machine, a fifth of Chakra's code a first
 * visit would run), fetched with the app's first toast rather than with every page, which shows
 * none as it loads. A failed fetch is forgotten, so the next toast tries again.
 */
export function toastStore(): Promise<CreateToasterReturn> {
  store ??= import("./toast-list").then(
    (module) => module.toastStore,
    (error: unknown) => {
      store = undefined;
      throw error;
    },
  );
  return store;
}

/** The app's one toast queue: `toaster.create({ type, title, description })`. */
export const toaster = {
  /**
   * Shows a toast once the store has loaded; toasts keep the order they were asked in, and wait
   * for the next toast's try when the store could not be fetched (offline).
   */
  create(options: ToastOptions): void {
    asked = true;
    for (const listener of listeners) listener();
    waiting.push(stored(options));
    toastStore().then(
      (loaded) => {
        for (const next of waiting.splice(0)) loaded.create(next);
      },
      () => undefined,
    );
  },
  /** Whether a toast has been asked for (the toast list is mounted from then on). */
  hasToasts(): boolean {
    return asked;
  },
  /** Calls `listener` on every toast asked for; returns its unsubscribe. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
