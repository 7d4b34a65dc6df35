import { Button, HStack, IconButton, Table } from "@chakra-ui/react";
import type { CardAction } from "domain-wasm";
import { Fragment, useState } from "react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { CardStatusBadge } from "./card-status-badge";
import { CardTerms } from "./card-terms";
import { Chevron } from "./chevron";
import type { CardActions, Running } from "./use-card-actions";
import { formatMoney } from "@/lib/domain";
import { useCardFormat } from "./use-card-format";

export interface CardViewProps {
  readonly cards: readonly Card[];
  readonly actions: CardActions;
  readonly onReveal: (card: Card) => void;
  readonly onRecharge: (card: Card) => void;
  readonly onTransactions: (card: Card) => void;
}

const COLUMNS = 8;

/**
 * The card list on desktop: one row per card, named by its masked number, with Recharge and
 * Transaction details; expanded, its limits and rates, its details (CVV), freezing or unfreezing,
 * and cancelling.
 */
export function CardTable({ cards, actions, onReveal, onRecharge, onTransactions }: CardViewProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const format = useCardFormat();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (cardKey: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(cardKey)) next.add(cardKey);
      return next;
    });

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t("card.list_title")}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("card.column.number")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("card.column.balance")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("card.column.org")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("card.column.region")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("card.column.status")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("card.column.currency")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("card.column.create_time")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("card.column.actions")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {cards.map((card) => {
            const open = expanded.has(card.cardKey);
            const termsId = `card-terms-${card.cardKey}`;
            const mask = card.maskCardNo;
            const allows = (action: CardAction) => domain.cardAllows(card.cardStatus, action);
            const busy = actions.busy?.cardKey === card.cardKey;
            const running = (action: Running["action"]) => busy && actions.busy?.action === action;
            return (
              <Fragment key={card.cardKey}>
                <Table.Row aria-label={mask}>
                  <Table.Cell>
                    <HStack gap="1">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-expanded={open}
                        aria-controls={termsId}
                        aria-label={t(open ? "card.collapse" : "card.expand", { card: mask })}
                        onClick={() => toggle(card.cardKey)}
                      >
                        <Chevron open={open} />
                      </IconButton>
                      <span style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>{mask}</span>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                    {formatMoney(domain, card.cardBalance)}
                  </Table.Cell>
                  <Table.Cell>{card.orgName}</Table.Cell>
                  <Table.Cell whiteSpace="normal">{format.region(card.location)}</Table.Cell>
                  <Table.Cell>
                    <CardStatusBadge status={card.cardStatus} />
                  </Table.Cell>
                  <Table.Cell>{card.currency}</Table.Cell>
                  <Table.Cell whiteSpace="normal" minWidth="24">
                    {format.time(card.createTime)}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="end" gap="2" whiteSpace="nowrap">
                      <Button
                        size="xs"
                        colorPalette="teal"
                        disabled={!allows("recharge") || busy}
                        aria-label={t("card.recharge_named", { card: mask })}
                        onClick={() => onRecharge(card)}
                      >
                        {t("card.recharge")}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t("card.transactions_named", { card: mask })}
                        onClick={() => onTransactions(card)}
                      >
                        {t("card.transactions")}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
                <Table.Row id={termsId} hidden={!open} aria-label={t("card.terms_of", { card: mask })} bg="bg.muted">
                  <Table.Cell colSpan={COLUMNS} paddingY="3">
                    <HStack justify="space-between" align="end" gap="6" wrap="wrap">
                      <CardTerms card={card} />
                      <HStack gap="2">
                        {allows("revealDetails") && (
                          <Button
                            size="xs"
                            variant="outline"
                            disabled={busy}
                            loading={running("reveal")}
                            aria-label={t("card.details_named", { card: mask })}
                            onClick={() => onReveal(card)}
                          >
                            {t("card.details")}
                          </Button>
                        )}
                        {allows("freeze") && (
                          <Button
                            size="xs"
                            variant="outline"
                            disabled={busy}
                            loading={running("freeze")}
                            aria-label={t("card.freeze_named", { card: mask })}
                            onClick={() => void actions.freeze(card)}
                          >
                            {t("card.freeze")}
                          </Button>
                        )}
                        {allows("unfreeze") && (
                          <Button
                            size="xs"
                            variant="outline"
                            disabled={busy}
                            loading={running("unfreeze")}
                            aria-label={t("card.unfreeze_named", { card: mask })}
                            onClick={() => void actions.unfreeze(card)}
                          >
                            {t("card.unfreeze")}
                          </Button>
                        )}
                        {allows("cancel") && (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            disabled={busy}
                            loading={running("cancel")}
                            aria-label={t("card.cancel_named", { card: mask })}
                            onClick={() => void actions.cancel(card)}
                          >
                            {t("card.cancel_card")}
                          </Button>
                        )}
                      </HStack>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
