import type { LabelKind } from "domain-wasm";
import { useMemo } from "react";
import { formatMoney, useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useRegionName } from "@/lib/use-region-name";
import { formatDateTime, type MessageKey } from "@/lib/locale";

export interface CardFormat {
  /** "1,234.50 USD". */
  readonly money: (amount: string, currency: string) => string;
  /** A fraction from the API ("0.0015") as a percent ("0.15%"). */
  readonly rate: (fraction: string) => string;
  /** A region's name in the interface language (ISO 3166-1 alpha-2 in). */
  readonly region: (code: string) => string;
  readonly time: (ms: number) => string;
  /** The domain catalogue's label of a status or type; an unknown value shows as it is. */
  readonly label: (kind: LabelKind, value: string | number) => string;
}

/** How the card screens write amounts, rates, regions, times and labels, in the current language. */
export function useCardFormat(): CardFormat {
  const domain = useDomain();
  const { t, locale } = useI18n();
  const region = useRegionName();
  return useMemo(
    () => ({
      money: (amount, currency) => t("money.amount", { amount: formatMoney(domain, amount), currency }),
      rate: (fraction) => domain.formatRate(fraction) ?? fraction,
      region,
      time: (ms) => formatDateTime(ms, locale),
      label: (kind, value) => {
        const key = domain.labelKey(kind, value);
        return key === undefined ? String(value) : t(key as MessageKey);
      },
    }),
    [domain, t, locale, region],
  );
}
