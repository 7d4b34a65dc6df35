// Issue 20's journey (phase 1): the first operator, made by `fiscard admin create-operator`,
// enrols from its link (the authenticator key shown, the code computed from it), logs out and
// logs in again with a password and an authenticator code; claims a company's investor
// certification from the review queue, rejects one document with a reason (the message
// prefilled from the reason's text) and approves the rest; the user sees the rejection and
// replaces that document; the operator approves the new attempt (its changed document beside
// the old one, both PDFs drawn by pdf.js), which then waits for a second approval (the two-person rule); the operator
// invites a second operator, who enrols and approves it, and the user is an approved investor.
// At the desktop width, in both languages, with the queue and a case at the phone width too.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { callApi, newPassword, registerUser } from "../lib/api-user.mjs";
import { launchBrowser, newPage, SCREENSHOTS, VIEWPORTS } from "../lib/browser.mjs";
import { texts } from "../lib/i18n.mjs";
import { Journey, labelled } from "../lib/journey.mjs";
import { startServer } from "../lib/server.mjs";

const TIMEOUT = { timeout: 600_000 };
const [DESKTOP, PHONE] = VIEWPORTS;

// A real 1×1 PNG and a real two-page PDF (its own text and a filled band on each page): the
// server checks magic bytes and scans PDFs for scripts; the console draws the pages with pdf.js.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A PDF of `titles.length` A4 pages, each a dark band and its title, with a correct xref. */
function pdfOf(titles) {
  const pages = titles.map((_, index) => 3 + index * 2);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((n) => `${n} 0 R`).join(" ")}] /Count ${titles.length} >>`,
  ];
  const font = 3 + titles.length * 2;
  for (const [index, title] of titles.entries()) {
    const content = `0.1 0.2 0.5 rg 40 600 515 200 re f\nBT /F1 28 Tf 56 540 Td (${title}) Tj ET\n`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${4 + index * 2} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  }
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const at = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
const PDF = pdfOf(["Register of directors", "Page two"]);

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
/** The document the first review rejects, and why. */
const REJECTED = "directorFile";
const REASON = "document_unreadable";
/** The reason's text in the user's language (English): the message the console prefills. */
const REASON_TEXT = texts("en-US")(`rejection_reason.${REASON}`);

/** Uploads a document as the web app does (`POST user/file`); resolves to its reference. */
async function upload(server, token, name) {
  const pdf = name.endsWith(".pdf");
  const form = new FormData();
  form.append("file", new Blob([pdf ? PDF : PNG], { type: pdf ? "application/pdf" : "image/png" }), name);
  const response = await fetch(`${server.baseUrl}/api/user/file`, { method: "POST", headers: { "Access-Token": token, "User-Lang": "en-US" }, body: form });
  const envelope = await response.json();
  if (envelope.statusCode !== 200) throw new Error(`user/file: ${envelope.statusCode} ${envelope.message}`);
  return envelope.content.reference;
}

/**
 * A user with the basic identity approved who submits a company's investor certification (as the
 * web app's dialog sends it); resolves to the user and the form, kept for the retry.
 */
async function companyInReview(server, name) {
  const user = await registerUser(server);
  await server.admin("identity", "set-status", "--email", user.email, "--status", "approved");
  const company = {
    type: 1,
    companyName: name,
    companyId: "HK-7654321",
    registerJurisdictions: ["HK"],
    mainBusinessOperateCountry: ["HK"],
    businessProperty: "Trading",
    registerAddress: "1 Queen's Road Central, Hong Kong",
    directorNames: ["Alice Chan"],
  };
  for (const field of COMPANY_DOCUMENTS) {
    company[field] = await upload(server, user.token, field.endsWith("Img") ? `${field}.png` : `${field}.pdf`);
  }
  await callApi(server, "user/identity/investor", { token: user.token, body: company });
  await callApi(server, "user/identity/commit", { token: user.token, body: {} });
  return { user, company };
}

/** Fails when the page threw (the console's PDFs are drawn in the page: no frame of their own). */
function assertNoAppErrors(j) {
  assert.deepEqual(j.errors.map(String), [], "the page threw");
}

/**
 * The PDF `name`'s page `page` within `scope`: its canvas drawn by pdf.js (the app's own worker,
 * under the app's CSP), with the dark band of the journey's PDF among its pixels.
 */
async function pdfPageDrawn(j, scope, name, page) {
  const canvas = scope.getByRole("img", { name: j.t("ops.case.pdf_page", { page, name }), exact: true });
  await canvas.and(j.page.locator('[data-state="drawn"]')).waitFor();
  const dark = await canvas.evaluate((element) => {
    const { data } = element.getContext("2d").getImageData(0, 0, element.width, element.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 80 && data[i + 1] < 100 && data[i + 2] > 90 && data[i + 3] > 0) count += 1;
    return count / (element.width * element.height);
  });
  assert.ok(dark > 0.05, `${name} page ${page}: ${(dark * 100).toFixed(1)}% of its pixels are the band's`);
}

