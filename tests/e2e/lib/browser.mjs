// Debian's headless Chromium driven by playwright-core, the two viewports every journey runs
// at, and screenshots of each screen under tests/e2e/screenshots/ (not committed).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";
import { moveClock, ROOT } from "./server.mjs";

/** The desktop and phone widths of SPEC §2 (mobile is under 768 px). */
export const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: "mobile", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];

export const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A fresh context (no storage) at `device` (one of VIEWPORTS) on `baseUrl`. `errors` collects
 * the page's uncaught errors, `console` what it logged as errors, `trail` its last navigations
 * and clicks (shown when a journey fails). When the server has a test clock, the page's `Date`
 * follows it (`followServerClock`).
 */
export async function newPage(browser, device, baseUrl) {
  const { name, ...options } = device;
  const context = await browser.newContext({ ...options, baseURL: baseUrl, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  if ((await moveClock(baseUrl, 0)) !== undefined) await context.addInitScript(followServerClock);
  const page = await context.newPage();
  const errors = [];
  const console = [];
  const trail = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => {
    if (message.type() === "error") console.push(message.text());
    else if (message.type() === "debug" && message.text().startsWith(TRAIL)) {
      trail.push(message.text().slice(TRAIL.length));
      if (trail.length > 40) trail.shift();
    }
  });
  await context.addInitScript(recordTrail, TRAIL);
  return { context, page, errors, console, trail };
}

/**
 * Runs in the page before its own scripts, when the server has a test clock: `Date` reads the
 * server's time (the system's, plus how far the journey moved the server), so the page's
 * countdowns end when the server's do. Only `Date` moves: timers and animation frames stay
 * the browser's own, so the page runs as it would for a person. `Journey.moveTime` asks the
 * page to read the server's time again (`__journeyReadServerClock`).
 */
function followServerClock() {
  const SystemDate = Date;
  let offset = 0;
  const read = () => {
    // Synchronous on purpose: the page's first script must already see the server's time.
    const request = new XMLHttpRequest();
    try {
      request.open("POST", "/api/test/clock", false);
      request.setRequestHeader("Content-Type", "application/json");
      request.send(JSON.stringify({ advanceMs: 0 }));
    } catch {
      // A document that cannot reach the server (a sandboxed frame of a blob: URL, whose
      // origin is opaque) keeps the system's clock.
      return;
    }
    if (request.status === 200) offset = JSON.parse(request.responseText).nowMs - SystemDate.now();
  };
  read();
  const now = () => SystemDate.now() + offset;
  globalThis.Date = new Proxy(SystemDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  });
  Object.defineProperty(globalThis, "__journeyReadServerClock", { value: read });
}

/** The prefix of the console messages recordTrail writes. */
const TRAIL = "journey-trail: ";

/**
 * Runs in the page: logs each history change (the app's navigations) and each click, with the
 * page's clock, so that a failed journey can say what the page did last (`trail`).
 */
function recordTrail(prefix) {
  const log = (text) => console.debug(`${prefix}${Math.round(performance.now())} ms ${text}`);
  for (const method of ["pushState", "replaceState"]) {
    const original = history[method].bind(history);
    history[method] = (state, unused, url) => {
      log(`${method} ${url ?? "(same)"} from ${location.pathname}${location.hash}`);
      return original(state, unused, url);
    };
  }
  addEventListener("popstate", () => log(`popstate to ${location.pathname}${location.hash}`));
  addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const name = (target?.closest("a, button, [role]")?.textContent ?? "").trim().slice(0, 40);
      log(`click on ${target?.tagName.toLowerCase() ?? "?"} "${name}" at ${event.clientX},${event.clientY}`);
    },
    true,
  );
}

/**
 * Saves a screenshot as `<device>-<lang>-<screen>.png`: the whole page, or what the screen
 * shows while a dialog is open (it stays where the viewport is).
 */
export async function screenshot(page, device, lang, screen) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const fullPage = (await page.getByRole("dialog").count()) === 0;
  await page.screenshot({ path: join(SCREENSHOTS, `${device.name}-${lang}-${screen}.png`), fullPage });
}
