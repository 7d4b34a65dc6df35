// Issue 6's journeys through the real app: each at the desktop and the phone width, on a fresh
// server, driven by role and label. The server lets an address ask for five e-mail codes an
// hour and one a minute for the same purpose, so the account changes that each need a code
// (PIN, password, mobile) are made by their own users, registered through the API.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { newEmail, newPassword, registerUser } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { texts } from "../lib/i18n.mjs";
import { Journey, labelled } from "../lib/journey.mjs";

/** A journey that takes longer than this is stuck (each step already times out after 15 s). */
const TIMEOUT = { timeout: 240_000 };

const en = texts("en-US");
const zh = texts("zh-HK");

describe("security journeys", { concurrency: true }, () => {
  onEachDevice((device, env) => {

      /**
       * A test whose journeys (`start(user)` opens one) are closed at its end, their pages
       * kept as screenshots (FAILED-…) when it fails. The tests run at the same time: each
       * has its own users and browser contexts.
       */
      function journey(name, body) {
        it(name, TIMEOUT, async () => {
          const opened = [];
          const start = async (user) => {
            const j = await open(user);
            opened.push(j);
            return j;
          };
          try {
            await body(start);
          } catch (error) {
            for (const [index, j] of opened.entries()) {
              error.message += await j.describeFailure(
                join(SCREENSHOTS, `FAILED-${device.name}-${name.replace(/\W+/g, "-")}-${index}.png`),
              );
            }
            throw error;
          } finally {
            await Promise.all(opened.map((j) => j.page.context().close()));
          }
        });
      }

      /** A new browser context on the home page; logged in already when `user` has a token. */
      async function open(user) {
        const { context, page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
        if (user.token) {
          await context.addInitScript((token) => {
            if (!sessionStorage.getItem("e2e-started")) {
              sessionStorage.setItem("e2e-started", "1");
              localStorage.setItem("accessToken", token);
            }
          }, user.token);
        }
        await page.goto("/");
        return new Journey({ page, device, server: env.server, errors, console, trail, user });
      }

      /** The list item of the security overview titled `title`. */
      function row(j, title) {
        return j.page.getByRole("listitem").filter({ has: j.page.getByText(title, { exact: true }) });
      }

      /** Back to the overview through the account menu (side menu, or the phone's top bar). */
      async function backToSecurity(j) {
        const menu = j.page.getByRole("navigation", { name: j.t("menu.account"), exact: true });
        await j.press(menu.getByRole("link", { name: j.t("menu.security"), exact: true }));
        await j.shows(j.t("security.title"));
      }

      /**
       * Looks at each security screen from the overview (an accessibility check and a
       * screenshot), in the language the page shows, and comes back to the overview.
       */
      async function lookAround(j) {
        const { page } = j;
        await backToSecurity(j);
        await j.look("security");
        const pages = [
          ["security.login_password", "security.password.title", "password"],
          ["security.pin", "security.pin.title", "pin"],
          ["security.mobile", "security.mobile.title", "mobile"],
          ["security.authenticator", "security.authenticators.title", "authenticators-bound"],
        ];
        for (const [title, heading, name] of pages) {
          await j.press(row(j, j.t(title)).getByRole("link"));
          await j.shows(j.t(heading));
          if (name === "mobile") {
            await page.getByRole("button", { name: `${j.t("security.mobile.country")}: `, exact: false }).waitFor();
          }
          await j.look(name);
          await backToSecurity(j);
        }
        await j.press(page.getByRole("link", { name: j.t("security.sessions.title"), exact: true }));
        await j.shows(j.t("security.sessions.title"));
        await page.getByText(j.t("security.sessions.current"), { exact: true }).waitFor();
        await j.look("sessions");
        await backToSecurity(j);
        await j.press(page.getByRole("link", { name: j.t("security.history.title"), exact: true }));
        await j.shows(j.t("security.history.title"));
        await page.getByText(j.t("security.event.authenticator_bound"), { exact: true }).first().waitFor();
        await j.look("history");
        await backToSecurity(j);
      }

      journey("registers, logs in, switches language, binds an authenticator and logs in with its code", async (start) => {
        const j = await start({ email: newEmail("journey"), password: newPassword() });
        const { page } = j;

        // The product page: only its landmark and heading (its content is another task's).
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await j.look("product");

        await j.register();
        await j.openSecurity();
        await j.logOut();
        await j.logIn({ look: true });
        await j.openSecurity();
        await j.look("security");

        // zh-HK and back: the page's own heading changes language, and the choice is kept.
        assert.notEqual(zh("security.title"), en("security.title"));
        await j.chooseLanguage("zh-HK");
        await j.shows(zh("security.title"));
        assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-HK");
        await j.chooseLanguage("en-US");
        await j.shows(en("security.title"));

        // Bind an authenticator: the key needs the e-mail code; then the wizard's two steps.
        await j.press(row(j, j.t("security.authenticator")).getByRole("link"));
        await j.shows(j.t("security.authenticators.title"));
        await j.look("authenticators");
        await j.press(page.getByRole("button", { name: j.t("security.authenticators.add"), exact: true }));
        await j.verify({ look: "verify-dialog" });
        const wizard = page.getByRole("dialog", { name: j.t("security.authenticators.bind_title"), exact: true });
        await wizard.getByText(j.t("security.authenticators.step", { step: 1, steps: 2 })).waitFor();
        await j.look("authenticator-wizard-1");
        await j.press(wizard.getByRole("button", { name: j.t("auth.next"), exact: true }));
        await wizard.getByText(j.t("security.authenticators.step", { step: 2, steps: 2 })).waitFor();
        j.user.authenticatorKey = (await wizard.locator("code").textContent()).trim();
        assert.match(j.user.authenticatorKey, /^[A-Z2-7]{16,}$/);
        await j.look("authenticator-wizard-2");
        const bind = wizard.getByRole("form", { name: j.t("security.authenticators.bind_title") });
        await bind.getByRole("textbox", { name: j.t("verify.mfa_code"), exact: true }).fill(await j.authenticatorCode());
        await bind.getByRole("textbox", { name: j.t("security.authenticators.remark"), exact: true }).fill("Work phone");
        await j.press(bind.getByRole("button", { name: j.t("security.authenticators.bind"), exact: true }));
        await wizard.waitFor({ state: "hidden" });
        await page.getByText("Work phone", { exact: true }).waitFor();
        await j.look("authenticators-bound");

        // Every logged-in screen in zh-HK (meanwhile the server's minute between two e-mail
        // codes for the same address passes).
        await j.chooseLanguage("zh-HK");
        await lookAround(j);
        await j.chooseLanguage("en-US");

        // Require it at login: the login protection's authenticator switch, verified with
        // the e-mail code and the new authenticator's code.
        await backToSecurity(j);
        await row(j, j.t("security.authenticator_bound", { count: 1 })).waitFor();
        const loginProtection = page.getByRole("group", { name: j.t("security.switches.login"), exact: true });
        await j.press(loginProtection.getByText(j.t("security.switches.target.mfa"), { exact: true }));
        await j.verify();
        await loginProtection
          .getByRole("checkbox", { name: j.t("security.switches.target.mfa"), checked: true })
          .waitFor({ state: "attached" });

        // Log out, and in again: the Verify step asks for the authenticator's code.
        await j.logOut();
        await j.logIn();
        await j.openSecurity();
        await lookAround(j);

        // The logged-out screens in zh-HK.
        await j.chooseLanguage("zh-HK");
        await j.logOut();
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await j.look("product");
        await j.openAuth("login");
        await j.look("auth-login");
        j.assertNoPageErrors();
      });

      journey("sets the security code", async (start) => {
        const j = await start(await registerUser(env.server));
        await j.openSecurity();
        await j.press(row(j, j.t("security.pin")).getByRole("link", { name: j.t("security.set_up"), exact: true }));
        await j.shows(j.t("security.pin.title"));
        await j.look("pin");
        const form = j.page.getByRole("form", { name: j.t("security.pin.title") });
        await labelled(form, j.t("security.pin.new")).fill("407193");
        await labelled(form, j.t("security.pin.confirm")).fill("407193");
        await j.press(form.getByRole("button", { name: j.t("security.save"), exact: true }));
        await j.verify();
        await j.shows(j.t("security.title"));
        await row(j, j.t("security.pin")).getByText(j.t("security.set"), { exact: true }).waitFor();
        j.assertNoPageErrors();
      });

      journey("changes the password, then logs in with the new one", async (start) => {
        const j = await start(await registerUser(env.server));
        await j.openSecurity();
        await j.press(row(j, j.t("security.login_password")).getByRole("link"));
        await j.shows(j.t("security.password.title"));
        await j.look("password");
        const form = j.page.getByRole("form", { name: j.t("security.password.title") });
        const next = newPassword();
        await labelled(form, j.t("security.password.old")).fill(j.user.password);
        await labelled(form, j.t("security.password.new")).fill(next);
        await labelled(form, j.t("security.password.confirm")).fill(next);
        await j.press(form.getByRole("button", { name: j.t("security.save"), exact: true }));
        await j.verify();
        await j.shows(j.t("security.title"));
        j.user.password = next;
        await j.logOut();
        await j.logIn();
        await j.openSecurity();
        j.assertNoPageErrors();
      });

      journey("binds a mobile through the country picker", async (start) => {
        const j = await start(await registerUser(env.server));
        const { page } = j;
        await j.openSecurity();
        await j.press(row(j, j.t("security.mobile")).getByRole("link", { name: j.t("security.bind"), exact: true }));
        await j.shows(j.t("security.mobile.title"));
        const form = page.getByRole("form", { name: j.t("security.mobile.title") });
        const picker = form.getByRole("button", {
          name: `${j.t("security.mobile.country")}: ${j.t("security.mobile.choose_country")}`,
          exact: true,
        });
        await picker.waitFor();
        await j.look("mobile");
        await j.press(picker);
        const countries = page.getByRole("dialog", { name: j.t("security.mobile.choose_country"), exact: true });
        await countries.getByRole("textbox", { name: j.t("security.mobile.search"), exact: true }).fill("Hong Kong");
        await j.look("country-picker");
        await j.press(countries.getByRole("button", { name: /Hong Kong/ }));
        await countries.waitFor({ state: "hidden" });
        await form.getByRole("button", { name: /Hong Kong \+852$/ }).waitFor();
        await form.getByRole("textbox", { name: j.t("security.mobile.number"), exact: true }).fill("9123 4567");
        await j.answerCodes(form, "verify");
        await j.press(form.getByRole("button", { name: j.t("security.mobile.submit"), exact: true }));
        await j.shows(j.t("security.title"));
        await row(j, j.t("security.mobile")).getByRole("link", { name: j.t("security.change"), exact: true }).waitFor();
        assert.match(new URL(page.url()).hash, /^#mobile$/);
        j.assertNoPageErrors();
      });
  });
});
