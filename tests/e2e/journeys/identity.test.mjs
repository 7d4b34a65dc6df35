// Issue 19's journey: a new user goes from nothing to an approved company investor with the AML
// and QI questionnaires answered, the operator deciding from the command line; the investor
// certification is rejected once on one document, which alone is replaced; then the card
// application passes the identity gate and a card is issued. At both widths; the AML
// questionnaire in Traditional Chinese. Then the company saves two bank accounts in its name,
// withdraws USD to one (the operator sends it, the bank confirms it) and deletes the other.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { callApi, newEmail, newPassword } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import { apply, applyForm, at, BIN, confirmDialog } from "../lib/cards.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { accountLink, Journey, labelled } from "../lib/journey.mjs";

const TIMEOUT = { timeout: 600_000 };
const COMPANY = "Harbour Light Trading Limited";
const PIN = "407193";

// A real 1×1 PNG and a plain PDF: the server checks magic bytes and scans PDFs for scripts.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const png = (name) => ({ name, mimeType: "image/png", buffer: PNG });
const pdf = (name) => ({ name, mimeType: "application/pdf", buffer: PDF });

const COMPANY_DOCUMENTS = [
  "registerCertificateFile",
  "shareholderStructureFile",
  "directorFile",
  "companyRegulationFile",
  "companyStructureFile",
  "shareholderPassportFile",
  "taxFormFile",
  "usAgencyLicenseFile",
  "proofOfAddressImg",
];

/** The Profile page's row of a verification (its anchor). */
function row(j, id) {
  return j.page.locator(`li#${id}`);
}

/** The open dialog named `title`. */
function dialog(j, title) {
  return j.page.getByRole("dialog", { name: title, exact: true });
}

/** Waits for "Step n/m" in `scope`. */
async function atStep(j, scope, step, steps) {
  await scope.getByText(j.t("identity.step", { step, steps }), { exact: true }).waitFor();
}

/** Uploads `files` into the upload field labelled by the API field `field`, and waits until each is in. */
async function upload(j, scope, field, files, { keyboard = false } = {}) {
  const label = j.t(`identity.field.${field}`);
  const button = scope.getByRole("button", { name: new RegExp(`^${label}`) });
  const choose = keyboard
    ? button.focus().then(() => j.page.keyboard.press("Enter"))
    : j.press(button);
  const [chooser] = await Promise.all([j.page.waitForEvent("filechooser"), choose]);
  await chooser.setFiles(files);
  const list = scope.getByRole("list", { name: label, exact: true });
  for (const file of files) await list.getByText(file.name, { exact: true }).waitFor();
  // Uploaded: no progress bar is left in the field.
  await list.getByRole("progressbar").waitFor({ state: "detached" });
}

/**
 * Ticks the checkbox or radio button labelled `label` in `scope` as a person does, on its label
 * (the input itself is drawn by its label), and waits until it is checked.
 */
async function choose(j, scope, role, label) {
  await j.press(scope.getByText(label, { exact: true }));
  await scope.getByRole(role, { name: label, exact: true, checked: true }).waitFor();
}

async function next(j, scope) {
  await j.press(scope.getByRole("button", { name: j.t("identity.next"), exact: true }));
}

async function submit(j, scope) {
  await j.press(scope.getByRole("button", { name: j.t("identity.submit"), exact: true }));
}

/** Waits for the row `id` to show the state `key` (`identity_status.*`). */
async function rowShows(j, id, key) {
  await row(j, id).getByText(j.t(key), { exact: true }).waitFor();
}

/** The operator's decision, from the command line, then the page read again as the user comes back. */
async function decide(j, verb, verification, ...items) {
  const args = ["identity", verb, "--email", j.user.email, "--verification", verification, ...items.flatMap((item) => ["--item", item])];
  await j.server.admin(...args);
  // The two-person rule: an investor certification is approved by a second operator as well.
  if (verb === "approve" && verification === "investor") await j.server.adminAs("second-operator", ...args);
  await j.page.reload();
  await j.shows(j.t("menu.profile"));
}

