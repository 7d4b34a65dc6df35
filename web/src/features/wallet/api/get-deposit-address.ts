import type { ApiContent, ApiQuery } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET wallet/deposit/address`: the user's address for a coin on a network, and its terms. */
export type DepositAddress = ApiContent<"/wallet/deposit/address", "get">;

export const depositAddressKey = (coinCode: string, network: string): ApiKey => [
  "wallet/deposit/address",
  { coinCode, network } satisfies ApiQuery<"/wallet/deposit/address", "get">,
];

/** The address (always the same one for the user and the network); null: no network chosen yet. */
export const useDepositAddress = (coinCode: string | undefined, network: string | undefined) =>
  useApi<DepositAddress>(coinCode && network ? depositAddressKey(coinCode, network) : null, undefined, {
    revalidateIfStale: false,
  });
