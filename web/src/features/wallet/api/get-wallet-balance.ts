import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET wallet/balance`: the total in USD and each coin's balance with its price and value. */
export type WalletBalance = ApiContent<"/wallet/balance", "get">;

/** One coin's balance: available, held by withdrawals under way, total, price and value in USD. */
export type CoinBalance = WalletBalance["wallet"][number];

export const walletBalanceKey: ApiKey = ["wallet/balance"];

/** The balances, read again on each visit (deposits arrive on their own). */
export const useWalletBalance = () => useApi<WalletBalance>(walletBalanceKey, undefined, { dedupingInterval: 0 });
