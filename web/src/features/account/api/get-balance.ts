import { useApi, type ApiKey } from "@/lib/api-provider";

/** One account of `GET account/balance`; amounts are exact decimal text. */
export interface AccountBalance {
  readonly accountType: "MainAccount" | "BankAccount";
  readonly balance: string;
  readonly assets: readonly { readonly coinCode: string; readonly type: string; readonly amount: string }[];
}

export const balanceKey: ApiKey = ["account/balance"];

/** The balances; the route guard loads them on entering the account area. */
export const useBalance = () =>
  useApi<readonly AccountBalance[]>(balanceKey, undefined, { revalidateIfStale: false });
