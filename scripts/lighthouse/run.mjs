// `make bench` (Lighthouse part): the mobile preset on the public product page and two logged-in
// pages, served by the release server from web/dist on a fresh data directory, in Debian's
// Chromium with no network beyond loopback. Runs each page LIGHTHOUSE_RUNS times (default 3) and
// prints every run's performance score and the median run's scores and metrics against the
// budgets (README "Budgets") and, where a score is under its budget, the ids of the audits that
// cost it points; the product page's initial JavaScript is bench.sh's own figure. The median
// run's JSON and HTML reports go to scripts/lighthouse/reports/ (not committed).
//
//   node scripts/lighthouse/run.mjs [product|security|cards …]   (default: all three)
//
// FISCARD_BIN: the server binary; FISCARD_WEB_DIR: the built app (web/dist); CHROME_PATH:
// Chromium (/usr/bin/chromium).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/lib/chromium.mjs";
import { startServer, ROOT } from "../../tests/e2e/lib/server.mjs";
import { fundCard, openCardHolder } from "./card-holder.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPORTS = join(HERE, "reports");

/** Lowest score (0–100) per category. */
const BUDGETS = { performance: 95, accessibility: 100, "best-practices": 100 };

const PAGES = [
  { name: "product", path: "/product/fiscard", loggedIn: false },
  { name: "security", path: "/my/security", loggedIn: true },
  { name: "cards", path: "/account/fiscard", loggedIn: true },
];

/** Lighthouse's default (mobile) preset, the three budgeted categories, offline. */
function flags(port) {
  return {
    port,
    output: ["json", "html"],
    logLevel: "error",
    onlyCategories: Object.keys(BUDGETS),
  };
}

/** Opens the origin on a page without assets and keeps the session where the app reads it. */
async function logIn(port, origin, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate((value) => localStorage.setItem("accessToken", value), token);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** One Lighthouse run in a fresh Chromium profile (Lighthouse clears the HTTP cache itself). */
async function audit(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    if (token) await logIn(chrome.port, new URL(url).origin, token);
    const result = await lighthouse(url, flags(chrome.port));
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/** The audits that cost `category` points, worst first. */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.scoreDisplayMode === "error" || (a.score !== null && a.score < (category === "performance" ? 0.9 : 1)))
    .filter((a) => !["informative", "manual", "notApplicable"].includes(a.scoreDisplayMode))
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((a) => (a.score === null ? `${a.id}(error)` : `${a.id}(${Math.round(a.score * 100)})`));
}

const pad = (text, width) => String(text).padEnd(width);

function summary(page, lhr, runs) {
  const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id].numericValue ?? NaN;
  const marks = Object.entries(BUDGETS).map(([c, min]) => `${c} ${score(c)}${score(c) < min ? " (UNDER " + min + ")" : ""}`);
  console.log(
    `${pad(page.path, 18)} ${marks.join("  ")}   LCP ${(metric("largest-contentful-paint") / 1000).toFixed(2)} s  TBT ${Math.round(metric("total-blocking-time"))} ms  CLS ${metric("cumulative-layout-shift").toFixed(3)}   (median of ${runs.length} runs; performance ${runs.map((run) => run.performance).join(", ")}; host benchmarkIndex ${runs.map((run) => run.benchmarkIndex).join(", ")})`,
  );
  for (const [category, min] of Object.entries(BUDGETS)) {
    if (score(category) < min) console.log(`${pad("", 18)} ${category} loses on: ${failing(lhr, category).join(" ")}`);
  }
}

/**
 * Runs of each page: Lighthouse's simulated figures vary from run to run with the machine's load
 * (TBT most), and its documentation advises the median of several runs. Every run's score is
 * printed; the budget is checked on the median run's.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1, not ${process.env.LIGHTHOUSE_RUNS}`);

/** One checked run of `page`. */
async function run(server, page, token) {
  const url = `${server.baseUrl}${page.path}`;
  const result = await audit(url, token);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const requests = lhr.audits["network-requests"].details?.items ?? [];
  const askedForUser = requests.some((r) => new URL(r.url).pathname === "/api/user/self");
  if (askedForUser !== Boolean(token)) {
    throw new Error(`${url} was ${token ? "not logged in" : "logged in"}`);
  }
  return result;
}

/** Runs Lighthouse RUNS times on `page` (logged in with `token`), keeps the median run's reports, prints its figures. */
async function measure(server, page, token) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await run(server, page, token));
  const performance = (result) => result.lhr.categories.performance.score ?? 0;
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  writeFileSync(join(REPORTS, `${page.name}.report.json`), median.report[0]);
  writeFileSync(join(REPORTS, `${page.name}.report.html`), median.report[1]);
  // Lighthouse's own measure of the host's speed: the simulated 4x slower phone is 4x this
  // machine, so a slower (or busier) host scores lower with the same page.
  summary(
    page,
    median.lhr,
    runs.map((result) => ({
      performance: Math.round(performance(result) * 100),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    })),
  );
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !PAGES.some((page) => page.name === name));
if (unknown.length > 0) throw new Error(`unknown page ${unknown.join(", ")}: pick from ${PAGES.map((p) => p.name).join(", ")}`);
const chosen = PAGES.filter((page) => wanted.length === 0 || wanted.includes(page.name));

mkdirSync(REPORTS, { recursive: true });
const server = await startServer();
try {
  const loggedIn = chosen.filter((page) => page.loggedIn);
  const holder = loggedIn.length > 0 ? await openCardHolder(server) : undefined;
  for (const page of chosen.filter((p) => !p.loggedIn)) await measure(server, page);
  if (holder) {
    // The product page's run fills most of the server's wait between two e-mail codes.
    await fundCard(server, holder);
    for (const page of loggedIn) await measure(server, page, holder.token);
  }
  console.log(`reports: ${REPORTS.slice(ROOT.length + 1)}/*.report.{json,html}`);
} finally {
  await server.stop();
}
