import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import { describe, expect, it } from "vitest";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { formatMessage, type MessageKey } from "@/lib/locale";
import type { CardTransaction } from "../api/get-card-history";
import { csvField, csvFileName, csvTime, transactionsCsv, type CsvText } from "./transactions-csv";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = { ...domainZhHK, ...webZhHK };

/** The catalogue prefix of each label kind the export writes. */
const LABEL_PREFIX = { transactionType: "transaction_type", transactionStatus: "transaction_status", transactionState: "transaction_state" } as const;

/** The export's words from a catalogue, as the dialog gives them from the current language. */
function textOf(catalogue: Record<string, string>): CsvText {
  const t = (key: MessageKey) => formatMessage(catalogue[key] ?? key);
  return {
    t,
    label: (kind, value) => t(`${LABEL_PREFIX[kind as keyof typeof LABEL_PREFIX]}.${value}` as MessageKey),
    decline: (code) => t(`card.decline.${code}` as MessageKey),
  };
}

const purchase: CardTransaction = {
  transactionId: "tx-1",
  originTransactionId: null,
  transactionType: "auth",
  status: "succeed",
  state: "settled",
  direction: "out",
  movesMoney: true,
  merchantNameLocation: 'Café "Le Zinc", Paris FR',
  createAt: Date.UTC(2026, 10, 21, 9, 20, 5),
  createTime: Date.UTC(2026, 10, 21, 9, 20, 6),
  accountGrossAmount: "108.50",
  accountCurrency: "USD",
  accountTotalAmount: "109.75",
  transactionAmount: "100.00",
  transactionCurrency: "EUR",
  transactionFeeAmount: "1.09",
  transactionFeeCurrency: "USD",
  conversionFeeAmount: "0.16",
  conversionFeeCurrency: "USD",
  crossBroadFeeAmount: "0.00",
  crossBroadFeeCurrency: "USD",
  refundFeeAmount: "0.00",
  refundFeeCurrency: "USD",
  checkCode: "004211",
  declineReason: null,
};

describe("a CSV field", () => {
  it("is quoted when it holds a comma, a quote or a line break, with quotes doubled (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
  });

  it("gets a leading quote when a spreadsheet would read it as a formula", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvField("+1+1")).toBe("'+1+1");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
  });

  it("keeps a negative amount a number", () => {
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("-3")).toBe("-3");
  });
});

describe("the transactions export", () => {
  const hostile: CardTransaction = {
    ...purchase,
    transactionId: "tx-2",
    originTransactionId: "tx-1",
    transactionType: "refund",
    status: "failed",
    merchantNameLocation: "=cmd|' /C calc'!A0",
    accountGrossAmount: "-20.00",
    checkCode: null,
    declineReason: "insufficient_funds",
  };

  it("starts with a UTF-8 byte-order mark and a header row in the interface language", () => {
    const csv = transactionsCsv([purchase], textOf(zh));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const header = csv.slice(1).split("\r\n")[0]?.split(",");
    expect(header?.slice(0, 7)).toEqual([
      zh["card.tx.transaction_id"],
      zh["card.tx.origin_transaction_id"],
      zh["card.tx.type"],
      zh["card.tx.status"],
      zh["card.tx.state"],
      zh["card.tx.direction"],
      zh["card.tx.merchant"],
    ]);
    expect(header).toHaveLength(24);
    expect(csv).toContain(`,${zh["transaction_type.auth"]},${zh["transaction_status.succeed"]},`);
  });

  it("has the state, the direction and the card's total, headed in both languages", () => {
    // (A merchant without a comma, so that splitting at commas finds the fields.)
    const plain = { ...purchase, merchantNameLocation: "Book Shop London GB" };
    for (const catalogue of [en, zh]) {
      const [header, record] = transactionsCsv([plain], textOf(catalogue)).slice(1).split("\r\n");
      const cells = header?.split(",") ?? [];
      const at = (key: string) => cells.indexOf(catalogue[key] ?? key);
      for (const key of ["card.tx.state", "card.tx.direction", "card.tx.account_total"]) {
        expect(catalogue[key], key).toBeTruthy();
        expect(at(key), key).toBeGreaterThan(-1);
      }
      const values = record?.split(",") ?? [];
      expect(values[at("card.tx.state")]).toBe(catalogue["transaction_state.settled"]);
      expect(values[at("card.tx.direction")]).toBe(catalogue["card.tx.direction_out"]);
      // The total as the server wrote it with the domain's amount text: 108.50 + 1.09 + 0.16.
      expect(values[at("card.tx.account_total")]).toBe("109.75");
    }
    const refund = { ...plain, transactionType: "refund", state: "refunded", direction: "in", accountTotalAmount: "10.85" } as const;
    const [header, record] = transactionsCsv([refund], textOf(en)).slice(1).split("\r\n");
    const at = (key: string) => header?.split(",").indexOf(en[key] ?? key) ?? -1;
    expect(record?.split(",")[at("card.tx.state")]).toBe(en["transaction_state.refunded"]);
    expect(record?.split(",")[at("card.tx.direction")]).toBe(en["card.tx.direction_in"]);
    expect(record?.split(",")[at("card.tx.account_total")]).toBe("10.85");
  });

  it("writes every field, amounts as the exact text, one CRLF record per transaction", () => {
    const csv = transactionsCsv([purchase, hostile], textOf(en));
    const records = csv.slice(1).split("\r\n");
    expect(records).toHaveLength(4);
    expect(records[3]).toBe("");
    expect(records[1]).toBe(
      [
        "tx-1",
        "",
        en["transaction_type.auth"],
        en["transaction_status.succeed"],
        en["transaction_state.settled"],
        en["card.tx.direction_out"],
        '"Café ""Le Zinc"", Paris FR"',
        csvTime(purchase.createAt),
        csvTime(purchase.createTime),
        "108.50",
        "USD",
        "100.00",
        "EUR",
        "1.09",
        "USD",
        "0.16",
        "USD",
        "0.00",
        "USD",
        "0.00",
        "USD",
        "109.75",
        "004211",
        "",
      ].join(","),
    );
    expect(records[2]).toContain(",'=cmd|' /C calc'!A0,");
    expect(records[2]).toContain(",-20.00,USD,");
    expect(records[2]?.endsWith(`,,${en["card.decline.insufficient_funds"]}`)).toBe(true);
  });

  it("is named after the masked card and the day, without characters file systems refuse", () => {
    expect(csvFileName("4859 32** **** 1234", new Date(2026, 10, 21, 23, 59).getTime())).toBe(
      "transactions-4859-32xx-xxxx-1234-2026-11-21.csv",
    );
  });
});
