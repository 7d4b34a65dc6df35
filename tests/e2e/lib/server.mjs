// A real fiscard server for browser runs: the built binary on a free loopback port, in local
// mode with its own fresh data directory (SQLite, generated secrets, the mail outbox), serving
// the built web app. Used by the journeys here and by the Lighthouse runs of `make bench`.
//
//   const server = await startServer();
//   … open `${server.baseUrl}/` …
//   const code = await server.readOutboxCode("a@example.com");
//   await server.admin("credit-wire", "--memo", memo, "--amount", "100.00", "--reference", "r1");
//   await server.stop();
//
// The binary is `FISCARD_BIN` when set (the Makefile sets it), else the newer of the debug and
// release builds in cargo's target directory; the web app is `FISCARD_WEB_DIR`, else web/dist.
// Paths are relative to the repository root.
import { spawn, execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** How long the server may take to answer its health check. */
const START_TIMEOUT_MS = 30_000;
/** How long a mail may take to reach the outbox (the server sends it in the background). */
const MAIL_TIMEOUT_MS = 10_000;
/** A proof of work this small solves in a few milliseconds (local mode allows any value). */
const CAPTCHA_MAX_NUMBER = "1000";

/** Where cargo builds: target/ unless CARGO_TARGET_DIR or a cargo config says otherwise. */
export function cargoTargetDir() {
  const metadata = execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(metadata).target_directory;
}

/** The fiscard binary to run: FISCARD_BIN, else the newer of cargo's debug and release builds. */
export function serverBinary() {
  if (process.env.FISCARD_BIN) return resolve(ROOT, process.env.FISCARD_BIN);
  const target = cargoTargetDir();
  const built = ["debug/fiscard", "release/fiscard"]
    .map((path) => join(target, path))
    .filter((path) => existsSync(path))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length === 0) {
    throw new Error(`no fiscard binary in ${target}: run \`cargo build -p server\` or set FISCARD_BIN`);
  }
  return built[0];
}

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * The environment of the server and its commands: local mode, no price feed, nothing from the
 * caller's setup; with `testClock`, a clock the journeys move (`advanceClock`), which `admin`
 * and `simulate` share through the data directory.
 */
function serverEnv(dataDir, port, baseUrl, testClock) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith("FISCARD_") || name === "DATABASE_URL" || name === "SMTP_URL") {
      delete env[name];
    }
  }
  return {
    ...env,
    FISCARD_MODE: "local",
    FISCARD_BIND: `127.0.0.1:${port}`,
    FISCARD_DATA_DIR: dataDir,
    FISCARD_WEB_DIR: resolve(ROOT, process.env.FISCARD_WEB_DIR ?? "web/dist"),
    FISCARD_CAPTCHA_MAX_NUMBER: CAPTCHA_MAX_NUMBER,
    FISCARD_SERVER: baseUrl,
    FISCARD_LOG: process.env.FISCARD_LOG ?? "warn",
    // No sandbox price walk: a journey sets the prices it needs (`fiscard admin wallet price
    // set`, the operator's command), so the values and swaps it checks are known to the cent.
    FISCARD_PRICE_FEED: "off",
    ...(testClock ? { FISCARD_TEST_CLOCK: "true" } : {}),
  };
}

function delay(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/** Polls `check` every `every` ms until it returns something other than undefined. */
async function poll(check, { timeout, every, what }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await delay(every);
  }
}

/**
 * Moves the test clock of the server at `baseUrl` `ms` forward (0 reads it); resolves to its
 * time, or undefined when the server has no test clock.
 */
