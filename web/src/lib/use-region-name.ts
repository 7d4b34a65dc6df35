import { useMemo } from "react";
import { useI18n } from "@/lib/i18n";
import { perLocale } from "@/lib/locale";

const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: "region", fallback: "code" }));

/**
 * A region's name (ISO 3166-1 alpha-2) in the interface language; the code if it has none. The
 * names are loaded on the first call, not by the hook: a screen that may show a region (the card
 * tiles do not) pays only when it does.
 */
export function useRegionName(): (code: string) => string {
  const { locale } = useI18n();
  return useMemo(
    () => (code: string) => {
      try {
        return regionNames(locale).of(code) ?? code;
      } catch {
        return code;
      }
    },
    [locale],
  );
}
