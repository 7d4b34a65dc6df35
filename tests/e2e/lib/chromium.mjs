// Debian's Chromium and the flags it needs here, for the journeys (playwright-core) and for
// Lighthouse in `make bench` alike. No dependencies, so either can import it.

/** Debian's package (scripts/install-e2e.sh); CHROME_PATH overrides it. */
export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Without these the sandboxed, offline machine refuses connections or hangs on start. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
