import coreBinaryUrl from "domain-wasm-binary?url";
import marketsBinaryUrl from "domain-markets-binary?url";
import { startTransition, use, useEffect, useState } from "react";

/**
 * The wasm build of crates/domain, in three modules built from the one crate: the core module
 * (Domain: every validation rule of sign-up, security, bank accounts, withdrawals and cards,
 * masks, fees, money formatting, gates, constants) that the account pages load, the identity
 * module (Identity: the basic identity, investor, AML and QI forms, the questionnaires' questions,
 * the uploads' checks) that only the profile page loads, and the markets module (Markets: crypto
 * addresses, exchange and fund previews, their forms) that only the wallet, exchange and fund
 * pages load. Which module checks a form is the domain's (`formModule`). The identity module's
 * loader is in identity-module.ts, which only its users import, so the app's first chunks do not
 * carry it.
 */
export type Domain = typeof import("domain-wasm");
export type Markets = typeof import("domain-markets");

/** A module's promise, marked once it has loaded (see `loader`). */
type Loading<M> = Promise<M> & { status?: "fulfilled"; value?: M };

/** One module's loader: `load` imports it once, on first use; `loaded` is it once it has loaded. */
export interface Loader<M> {
  readonly load: () => Promise<M>;
  readonly loaded: () => M | undefined;
}

/**
 * The loader of the module `importModule` imports, whose binary is `binaryUrl`. A failed load
 * (e.g. network) is forgotten, so the next call tries again.
 */
export function loader<M>(importModule: () => Promise<M>, binaryUrl: string): Loader<M> {
  let loading: Loading<M> | undefined;
  return {
    load: () => {
      if (loading) return loading;
      preloadBinary(binaryUrl);
      const promise: Loading<M> = importModule().then(
        (module) => {
          // Marked as React's `use` marks a promise it has waited for, so that a component reading
          // the module after it has loaded (useDomain) renders at once instead of suspending once.
          promise.status = "fulfilled";
          promise.value = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      loading = promise;
      return promise;
    },
    loaded: () => loading?.value,
  };
}

/**
 * Starts a binary's download with its glue's: the glue fetches it only once it has loaded and
 * run, a round trip later. (`fetch(url)` as the glue calls it: a same-origin CORS request.) Once
 * per load: `loader` asks again only after a failed one.
 */
function preloadBinary(binaryUrl: string): void {
  if (typeof document === "undefined") return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous";
  link.href = binaryUrl;
  document.head.append(link);
}

const core = loader(() => import("domain-wasm"), coreBinaryUrl);
const markets = loader(() => import("domain-markets"), marketsBinaryUrl);

/** Loads the core module once, on first use, so a page that never validates never waits for it. */
export function loadDomain(): Promise<Domain> {
  return core.load();
}

/** Loads the markets module once, on first use: only the wallet, exchange and fund pages ask for it. */
export function loadMarkets(): Promise<Markets> {
  return markets.load();
}

/** The loaded core module for rendering; suspends the component until it is ready. */
export function useDomain(): Domain {
  return use(loadDomain());
}

/** The loaded markets module for rendering; suspends the component until it is ready. */
export function useMarkets(): Markets {
  return use(loadMarkets());
}

/**
 * Runs `task` once the frame showing the current commit is on screen: in the animation frame
 * after it; returns its cancel.
 */
function afterPaint(task: () => void): () => void {
  let frame = window.requestAnimationFrame(() => {
    frame = window.requestAnimationFrame(task);
  });
  return () => window.cancelAnimationFrame(frame);
}

/**
 * Runs `task` once the frame showing the current commit is on screen and the browser is idle after
 * it (the work that frame started, the page's other effects, done), or where it cannot say
 * (Safari) a frame later; returns its cancel.
 */
function whenIdle(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelPaint = afterPaint(() => {
    if (typeof window.requestIdleCallback !== "function") {
      cancelIdle = afterPaint(task);
      return;
    }
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    cancelIdle = () => window.cancelIdleCallback(id);
  });
  return () => {
    cancelPaint();
    cancelIdle?.();
  };
}

/**
 * When a screen that shows without the module has it fetched: once its first commit is on screen
 * and the browser is idle after it ("when-idle"), so that its download does not compete with the
 * page's own code, data and paint, or not until the screen says so ("not-yet", e.g. no e-mail to
 * mask yet). (Asked for in the animation frame after the commit, as the card account and the
 * landing page did, it could start a few milliseconds before that frame was on screen and, on a
 * busy machine, arrive before it: Lighthouse then counts its 86 KB in the largest paint's network,
 * and the card account's simulated LCP of 2.7 s becomes 2.9–3.5 s.)
 */
export type DomainFetch = "when-idle" | "not-yet";

/**
 * The module once it has loaded, `undefined` before: for a screen that must show without waiting
 * for it (the landing page, the card list while its cards load).
 */
export function useLoadedDomain(fetch: DomainFetch = "when-idle"): Domain | undefined {
  const [domain, setDomain] = useState<Domain | undefined>(core.loaded);
  useEffect(() => {
    if (domain || fetch === "not-yet") return undefined;
    let shown = true;
    const load = () =>
      void loadDomain().then(
        (loaded) => {
          // A transition: the texts the module fills in are not urgent, and React renders them
          // in slices instead of one long task (the landing page's offers and form, the header).
          if (shown) startTransition(() => setDomain(loaded));
        },
        // Offline: the page keeps what it shows without the module.
        () => undefined,
      );
    const cancel = whenIdle(load);
    return () => {
      shown = false;
      cancel();
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
