import { DataList } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { useCardFormat } from "./use-card-format";

/** A card's three limit lines and its recharge, payment and exchange rates as percent. */
export function CardTerms({ card }: { readonly card: Card }) {
  const { t } = useI18n();
  const format = useCardFormat();
  const lines = [
    [t("card.limit.per_transaction"), format.money(card.limits.perTransaction, card.currency)],
    [t("card.limit.daily"), format.money(card.limits.daily, card.currency)],
    [t("card.limit.monthly"), format.money(card.limits.monthly, card.currency)],
    [t("card.rate.recharge"), format.rate(card.rechargeRate)],
    [t("card.rate.payment"), format.rate(card.paymentRate)],
    [t("card.rate.exchange"), format.rate(card.exchangeRate)],
  ] as const;
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {lines.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minWidth="44">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
