import { use } from "react";

/** The wasm build of crates/domain: every validation rule, mask, fee and constant. */
export type Domain = typeof import("domain-wasm");

let loading: Promise<Domain> | undefined;

/**
 * Loads the wasm module once, on first use, so a page that never validates never waits for it.
 * A failed load (e.g. network) is forgotten, so the next call tries again.
 */
export function loadDomain(): Promise<Domain> {
  loading ??= import("domain-wasm").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The loaded module for rendering; suspends the component until it is ready. */
export function useDomain(): Domain {
  return use(loadDomain());
}
