// What a person does in the app, step by step, found by role and label in the current
// language: open the header's menus (the drawer on a phone), the bottom login/register dialog,
// answer a verification, look at a screen (an accessibility check and a screenshot).
import assert from "node:assert/strict";
import { checkA11y } from "./axe.mjs";
import { screenshot } from "./browser.mjs";
import { texts } from "./i18n.mjs";
import { nextCodeStep, hotp, base32Decode } from "./totp.mjs";

/**
 * The control labelled `label` in `scope`, for controls without a role of their own (password
 * fields): its label's text exactly, with the required-field mark after it.
 */
export function labelled(scope, label) {
  const text = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${text}\\s*\\*?$`));
}

/** The server allows one new e-mail code a minute for each address and purpose. */
export const EMAIL_CODE_COOLDOWN_MS = 60_000;

/** A link of the account menu (down the side on desktop, the bar under the header on a phone). */
export async function accountLink(j, key) {
  const menu = j.page.getByRole("navigation", { name: j.t("menu.account"), exact: true });
  await j.press(menu.getByRole("link", { name: j.t(key), exact: true }));
}

/**
 * One person on one device: the page, the server, the language the page shows, and what the
 * person knows (e-mail, password, the authenticator key, the PIN).
 */
export class Journey {
  constructor({ page, device, server, errors, console, trail = [], user = {} }) {
    this.page = page;
    this.device = device;
    this.server = server;
    this.errors = errors;
    this.console = console;
    this.trail = trail;
    this.lang = "en-US";
    this.t = texts(this.lang);
    this.user = { ...user };
    /** When the last code of each purpose was asked for this address (the server's cooldown). */
    this.codeAskedAt = {};
    /** The newest authenticator step used (the server accepts each step once). */
    this.lastStep = -Infinity;
  }

  get mobile() {
    return this.device.isMobile;
  }

  /**
   * What a failed journey reports of this page: a screenshot saved as `shot`, the page's address,
   * what it logged as errors, and its last navigations and clicks.
   */
  async describeFailure(shot) {
    await this.page.screenshot({ path: shot }).catch(() => undefined);
    const list = (lines) => lines.join("\n") || "none";
    return `\nThe page (${this.page.url()}): ${shot}\nIts console errors:\n${list(this.console)}\nIts last navigations and clicks:\n${list(this.trail)}`;
  }

  /** Taps on a phone, clicks on a desktop. */
  async press(locator) {
    if (this.device.hasTouch) await locator.tap();
    else await locator.click();
  }

  setLanguage(lang) {
    this.lang = lang;
    this.t = texts(lang);
  }

  /** Waits until the page shows `heading` (a level-1 heading) and nothing is moving. */
  async shows(heading) {
    await this.page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
    await this.settle();
  }

  /** Lets finite animations (dialogs sliding in, toasts) finish, and the fonts load. */
  async settle() {
    await this.page.evaluate(async () => {
      await document.fonts.ready;
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    });
  }

  /** The screen as it is: an accessibility check, then a screenshot named `name`. */
  async look(name) {
    await this.settle();
    await checkA11y(this.page, `${name} (${this.device.name}, ${this.lang})`);
    await screenshot(this.page, this.device, this.lang, name);
  }

  /** Fails when the page threw an uncaught error. */
  assertNoPageErrors() {
    assert.deepEqual(this.errors.map(String), [], "the page threw");
  }

  // The header ---------------------------------------------------------------------------

  /** The phone's header drawer, opened. */
  async openDrawer() {
    await this.press(this.page.getByRole("button", { name: this.t("header.open_menu"), exact: true }));
    const drawer = this.page.getByRole("dialog");
    await drawer.getByRole("navigation", { name: this.t("header.menu") }).waitFor();
    return drawer;
  }

  /**
   * Presses the header's `label` button: in the header on a desktop, in the drawer on a phone
   * (which closes before the button's action starts).
   */
  async headerButton(label) {
    if (!this.mobile) {
      await this.press(this.page.getByRole("banner").getByRole("button", { name: label, exact: true }));
      return;
    }
    const drawer = await this.openDrawer();
    await this.press(drawer.getByRole("button", { name: label, exact: true }));
    await drawer.getByRole("navigation", { name: this.t("header.menu") }).waitFor({ state: "hidden" });
  }

  /** Follows the header's `label` link (the account areas appear once logged in). */
  async headerLink(label) {
    const scope = this.mobile
      ? await this.openDrawer()
      : this.page.getByRole("banner").getByRole("navigation", { name: this.t("header.menu") });
    await this.press(scope.getByRole("link", { name: label, exact: true }));
  }

  /** The security center, through the header, as a logged-in person gets there. */
  async openSecurity() {
    await this.headerLink(this.t("menu.security"));
    await this.shows(this.t("security.title"));
  }

  /** Logs out through the user menu (desktop) or the drawer (phone). */
  async logOut() {
    if (this.mobile) {
      await this.headerButton(this.t("header.logout"));
    } else {
      // Named "Account menu: <the masked address it shows>".
      await this.press(this.page.getByRole("button", { name: `${this.t("header.user_menu")}: ` }));
      const item = this.page.getByRole("menuitem", { name: this.t("header.logout"), exact: true });
      // As a person would, once the menu has finished opening.
      await item.waitFor();
      await this.settle();
      await this.press(item);
    }
    await this.loggedOut();
  }

  /** Waits for the logged-out header (its Log in button, in the drawer on a phone). */
  async loggedOut() {
    if (this.mobile) {
      const drawer = await this.openDrawer();
      await drawer.getByRole("button", { name: this.t("header.login"), exact: true }).waitFor();
      // As a person would, once the drawer has finished opening: the drawer listens for
      // Escape from the animation frame after it shows (CI once pressed it before).
      await this.settle();
      await this.page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
    } else {
      await this.page.getByRole("banner").getByRole("button", { name: this.t("header.login"), exact: true }).waitFor();
    }
  }

  /** Chooses `lang` in the language modal; resolves once the modal has closed. */
  async chooseLanguage(lang) {
    const label = { "en-US": "English", "zh-HK": "繁體中文" };
    await this.press(
      this.page.getByRole("banner").getByRole("button", { name: `${this.t("header.language")}: ${label[this.lang]}` }),
    );
    const modal = this.page.getByRole("dialog", { name: this.t("header.language"), exact: true });
    await this.press(modal.getByRole("button", { name: label[lang], exact: true }));
    await modal.waitFor({ state: "hidden" });
    this.setLanguage(lang);
  }

  // The login / register dialog ----------------------------------------------------------

  /** Opens the bottom dialog for `mode` ("login" or "register") from the header. */
  async openAuth(mode) {
    await this.headerButton(this.t(`header.${mode}`));
    const dialog = this.page.getByRole("dialog", { name: this.t(`auth.${mode}.title`), exact: true });
    await dialog.waitFor();
    return dialog;
  }

  /** Registers `this.user` through the dialog: form, the e-mail code, then the password. */
  async register() {
    const { t, user } = this;
    const dialog = await this.openAuth("register");
    await dialog.getByRole("textbox", { name: t("auth.email"), exact: true }).fill(user.email);
    await this.look("auth-register");
    await this.press(dialog.getByRole("button", { name: t("auth.send_code"), exact: true }));
    // The proof of work runs in the page's Web Worker before the code is mailed.
    const code = await this.server.readOutboxCode(user.email);
    this.codeAskedAt.register = await this.server.now();
    const verify = dialog.getByRole("form", { name: t("verify.title") });
    await verify.getByRole("textbox", { name: t("verify.email_code"), exact: true }).fill(code);
    await this.press(verify.getByRole("button", { name: t("auth.next"), exact: true }));
    const password = dialog.getByRole("form", { name: t("auth.step.password") });
    await labelled(password, t("auth.new_password")).fill(user.password);
    await labelled(password, t("auth.confirm_password")).fill(user.password);
    await this.press(password.getByRole("button", { name: t("auth.register.submit"), exact: true }));
    await dialog.waitFor({ state: "hidden" });
  }

  /**
   * Logs in through the dialog with `this.user` (opened from the header, or `dialog` when the app
   * opened it already, as direct entry to a protected page does); when the server asks for more
   * (the Verify step), answers exactly the codes it shows.
   */
  async logIn({ look = false, dialog: opened } = {}) {
    const { t, user } = this;
    const dialog = opened ?? (await this.openAuth("login"));
    const form = dialog.getByRole("form", { name: t("auth.login.title") });
    await form.getByRole("textbox", { name: t("auth.email"), exact: true }).fill(user.email);
    await labelled(form, t("auth.password")).fill(user.password);
    if (look) await this.look("auth-login");
    await this.press(form.getByRole("button", { name: t("auth.login.submit"), exact: true }));
    const verify = dialog.getByRole("form", { name: t("verify.title") });
    const step = await Promise.race([
      dialog.waitFor({ state: "hidden" }).then(() => "done"),
      verify.waitFor().then(() => "verify"),
    ]);
    if (step === "verify") {
      if (look) await this.look("auth-verify");
      await this.answerCodes(verify, "login");
      await this.press(verify.getByRole("button", { name: t("auth.login.submit"), exact: true }));
      await dialog.waitFor({ state: "hidden" });
    }
  }

  /**
   * Moves time `ms` forward for the server (its test clock) and the page's `Date`, which
   * follows it (`followServerClock` in browser.mjs), where a person would wait: a code's
   * cooldown, the authenticator's next step.
   */
  async moveTime(ms) {
    await this.server.advanceClock(ms);
    await this.page.evaluate(() => globalThis.__journeyReadServerClock());
  }

  /** Binds a Hong Kong mobile `number` through the Security page (from that page), with the codes asked for. */
  async bindMobile(number = "9123 4567") {
    const mobileRow = this.page.getByRole("listitem").filter({ has: this.page.getByText(this.t("security.mobile"), { exact: true }) });
    await this.press(mobileRow.getByRole("link", { name: this.t("security.bind"), exact: true }));
    await this.shows(this.t("security.mobile.title"));
    const mobile = this.page.getByRole("form", { name: this.t("security.mobile.title") });
    await this.press(mobile.getByRole("button", { name: `${this.t("security.mobile.country")}: ${this.t("security.mobile.choose_country")}`, exact: true }));
    const countries = this.page.getByRole("dialog", { name: this.t("security.mobile.choose_country"), exact: true });
    await countries.getByRole("textbox", { name: this.t("security.mobile.search"), exact: true }).fill("Hong Kong");
    await this.press(countries.getByRole("button", { name: /Hong Kong/ }));
    await countries.waitFor({ state: "hidden" });
    await mobile.getByRole("textbox", { name: this.t("security.mobile.number"), exact: true }).fill(number);
    await this.answerCodes(mobile, "verify");
    await this.press(mobile.getByRole("button", { name: this.t("security.mobile.submit"), exact: true }));
    await this.shows(this.t("security.title"));
  }

  // Verification -------------------------------------------------------------------------

  /**
   * Fills the codes `form` asks for: the e-mail code (sending it first, within the server's
   * one-a-minute limit for `purpose`), the authenticator's code, the security code.
   */
  async answerCodes(form, purpose) {
    const { t } = this;
    const email = form.getByRole("textbox", { name: t("verify.email_code"), exact: true });
    if (await email.isVisible()) {
      const since = (await this.server.now()) - (this.codeAskedAt[purpose] ?? -Infinity);
      if (since < EMAIL_CODE_COOLDOWN_MS) await this.moveTime(EMAIL_CODE_COOLDOWN_MS - since + 250);
      await this.press(form.getByRole("button", { name: t("code.send"), exact: true }));
      const code = await this.server.readOutboxCode(this.user.email);
      // Mailed after the server counted it: its minute started before now.
      this.codeAskedAt[purpose] = await this.server.now();
      await email.fill(code);
    }
    const mfa = form.getByRole("textbox", { name: t("verify.mfa_code"), exact: true });
    if (await mfa.isVisible()) await mfa.fill(await this.authenticatorCode());
    const pin = labelled(form, t("verify.security_password"));
    if (await pin.isVisible()) await pin.fill(this.user.pin);
  }

  /**
   * Answers the step-up verification dialog an action opened, with exactly the codes it asks
   * for; `look` names a screenshot of it.
   */
  async verify({ look } = {}) {
    const { t } = this;
    const dialog = this.page.getByRole("dialog", { name: t("verify.title"), exact: true });
    const form = dialog.getByRole("form", { name: t("verify.title") });
    await form.waitFor();
    if (look) await this.look(look);
    await this.answerCodes(form, "verify");
    await this.press(form.getByRole("button", { name: t("verify.submit"), exact: true }));
    await dialog.waitFor({ state: "hidden" });
  }

  /** The authenticator's code for a step the server has not seen yet (moving time when needed). */
  async authenticatorCode() {
    assert.ok(this.user.authenticatorKey, "no authenticator is bound");
    const { step, wait } = nextCodeStep(this.lastStep, await this.server.now());
    if (wait > 0) await this.moveTime(wait);
    this.lastStep = step;
    return hotp(base32Decode(this.user.authenticatorKey), step);
  }
}
