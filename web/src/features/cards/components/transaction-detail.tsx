import { DataList, Stack } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { CardTransaction } from "../api/get-card-history";
import { TransactionBreakdown } from "./transaction-amount";
import type { CardFormat } from "./use-card-format";

/**
 * One card transaction: how the card's amount adds up, then every field (SPEC §3), labelled, in
 * the interface language.
 */
export function TransactionDetail({
  transaction: x,
  format,
  decline,
}: {
  readonly transaction: CardTransaction;
  readonly format: CardFormat;
  readonly decline: (code: string) => string;
}) {
  const { t } = useI18n();
  const none = "—";
  const fields: readonly (readonly [string, string])[] = [
    [t("card.tx.transaction_id"), x.transactionId],
    [t("card.tx.origin_transaction_id"), x.originTransactionId ?? none],
    [t("card.tx.type"), format.label("transactionType", x.transactionType)],
    [t("card.tx.state"), format.label("transactionState", x.state)],
    [t("card.tx.status"), format.label("transactionStatus", x.status)],
    [t("card.tx.merchant"), x.merchantNameLocation || none],
    [t("card.tx.create_at"), format.time(x.createAt)],
    [t("card.tx.create_time"), format.time(x.createTime)],
    [t("card.tx.account_amount"), format.money(x.accountGrossAmount, x.accountCurrency)],
    [t("card.tx.transaction_amount"), format.money(x.transactionAmount, x.transactionCurrency)],
    [t("card.tx.transaction_fee"), format.money(x.transactionFeeAmount, x.transactionFeeCurrency)],
    [t("card.tx.conversion_fee"), format.money(x.conversionFeeAmount, x.conversionFeeCurrency)],
    [t("card.tx.cross_border_fee"), format.money(x.crossBroadFeeAmount, x.crossBroadFeeCurrency)],
    [t("card.tx.refund_fee"), format.money(x.refundFeeAmount, x.refundFeeCurrency)],
    [t("card.tx.check_code"), x.checkCode ?? none],
    ...(x.declineReason ? [[t("card.tx.decline_reason"), decline(x.declineReason)] as const] : []),
  ];
  return (
    <Stack gap="4">
      <TransactionBreakdown transaction={x} format={format} />
      <DataList.Root orientation="horizontal" size="sm" gap="2">
      {fields.map(([label, value]) => (
        <DataList.Item key={label} alignItems="start">
          <DataList.ItemLabel minWidth="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
      </DataList.Root>
    </Stack>
  );
}
