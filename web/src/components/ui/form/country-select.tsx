import { NativeSelect } from "@chakra-ui/react";
import { useMemo, type ComponentProps } from "react";
import { countryName, useCountries } from "@/lib/countries";
import { useI18n } from "@/lib/i18n";

/**
 * One country from the server's list, by its name in the user's language, sorted by it: a
 * native select (the phone's own picker). Spread react-hook-form's `register(name)` into it.
 */
export function CountrySelect({ placeholder, ...field }: ComponentProps<typeof NativeSelect.Field> & { readonly placeholder: string }) {
  const { locale } = useI18n();
  const { data: countries } = useCountries();
  const sorted = useMemo(
    () => [...(countries ?? [])].sort((a, b) => countryName(a, locale).localeCompare(countryName(b, locale), locale)),
    [countries, locale],
  );
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field} placeholder={placeholder}>
        {sorted.map((country) => (
          <option key={country.code} value={country.code}>
            {countryName(country, locale)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
