// What the card journeys check independently of the app: amounts as the app writes them, fees
// as the card's terms charge them, the card network's answers (`fiscard simulate` prints each
// event's answer), CSV records, card numbers; and where a labelled value sits on a screen.

/** The value (`<dd>`) beside the term (`<dt>`) reading exactly `label`, in `scope`. */
export function definition(scope, label) {
  return scope
    .getByRole("term")
    .filter({ hasText: exactly(label) })
    .locator("xpath=following-sibling::dd[1]");
}

/** A pattern matching exactly `text`, spaces around it allowed. */
export function exactly(text) {
  return new RegExp(`^\\s*${escape(text)}\\s*$`);
}

export function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Minor units (cents) from exact decimal text with two decimals ("1234.56", "-0.05"). */
export function cents(text) {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount with two decimals: ${JSON.stringify(text)}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** Cents as SPEC §5 shows amounts: thousands separators and two decimals ("1,222.21"). */
export function amountText(minor) {
  const abs = Math.abs(minor);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minor < 0 ? "-" : ""}${units}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents as exact API text ("1222.21"). */
export function apiAmount(minor) {
  const abs = Math.abs(minor);
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A rate fraction of the API ("0.0015") in basis points (15). */
export function basisPoints(fraction) {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(fraction);
  if (!match) throw new Error(`not a rate with at most four decimals: ${JSON.stringify(fraction)}`);
  return Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
}

/** The rate as people read it ("1%", "0.15%"). */
export function percentText(fraction) {
  const bps = basisPoints(fraction);
  const text = `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}`;
  return `${text.replace(/0+$/, "").replace(/\.$/, "")}%`;
}

/** The fee `fraction` charges on `minor` cents, rounded half up at the cent. */
export function feeOf(minor, fraction) {
  return Math.floor((minor * basisPoints(fraction) + 5_000) / 10_000);
}

/**
 * What `fiscard simulate` printed: each event the network sent with the server's answer
 * (`{ event, content }`), and the transaction it made.
 */
export function simulated(stdout) {
  const events = [];
  let transactionId;
  for (const line of stdout.split("\n")) {
    const sent = /^(\w+) (\{.*\})$/.exec(line);
    if (sent) {
      const answer = JSON.parse(sent[2]);
      if (answer.statusCode !== 200) throw new Error(`the server refused ${sent[1]}: ${sent[2]}`);
      events.push({ event: sent[1], content: answer.content });
    }
    const made = /^transaction (\S+)/.exec(line);
    if (made) transactionId = made[1];
  }
  if (!transactionId) throw new Error(`fiscard simulate made no transaction:\n${stdout}`);
  const answer = (event) => events.find((e) => e.event === event)?.content;
  return { events, transactionId, answer };
}

/** RFC 4180 records of `text` (a leading byte-order mark dropped). */
export function parseCsv(text) {
  const records = [];
  let record = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && body[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else {
      field += char;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV does not end with CRLF");
  return records;
}

/** Whether `digits` passes the Luhn check every card number passes. */
export function luhnValid(digits) {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Applying for a card, as the journeys do it -----------------------------------------------

/** The sandbox BIN applied for (not the one the form starts on). */
export const BIN = "522981";

/** The product page's application form, once its BINs are there. */
export async function applyForm(j) {
  const form = j.page.getByRole("form", { name: j.t("product.apply.title"), exact: true });
  await form.getByRole("radio", { name: new RegExp(BIN) }).waitFor();
  return form;
}

/** Chooses the BIN and presses Apply. */
export async function apply(j, form) {
  await j.press(form.getByRole("radio", { name: new RegExp(BIN) }));
  await form.getByRole("radio", { name: new RegExp(BIN), checked: true }).waitFor();
  await j.press(form.getByRole("button", { name: j.t("product.apply.submit"), exact: true }));
}

/** The confirm dialog asking `question`; `look` names a screenshot of it. */
export async function confirmDialog(j, question, look) {
  const dialog = j.page.getByRole("alertdialog", { name: j.t("confirm.title"), exact: true });
  await dialog.getByText(question, { exact: true }).waitFor();
  if (look) await j.look(look);
  await j.press(dialog.getByRole("button", { name: j.t("confirm.ok"), exact: true }));
  await dialog.waitFor({ state: "hidden" });
}

/** Waits for `path` and `hash` in the address bar. */
export function at(j, path, hash = "") {
  return j.page.waitForURL((url) => url.pathname === path && url.hash === hash);
}
