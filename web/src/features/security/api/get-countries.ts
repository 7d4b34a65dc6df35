import { useApi, type ApiKey } from "@/lib/api-provider";

/** A country of `GET user/country/list` (SPEC §3), with its names and calling code. */
export interface Country {
  readonly code: string;
  readonly code2: string;
  readonly name: string;
  readonly simplifiedCN: string;
  readonly traditionalCN: string;
  readonly mobileCode: string;
}

export const countriesKey: ApiKey = ["user/country/list"];

/** The country list (silent); it never changes while the app runs. */
export const useCountries = () =>
  useApi<readonly Country[]>(countriesKey, { silent: true }, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