async function basicIdentity(j) {
  const { t } = j;
  await j.press(row(j, "basic").getByRole("button", { name: t("identity.start"), exact: true }));
  await at(j, "/my/profile/basic");
  const basic = dialog(j, t("identity.basic.title"));
  await atStep(j, basic, 1, 2);
  const personal = basic.getByRole("form", { name: t("identity.basic.step1"), exact: true });
  // Next with nothing typed: the domain's messages, nothing sent.
  await next(j, basic);
  await labelled(personal, t("identity.field.firstName")).and(j.page.locator("[aria-invalid=true]")).waitFor();
  await j.look("identity-basic-empty");
  await labelled(personal, t("identity.field.firstName")).fill("Alice");
  await labelled(personal, t("identity.field.lastName")).fill("Chan");
  await labelled(personal, t("identity.field.birthday")).fill("1988-04-12");
  await labelled(personal, t("identity.field.country")).selectOption("HK");
  await labelled(personal, t("identity.field.province")).fill("Hong Kong Island");
  await labelled(personal, t("identity.field.city")).fill("Hong Kong");
  await labelled(personal, t("identity.field.address")).fill("1 Queen's Road Central");
  await j.look("identity-basic-step1");
  await next(j, basic);

  await atStep(j, basic, 2, 2);
  const passport = basic.getByRole("form", { name: t("identity.basic.step2"), exact: true });
  await labelled(passport, t("identity.field.idCard")).fill("K12345678");
  await upload(j, passport, "backImg", [png("passport.png")]);
  // From the keyboard on a desktop: the picker is a button like any other.
  await upload(j, passport, "otherImg", [png("selfie.png")], { keyboard: !j.mobile });
  await j.look("identity-basic-step2");
  await submit(j, basic);
  await basic.waitFor({ state: "hidden" });
  await at(j, "/my/profile");
  await rowShows(j, "basic", "identity_status.in_review");
}

/** The company's steps of the investor dialog, from the type to the documents. */
async function companyDetails(j, investor, { documents }) {
  const { t } = j;
  // Step 1 of 3 or of 4: a retry opens on the type already chosen (a company's 4 steps).
  await investor.getByRole("radiogroup", { name: t("identity.investor.type"), exact: true }).waitFor();
  await j.press(investor.getByText(t("identity.investor.type_1"), { exact: true }));
  await investor.getByRole("radio", { name: new RegExp(`^${t("identity.investor.type_1")}`), checked: true }).waitFor();
  await next(j, investor);
  await atStep(j, investor, 2, 4);
  const info = investor.getByRole("form", { name: t("identity.investor.company_info"), exact: true });
  await labelled(info, t("identity.field.companyName")).fill(COMPANY);
  await labelled(info, t("identity.field.companyId")).fill("3012345");
  for (const field of ["registerJurisdictions", "mainBusinessOperateCountry"]) {
    const label = t(`identity.field.${field}`);
    await info.getByRole("textbox", { name: t("identity.search_country", { field: label }), exact: true }).fill("Hong Kong");
    const list = info.getByRole("group", { name: label, exact: true });
    // The search filters the options: wait for Hong Kong's before reading whether it is ticked (a
    // retry's saved answers have it ticked, and show it as a tag too, which `getByText` would match).
    await list.getByRole("checkbox", { name: /Hong Kong/ }).waitFor({ state: "attached" });
    if (!(await list.getByRole("checkbox", { name: /Hong Kong/, checked: true }).count())) {
      await j.press(list.locator('[data-scope="checkbox"][data-part="label"]', { hasText: /Hong Kong/ }));
      await list.getByRole("checkbox", { name: /Hong Kong/, checked: true }).waitFor();
    }
  }
  await labelled(info, t("identity.field.businessProperty")).fill("Wholesale of electronic components");
  await labelled(info, t("identity.field.registerAddress")).fill("8 Connaught Road Central, Hong Kong");
  // The directors, screened at commit like the company's and the person's names.
  const directors = t("identity.field.directorNames");
  await info.getByRole("textbox", { name: t("identity.person_n", { field: directors, n: 1 }), exact: true }).fill("Alice Chan");
  const second = info.getByRole("textbox", { name: t("identity.person_n", { field: directors, n: 2 }), exact: true });
  // (A retry opens with both already there.)
  if ((await second.count()) === 0) await j.press(info.getByRole("button", { name: t("identity.add_person"), exact: true }));
  await second.fill("Bernard Lau");
  await j.look("identity-company-info");
  await next(j, investor);
  await atStep(j, investor, 3, 4);
  const form = investor.getByRole("form", { name: t("identity.investor.documents"), exact: true });
  await documents(form);
  await next(j, investor);
  await atStep(j, investor, 4, 4);
}

async function agreeAndSubmit(j, investor) {
  await choose(j, investor, "checkbox", j.t("identity.investor.agree"));
  await submit(j, investor);
}

