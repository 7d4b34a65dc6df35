// The CSV export of a card's transactions: RFC 4180 text in the interface language, safe to open
// in a spreadsheet.
import type { MessageKey, Translate } from "@/lib/locale";
import type { CardTransaction } from "../api/get-card-history";
import type { CardFormat } from "./use-card-format";

/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-12.50") is read as a number, never as a formula: it stays as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** RFC 4180: a field holding one of these is quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: a would-be formula gets a leading quote, then the RFC 4180 quoting. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 records (CRLF after each), led by a UTF-8 byte-order mark so Excel reads Chinese. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return `\uFEFF${records.map((record) => `${record.map(csvField).join(",")}\r\n`).join("")}`;
}

/** What the export writes in the interface language. */
export interface CsvText {
  readonly t: Translate;
  readonly label: CardFormat["label"];
  /** A decline reason's text. */
  readonly decline: (code: string) => string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A time as spreadsheets read it in any language: "2026-11-21 09:20:05", local time. */
export function csvTime(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

type Column = readonly [header: MessageKey, value: (x: CardTransaction, text: CsvText) => string];

/**
 * Every field of a card transaction (SPEC §3), with what it came to (state, which way the money
 * went, the card's total: the converted amount and the fees, or a refund less its fee); amounts
 * as the exact decimal text the API sent, written by the domain's amount formatting.
 */
const COLUMNS: readonly Column[] = [
  ["card.tx.transaction_id", (x) => x.transactionId],
  ["card.tx.origin_transaction_id", (x) => x.originTransactionId ?? ""],
  ["card.tx.type", (x, text) => text.label("transactionType", x.transactionType)],
  ["card.tx.status", (x, text) => text.label("transactionStatus", x.status)],
  ["card.tx.state", (x, text) => text.label("transactionState", x.state)],
  ["card.tx.direction", (x, text) => text.t(x.direction === "out" ? "card.tx.direction_out" : "card.tx.direction_in")],
  ["card.tx.merchant", (x) => x.merchantNameLocation],
  ["card.tx.create_at", (x) => csvTime(x.createAt)],
  ["card.tx.create_time", (x) => csvTime(x.createTime)],
  ["card.tx.account_amount", (x) => x.accountGrossAmount],
  ["card.tx.account_currency", (x) => x.accountCurrency],
  ["card.tx.transaction_amount", (x) => x.transactionAmount],
  ["card.tx.transaction_currency", (x) => x.transactionCurrency],
  ["card.tx.transaction_fee", (x) => x.transactionFeeAmount],
  ["card.tx.transaction_fee_currency", (x) => x.transactionFeeCurrency],
  ["card.tx.conversion_fee", (x) => x.conversionFeeAmount],
  ["card.tx.conversion_fee_currency", (x) => x.conversionFeeCurrency],
  ["card.tx.cross_border_fee", (x) => x.crossBroadFeeAmount],
  ["card.tx.cross_border_fee_currency", (x) => x.crossBroadFeeCurrency],
  ["card.tx.refund_fee", (x) => x.refundFeeAmount],
  ["card.tx.refund_fee_currency", (x) => x.refundFeeCurrency],
  ["card.tx.account_total", (x) => x.accountTotalAmount],
  ["card.tx.check_code", (x) => x.checkCode ?? ""],
  ["card.tx.decline_reason", (x, text) => (x.declineReason ? text.decline(x.declineReason) : "")],
];

/** The transactions as CSV: a translated header row, then one record per transaction. */
export function transactionsCsv(transactions: readonly CardTransaction[], text: CsvText): string {
  return toCsv([
    COLUMNS.map(([header]) => text.t(header)),
    ...transactions.map((x) => COLUMNS.map(([, value]) => value(x, text))),
  ]);
}

/** "transactions-4859-32xx-xxxx-1234-2026-11-21.csv": the masked card (no `*`, which file systems refuse) and the day. */
export function csvFileName(maskCardNo: string, now: number): string {
  const card = maskCardNo.trim().replaceAll("*", "x").replace(/\s+/g, "-");
  return `transactions-${card}-${csvTime(now).slice(0, 10)}.csv`;
}

/** Hands `csv` to the browser as a download named `fileName`. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, not while the browser may still read it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
