import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET account/balance`: the user's accounts, amounts as exact decimal text. */
export type Balances = ApiContent<"/account/balance", "get">;

export const balanceKey: ApiKey = ["account/balance"];

/** The balances; the route guard loads them on entering the account area. */
export const useBalance = () => useApi<Balances>(balanceKey, undefined, { revalidateIfStale: false });
