import type { CardStatus } from "domain-wasm";
import useSWRInfinite from "swr/infinite";
import { readApiList, useApiClient, type ApiKey, type ApiList } from "@/lib/api-provider";

/** A card's three spending limits, in the card's currency (exact decimal text). */
export interface CardLimits {
  readonly perTransaction: string;
  readonly daily: string;
  readonly monthly: string;
}

/**
 * A card of `GET fiscard/list` (SPEC §3): amounts are exact decimal text in the card's currency,
 * rates are fractions ("0.01" is 1%), times ms since the epoch.
 */
export interface Card {
  readonly cardKey: string;
  readonly maskCardNo: string;
  readonly cardBalance: string;
  /** What pending authorizations hold on the card. */
  readonly heldBalance: string;
  readonly currency: string;
  readonly orgName: string;
  /** The issuing region (ISO 3166-1 alpha-2). */
  readonly location: string;
  readonly cardStatus: CardStatus;
  readonly createTime: number;
  readonly bin: string;
  readonly maxOnPercent: string;
  readonly limits: CardLimits;
  readonly rechargeRate: string;
  readonly paymentRate: string;
  readonly exchangeRate: string;
  readonly refundRate: string;
}

export const cardsKey = (pageID: number): ApiKey => ["fiscard/list", { pageID }];

/**
 * The user's cards, newest first, a page at a time: `setSize(size + 1)` loads the next page and
 * `mutate()` reads every loaded page again (after a recharge, a freeze or a cancel).
 */
export function useCards() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<Card>>(
    (index: number) => cardsKey(index + 1),
    (key: ApiKey) => readApiList<Card>(client, key),
    // Loading the next page does not read the first one again; coming back to the screen reads
    // the loaded pages again (the card network and the operators change them meanwhile).
    { revalidateFirstPage: false, revalidateOnMount: true },
  );
}
