import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET wallet/overview`: the total value, its split across coins and its last 30 days. */
export type WalletOverview = ApiContent<"/wallet/overview", "get">;

/** A coin's share of the total value (`shareBps`: basis points). */
export type AllocationItem = WalletOverview["allocation"][number];

/** The value at the end of one UTC day (`date` "YYYY-MM-DD"). */
export type ValuePoint = WalletOverview["history"][number];

export const walletOverviewKey: ApiKey = ["wallet/overview"];

export const useWalletOverview = () => useApi<WalletOverview>(walletOverviewKey, undefined, { dedupingInterval: 0 });
