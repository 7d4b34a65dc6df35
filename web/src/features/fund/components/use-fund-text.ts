import { formatMoney, useDomain, useMarkets } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { perLocale, type Locale, type MessageKey } from "@/lib/locale";

const dayFormat = perLocale((locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }));
const shortDayFormat = perLocale((locale: Locale) => new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }));

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The decimals an API amount is written with ("1.00" → 2): the asset's scale. */
export function scaleOf(text: string): number {
  return text.split(".")[1]?.length ?? 0;
}

/**
 * How the fund's screens write its things in the user's language: an amount of the product's
 * asset (exact decimal text from the API, or minor units of a preview at the asset's scale, with
 * thousands separators by the domain), an annual rate, a business date ("YYYY-MM-DD", a UTC day),
 * and the names of product types, sources, phases and record types from the catalogue.
 */
export function useFundText() {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const markets = useMarkets();
  const amount = (text: string, asset: string) =>
    t("money.amount", { amount: asset === "USD" ? formatMoney(domain, text) : (markets.formatCoinAmount(text, asset) ?? text), currency: asset });
  const named = (key: string, fallback: string) => {
    const text = t(key as MessageKey);
    return text === key ? fallback : text;
  };
  return {
    t,
    locale,
    domain,
    amount,
    /** Minor units (shares) of a preview as an amount of `asset` at `scale`. */
    minor: (value: number, asset: string, scale: number) => amount(domain.amountText(value, scale), asset),
    /** An annual rate as the API writes it ("3.65") as a percent. */
    rate: (annualRate: string) => t("fund.rate_value", { rate: annualRate }),
    /** A business date ("2026-11-25") as the language writes a day; anything else as it is. */
    day: (date: string) => (DATE.test(date) ? dayFormat(locale).format(new Date(`${date}T00:00:00Z`)) : date),
    /** The same, short ("Nov 25"), for a chart's axis. */
    shortDay: (date: string) => (DATE.test(date) ? shortDayFormat(locale).format(new Date(`${date}T00:00:00Z`)) : date),
    typeName: (type: string) => named(`fund.type.${type}`, type),
    sourceName: (source: string) => named(`fund.source.${source}`, source),
    phaseName: (phase: string) => named(`fund.phase.${phase}`, phase),
    recordTypeName: (type: string) => named(`fund.record_type.${type}`, type),
    statusName: (status: string) => named(`fund.record_status.${status}`, status),
  };
}

export type FundText = ReturnType<typeof useFundText>;
