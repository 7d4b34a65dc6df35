// The entry: as small as a script can be, so the browser paints index.html's boot header before
// it evaluates the app (React, Chakra, the shell: a long task on a phone). index.html preloads
// the app's chunks (vite.config.ts), so they download meanwhile; this waits until the header
// has been painted, then starts the app.
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/**
 * Lets the browser run what is waiting (input, a paint) before the next step. (src/boot.tsx has
 * its own: a module both imported would be a chunk this entry imports, which the build refuses.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // React with its router, then Chakra, then the rest of the app: each chunk is evaluated in a
  // task of its own instead of all of them in one long task (an `import()` of code already
  // downloaded is evaluated in the same task as the one before it, hence the waits).
  void import("./react-stage")
    .then(nextTask)
    .then(() => import("./chakra-stage"))
    .then(nextTask)
    .then(() => import("./boot"))
    .then(({ boot }) => boot(root));
};

// Once the browser reports the first contentful paint (the header's text on screen); where it
// reports none (an older browser, a page opened in the background, which draws nothing), after
// a short wait all the same.
if (PerformanceObserver.supportedEntryTypes.includes("paint")) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
}
setTimeout(start, 200);
