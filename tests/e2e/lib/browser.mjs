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
 * the page's uncaught errors, `console` what it logged as errors (shown when a journey fails).
 */
export async function newPage(browser, device, baseUrl) {
  const { name, ...options } = device;
  const context = await browser.newContext({ ...options, baseURL: baseUrl, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = [];
  const console = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => {
    if (message.type() === "error") console.push(message.text());
  });
  return { context, page, errors, console };
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
