import { use, useEffect, useState } from "react";

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

/**
 * The module once it has loaded, `undefined` before: for a page that must show without waiting
 * for it (the landing page), fetched after the component first renders.
 */
export function useLoadedDomain(): Domain | undefined {
  const [domain, setDomain] = useState<Domain>();
  useEffect(() => {
    let shown = true;
    loadDomain().then(
      (loaded) => {
        if (shown) setDomain(loaded);
      },
      // Offline: the page keeps what it shows without the module.
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
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
