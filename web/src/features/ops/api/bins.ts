import type { ApiKey } from "@/lib/api-provider";
import type { ApiBody, ApiContent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import { useOps } from "./ops-provider";

export type OpsBin = ApiContent<"/ops/bins", "post">;
export type BinBody = ApiBody<"/ops/bins", "post">;

export const binsKey: ApiKey = ["ops/bins"];

/** `GET ops/bins` (admin). */
export const useBins = () => useOps<readonly OpsBin[]>(binsKey);

/** `POST ops/bins` (admin): adds a BIN or replaces its terms for new cards (a term left out is the standard one). */
export function saveBin(api: OpsClient, body: BinBody) {
  return api.post<OpsBin>("ops/bins", body, { inline: true });
}

/** `POST ops/bins/{bin}/disable` (admin): no new card on it. */
export function disableBin(api: OpsClient, bin: string) {
  return api.post<OpsBin>(`ops/bins/${encodeURIComponent(bin)}/disable`);
}
