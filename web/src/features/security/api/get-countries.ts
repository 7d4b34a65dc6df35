import type { ApiContent, Schema } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** A country of `GET user/country/list` (SPEC §3), with its names and calling code. */
export type Country = Schema<"CountryEntry">;

export const countriesKey: ApiKey = ["user/country/list"];

/** The country list (silent); it never changes while the app runs. */
export const useCountries = () =>
  useApi<ApiContent<"/user/country/list", "get">>(countriesKey, { silent: true }, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
