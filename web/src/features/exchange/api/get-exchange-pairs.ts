import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET exchange/pairs`: every direction between two assets, with its spread, fee, limits and switch. */
export type ExchangePairs = ApiContent<"/exchange/pairs", "get">;

/** One direction (from → to): its scales, minimum and maximum in the from asset, spread and fee in bps. */
export type ExchangePair = ExchangePairs[number];

export const exchangePairsKey: ApiKey = ["exchange/pairs"];

/** The pairs change only when an operator changes them: a visit reads them once. */
export const useExchangePairs = () => useApi<ExchangePairs>(exchangePairsKey, undefined, { revalidateIfStale: false });
