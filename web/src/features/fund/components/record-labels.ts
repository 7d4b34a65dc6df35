import type { FundRecord, FundRecordType } from "../api/fund-records";
import type { FundText } from "./use-fund-text";

/** The record types the filter offers, in its order. */
export const RECORD_FILTERS: readonly FundRecordType[] = ["SUBSCRIBE", "REDEEM", "INTEREST", "MATURITY"];

/** A record's amount with its sign as the fund sees it: what came in (+), what went out (−). */
export function signedAmount(record: FundRecord, f: FundText): string {
  return `${record.type === "REDEEM" ? "−" : "+"}${f.amount(record.amount, record.asset)}`;
}

/** "Subscription · USD Current": what a record was, of which product. */
export function recordTitle(record: FundRecord, f: FundText): string {
  return f.t("fund.records.what", { type: f.recordTypeName(record.type), product: record.productName });
}