async function investorCertification(j) {
  const { t } = j;
  await j.press(row(j, "investor").getByRole("button", { name: t("identity.start"), exact: true }));
  const investor = dialog(j, t("identity.investor.title"));
  await companyDetails(j, investor, {
    documents: async (form) => {
      for (const field of COMPANY_DOCUMENTS) {
        await upload(j, form, field, [field.endsWith("Img") ? png(`${field}.png`) : pdf(`${field}.pdf`)]);
      }
      // Several files where a field takes several: the shareholders' passports.
      await upload(j, form, "shareholderPassportFile", [png("shareholder-2.png")]);
      await j.look("identity-company-documents");
    },
  });
  // Submitting without the agreement: told why, nothing sent.
  await submit(j, investor);
  await investor.getByText(t("identity.agreement_required"), { exact: true }).waitFor();
  await agreeAndSubmit(j, investor);
  await investor.waitFor({ state: "hidden" });
  await rowShows(j, "investor", "identity_status.in_review");
}

/** Retries the rejected certification, replacing only the rejected document. */
async function retryInvestor(j) {
  const { t } = j;
  await j.press(row(j, "investor").getByRole("button", { name: t("identity.retry"), exact: true }));
  const investor = dialog(j, t("identity.investor.title"));
  await companyDetails(j, investor, {
    documents: async (form) => {
      // The saved answers are there; the rejected document says why.
      await form.getByText(t("identity.rejected_field", { reason: t("rejection_reason.document_unreadable") }), { exact: true }).waitFor();
      const list = form.getByRole("list", { name: t("identity.field.directorFile"), exact: true });
      await list.getByRole("listitem").first().waitFor();
      await j.look("identity-company-retry");
      await j.press(list.getByRole("button", { name: /^Remove|^移除/ }).first());
      await upload(j, form, "directorFile", [pdf("directors-clear-scan.pdf")]);
    },
  });
  await agreeAndSubmit(j, investor);
  await investor.waitFor({ state: "hidden" });
  await rowShows(j, "investor", "identity_status.in_review");
}

async function questionnaire(j, id, title, answer) {
  const { t } = j;
  await j.press(row(j, id).getByRole("button", { name: t("identity.start"), exact: true }));
  const form = dialog(j, title);
  await answer(form);
  await choose(j, form, "checkbox", t("identity.confirm_answers"));
  await j.look(`identity-${id.toLowerCase()}`);
  await submit(j, form);
  await form.waitFor({ state: "hidden" });
  await rowShows(j, id, "identity_status.in_review");
}

const US_BANK = {
  nickname: "Checking",
  bankCountry: "US",
  bankName: "JPMorgan Chase Bank",
  bankAddress: "270 Park Avenue, New York, NY 10017",
  accountNumber: "000123456789",
  swiftCode: "CHASUS33",
  routingNumber: "021000021",
  accountAddress: "1 Main Street, New York, NY 10001",
};
const DE_BANK = {
  nickname: "Euro savings",
  bankCountry: "DE",
  bankName: "Commerzbank",
  bankAddress: "Kaiserplatz, 60311 Frankfurt am Main",
  accountNumber: "DE89 3704 0044 0532 0130 00",
  swiftCode: "COBADEFFXXX",
  accountAddress: "Hauptstraße 1, 10115 Berlin",
};

/** The last 4 characters of an account number, as the list masks it. */
const masked = (number) => `****${number.replace(/\s/g, "").slice(-4)}`;

async function addAccount(j, bank) {
  const { page, t } = j;
  await j.press(page.getByRole("link", { name: t("bank.add"), exact: true }));
  await j.shows(t("bank.add_title"));
  const form = page.getByRole("form", { name: t("bank.add_title"), exact: true });
  await form.getByText(COMPANY, { exact: true }).waitFor();
  for (const [field, value] of Object.entries(bank)) {
    const input = labelled(form, t(`bank.field.${field}`));
    if (field === "bankCountry") await input.selectOption(value);
    else await input.fill(value);
  }
  if (bank.bankCountry !== "US") {
    assert.equal(await labelled(form, t("bank.field.routingNumber")).count(), 0, "no routing number outside the US");
  }
  await j.look(`bank-add-${bank.bankCountry.toLowerCase()}`);
  await j.press(form.getByRole("button", { name: t("bank.save"), exact: true }));
  await j.verify();
  // Back to the list on its own, half a second after the notice.
  await j.shows(t("bank.title"));
  await j.page.getByText(masked(bank.accountNumber), { exact: true }).waitFor();
}

