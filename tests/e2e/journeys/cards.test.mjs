// Issue 7's journey through the real app, at the desktop and the phone width, each on a fresh
// server: apply for a card (the identity and mobile gates first), fund the USD account by a
// wire the operator credits, recharge the card, reveal its details, pay with it (the card
// network played by `fiscard simulate`), read and export its transactions and orders, freeze
// it and cancel it. The card list and the recharge dialog are also read in zh-HK.
//
// A fresh user's trade actions are verified by the e-mail code, and the server mails one code
// a minute per address and purpose and five an hour per address: this journey asks for four
// (binding the mobile, the recharge, the reveal, the cancel; the Journey waits out the minute
// between two), on top of the registration's.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";
import { callApi, registerUser } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import {
  amountText,
  apiAmount,
  apply,
  applyForm,
  at,
  BIN,
  confirmDialog,
  definition,
  escape,
  exactly,
  feeOf,
  luhnValid,
  parseCsv,
  percentText,
  simulated,
} from "../lib/cards.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { texts } from "../lib/i18n.mjs";
import { accountLink, Journey, labelled } from "../lib/journey.mjs";

/** Four e-mail codes a minute apart, two widths at once on two cores: well under ten minutes. */
const TIMEOUT = { timeout: 600_000 };

const en = texts("en-US");
const zh = texts("zh-HK");

/** What the operator credits, and what is recharged (its fee rounds: 12.3456 → 12.35). */
const WIRE = 200_000;
const RECHARGE = 123_456;
/** The network's payments, in EUR at the sandbox's 1.08 USD. */
const EUR_IN_USD_CENTS = (minor) => Math.floor((minor * 108 + 50) / 100);
const CAFE = "Café de Flore, Paris FR";
const HOTEL = "Hôtel Lutetia, Paris FR";
const PURCHASE = 2_000;
const REFUND = 500;
const VOIDED = 1_000;

/** Every field of a card transaction, in the order the CSV export writes them (SPEC §3). */
const CSV_COLUMNS = [
  "card.tx.transaction_id",
  "card.tx.origin_transaction_id",
  "card.tx.type",
  "card.tx.status",
  "card.tx.state",
  "card.tx.direction",
  "card.tx.merchant",
  "card.tx.create_at",
  "card.tx.create_time",
  "card.tx.account_amount",
  "card.tx.account_currency",
  "card.tx.transaction_amount",
  "card.tx.transaction_currency",
  "card.tx.transaction_fee",
  "card.tx.transaction_fee_currency",
  "card.tx.conversion_fee",
  "card.tx.conversion_fee_currency",
  "card.tx.cross_border_fee",
  "card.tx.cross_border_fee_currency",
  "card.tx.refund_fee",
  "card.tx.refund_fee_currency",
  "card.tx.account_total",
  "card.tx.check_code",
  "card.tx.decline_reason",
];

/** The card actions: their button in the mobile detail dialog, and the named one on desktop. */
const ACTIONS = {
  recharge: ["card.recharge", "card.recharge_named"],
  transactions: ["card.transactions", "card.transactions_named"],
  details: ["card.details", "card.details_named"],
  freeze: ["card.freeze", "card.freeze_named"],
  cancel: ["card.cancel_card", "card.cancel_named"],
};

/** "1,234.56 USD" as the card screens write money, in the language `j` shows. */
function money(j, minor, currency = "USD") {
  return j.t("money.amount", { amount: amountText(minor), currency });
}

// Screens ----------------------------------------------------------------------------------

/** The card on the list: its table row on desktop, its tile on a phone. */
function cardEntry(j, mask) {
  if (!j.mobile) return j.page.getByRole("row", { name: mask, exact: true });
  return j.page
    .getByRole("list", { name: j.t("card.list_title"), exact: true })
    .getByRole("listitem")
    .filter({ has: j.page.getByRole("button", { name: mask, exact: true }) });
}

/** The card's detail dialog (a phone's tile tapped), opened if it is not. */
async function cardDetail(j, mask) {
  const dialog = j.page.getByRole("dialog", { name: mask, exact: true });
  if (!(await dialog.isVisible())) {
    await j.press(cardEntry(j, mask).getByRole("button", { name: mask, exact: true }));
    await dialog.waitFor();
  }
  return dialog;
}

/**
 * Starts `action` (a key of ACTIONS) on the card: from its detail dialog on a phone; on desktop
 * from its row, where every action is.
 */
