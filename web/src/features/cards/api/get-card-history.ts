import type { TransactionStatus, TransactionType } from "domain-wasm";
import useSWRInfinite from "swr/infinite";
import { readApiList, useApiClient, type ApiKey, type ApiList } from "@/lib/api-provider";

/**
 * A card transaction of `GET fiscard/history` (SPEC §3), as the card network reported it:
 * amounts are exact decimal text in the currency beside them, times ms since the epoch.
 */
export interface CardTransaction {
  readonly transactionId: string;
  readonly originTransactionId: string | null;
  readonly transactionType: TransactionType;
  readonly status: TransactionStatus;
  readonly merchantNameLocation: string;
  /** When it happened, as the network says. */
  readonly createAt: number;
  /** When it reached the platform. */
  readonly createTime: number;
  readonly accountGrossAmount: string;
  readonly accountCurrency: string;
  readonly transactionAmount: string;
  readonly transactionCurrency: string;
  readonly transactionFeeAmount: string;
  readonly transactionFeeCurrency: string;
  readonly conversionFeeAmount: string;
  readonly conversionFeeCurrency: string;
  readonly crossBroadFeeAmount: string;
  readonly crossBroadFeeCurrency: string;
  readonly refundFeeAmount: string;
  readonly refundFeeCurrency: string;
  readonly checkCode: string | null;
  /** Why an authorization was declined (`insufficient_funds`, `card_frozen`…), if it was. */
  readonly declineReason: string | null;
}

export const cardHistoryKey = (cardKey: string, pageID: number): ApiKey => [
  "fiscard/history",
  { cardKey, pageID },
];

/** The card's transactions, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useCardHistory(cardKey: string) {
  const client = useApiClient();
  return useSWRInfinite<ApiList<CardTransaction>>(
    (index: number) => cardHistoryKey(cardKey, index + 1),
    (key: ApiKey) => readApiList<CardTransaction>(client, key),
    // Loading the next page does not read the first one again; coming back to the screen reads
    // the loaded pages again (the card network and the operators change them meanwhile).
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
}
