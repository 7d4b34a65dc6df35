import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { matchRoutes } from "react-router-dom";
import { App, createAppRouter } from "@/app";
import { routes } from "@/app/router";
import { firstNeeds } from "@/app/shell/route-handle";
import { readsOnEntering } from "@/app/shell/use-route-guards";
import { appSystem } from "@/config/theme";
import { sendEarly } from "@/lib/api-request";
import { loadDomain, loadMarkets } from "@/lib/domain";
import { readSessionToken } from "@/lib/session-token";

/** Lets the browser run what is waiting (input, a paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in `root` (index.html's, with the boot header in it until the first commit).
 * Each step is a task of its own, so that none blocks the page for long: this module's code
 * has just been evaluated; then the first page's data is asked for, the theme built, the router
 * created, and the app rendered in slices.
 */
export async function boot(root: HTMLElement): Promise<void> {
  await nextTask();
  const { pathname } = window.location;
  const matches = matchRoutes(routes, pathname) ?? [];
  if (readSessionToken() !== null) {
    // What the first page needs, asked for now, while the app renders, instead of once it has:
    // the route guards' reads and the page's own, and the wasm modules if it shows nothing
    // without them (a failure here is retried by the first screen that needs it).
    const needs = firstNeeds(matches.map((match): unknown => match.route.handle));
    const keys = [...readsOnEntering(null, pathname), ...needs.reads.map((read) => read.key)];
    for (const [path, query] of keys) sendEarly(path, query);
    await nextTask();
    if (needs.usesDomain) loadDomain().catch(() => undefined);
    if (needs.usesMarkets) loadMarkets().catch(() => undefined);
  }
  await nextTask();
  // The first page's code, asked for now rather than once the router exists (which asks for the
  // same modules: one download), in a task of its own: index.html has preloaded it, so it is
  // evaluated as soon as it is asked for.
  for (const { route } of matches) if (typeof route.lazy === "function") void route.lazy().catch(() => undefined);
  await nextTask();
  appSystem();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The first render as a transition: React renders the app in slices, yielding to the browser
  // between them, instead of one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
