// Issue 20's journey (phase 2, wires): a finance operator, made by `fiscard admin
// create-operator`, enrols and records a wire carrying a user's memo: it is credited at once and
// the user's USD balance shows it; a wire whose memo was mistyped waits unmatched, is assigned to
// the user by e-mail and credited. Then the user's page in the console (search, balances).
// At the desktop width.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { callApi, newPassword, registerUser } from "../lib/api-user.mjs";
import { launchBrowser, newPage, SCREENSHOTS, VIEWPORTS } from "../lib/browser.mjs";
import { amountText, definition, escape } from "../lib/cards.mjs";
import { Journey, labelled } from "../lib/journey.mjs";
import { startServer } from "../lib/server.mjs";

const TIMEOUT = { timeout: 600_000 };
const [DESKTOP, PHONE] = VIEWPORTS;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The link's page: the key shown, a password, the authenticator's code. */
async function enrol(j, link) {
  const { t, page } = j;
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  await j.shows(t("ops.enrol.title"));
  j.user.authenticatorKey = (await page.getByTestId("enrol-secret").textContent()).trim();
  const form = page.getByRole("form", { name: t("ops.enrol.form"), exact: true });
  await labelled(form, t("ops.field.new_password")).fill(j.user.password);
  await labelled(form, t("ops.field.confirm")).fill(j.user.password);
  await labelled(form, t("ops.field.code")).fill(await j.authenticatorCode());
  await j.press(form.getByRole("button", { name: t("ops.enrol.submit"), exact: true }));
}

/** Records a wire in the console's form; resolves once the answer says where it went. */
async function record(j, { amount, reference, memo }) {
  const { t, page } = j;
  const form = page.getByRole("form", { name: t("ops.wires.record"), exact: true });
  await labelled(form, t("ops.field.amount")).fill(amount);
  await labelled(form, t("ops.field.reference")).fill(reference);
  await labelled(form, t("ops.field.memo")).fill(memo);
  await labelled(form, t("ops.field.sender")).fill("Harbour Light Trading Limited");
  await j.press(form.getByRole("button", { name: t("ops.wires.record_submit"), exact: true }));
  // The pointer off the button: the screenshots show it at rest, not hovered.
  await page.mouse.move(0, 0);
}

/** The user's card account page shows `minor` cents of USD. */
async function userBalanceShows(env, user, minor) {
  const { page, errors, console, trail } = await newPage(env.browser, DESKTOP, env.server.baseUrl);
  await page.addInitScript((token) => localStorage.setItem("accessToken", token), user.token);
  const u = new Journey({ page, device: DESKTOP, server: env.server, errors, console, trail, user });
  await page.goto("/account/fiscard");
  await u.shows(u.t("card.title"));
  const value = new RegExp(`^\\s*${escape(amountText(minor))}\\s*USD\\s*$`);
  await definition(page.getByRole("main"), u.t("card.usd_balance")).filter({ hasText: value }).waitFor();
  return u;
}