async function cardAction(j, mask, action) {
  const [label, named] = ACTIONS[action];
  if (j.mobile) {
    const dialog = await cardDetail(j, mask);
    await j.press(dialog.getByRole("button", { name: j.t(label), exact: true }));
    return;
  }
  // Every action sits in the card's row, labelled, without expanding anything.
  await j.press(cardEntry(j, mask).getByRole("button", { name: j.t(named, { card: mask }), exact: true }));
}

/** Closes a card dialog by its close button. */
async function closeDialog(j, dialog) {
  await j.press(dialog.getByRole("button", { name: j.t("app.close"), exact: true }));
  await dialog.waitFor({ state: "hidden" });
}

/** On a phone, closes the card's detail dialog if it is open. */
async function closeDetail(j, mask) {
  const dialog = j.page.getByRole("dialog", { name: mask, exact: true });
  if (j.mobile && (await dialog.isVisible())) await closeDialog(j, dialog);
}

/** Waits until the card shows `minor` cents as its balance (the list, or the phone's dialog). */
async function cardBalanceShows(j, mask, minor) {
  if (!j.mobile) {
    await cardEntry(j, mask).getByRole("cell").filter({ hasText: exactly(amountText(minor)) }).waitFor();
    return;
  }
  const dialog = j.page.getByRole("dialog", { name: mask, exact: true });
  if (await dialog.isVisible()) {
    await definition(dialog, j.t("card.column.balance")).filter({ hasText: exactly(money(j, minor)) }).waitFor();
  } else {
    await cardEntry(j, mask).getByText(money(j, minor), { exact: true }).waitFor();
  }
}

/** Waits until the card's status reads `status` (the domain's label). */
async function cardStatusShows(j, mask, status) {
  const label = j.t(`card_status.${status}`);
  const dialog = j.page.getByRole("dialog", { name: mask, exact: true });
  const scope = j.mobile && (await dialog.isVisible()) ? dialog : cardEntry(j, mask);
  await scope.getByText(label, { exact: true }).waitFor();
}

/** Waits until the card account shows `minor` cents in the USD account. */
async function usdBalanceShows(j, minor) {
  const value = new RegExp(`^\\s*${escape(amountText(minor))}\\s*USD\\s*$`);
  await definition(j.page.getByRole("main"), j.t("card.usd_balance")).filter({ hasText: value }).waitFor();
}

/**
 * The recharge dialog as the language shown writes it: its sections, the card, what the USD
 * account holds, the amount field and the preview's labels (the fee's with the card's rate).
 */
async function checkRechargeDialog(j, dialog, { card, available }) {
  const { t } = j;
  await dialog.getByRole("heading", { name: t("card.recharge.from_usd"), exact: true }).waitFor();
  await dialog.getByRole("heading", { name: t("card.recharge.wire_title"), exact: true }).waitFor();
  await definition(dialog, t("card.recharge.card")).filter({ hasText: exactly(`${card.orgName} ${card.maskCardNo}`) }).waitFor();
  const form = dialog.getByRole("form", { name: t("card.recharge.form"), exact: true });
  await form.getByText(`${t("card.recharge.available")} ${money(j, available)}`, { exact: true }).waitFor();
  await labelled(form, t("card.recharge.amount")).waitFor();
  await form.getByRole("term").filter({ hasText: exactly(t("card.recharge.fee", { rate: percentText(card.rechargeRate) })) }).waitFor();
  await form.getByRole("term").filter({ hasText: exactly(t("card.recharge.credited")) }).waitFor();
  await form.getByRole("button", { name: t("card.recharge.submit"), exact: true }).waitFor();
  return form;
}

/**
 * Chooses a transaction of the open transactions dialog (its row: type and merchant) and
 * checks every field `expected` names in its details; on a phone, goes back to the list.
 */
async function checkTransaction(j, dialog, row, expected, look, more) {
  const { t } = j;
  const list = dialog.getByRole("list", { name: t("card.tx.list"), exact: true });
  await j.press(list.getByRole("button").filter({ hasText: row.type }).filter({ hasText: row.merchant }));
  const detail = dialog.getByRole("region", { name: t("card.tx.detail"), exact: true });
  await definition(detail, t("card.tx.transaction_id")).filter({ hasText: exactly(expected["card.tx.transaction_id"]) }).waitFor();
  for (const [key, value] of Object.entries(expected)) {
    assert.equal((await definition(detail, t(key)).textContent()).trim(), value, `${t(key)} of ${row.type}`);
  }
  if (more) await more(detail);
  if (look) await j.look(look);
  if (j.mobile) {
    await j.press(dialog.getByRole("button", { name: t("card.tx.back"), exact: true }));
    await list.waitFor();
  }
}