/**
 * Issue 21: the company saves a US and a German account, each after the verification the trade
 * policy asks for, in the company's name; sees both with their cooling-off and first payout cap
 * (the list also in zh-HK). The next day it withdraws to the German account (a bad amount first),
 * the finance operator sends the payout and the bank confirms it, and the company sees it
 * completed with the bank's reference; then it deletes the US account.
 */
async function bankAccounts(j) {
  const { page, t } = j;
  await accountLink(j, "menu.payment");
  await j.shows(t("bank.title"));
  await page.getByText(t("bank.empty"), { exact: true }).waitFor();

  await addAccount(j, US_BANK);
  await addAccount(j, DE_BANK);
  // Both wait out the cooling-off; each first payout is capped.
  assert.equal(await page.getByText(t("bank.first_payout_cap", { amount: "1,000.00" })).count(), 2);
  await j.look("bank-accounts");
  await j.chooseLanguage("zh-HK");
  await j.shows(j.t("bank.title"));
  await j.look("bank-accounts");
  await j.chooseLanguage("en-US");

  await withdraw(j);

  // Delete the US account: asked first, then verified.
  await accountLink(j, "menu.payment");
  await j.shows(t("bank.title"));
  const number = masked(US_BANK.accountNumber);
  await j.press(page.getByRole("button", { name: t("bank.delete_named", { number, bank: US_BANK.bankName }), exact: true }));
  await confirmDialog(j, t("bank.delete_confirm", { number, bank: US_BANK.bankName }));
  await j.verify();
  await page.getByText(number, { exact: true }).waitFor({ state: "detached" });
  await page.getByText(masked(DE_BANK.accountNumber), { exact: true }).waitFor();
  j.assertNoPageErrors();
}

/** A wire of `amount` USD to the company's USD account, credited by the operator. */
async function fund(j, amount) {
  const token = await j.page.evaluate(() => localStorage.getItem("accessToken"));
  const { memo } = await callApi(j.server, "account/deposit/wire", { token });
  await j.server.admin("credit-wire", "--memo", memo, "--amount", amount, "--reference", `E2E-W-${j.device.name}`);
}

/** The withdrawal to the German account, from the next day's login to the bank's confirmation. */
async function withdraw(j) {
  const { page } = j;
  await fund(j, "3000.00");
  // The next day (past the cooling-off period), the company logs in again.
  await j.logOut();
  // (The test clock moves at most a day at a time.)
  await j.moveTime(24 * 3_600_000);
  await j.moveTime(60_000);
  await j.logIn();
  await j.headerLink(j.t("menu.assets"));
  await j.shows(j.t("card.title"));
  await accountLink(j, "menu.withdraw");
  await j.shows(j.t("withdraw.title"));
  const form = page.getByRole("form", { name: j.t("withdraw.form"), exact: true });
  const account = `${DE_BANK.nickname} · ${DE_BANK.bankName} · ${masked(DE_BANK.accountNumber)}`;
  await labelled(form, j.t("withdraw.account")).selectOption({ label: account });
  const amount = labelled(form, j.t("withdraw.amount"));
  // Below the minimum: the domain's message, nothing sent.
  await amount.fill("49");
  await j.press(form.getByRole("button", { name: j.t("withdraw.submit"), exact: true }));
  await form.getByText(j.t("error.withdrawal_below_minimum", { amount: "50.00" }), { exact: true }).waitFor();
  await j.look("withdraw-below-minimum");
  // 1,000.00: the fee is 10.00 + 0.1% = 11.00, the bank receives 989.00; approved at once.
  await amount.fill("1000");
  await form.getByText(j.t("money.amount", { amount: "11.00", currency: "USD" }), { exact: true }).waitFor();
  await form.getByText(j.t("money.amount", { amount: "989.00", currency: "USD" }), { exact: true }).waitFor();
  await j.look("withdraw-form");
  await j.press(form.getByRole("button", { name: j.t("withdraw.submit"), exact: true }));
  await j.verify();
  await page.getByText(j.t("withdrawal_status.approved"), { exact: true }).first().waitFor();

  // The finance operator sends it with the bank's reference; the bank confirms it.
  const queue = await j.server.admin("withdrawal", "list", "--status", "approved");
  const id = queue.split("\n").find((line) => line.includes("1000.00"))?.split("\t")[0];
  assert.ok(id, `the payout is in the operator's queue:\n${queue}`);
  const reference = `FED-${j.device.name}-0001`;
  await j.server.admin("withdrawal", "send", id, "--reference", reference);
  await j.server.admin("withdrawal", "complete", id);
  await page.reload();
  await j.shows(j.t("withdraw.title"));
  await page.getByText(j.t("withdraw.reference", { reference }), { exact: true }).waitFor();
  await page.getByText(j.t("withdrawal_status.completed"), { exact: true }).first().waitFor();
  await j.look("withdraw-completed");
  await j.chooseLanguage("zh-HK");
  await j.shows(j.t("withdraw.title"));
  await page.getByText(j.t("withdrawal_status.completed"), { exact: true }).first().waitFor();
  await j.look("withdraw-completed");
  await j.chooseLanguage("en-US");
}

