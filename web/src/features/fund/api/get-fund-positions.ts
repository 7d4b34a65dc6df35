import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET fund/v2/position`: the user's open fixed positions, newest first. */
export type FundPositions = ApiContent<"/fund/v2/position", "get">;

/** One fixed subscription: its own dates, principal and the interest it has accrued so far. */
export type FundPosition = FundPositions[number];

export const fundPositionsKey: ApiKey = ["fund/v2/position"];

export const useFundPositions = () => useApi<FundPositions>(fundPositionsKey, undefined, { dedupingInterval: 0 });
