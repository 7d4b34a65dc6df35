import { Badge, Table, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { CardTransaction } from "../api/get-card-history";
import type { CardFormat } from "./use-card-format";

/**
 * What the card's account moved, signed (− a payment, + money given back) and coloured. What
 * moved nothing (the server's `movesMoney`, the domain's rule: a declined or released payment,
 * the void or reversal that released it) shows no sign; a payment that took nothing is struck through.
 */
export function AccountTotal({ transaction: x, format }: { readonly transaction: CardTransaction; readonly format: CardFormat }) {
  const moved = x.movesMoney;
  const sign = moved ? (x.direction === "out" ? "−" : "+") : "";
  let color = "fg.muted";
  if (moved) color = x.direction === "out" ? "red.fg" : "green.fg";
  return (
    <Text
      as="span"
      fontWeight="semibold"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      color={color}
      textDecoration={!moved && x.direction === "out" ? "line-through" : undefined}
    >
      {sign}
      {format.money(x.accountTotalAmount, x.accountCurrency)}
    </Text>
  );
}

/** The state a cardholder cares about (pending hold, settled, reversed, refunded, declined, hold expired). */
export function TransactionStateBadge({ transaction: x, format }: { readonly transaction: CardTransaction; readonly format: CardFormat }) {
  const palette = {
    pendingHold: "orange",
    settled: "gray",
    reversed: "blue",
    refunded: "green",
    declined: "red",
    expired: "gray",
  }[x.state];
  return (
    <Badge colorPalette={palette} variant="subtle" size="sm">
      {format.label("transactionState", x.state)}
    </Badge>
  );
}

/**
 * How the card's amount adds up: the merchant's amount converted, plus the transaction fee, the
 * exchange fee and any cross-border fee (less a refund's fee) equals what the card's account moved.
 */
export function TransactionBreakdown({ transaction: x, format }: { readonly transaction: CardTransaction; readonly format: CardFormat }) {
  const { t } = useI18n();
  const c = x.accountCurrency;
  const nonZero = (amount: string) => Number(amount) !== 0;
  const out = x.direction === "out";
  const lines: readonly (readonly [string, string, string])[] = [
    ["", t("card.tx.converted", { amount: format.money(x.transactionAmount, x.transactionCurrency) }), format.money(x.accountGrossAmount, c)],
    ...(out
      ? [
          ["+", t("card.tx.transaction_fee"), format.money(x.transactionFeeAmount, c)] as const,
          ["+", t("card.tx.conversion_fee"), format.money(x.conversionFeeAmount, c)] as const,
          ...(nonZero(x.crossBroadFeeAmount) ? [["+", t("card.tx.cross_border_fee"), format.money(x.crossBroadFeeAmount, c)] as const] : []),
        ]
      : nonZero(x.refundFeeAmount)
        ? [["−", t("card.tx.refund_fee"), format.money(x.refundFeeAmount, c)] as const]
        : []),
  ];
  return (
    <Table.Root size="sm" variant="line" aria-label={t("card.tx.breakdown")} fontVariantNumeric="tabular-nums">
      <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="fg" marginBottom="1">
        {t("card.tx.breakdown")}
      </Table.Caption>
      <Table.Body>
        {lines.map(([op, label, amount]) => (
          <Table.Row key={label}>
            <Table.Cell as="th" scope="row" fontWeight="normal" paddingX="0">
              {op && <span aria-hidden="true">{op} </span>}
              {label}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" paddingX="0">
              {amount}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.Cell as="th" scope="row" fontWeight="semibold" paddingX="0">
            <span aria-hidden="true">= </span>
            {t(out ? "card.tx.total_out" : "card.tx.total_in")}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold" paddingX="0">
            {format.money(x.accountTotalAmount, c)}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
