import { useApi, type ApiKey } from "@/lib/api-provider";

/** A BIN a card can be applied for, as `GET fiscard/bins` lists it. */
export interface CardBin {
  readonly bin: string;
  /** The issuing region, ISO 3166-1 alpha-2. */
  readonly locationCode: string;
  /** The card scheme (VISA, Mastercard…). */
  readonly orgName: string;
  /** The card's currency (cards are funded from the USD account). */
  readonly currency: string;
  /** What each card issued under it may spend, exact decimal text in its currency. */
  readonly limits: { readonly perTransaction: string; readonly daily: string; readonly monthly: string };
  /** Fractions (0.01 = 1%), copied to each card issued under it. */
  readonly rechargeRate: string;
  readonly paymentRate: string;
  readonly exchangeRate: string;
  readonly refundRate: string;
}

export const binsKey: ApiKey = ["fiscard/bins"];

/** The BINs open for applications (public: the product page shows them before login). */
export const useBins = () =>
  useApi<{ readonly items: readonly CardBin[] }>(binsKey, undefined, { revalidateOnFocus: false });
