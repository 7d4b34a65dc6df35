import { DataList } from "@chakra-ui/react";
import { formatDateTime } from "@/lib/locale";
import type { ExchangeSwap } from "../api/accept-quote";
import type { ExchangeText } from "./use-exchange-text";

/** A swap's facts, label and value, in the order a person checks them. */
export function swapFacts(swap: ExchangeSwap, x: ExchangeText, full: boolean): [string, string][] {
  const { t } = x;
  const { fromCoin: from, toCoin: to } = swap;
  return [
    [t("exchange.swap.paid"), x.amount(swap.fromAmount, from)],
    [t("exchange.swap.received"), x.amount(swap.toAmount, to)],
    [t("exchange.fee"), x.amount(swap.fee, from)],
    [t("exchange.spread"), x.amount(swap.spread, from)],
    [t("exchange.effective_rate"), x.rate(swap.rate, from, to)],
    [t("exchange.reference_rate"), x.rate(swap.referenceRate, from, to)],
    [t("exchange.swap.time"), formatDateTime(swap.createdAt, x.locale)],
    ...(full ? ([[t("exchange.swap.id"), swap.id]] as [string, string][]) : []),
  ];
}

/** The facts as a list of terms and values: beside each other on a desktop, stacked on a phone. */
export function SwapFacts({ swap, x, full = false }: { readonly swap: ExchangeSwap; readonly x: ExchangeText; readonly full?: boolean }) {
  return (
    <DataList.Root orientation={{ base: "vertical", md: "horizontal" }} gap="3">
      {swapFacts(swap, x, full).map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minWidth="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue minWidth="0" fontVariantNumeric="tabular-nums" wordBreak="break-all">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
