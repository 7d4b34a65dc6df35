import type { LabelKind } from "domain-wasm";
import { useMemo } from "react";
import { formatMoney, useDomain, type Domain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useRegionName } from "@/lib/use-region-name";
import { formatDateTime, type Locale, type MessageKey, type Translate } from "@/lib/locale";

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

/** "1,234.50 USD": an amount of the API in `currency`, as the card screens write it. */
export function cardMoney(domain: Domain, t: Translate, amount: string, currency: string): string {
  return t("money.amount", { amount: formatMoney(domain, amount), currency });
}

/** How the card screens write amounts, rates, regions, times and labels, in the current language. */
export function useCardFormat(): CardFormat {
  const domain = useDomain();
  const { t, locale } = useI18n();
  const region = useRegionName();
  return useMemo(() => cardFormat(domain, t, locale, region), [domain, t, locale, region]);
}

/**
 * The same once the wasm module has loaded (`useLoadedDomain`), `undefined` before: for the card
 * list, which shows its cards meanwhile with placeholders where these texts go.
 */
export function useLoadedCardFormat(domain: Domain | undefined): CardFormat | undefined {
  const { t, locale } = useI18n();
  const region = useRegionName();
  return useMemo(() => domain && cardFormat(domain, t, locale, region), [domain, t, locale, region]);
}

function cardFormat(domain: Domain, t: Translate, locale: Locale, region: (code: string) => string): CardFormat {
  return {
    money: (amount, currency) => cardMoney(domain, t, amount, currency),
    rate: (fraction) => domain.formatRate(fraction) ?? fraction,
    region,
    time: (ms) => formatDateTime(ms, locale),
    label: (kind, value) => {
      const key = domain.labelKey(kind, value);
      return key === undefined ? String(value) : t(key as MessageKey);
    },
  };
}
