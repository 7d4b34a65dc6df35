import type { ApiContent, Schema } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

// The country list of `GET user/country/list` and how a country shows: the mobile number form, the
// identity forms and the bank-account form all pick countries from it.

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

/** The country's flag from its ISO code (regional indicator letters). */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

export function countryName(country: Country, locale: string): string {
  return locale === "zh-HK" ? country.traditionalCN || country.name : country.name;
}

/** Countries whose name (either language), code or dial code contains `query`. */
export function searchCountries(countries: readonly Country[], query: string): readonly Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, "");
  if (!q) return countries;
  return countries.filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      c.traditionalCN.includes(q) ||
      c.simplifiedCN.includes(q) ||
      c.code.toLowerCase() === q ||
      c.mobileCode.startsWith(q),
  );
}
