// Each journey file runs at every viewport, each device on a fresh server with its own browser.
import { mkdir } from "node:fs/promises";
import { after, before, describe } from "node:test";
import { launchBrowser, SCREENSHOTS, VIEWPORTS } from "./browser.mjs";
import { startServer } from "./server.mjs";

/**
 * One `describe` per viewport, on a server with a test clock (a journey moves time rather than
 * waiting for it: `Journey.moveTime`); `body(device, env)` declares its tests, which find the started
 * server and browser in `env.server` and `env.browser`.
 */
export function onEachDevice(body) {
  for (const device of VIEWPORTS) {
    describe(device.name, () => {
      const env = { server: undefined, browser: undefined };

      before(async () => {
        [env.server, env.browser] = await Promise.all([startServer({ testClock: true }), launchBrowser(), mkdir(SCREENSHOTS, { recursive: true })]);
      });

      after(async () => {
        await env.browser?.close();
        await env.server?.stop();
      });

      body(device, env);
    });
  }
}
