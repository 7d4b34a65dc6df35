import type { ApiContent, ApiQuery } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * `GET config`: the business date and the contexts the domain's "fundSubscribe" and "fundRedeem"
 * forms take for a product (and a fixed position), read under the server's view of the user's
 * balances and shares; the dialogs pass them to the forms and the previews unchanged.
 */
export type FundConfig = ApiContent<"/config", "get">;

export const fundConfigKey = (productId: string, positionId?: string): ApiKey => [
  "config",
  { productId, positionId } satisfies ApiQuery<"/config", "get">,
];

/** Read when a dialog opens, never from the cache: the balances move. */
export const useFundConfig = (productId: string, positionId?: string) =>
  useApi<FundConfig>(fundConfigKey(productId, positionId), undefined, { dedupingInterval: 0, revalidateOnFocus: false });
