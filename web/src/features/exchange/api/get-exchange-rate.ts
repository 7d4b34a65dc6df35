import type { ApiContent, ApiQuery } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * `GET exchange/rate`: the indicative rate of a pair — the terms the preview prices with, the
 * reference rate and the rate after spread and fee, both prices and their time, the pair's limits
 * and what the user holds of both assets.
 */
export type ExchangeRate = ApiContent<"/exchange/rate", "get">;

/** How often the indicative rate is read again while the screen shows it (the feed ticks every few seconds). */
export const RATE_REFRESH_MS = 5_000;

export const exchangeRateKey = (fromCoin: string, toCoin: string): ApiKey => [
  "exchange/rate",
  { fromCoin, toCoin } satisfies ApiQuery<"/exchange/rate", "get">,
];

/** The pair's rate, kept fresh while shown; null key: no pair chosen. */
export const useExchangeRate = (fromCoin: string | undefined, toCoin: string | undefined) =>
  useApi<ExchangeRate>(fromCoin && toCoin && fromCoin !== toCoin ? exchangeRateKey(fromCoin, toCoin) : null, undefined, {
    dedupingInterval: 0,
    refreshInterval: RATE_REFRESH_MS,
    keepPreviousData: true,
  });
