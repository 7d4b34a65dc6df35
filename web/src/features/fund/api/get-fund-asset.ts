import type { ApiContent, ApiQuery } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * `GET fund/v2/asset`: what the user's fund holds and has earned (SPEC §3's figures, each
 * defined in docs/fund-contract.md): the total value, yesterday's and all interest, the current
 * product's usable and unusable shares, the fixed positions' principal and unsettled interest.
 */
export type FundAsset = ApiContent<"/fund/v2/asset", "get">;

export const fundAssetKey: ApiKey = ["fund/v2/asset"];

/** Read again on each visit: interest arrives every morning. */
export const useFundAsset = () => useApi<FundAsset>(fundAssetKey, undefined, { dedupingInterval: 0 });

/** `GET fund/v2/asset/daily`: each of the last days' interest and the fund's value at its end. */
export type FundDaily = ApiContent<"/fund/v2/asset/daily", "get">;

/** One day of it (`date` "YYYY-MM-DD", the fund's UTC business date). */
export type FundDay = FundDaily[number];

/** How many days the charts show. */
export const FUND_DAILY_DAYS = 30;

export const fundDailyKey: ApiKey = ["fund/v2/asset/daily", { days: FUND_DAILY_DAYS } satisfies ApiQuery<"/fund/v2/asset/daily", "get">];

export const useFundDaily = () => useApi<FundDaily>(fundDailyKey, undefined, { dedupingInterval: 0 });
