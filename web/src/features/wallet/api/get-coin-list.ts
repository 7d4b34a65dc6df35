import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET coinlist`: the coins, each with its scale and its networks' switches. */
export type CoinList = ApiContent<"/coinlist", "get">;

/** One coin of the list. */
export type CoinItem = CoinList["coin"][number];

/** One network a coin moves on, with its deposit and withdraw switches. */
export type ChainItem = CoinItem["networks"][number];

export const coinListKey: ApiKey = ["coinlist"];

/** The coins; they change only when an operator changes them, so a visit reads them once. */
export const useCoinList = () => useApi<CoinList>(coinListKey, undefined, { revalidateIfStale: false });