async function identityJourney(j) {
  const { page, server } = j;
  await j.register();
  await page.waitForURL(/\/account\/fiscard$/);
  await accountLink(j, "menu.profile");
  await j.shows(j.t("menu.profile"));
  await j.look("profile-new");

  await basicIdentity(j);
  await decide(j, "approve", "basic");
  await rowShows(j, "basic", "identity_status.approved");

  await investorCertification(j);
  await decide(j, "reject", "investor", "directorFile|document_unreadable|The scan of the register of directors is blurred.\\nPlease upload a clear copy.|second page missing");
  await rowShows(j, "investor", "identity_status.rejected");
  const rejected = row(j, "investor");
  await rejected.getByText("The scan of the register of directors is blurred.", { exact: true }).waitFor();
  await rejected.getByText("Please upload a clear copy.", { exact: true }).waitFor();
  assert.equal(await rejected.getByText("second page missing").count(), 0, "the operator's note stays with operators");
  await j.look("profile-investor-rejected");
  await retryInvestor(j);
  await decide(j, "approve", "investor");
  await rowShows(j, "investor", "identity_status.approved");

  // The AML questionnaire in Traditional Chinese (a company: no employment question).
  await j.chooseLanguage("zh-HK");
  await questionnaire(j, "AML", j.t("identity.aml.title"), async (form) => {
    const { t } = j;
    await choose(j, form, "checkbox", t("aml.source_of_fund.ownFund"));
    await choose(j, form, "checkbox", t("aml.purpose.assetPreservation"));
    assert.equal(await form.getByRole("group", { name: t("identity.field.employmentStatus"), exact: true }).count(), 0);
    await choose(j, form, "radio", t("aml.pep.neverPep"));
    await choose(j, form, "radio", t("aml.product.platformNote"));
    await labelled(form, t("identity.field.plannedInvestmentAmount")).fill("250000");
    await choose(j, form, "radio", t("aml.how_to_learn.onlineSearchOrReferral"));
  });
  await j.chooseLanguage("en-US");
  await questionnaire(j, "QI", j.t("identity.qi.title"), async (form) => {
    // A company is asked its total assets only.
    await choose(j, form, "radio", j.t("qi.total_assets.A1"));
    assert.equal(await form.getByRole("radio").count(), 2);
  });
  await decide(j, "approve", "aml");
  await decide(j, "approve", "qualify");
  for (const id of ["basic", "investor", "AML", "QI"]) await rowShows(j, id, "identity_status.approved");
  await j.look("profile-approved");

  // The card: past the identity gate, the mobile gate leads to Security; then the card is issued.
  await page.goto("/product/fiscard#apply");
  let form = await applyForm(j);
  await apply(j, form);
  await confirmDialog(j, j.t("gate.mobile"));
  await at(j, "/my/security", "#mobile");
  await j.shows(j.t("security.title"));
  await j.bindMobile();
  await page.goto("/product/fiscard#apply");
  form = await applyForm(j);
  await apply(j, form);
  await j.shows(j.t("card.title"));
  const cards = (await callApi(server, "fiscard/list", { token: await page.evaluate(() => localStorage.getItem("accessToken")) })).list;
  assert.equal(cards.length, 1, "one card issued");
  assert.equal(cards[0].bin, BIN);

  await bankAccounts(j);
  j.assertNoPageErrors();
}

describe("identity verification", { concurrency: true }, () => {
  onEachDevice((device, env) => {
    it("a new user becomes an approved company investor, fixes one rejected document, and gets a card", TIMEOUT, async () => {
      const { context, page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
      await page.goto("/");
      const j = new Journey({
        page,
        device,
        server: env.server,
        errors,
        console,
        trail,
        user: { email: newEmail("identity"), password: newPassword(), pin: PIN },
      });
      try {
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await identityJourney(j);
      } catch (error) {
        error.message += await j.describeFailure(join(SCREENSHOTS, `FAILED-identity-${device.name}.png`));
        throw error;
      } finally {
        await context.close();
      }
    });
  });
});
