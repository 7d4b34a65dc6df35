// Debian's headless Chromium driven by playwright-core, the two viewports every journey runs
// at, and screenshots of each screen under tests/e2e/screenshots/ (not committed).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.mjs";
import { ROOT } from "./server.mjs";

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
 * and clicks (shown when a journey fails).
 */
export async function newPage(browser, device, baseUrl) {
  const { name, ...options } = device;
  const context = await browser.newContext({ ...options, baseURL: baseUrl, locale: "en-US" });
  context.setDefaultTimeout(15_000);
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
