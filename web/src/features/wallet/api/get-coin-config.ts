import type { ApiContent, ApiQuery } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET wallet/coin/config`: a coin's available balance and, per network, its terms. */
export type CoinConfig = ApiContent<"/wallet/coin/config", "get">;

/** A network's terms: switches, minimum deposit, withdrawal limits, fee, multiple, confirmations, memo. */
export type ChainConfig = CoinConfig["networks"][number];

export const coinConfigKey = (coinCode: string): ApiKey => [
  "wallet/coin/config",
  { coinCode } satisfies ApiQuery<"/wallet/coin/config", "get">,
];

/** The coin's terms, read again on each visit (the balance and the limits left move). */
export const useCoinConfig = (coinCode: string | undefined) =>
  useApi<CoinConfig>(coinCode ? coinConfigKey(coinCode) : null, undefined, { dedupingInterval: 0 });