/** An operator's page in a fresh browser context at `device`. */
async function operatorJourney(env, device, operator) {
  const { page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
  const j = new Journey({ page, device, server: env.server, errors, console, trail, user: { ...operator } });
  return j;
}

/** The link's page: the key shown (read as an authenticator app reads it), a password, the code. */
async function enrol(j, link) {
  const { t, page } = j;
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  await j.shows(t("ops.enrol.title"));
  await page.getByRole("img", { name: t("ops.enrol.qr"), exact: true }).waitFor();
  j.user.authenticatorKey = (await page.getByTestId("enrol-secret").textContent()).trim();
  await j.look("ops-enrol");
  const form = page.getByRole("form", { name: t("ops.enrol.form"), exact: true });
  await labelled(form, t("ops.field.new_password")).fill(j.user.password);
  await labelled(form, t("ops.field.confirm")).fill(j.user.password);
  await labelled(form, t("ops.field.code")).fill(await j.authenticatorCode());
  await j.press(form.getByRole("button", { name: t("ops.enrol.submit"), exact: true }));
}

/** The console's login: e-mail, password and the authenticator's next code. */
async function logIn(j, { look = false } = {}) {
  const { t, page } = j;
  await j.shows(t("ops.login.title"));
  const form = page.getByRole("form", { name: t("ops.login.title"), exact: true });
  await labelled(form, t("ops.field.email")).fill(j.user.email);
  await labelled(form, t("ops.field.password")).fill(j.user.password);
  await labelled(form, t("ops.field.code")).fill(await j.authenticatorCode());
  if (look) await j.look("ops-login");
  await j.press(form.getByRole("button", { name: t("ops.login.submit"), exact: true }));
}

/** The queue's case of `email` (the table on a desktop, a card on a phone), opened. */
async function openCase(j, email, attempt) {
  const { t, page } = j;
  await j.shows(t("ops.queue.title"));
  const entry = j.mobile ? page.getByRole("listitem").filter({ hasText: email }) : page.getByRole("row").filter({ hasText: email });
  await j.press(entry.getByRole("link", { name: new RegExp(`#${attempt}$`) }));
  await j.shows(`${t("ops.verification.investor")} · ${t("ops.investor_type.COMPANY")} #${attempt}`);
}

async function claim(j) {
  await j.press(j.page.getByRole("button", { name: j.t("ops.case.claim"), exact: true }));
  return j.page.getByRole("form", { name: j.t("ops.case.decision"), exact: true });
}

/** Decides every item of the claimed case: `reject` names the one field rejected (with REASON). */
async function decide(j, form, { reject } = {}) {
  const { t } = j;
  await form.getByRole("heading", { level: 3 }).first().waitFor();
  const labels = await form.getByRole("heading", { level: 3 }).allTextContents();
  assert.ok(labels.length > COMPANY_DOCUMENTS.length, `the items of a company's certification: ${labels}`);
  for (const label of labels) {
    const group = form.getByRole("radiogroup", { name: label, exact: true });
    const choice = label === reject ? t("ops.case.reject") : t("ops.case.approve");
    await j.press(group.getByText(choice, { exact: true }));
    await group.getByRole("radio", { name: choice, exact: true, checked: true }).waitFor();
  }
  if (reject) {
    const item = form.getByRole("listitem").filter({ has: j.page.getByRole("heading", { name: reject, exact: true }) });
    await labelled(item, t("ops.case.reason")).selectOption(REASON);
    // The user reads English: the reason's English text, editable.
    const message = labelled(item, t("ops.case.message"));
    await j.page.waitForFunction(
      ([element, text]) => element.value === text,
      [await message.elementHandle(), REASON_TEXT],
    );
    await message.fill(`${REASON_TEXT}: please upload a clear scan of the register of directors.`);
    await labelled(item, t("ops.case.note")).fill("Scan too dark to read");
    await j.press(form.getByText(t("ops.case.kind_retry"), { exact: true }));
  }
}

async function submit(j, form) {
  await j.press(form.getByRole("button", { name: j.t("ops.case.submit"), exact: true }));
}

/** The user's Profile page (their own browser context), showing the certification's state. */
async function userSees(env, user, status) {
  const { page, errors, console, trail } = await newPage(env.browser, DESKTOP, env.server.baseUrl);
  await page.addInitScript((token) => localStorage.setItem("accessToken", token), user.token);
  const j = new Journey({ page, device: DESKTOP, server: env.server, errors, console, trail, user });
  await page.goto("/my/profile");
  await j.shows(j.t("menu.profile"));
  await page.locator("li#investor").getByText(j.t(`identity_status.${status}`), { exact: true }).waitFor();
  return j;
}

describe("operator console: identity review (issue 20)", () => {
  const env = { server: undefined, browser: undefined };
  const first = { email: "olivia.ops@fiscard.test", password: newPassword() };
  const second = { email: "sam.second@fiscard.test", password: newPassword() };
  let company;
  let other;

  before(async () => {
    [env.server, env.browser] = await Promise.all([startServer({ testClock: true }), launchBrowser(), mkdir(SCREENSHOTS, { recursive: true })]);
    company = await companyInReview(env.server, "Harbour Light Trading Limited");
    other = await companyInReview(env.server, "Kowloon Bay Exports Limited");
  });

  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });

  it("reviews a company's certification with a rejected document, a retry and two approvals", TIMEOUT, async (test) => {
    const out = await env.server.admin("create-operator", first.email, "--role", "admin", "--role", "reviewer");
    const link = /(https?:\/\/\S+\/ops\/enrol#\S+)/.exec(out)?.[1];
    assert.ok(link, `create-operator prints the enrolment link: ${out}`);

    const j = await operatorJourney(env, DESKTOP, first);
    try {
      await enrol(j, link);
      await j.shows(j.t("ops.queue.title"));
      await j.page.getByRole("row").filter({ hasText: company.user.email }).waitFor();
      await j.look("ops-queue");
      await j.chooseLanguage("zh-HK");
      await j.shows(j.t("ops.queue.title"));
      await j.look("ops-queue");
      await j.chooseLanguage("en-US");

      // Log out, then in again: password and the authenticator's next code, always.
      await j.press(j.page.getByRole("banner").getByRole("button", { name: j.t("ops.logout"), exact: true }));
      await logIn(j, { look: true });

      // The first review: one document rejected, the rest approved.
      await openCase(j, company.user.email, 1);
      const form = await claim(j);
      await form.waitFor();
      await decide(j, form, { reject: j.t(`identity.field.${REJECTED}`) });
      await j.look("ops-case-decision");
      await submit(j, form);
      await j.page.getByText(j.t("ops.status.rejected"), { exact: true }).first().waitFor();
      await j.look("ops-case-rejected");

      // The user sees why, and replaces that document alone.
      const user = await userSees(env, company.user, "rejected");
      await user.look("user-investor-rejected");
      company.company[REJECTED] = await upload(env.server, company.user.token, "directors-clear-scan.pdf");
      await callApi(env.server, "user/identity/investor", { token: company.user.token, body: company.company });
      await callApi(env.server, "user/identity/commit", { token: company.user.token, body: {} });
      await user.page.reload();
      await user.page.locator("li#investor").getByText(user.t("identity_status.in_review"), { exact: true }).waitFor();

      // The new attempt: the changed document beside the old one; approved, it waits for a second operator.
      await j.press(j.page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.queue"), exact: true }));
      await openCase(j, company.user.email, 2);
      const retried = j.page.getByRole("listitem").filter({ has: j.page.getByRole("heading", { name: j.t(`identity.field.${REJECTED}`), exact: true }) });
      await retried.getByText(j.t("ops.case.changed"), { exact: true }).waitFor();
      await retried.getByText(j.t("ops.case.answer_before"), { exact: true }).waitFor();
      // Both attempts' documents, drawn: the previous attempt's (read under its own case) and this one's.
      await pdfPageDrawn(j, retried, `${REJECTED}.pdf`, 1);
      await pdfPageDrawn(j, retried, "directors-clear-scan.pdf", 1);
      const current = retried.getByRole("group", { name: j.t("ops.case.pdf_pages", { name: "directors-clear-scan.pdf" }), exact: true });
      await current.getByText(j.t("ops.case.page_of", { page: 1, pages: 2 }), { exact: true }).waitFor();
      await j.press(current.getByRole("button", { name: j.t("ops.case.page_next"), exact: true }));
      await pdfPageDrawn(j, retried, "directors-clear-scan.pdf", 2);
      await j.look("ops-case-documents");
      await j.chooseLanguage("zh-HK");
      const translated = j.page.getByRole("listitem").filter({ has: j.page.getByRole("heading", { name: j.t(`identity.field.${REJECTED}`), exact: true }) });
      await pdfPageDrawn(j, translated, `${REJECTED}.pdf`, 1);
      await j.look("ops-case-documents");
      await j.chooseLanguage("en-US");
      const again = await claim(j);
      await decide(j, again);
      await j.look("ops-case-retry");
      await submit(j, again);
      await j.page.getByText(j.t("ops.stage.second_approval"), { exact: true }).first().waitFor();
      // The first reviewer cannot give the second approval.
      const [refused] = await Promise.all([
        j.page.waitForResponse((response) => response.url().endsWith("/claim")),
        j.press(j.page.getByRole("button", { name: j.t("ops.case.claim"), exact: true })),
      ]);
      assert.equal((await refused.json()).statusCode, 403, "the first reviewer's claim of the second approval");
      assert.equal(await j.page.getByRole("form", { name: j.t("ops.case.decision") }).count(), 0);

      // An administrator invites the second operator.
      await j.press(j.page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.operators"), exact: true }));
      await j.shows(j.t("ops.operators.title"));
      const invite = j.page.getByRole("form", { name: j.t("ops.operators.invite"), exact: true });
      await labelled(invite, j.t("ops.field.email")).fill(second.email);
      await j.press(invite.getByRole("button", { name: j.t("ops.operators.invite_submit"), exact: true }));
      const secondLink = (await j.page.getByTestId("enrolment-url").textContent()).trim();
      await j.look("ops-operators");
      await j.chooseLanguage("zh-HK");
      await j.look("ops-operators");
      await j.press(j.page.getByRole("navigation", { name: j.t("ops.nav.label") }).getByRole("link", { name: j.t("ops.nav.audit"), exact: true }));
      await j.shows(j.t("ops.audit.title"));
      await j.page.getByRole("cell", { name: "review.decide", exact: true }).first().waitFor();
      await j.look("ops-audit");
      await j.chooseLanguage("en-US");
      await j.look("ops-audit");

      // The second operator enrols and gives the second approval.
      const s = await operatorJourney(env, DESKTOP, second);
      await enrol(s, secondLink);
      await openCase(s, company.user.email, 2);
      await s.page.getByRole("heading", { name: new RegExp(first.email.replace(/\./g, "\\.")) }).waitFor();
      const last = await claim(s);
      await decide(s, last);
      await submit(s, last);
      await s.page.getByText(s.t("ops.status.approved"), { exact: true }).first().waitFor();
      await s.look("ops-case-approved");
      await s.chooseLanguage("zh-HK");
      await s.look("ops-case-approved");
      // The phone's session (the next test) goes on from the authenticator steps used here.
      Object.assign(second, { authenticatorKey: s.user.authenticatorKey, lastStep: s.lastStep });

      await user.page.reload();
      await user.page.locator("li#investor").getByText(user.t("identity_status.approved"), { exact: true }).waitFor();
      for (const journey of [j, s, user]) assertNoAppErrors(journey);
    } catch (error) {
      error.message += await j.describeFailure(join(SCREENSHOTS, `failed-ops-review-${test.name.slice(0, 20)}.png`));
      throw error;
    }
  });

  it("shows the queue and a case at the phone width, in both languages", TIMEOUT, async () => {
    const j = await operatorJourney(env, PHONE, second);
    j.lastStep = second.lastStep;
    await j.page.goto("/ops");
    await logIn(j);
    await j.shows(j.t("ops.queue.title"));
    await j.page.getByRole("listitem").filter({ hasText: other.user.email }).waitFor();
    await j.look("ops-queue");
    await openCase(j, other.user.email, 1);
    await pdfPageDrawn(j, j.page, "registerCertificateFile.pdf", 1);
    await j.look("ops-case");
    await j.chooseLanguage("zh-HK");
    await pdfPageDrawn(j, j.page, "registerCertificateFile.pdf", 1);
    await j.look("ops-case");
    await j.page.goBack();
    await j.shows(j.t("ops.queue.title"));
    await j.look("ops-queue");
    assertNoAppErrors(j);
  });
});
