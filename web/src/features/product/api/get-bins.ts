import type { ApiContent, Schema } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * A BIN a card can be applied for, as `GET fiscard/bins` lists it: its region, scheme and
 * currency, and the terms (limits, rates) each card issued under it gets.
 */
export type CardBin = Schema<"BinItem">;

export const binsKey: ApiKey = ["fiscard/bins"];

/** The BINs open for applications (public: the product page shows them before login). */
export const useBins = () =>
  useApi<ApiContent<"/fiscard/bins", "get">>(binsKey, undefined, { revalidateOnFocus: false });
