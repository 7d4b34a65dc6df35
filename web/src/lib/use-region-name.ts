import { useMemo } from "react";
import { useI18n } from "@/lib/i18n";

/** A region's name (ISO 3166-1 alpha-2) in the interface language; the code if it has none. */
export function useRegionName(): (code: string) => string {
  const { locale } = useI18n();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    return (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [locale]);
}