export async function moveClock(baseUrl, ms) {
  const response = await fetch(`${baseUrl}/api/test/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ advanceMs: Math.ceil(ms) }),
  });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`moving the test clock ${ms} ms: HTTP ${response.status}`);
  return (await response.json()).nowMs;
}

/** Patterns finding the code in a code mail (`mail.code.body`), one for each language. */
function codeMailPatterns() {
  const dir = resolve(ROOT, "crates/server/locales");
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return ["en-US.json", "zh-HK.json"].map((name) => {
    const body = JSON.parse(readFileSync(join(dir, name), "utf8"))["mail.code.body"];
    return new RegExp(`${escape(body.split("{code}")[0])}(\\d+)`);
  });
}

/** A header's value in a mail of the outbox. */
function header(mail, name) {
  const match = new RegExp(`^${name}: (.*)$`, "mi").exec(mail);
  return match?.[1].trim() ?? "";
}

/**
 * Starts a server on `port` (default: a free one) with a fresh data directory; resolves once
 * `/healthz` answers. `testClock` lets the caller move its clock (the journeys do; Lighthouse
 * measures the server as it runs).
 */
export async function startServer({ port, testClock = false } = {}) {
  const binary = serverBinary();
  const webDir = resolve(ROOT, process.env.FISCARD_WEB_DIR ?? "web/dist");
  if (!existsSync(join(webDir, "index.html"))) {
    throw new Error(`no built web app in ${webDir}: run \`make web\``);
  }
  const dataDir = await mkdtemp(join(tmpdir(), "fiscard-e2e-"));
  const chosenPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${chosenPort}`;
  const env = serverEnv(dataDir, chosenPort, baseUrl, testClock);
  const log = await open(join(dataDir, "server.log"), "a");
  const child = spawn(binary, ["serve"], { env, stdio: ["ignore", log.fd, log.fd] });
  let exited = null;
  const exit = new Promise((done) => {
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      done();
    });
    // It could not be started at all (no such file, not executable).
    child.on("error", (error) => {
      exited = { code: error.message, signal: null };
      done();
    });
  });
  const logText = () => readFileSync(join(dataDir, "server.log"), "utf8").slice(-4000);

  try {
    await poll(
      async () => {
        if (exited) {
          throw new Error(`fiscard exited (${exited.code ?? exited.signal}) at start:\n${logText()}`);
        }
        try {
          const response = await fetch(`${baseUrl}/healthz`);
          return response.ok ? true : undefined;
        } catch {
          return undefined;
        }
      },
      { timeout: START_TIMEOUT_MS, every: 100, what: `${baseUrl}/healthz` },
    );
  } catch (error) {
    child.kill("SIGKILL");
    await exit;
    await log.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  /** Runs `fiscard <args>` against this server's data and settings; resolves to its stdout. */
  const run = (args, more = {}) =>
    new Promise((done, fail) => {
      execFile(binary, args, { env: { ...env, ...more }, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
        if (error) {
          fail(new Error(`fiscard ${args.join(" ")} failed (${error.code}):\n${stdout}${stderr}`));
        } else {
          done(stdout);
        }
      });
    });

  const patterns = codeMailPatterns();
  /** Outbox files already handed out, so each code is read once. */
  const read = new Set();

  return {
    baseUrl,
    dataDir,
    /** The server's process id (the bench reads its memory). */
    pid: child.pid,

    /** Stops the server (SIGTERM, SIGKILL when it lingers 2 s) and removes its data directory. */
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 2000);
        await exit;
        clearTimeout(killer);
      }
      await log.close();
      if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
    },

    /** The server's time, milliseconds since the epoch (a test clock's, see `advanceClock`). */
    now: () => moveClock(baseUrl, 0),

    /**
     * Moves a test clock (`startServer({ testClock: true })`) `ms` forward; resolves to the
     * server's new time. The journeys move the page's clock as far (`Journey.moveTime`).
     */
    advanceClock: (ms) => moveClock(baseUrl, ms),

    /** `fiscard admin <args>`; resolves to its stdout, rejects on a non-zero exit. */
    admin: (...args) => run(["admin", ...args]),

    /**
     * `fiscard admin <args>` as another operator (`FISCARD_OPERATOR`): an investor
     * certification needs a second operator's approval after the first (the two-person rule).
     */
    adminAs: (operator, ...args) => run(["admin", ...args], { FISCARD_OPERATOR: operator }),

    /** `fiscard simulate <args>` sent to this server; resolves to its stdout. */
    simulate: (...args) => run(["simulate", ...args]),

    /**
     * The newest verification code mailed to `email` that was not read before, waiting for it
     * to arrive. Notices (password changed, authenticator bound…) are skipped.
     */
    readOutboxCode(email) {
      const outbox = join(dataDir, "outbox");
      return poll(
        async () => {
          const names = existsSync(outbox) ? (await readdir(outbox)).filter((n) => n.endsWith(".eml")) : [];
          // File names are UUIDv7s: their order is the order the mails were written.
          names.sort();
          let code;
          for (const name of names) {
            if (read.has(name)) continue;
            const mail = await readFile(join(outbox, name), "utf8");
            if (header(mail, "To").toLowerCase() !== email.toLowerCase()) continue;
            const found = patterns.map((p) => p.exec(mail)?.[1]).find(Boolean);
            if (!found) continue;
            read.add(name);
            code = found;
          }
          return code;
        },
        { timeout: MAIL_TIMEOUT_MS, every: 50, what: `a code mailed to ${email}` },
      );
    },
  };
}