describe("operator console: wires (issue 20, phase 2)", () => {
  const env = { server: undefined, browser: undefined };
  const finance = { email: "fiona.finance@fiscard.test", password: newPassword() };

  before(async () => {
    [env.server, env.browser] = await Promise.all([startServer({ testClock: true }), launchBrowser(), mkdir(SCREENSHOTS, { recursive: true })]);
  });

  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });

  it("credits a wire by its memo, and an unmatched one after assigning it by e-mail", TIMEOUT, async () => {
    const user = await registerUser(env.server);
    const { memo } = await callApi(env.server, "account/deposit/wire", { token: user.token });
    assert.match(memo, /^[0-9A-HJKMNP-TV-Z]{9}$/);
    const out = await env.server.admin("create-operator", finance.email, "--role", "finance");
    const link = /(https?:\/\/\S+\/ops\/enrol#\S+)/.exec(out)?.[1];
    assert.ok(link, `create-operator prints the enrolment link: ${out}`);

    const { page, errors, console, trail } = await newPage(env.browser, DESKTOP, env.server.baseUrl);
    const j = new Journey({ page, device: DESKTOP, server: env.server, errors, console, trail, user: { ...finance } });
    await enrol(j, link);
    // A finance operator starts at the wires.
    await j.shows(j.t("ops.wires.title"));

    // The memo as the bank wrote it (lower case, a space): credited at once.
    await record(j, { amount: "1000.00", reference: "E2E-WIRE-1", memo: `${memo.slice(0, 4).toLowerCase()} ${memo.slice(4)}` });
    await page.getByText(`E2E-WIRE-1: ${j.t("ops.wires.recorded_credited", { email: user.email })}`, { exact: true }).waitFor();
    await j.look("ops-wires-credited");
    const shown = await userBalanceShows(env, user, 100_000);
    await shown.look("user-wire-credited");

    // A mistyped memo (its check character fails): the wire waits unmatched.
    const typo = memo.slice(0, 2) + ALPHABET[(ALPHABET.indexOf(memo[2]) + 1) % 32] + memo.slice(3);
    await record(j, { amount: "250.00", reference: "E2E-WIRE-2", memo: typo });
    await page.getByText(`E2E-WIRE-2: ${j.t("ops.wires.recorded_unmatched")}`, { exact: true }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "E2E-WIRE-2" });
    await row.getByText(j.t("ops.wire_status.unmatched"), { exact: true }).waitFor();
    await j.press(row.getByRole("button", { name: j.t("ops.wires.assign_named", { reference: "E2E-WIRE-2" }), exact: true }));
    const assign = page.getByRole("form", { name: j.t("ops.wires.assign_named", { reference: "E2E-WIRE-2" }), exact: true });
    await labelled(assign, j.t("ops.wires.assign_email")).fill(user.email);
    await j.look("ops-wires-assign");
    await j.press(assign.getByRole("button", { name: j.t("ops.wires.assign_submit"), exact: true }));
    await row.getByText(j.t("ops.wire_status.credited"), { exact: true }).waitFor();
    await row.getByText(user.email, { exact: true }).waitFor();
    await j.look("ops-wires");
    await shown.page.reload();
    await definition(shown.page.getByRole("main"), shown.t("card.usd_balance"))
      .filter({ hasText: new RegExp(`^\\s*${escape(amountText(125_000))}\\s*USD\\s*$`) })
      .waitFor();

    // The user's page in the console: found by e-mail, their balances.
    await j.press(page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.users"), exact: true }));
    await j.shows(j.t("ops.users.title"));
    const search = page.getByRole("search", { name: j.t("ops.users.search"), exact: true });
    await search.getByRole("searchbox").fill(user.email.slice(0, 6));
    await j.press(search.getByRole("button", { name: j.t("ops.users.search_submit"), exact: true }));
    await j.press(page.getByRole("link", { name: user.email, exact: true }));
    await page.getByRole("heading", { name: user.email, level: 1 }).waitFor();
    const userPath = new URL(page.url()).pathname;
    await j.look("ops-user");
    await j.chooseLanguage("zh-HK");
    await page.getByRole("heading", { name: j.t("ops.user.balances"), exact: true }).waitFor();
    await j.look("ops-user");
    assert.deepEqual(j.errors.map(String), [], "the page threw");

    // The lists at the phone's width, in the same session.
    const token = await page.evaluate(() => sessionStorage.getItem("opsToken"));
    const phone = await newPage(env.browser, PHONE, env.server.baseUrl);
    await phone.page.addInitScript((value) => sessionStorage.setItem("opsToken", value), token);
    const p = new Journey({ ...phone, device: PHONE, server: env.server, user: { ...finance } });
    await phone.page.goto("/ops/wires");
    await p.shows(p.t("ops.wires.title"));
    await phone.page.getByRole("listitem").filter({ hasText: "E2E-WIRE-2" }).waitFor();
    await p.look("ops-wires");
    await phone.page.goto(userPath);
    await phone.page.getByRole("heading", { name: user.email, level: 1 }).waitFor();
    await p.look("ops-user");
    assert.deepEqual(p.errors.map(String), [], "the phone's page threw");

    // The withdrawals, from the navigation: none requested yet.
    await j.chooseLanguage("en-US");
    await j.press(page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.withdrawals"), exact: true }));
    await j.shows(j.t("ops.withdrawals.title"));
    await page.getByText(j.t("ops.withdrawals.empty"), { exact: true }).waitFor();
    await j.look("ops-withdrawals");
  });

  it("shows an administrator the BINs, and adds one", TIMEOUT, async () => {
    const admin = { email: "adam.admin@fiscard.test", password: newPassword() };
    const out = await env.server.admin("create-operator", admin.email, "--role", "admin");
    const link = /(https?:\/\/\S+\/ops\/enrol#\S+)/.exec(out)?.[1];
    const { page, errors, console, trail } = await newPage(env.browser, DESKTOP, env.server.baseUrl);
    const j = new Journey({ page, device: DESKTOP, server: env.server, errors, console, trail, user: { ...admin } });
    await enrol(j, link);
    await j.shows(j.t("ops.operators.title"));
    await j.press(page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.bins"), exact: true }));
    await j.shows(j.t("ops.bins.title"));
    const form = page.getByRole("form", { name: j.t("ops.bins.add"), exact: true });
    await labelled(form, j.t("ops.bins.field.bin")).fill("41234567");
    await labelled(form, j.t("ops.bins.field.location")).fill("HK");
    await labelled(form, j.t("ops.bins.field.org")).fill("Visa");
    await labelled(form, j.t("ops.bins.field.rechargeRate")).fill("0.02");
    await j.press(form.getByRole("button", { name: j.t("ops.bins.save"), exact: true }));
    await page.mouse.move(0, 0);
    await page.getByRole("row").filter({ hasText: "41234567" }).waitFor();
    await j.look("ops-bins");
    assert.deepEqual(j.errors.map(String), [], "the page threw");
  });
});
