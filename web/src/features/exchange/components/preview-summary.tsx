import { DataList, Stack, Text } from "@chakra-ui/react";
import type { Priced } from "domain-markets";
import { formatDateTime } from "@/lib/locale";
import type { ExchangePair } from "../api/get-exchange-pairs";
import type { ExchangeRate } from "../api/get-exchange-rate";
import type { ExchangeText } from "./use-exchange-text";

/** The coins' reference prices in USD and their time (USD's own price says nothing). */
function prices(rate: ExchangeRate, x: ExchangeText): string {
  const time = formatDateTime(rate.priceTime, x.locale);
  const { terms } = rate;
  if (terms.from === "USD" || terms.to === "USD") {
    const [coin, price] = terms.from === "USD" ? [terms.to, terms.toPrice] : [terms.from, terms.fromPrice];
    return x.t("exchange.price_of", { time, coin, price: x.price(price) });
  }
  return x.t("exchange.prices_of", { time, from: terms.from, fromPrice: x.price(terms.fromPrice), to: terms.to, toPrice: x.price(terms.toPrice) });
}

/**
 * What the amounts typed come to at the indicative rate, as the domain prices them (the very
 * function the server executes): the reference rate, the fee and the spread taken (each in the
 * asset given), what is received, the rate after both; then the pair's limits and the prices'
 * time. Amounts show "—" until one is typed.
 */
export function PreviewSummary({
  rate,
  pair,
  priced,
  x,
}: {
  readonly rate: ExchangeRate;
  readonly pair: ExchangePair;
  readonly priced: Priced | undefined;
  readonly x: ExchangeText;
}) {
  const { t, domain } = x;
  const { fromCoin: from, toCoin: to } = rate;
  const amount = (minor: number | undefined, asset: string, scale: number) =>
    minor === undefined ? "—" : x.amount(domain.amountText(minor, scale), asset);
  const rows: [string, string, boolean?][] = [
    [t("exchange.reference_rate"), x.rate(rate.referenceRate, from, to)],
    [t("exchange.fee_named", { percent: x.percent(pair.feeBps) }), amount(priced?.fee, from, pair.fromScale)],
    [t("exchange.spread_named", { percent: x.percent(pair.spreadBps) }), amount(priced?.spread, from, pair.fromScale)],
    [t("exchange.you_pay"), amount(priced?.fromAmount, from, pair.fromScale)],
    [t("exchange.you_receive"), amount(priced?.toAmount, to, pair.toScale), true],
    [t("exchange.effective_rate"), x.rate(rate.rate, from, to)],
  ];
  return (
    <Stack gap="3">
      <DataList.Root orientation="horizontal" size="sm" gap="2" aria-live="polite" aria-label={t("exchange.preview")}>
        {rows.map(([label, value, strong]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minWidth="40">{label}</DataList.ItemLabel>
            <DataList.ItemValue fontVariantNumeric="tabular-nums" fontWeight={strong ? "semibold" : undefined} minWidth="0" wordBreak="break-word">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Text fontSize="sm" color="fg.muted">
        {t("exchange.limits", { minimum: x.amount(rate.minimum, from), maximum: x.amount(rate.maximum, from) })}{" "}
        {prices(rate, x)}
      </Text>
    </Stack>
  );
}
