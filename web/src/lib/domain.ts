import binaryUrl from "domain-wasm-binary?url";
import { use, useEffect, useState } from "react";

/** The wasm build of crates/domain: every validation rule, mask, fee and constant. */
export type Domain = typeof import("domain-wasm");

/** The module's promise, marked once it has loaded (see loadDomain). */
type Loading = Promise<Domain> & { status?: "fulfilled"; value?: Domain };

let loading: Loading | undefined;

/**
 * Loads the wasm module once, on first use, so a page that never validates never waits for it.
 * A failed load (e.g. network) is forgotten, so the next call tries again.
 */
export function loadDomain(): Promise<Domain> {
  if (loading) return loading;
  preloadBinary();
  const promise: Loading = import("domain-wasm").then(
    (domain) => {
      // Marked as React's `use` marks a promise it has waited for, so that a component reading
      // the module after it has loaded (useDomain) renders at once instead of suspending once.
      promise.status = "fulfilled";
      promise.value = domain;
      return domain;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  loading = promise;
  return promise;
}

/**
 * Starts the binary's download with the glue's: the glue fetches it only once it has loaded and
 * run, a round trip later. (`fetch(url)` as the glue calls it: a same-origin CORS request.)
 */
function preloadBinary(): void {
  if (typeof document === "undefined" || document.querySelector(`link[href="${binaryUrl}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous";
  link.href = binaryUrl;
  document.head.append(link);
}

/** The module if it has loaded already, else undefined (never starts loading it). */
function loadedDomain(): Domain | undefined {
  return loading?.value;
}

/** The loaded module for rendering; suspends the component until it is ready. */
export function useDomain(): Domain {
  return use(loadDomain());
}

/** Runs `task` once the browser is idle (the page has shown); returns its cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * When a screen that shows without the module has it fetched: after the component first renders
 * ("now"), once the browser is idle, for a screen that needs it only for a detail (the masked
 * e-mail), so it does not compete with the page's own code and data ("when-idle"), or not until
 * the screen says so ("not-yet", e.g. no e-mail to mask yet).
 */
export type DomainFetch = "now" | "when-idle" | "not-yet";

/**
 * The module once it has loaded, `undefined` before: for a screen that must show without waiting
 * for it (the landing page, the card list while its cards load).
 */
export function useLoadedDomain(fetch: DomainFetch = "now"): Domain | undefined {
  const [domain, setDomain] = useState<Domain | undefined>(loadedDomain);
  useEffect(() => {
    if (domain || fetch === "not-yet") return undefined;
    let shown = true;
    const load = () =>
      void loadDomain().then(
        (loaded) => {
          if (shown) setDomain(loaded);
        },
        // Offline: the page keeps what it shows without the module.
        () => undefined,
      );
    const cancel = fetch === "when-idle" ? whenIdle(load) : undefined;
    if (fetch === "now") load();
    return () => {
      shown = false;
      cancel?.();
    };
  }, [domain, fetch]);
  return domain;
}

/**
 * An API amount (exact decimal text, "1234.5" or "-12.00") as SPEC §5 shows amounts: thousands
 * separators, by the domain's formatter. Text that is not an amount shows as it is.
 */
export function formatMoney(domain: Domain, text: string): string {
  const scale = text.split(".")[1]?.length ?? 0;
  const minor = domain.parseAmount(text, scale);
  return minor === undefined ? text : domain.formatAmount(minor, scale);
}