// The journey -------------------------------------------------------------------------------

async function cardJourney(j) {
  const { page, server } = j;
  const token = j.user.token;

  // Apply before the identity check: the prompt leads to the identity section of Profile.
  await page.goto("/product/fiscard#apply");
  let form = await applyForm(j);
  await j.look("card-apply");
  await apply(j, form);
  await confirmDialog(j, j.t("gate.basic_identity"), "card-apply-identity-gate");
  await at(j, "/my/profile", "#basic");

  // The operator approves the identity; back later, the mobile prompt leads to Security.
  await server.admin("identity", "set-status", "--email", j.user.email, "--status", "approved");
  await page.goto("/product/fiscard#apply");
  form = await applyForm(j);
  await apply(j, form);
  await confirmDialog(j, j.t("gate.mobile"), "card-apply-mobile-gate");
  await at(j, "/my/security", "#mobile");
  await j.shows(j.t("security.title"));

  // Bind a mobile through the Security page (the first e-mail code).
  await j.bindMobile();

  // Apply again, through the account menu's Card: the card account shows the new card.
  await accountLink(j, "menu.card");
  form = await applyForm(j);
  await apply(j, form);
  await j.shows(j.t("card.title"));
  await at(j, "/account/fiscard");
  const cards = (await callApi(server, "fiscard/list", { token })).list;
  assert.equal(cards.length, 1, "one card issued");
  const card = cards[0];
  assert.equal(card.bin, BIN);
  const mask = card.maskCardNo;
  await cardEntry(j, mask).waitFor();
  await cardStatusShows(j, mask, "normal");
  await cardBalanceShows(j, mask, 0);
  await usdBalanceShows(j, 0);
  await j.look("cards");
  if (j.mobile) {
    await cardDetail(j, mask);
    await j.look("card-detail");
    await closeDetail(j, mask);
  } else {
    await j.press(page.getByRole("button", { name: j.t("card.expand", { card: mask }), exact: true }));
    const terms = page.getByRole("row", { name: j.t("card.terms_of", { card: mask }), exact: true });
    await definition(terms, j.t("card.rate.recharge")).filter({ hasText: exactly(percentText(card.rechargeRate)) }).waitFor();
    await j.look("cards-expanded");
  }

  // The recharge dialog's wire instructions carry the memo the wire needs: nine characters of
  // Crockford's Base32 (no I, L, O or U), the last a check character; not the user's id.
  await cardAction(j, mask, "recharge");
  let recharge = page.getByRole("dialog", { name: j.t("card.recharge.title"), exact: true });
  await checkRechargeDialog(j, recharge, { card, available: 0 });
  const memo = definition(recharge, j.t("card.wire.memo")).locator("p");
  const memoId = (await memo.textContent()).trim();
  assert.match(memoId, /^[0-9A-HJKMNP-TV-Z]{9}$/);
  assert.notEqual(memoId, (await callApi(server, "user/self", { token })).uuid);

  // Copying it shows a toast, which leaves the dialog's actions uncovered (on a phone too,
  // where the dialog fills the screen).
  const copyMemo = recharge.getByRole("button", { name: j.t("app.copy_named", { what: j.t("card.wire.memo") }), exact: true });
  // Tapped on a phone: the dialog opens with the focus on itself, not on the amount field, whose
  // check on leaving it would show its error under the finger and move the button away.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await j.press(copyMemo);
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: j.t("app.copied") });
  await toast.waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), memoId);
  const amount = labelled(recharge.getByRole("form", { name: j.t("card.recharge.form"), exact: true }), j.t("card.recharge.amount"));
  assert.equal(await amount.getAttribute("aria-invalid"), null, "the amount is not checked before it is used");
  await j.settle();
  // Where it comes to rest: its entrance may start after the animations settle() waited for.
  for (let last = null, box = await toast.boundingBox(); JSON.stringify(box) !== JSON.stringify(last); ) {
    await page.waitForTimeout(150);
    [last, box] = [box, await toast.boundingBox()];
  }
  for (const action of [
    recharge.getByRole("button", { name: j.t("app.close"), exact: true }),
    recharge.getByRole("button", { name: j.t("card.recharge.submit"), exact: true }),
  ]) {
    // What a finger at the action's centre and corners would touch: never the toast.
    const covered = await action.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]];
      return points.some(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-scope="toast"]') != null);
    });
    assert.equal(covered, false, `the toast covers ${(await action.getAttribute("aria-label")) ?? (await action.textContent())}`);
  }
  await j.look("card-recharge-toast");
  await closeDialog(j, recharge);
  await closeDetail(j, mask);

  // A memo mistyped on the wire is refused by its check character, with its own message.
  const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const typo = memoId.slice(0, 2) + ALPHABET[(ALPHABET.indexOf(memoId[2]) + 1) % 32] + memoId.slice(3);
  await assert.rejects(
    server.admin("credit-wire", "--memo", typo, "--amount", apiAmount(WIRE), "--reference", `E2E-typo-${j.device.name}`),
    /mistyped: its check character does not match/,
  );

  // The operator credits the wire; back on the card account, the USD balance shows it.
  await server.admin("credit-wire", "--memo", memoId, "--amount", apiAmount(WIRE), "--reference", `E2E-${memoId.slice(0, 8)}-${j.device.name}`);
  await page.reload();
  await j.shows(j.t("card.title"));
  await usdBalanceShows(j, WIRE);

  // The card list and the recharge dialog in zh-HK, then back.
  assert.notEqual(zh("card.title"), en("card.title"));
  await j.chooseLanguage("zh-HK");
  await j.shows(zh("card.title"));
  await page.getByRole("heading", { name: zh("card.list_title"), exact: true }).waitFor();
  await usdBalanceShows(j, WIRE);
  await cardStatusShows(j, mask, "normal");
  if (j.mobile) {
    await cardEntry(j, mask).getByText(zh("card.column.balance"), { exact: true }).waitFor();
  } else {
    for (const column of ["number", "balance", "org", "region", "status", "currency", "create_time", "actions"]) {
      await page.getByRole("columnheader", { name: zh(`card.column.${column}`), exact: true }).waitFor();
    }
    await cardEntry(j, mask).getByRole("button", { name: zh("card.transactions_named", { card: mask }), exact: true }).waitFor();
  }
  await j.look("cards");
  await cardAction(j, mask, "recharge");
  recharge = page.getByRole("dialog", { name: zh("card.recharge.title"), exact: true });
  await checkRechargeDialog(j, recharge, { card, available: WIRE });
  await definition(recharge, zh("card.wire.memo")).getByText(memoId, { exact: true }).waitFor();
  await j.look("card-recharge");
  await closeDialog(j, recharge);
  await closeDetail(j, mask);
  await j.chooseLanguage("en-US");
  await j.shows(en("card.title"));

  // Recharge with the previewed fee (the second code): the card gets what the preview said.
  const fee = feeOf(RECHARGE, card.rechargeRate);
  const credited = RECHARGE - fee;
  await cardAction(j, mask, "recharge");
  recharge = page.getByRole("dialog", { name: j.t("card.recharge.title"), exact: true });
  form = await checkRechargeDialog(j, recharge, { card, available: WIRE });
  await labelled(form, j.t("card.recharge.amount")).fill(apiAmount(RECHARGE));
  const feeLabel = j.t("card.recharge.fee", { rate: percentText(card.rechargeRate) });
  await definition(form, feeLabel).filter({ hasText: exactly(money(j, fee)) }).waitFor();
  await definition(form, j.t("card.recharge.credited")).filter({ hasText: exactly(money(j, credited)) }).waitFor();
  await j.look("card-recharge");
  await j.press(form.getByRole("button", { name: j.t("card.recharge.submit"), exact: true }));
  await j.verify();
  await recharge.waitFor({ state: "hidden" });
  await cardBalanceShows(j, mask, credited);
  await closeDetail(j, mask);
  await usdBalanceShows(j, WIRE - RECHARGE);
  await cardBalanceShows(j, mask, credited);

  // Reveal the details (the third code), copy the number, close: they are gone from the page.
  await cardAction(j, mask, "details");
  await j.verify();
  const cvv = page.getByRole("dialog", { name: j.t("card.cvv.title_of", { card: mask }), exact: true });
  const grouped = (await definition(cvv, j.t("card.cvv.number")).locator("code").textContent()).trim();
  const number = grouped.replace(/\s/g, "");
  assert.match(grouped, /^\d{4}( \d{4})+$/);
  assert.ok(number.startsWith(BIN), `${number} is under ${BIN}`);
  assert.ok(luhnValid(number), `${number} passes the Luhn check`);
  assert.equal(number.slice(-4), mask.replace(/\D/g, "").slice(-4));
  const code = (await definition(cvv, j.t("card.cvv.cvv")).textContent()).trim();
  assert.match(code, /^\d{3}$/);
  assert.match((await definition(cvv, j.t("card.cvv.expiry")).textContent()).trim(), /^\d{2}\/\d{2}$/);
  await j.look("card-details");
  await j.press(cvv.getByRole("button", { name: j.t("app.copy_named", { what: j.t("card.cvv.number") }), exact: true }));
  await page.getByText(j.t("app.copied"), { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), number);
  await closeDialog(j, cvv);
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  assert.ok(!html.includes(number) && !html.includes(grouped), "the card number left the page");
  await closeDetail(j, mask);

  // The card network: a purchase in EUR (cleared), part of it refunded, another one voided.
  const simulate = (kind, minor, merchant, ...more) =>
    server.simulate(kind, "--card", card.cardKey, "--amount", apiAmount(minor), "--currency", "EUR", "--merchant", merchant, ...more);
  const purchase = simulated(await simulate("purchase", PURCHASE, CAFE));
  const refund = simulated(await simulate("refund", REFUND, CAFE, "--origin", purchase.transactionId));
  const voidOutput = await simulate("void", VOIDED, HOTEL);
  const voided = simulated(voidOutput);
  const voidedAuth = /voided (\S+)/.exec(voidOutput)[1];
  const authorization = purchase.answer("authorization");
  assert.equal(authorization.approved, true);
  const billed = EUR_IN_USD_CENTS(PURCHASE);
  const fees = {
    transaction: feeOf(billed, card.paymentRate),
    conversion: feeOf(billed, card.exchangeRate),
    refund: feeOf(EUR_IN_USD_CENTS(REFUND), card.refundRate),
  };
  assert.equal(authorization.transactionFee, apiAmount(fees.transaction));
  assert.equal(authorization.conversionFee, apiAmount(fees.conversion));
  assert.equal(refund.answer("refund").refundFee, apiAmount(fees.refund));
  const left = credited - billed - fees.transaction - fees.conversion + EUR_IN_USD_CENTS(REFUND) - fees.refund;
  assert.equal(voided.answer("void").cardBalance, apiAmount(left));

  // The transactions dialog: each with its display name, status and fees; then the CSV.
  await cardAction(j, mask, "transactions");
  const history = page.getByRole("dialog", { name: j.t("card.tx.title", { card: mask }), exact: true });
  const list = history.getByRole("list", { name: j.t("card.tx.list"), exact: true });
  await list.getByRole("listitem").nth(3).waitFor();
  assert.equal(await list.getByRole("listitem").count(), 4);
  const auth = j.t("transaction_type.auth");
  // Each row: the spec's type, the state the user cares about, the USD the card moved with its
  // sign (a purchase takes, a refund gives back; a voided hold took nothing) beside the
  // merchant's EUR.
  const refundedUsd = EUR_IN_USD_CENTS(REFUND) - fees.refund;
  const rows = [
    [auth, CAFE, "settled", `−${money(j, billed + fees.transaction + fees.conversion)}`, money(j, PURCHASE, "EUR")],
    [j.t("transaction_type.refund"), CAFE, "refunded", `+${money(j, refundedUsd)}`, money(j, REFUND, "EUR")],
    [auth, HOTEL, "reversed", undefined, money(j, VOIDED, "EUR")],
    [j.t("transaction_type.void"), HOTEL, "reversed", undefined, money(j, VOIDED, "EUR")],
  ];
  for (const [type, merchant, state, usd, merchantAmount] of rows) {
    const entry = list
      .getByRole("button")
      .filter({ hasText: type })
      .filter({ hasText: merchant })
      .filter({ hasText: j.t(`transaction_state.${state}`) })
      .filter({ hasText: merchantAmount });
    await (usd ? entry.filter({ hasText: usd }) : entry).first().waitFor();
  }
  const takenColour = await list.getByText(rows[0][3], { exact: true }).evaluate((el) => getComputedStyle(el).color);
  const givenColour = await list.getByText(rows[1][3], { exact: true }).evaluate((el) => getComputedStyle(el).color);
  assert.notEqual(takenColour, givenColour, "money out and money in look different");
  await history.getByText(j.t("card.tx.export_scope", { count: 4 }), { exact: true }).waitFor();
  await j.look("card-transactions");
  const none = "—";
  await checkTransaction(j, history, { type: auth, merchant: CAFE }, {
    "card.tx.transaction_id": purchase.transactionId,
    "card.tx.origin_transaction_id": none,
    "card.tx.type": auth,
    "card.tx.status": j.t("transaction_status.succeed"),
    "card.tx.merchant": CAFE,
    "card.tx.account_amount": money(j, billed),
    "card.tx.transaction_amount": money(j, PURCHASE, "EUR"),
    "card.tx.transaction_fee": money(j, fees.transaction),
    "card.tx.conversion_fee": money(j, fees.conversion),
    "card.tx.refund_fee": money(j, 0),
    "card.tx.check_code": authorization.checkCode,
  }, j.mobile ? "card-transaction" : undefined, async (detail) => {
    // The breakdown adds up to what the card paid: the EUR converted + the transaction fee +
    // the exchange fee.
    const sum = detail.getByRole("table", { name: j.t("card.tx.breakdown"), exact: true });
    const line = (label) => sum.getByRole("row").filter({ has: j.page.getByRole("rowheader").filter({ hasText: label }) });
    await line(j.t("card.tx.converted", { amount: money(j, PURCHASE, "EUR") })).getByText(money(j, billed), { exact: true }).waitFor();
    await line(j.t("card.tx.transaction_fee")).getByText(money(j, fees.transaction), { exact: true }).waitFor();
    await line(j.t("card.tx.conversion_fee")).getByText(money(j, fees.conversion), { exact: true }).waitFor();
    await line(j.t("card.tx.total_out")).getByText(money(j, billed + fees.transaction + fees.conversion), { exact: true }).waitFor();
    assert.equal((await definition(detail, j.t("card.tx.state")).textContent()).trim(), j.t("transaction_state.settled"));
  });
  await checkTransaction(j, history, { type: j.t("transaction_type.refund"), merchant: CAFE }, {
    "card.tx.transaction_id": refund.transactionId,
    "card.tx.origin_transaction_id": purchase.transactionId,
    "card.tx.status": j.t("transaction_status.succeed"),
    "card.tx.account_amount": money(j, EUR_IN_USD_CENTS(REFUND)),
    "card.tx.transaction_amount": money(j, REFUND, "EUR"),
    "card.tx.refund_fee": money(j, fees.refund),
  });
  await checkTransaction(j, history, { type: j.t("transaction_type.void"), merchant: HOTEL }, {
    "card.tx.transaction_id": voided.transactionId,
    "card.tx.origin_transaction_id": voidedAuth,
    "card.tx.status": j.t("transaction_status.succeed"),
    "card.tx.transaction_amount": money(j, VOIDED, "EUR"),
  });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    j.press(history.getByRole("button", { name: j.t("card.tx.export"), exact: true })),
  ]);
  assert.match(download.suggestedFilename(), /^transactions-[\w-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  assert.ok(csv.startsWith("\uFEFF"), "the CSV starts with a byte-order mark");
  const [header, ...records] = parseCsv(csv);
  assert.deepEqual(header, CSV_COLUMNS.map((key) => j.t(key)));
  assert.equal(records.length, 4);
  const record = (id) => {
    const found = records.find((r) => r[0] === id);
    assert.ok(found, `the CSV has ${id}`);
    return Object.fromEntries(CSV_COLUMNS.map((key, index) => [key, found[index]]));
  };
  const bought = record(purchase.transactionId);
  assert.equal(bought["card.tx.type"], auth);
  assert.equal(bought["card.tx.status"], j.t("transaction_status.succeed"));
  assert.equal(bought["card.tx.merchant"], CAFE);
  assert.equal(bought["card.tx.account_amount"], apiAmount(billed));
  assert.equal(bought["card.tx.account_currency"], "USD");
  assert.equal(bought["card.tx.transaction_amount"], apiAmount(PURCHASE));
  assert.equal(bought["card.tx.transaction_currency"], "EUR");
  assert.equal(bought["card.tx.transaction_fee"], apiAmount(fees.transaction));
  assert.equal(bought["card.tx.conversion_fee"], apiAmount(fees.conversion));
  assert.match(bought["card.tx.create_at"], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // What it came to: settled, money out, the converted amount and both fees.
  assert.equal(bought["card.tx.state"], j.t("transaction_state.settled"));
  assert.equal(bought["card.tx.direction"], j.t("card.tx.direction_out"));
  assert.equal(bought["card.tx.account_total"], apiAmount(billed + fees.transaction + fees.conversion));
  const refunded = record(refund.transactionId);
  assert.equal(refunded["card.tx.type"], j.t("transaction_type.refund"));
  assert.equal(refunded["card.tx.origin_transaction_id"], purchase.transactionId);
  assert.equal(refunded["card.tx.refund_fee"], apiAmount(fees.refund));
  assert.equal(refunded["card.tx.state"], j.t("transaction_state.refunded"));
  assert.equal(refunded["card.tx.direction"], j.t("card.tx.direction_in"));
  assert.equal(refunded["card.tx.account_total"], apiAmount(EUR_IN_USD_CENTS(REFUND) - fees.refund));
  assert.equal(record(voidedAuth)["card.tx.state"], j.t("transaction_state.reversed"));
  assert.equal(record(voidedAuth)["card.tx.status"], j.t("transaction_status.void"));
  assert.equal(record(voided.transactionId)["card.tx.type"], j.t("transaction_type.void"));
  await closeDialog(j, history);
  await closeDetail(j, mask);

  // The order record: the recharge, completed, with its fee.
  await accountLink(j, "menu.order_history");
  await j.shows(j.t("order.title"));
  const order = j.mobile
    ? page.getByRole("list", { name: j.t("order.title"), exact: true }).getByRole("listitem")
    : page.getByRole("table", { name: j.t("order.title"), exact: true }).getByRole("row").filter({ has: page.getByRole("cell") });
  const deposit = order.filter({ hasText: j.t("order_type.deposit") });
  await deposit.getByText(j.t("order_status.completed"), { exact: true }).waitFor();
  assert.equal(await order.count(), 1);
  const shown = (await deposit.innerText()).replace(/\s+/g, " ");
  for (const part of [mask, amountText(RECHARGE), amountText(fee), "USD"]) {
    assert.ok(shown.includes(part), `the order shows ${part}: ${shown}`);
  }
  await j.look("card-orders");

  // Freeze the card, then cancel it (confirmed, then the fourth code): its balance goes back.
  await accountLink(j, "menu.card_account");
  await j.shows(j.t("card.title"));
  await cardBalanceShows(j, mask, left);
  await cardAction(j, mask, "freeze");
  await confirmDialog(j, j.t("card.freeze_confirm", { card: mask }), "card-freeze-confirm");
  await cardStatusShows(j, mask, "frozen");
  await j.look(j.mobile ? "card-detail-frozen" : "cards-frozen");
  await cardAction(j, mask, "cancel");
  await confirmDialog(j, j.t("card.cancel_confirm", { card: mask, amount: money(j, left) }), "card-cancel-confirm");
  await j.verify();
  await page.getByText(j.t("card.empty"), { exact: true }).waitFor();
  await cardEntry(j, mask).waitFor({ state: "hidden" });
  await page.getByRole("dialog", { name: mask, exact: true }).waitFor({ state: "hidden" });
  await usdBalanceShows(j, WIRE - RECHARGE + left);
  await j.look("cards-empty");
  j.assertNoPageErrors();
}

describe("card journeys", { concurrency: true }, () => {
  onEachDevice((device, env) => {

      it("applies for a card, funds it, pays with it, freezes and cancels it", TIMEOUT, async () => {
        const user = await registerUser(env.server);
        const { context, page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.baseUrl });
        // Logged in from the first page on; a reload keeps the session as the app keeps it.
        await context.addInitScript((session) => {
          if (!sessionStorage.getItem("e2e-started")) {
            sessionStorage.setItem("e2e-started", "1");
            localStorage.setItem("accessToken", session);
          }
        }, user.token);
        const j = new Journey({ page, device, server: env.server, errors, console, trail, user });
        try {
          await cardJourney(j);
        } catch (error) {
          error.message += await j.describeFailure(join(SCREENSHOTS, `FAILED-${device.name}-cards.png`));
          throw error;
        } finally {
          await context.close();
        }
      });
  });
});
