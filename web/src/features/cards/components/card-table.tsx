import { Button, HStack, Skeleton, Table } from "@chakra-ui/react";
import { Fragment, useState } from "react";
import { formatMoney, type Domain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { useRegionName } from "@/lib/use-region-name";
import type { Card } from "../api/get-cards";
import { CardStateActions } from "./card-state-actions";
import { CardStatusBadge } from "./card-status-badge";
import { CardTerms } from "./card-terms";
import { Chevron } from "./chevron";
import type { CardActions } from "./use-card-actions";
import type { CardFormat } from "./use-card-format";

export interface CardViewProps {
  readonly cards: readonly Card[];
  /**
   * The wasm module and how the domain writes the status and the balance: until they are there,
   * placeholders of their size stand for those texts and for the actions the card's status allows.
   */
  readonly domain: Domain | undefined;
  readonly format: CardFormat | undefined;
  readonly actions: CardActions;
  readonly onReveal: (card: Card) => void;
  readonly onRecharge: (card: Card) => void;
  readonly onTransactions: (card: Card) => void;
}

const COLUMNS = 8;

/**
 * The card list on desktop: one row per card, named by its masked number, with every action in
 * sight (Recharge, Transaction details, Card details, Freeze or Unfreeze, Cancel) and a labelled
 * button that shows the card's limits and rates below it.
 */
export function CardTable({ cards, domain, format, actions, onReveal, onRecharge, onTransactions }: CardViewProps) {
  const { t, locale } = useI18n();
  const region = useRegionName();
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
            const canRecharge = domain?.cardAllows(card.cardStatus, "recharge") === true;
            const busy = actions.busy?.cardKey === card.cardKey;
            return (
              <Fragment key={card.cardKey}>
                <Table.Row aria-label={mask}>
                  <Table.Cell>
                    <HStack gap="1">
                      <span style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>{mask}</span>
                    </HStack>
                    {/* Labelled by what it shows, then the card (WCAG 2.5.3). */}
                    <Button
                      size="xs"
                      variant="ghost"
                      paddingX="1"
                      aria-expanded={open}
                      aria-controls={termsId}
                      aria-label={t(open ? "card.collapse" : "card.expand", { card: mask })}
                      onClick={() => toggle(card.cardKey)}
                    >
                      <Chevron open={open} />
                      {t("card.terms_toggle")}
                    </Button>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                    <Skeleton loading={domain === undefined} asChild>
                      <span>{domain ? formatMoney(domain, card.cardBalance) : card.cardBalance}</span>
                    </Skeleton>
                  </Table.Cell>
                  <Table.Cell>{card.orgName}</Table.Cell>
                  <Table.Cell whiteSpace="normal">{region(card.location)}</Table.Cell>
                  <Table.Cell>
                    <CardStatusBadge status={card.cardStatus} format={format} />
                  </Table.Cell>
                  <Table.Cell>{card.currency}</Table.Cell>
                  <Table.Cell whiteSpace="normal" minWidth="24">
                    {formatDateTime(card.createTime, locale)}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="end" gap="2" whiteSpace="nowrap" wrap="wrap" maxWidth="22rem" marginStart="auto">
                      <Button
                        size="xs"
                        colorPalette="teal"
                        disabled={!canRecharge || busy}
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
                      {domain ? (
                        <CardStateActions card={card} actions={actions} onReveal={() => onReveal(card)} size="xs" named />
                      ) : (
                        // Where Card details, Freeze or Unfreeze, and Cancel go once the domain says which.
                        <Skeleton height="6" width="14rem" />
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
                <Table.Row id={termsId} hidden={!open} aria-label={t("card.terms_of", { card: mask })} bg="bg.muted">
                  <Table.Cell colSpan={COLUMNS} paddingY="3">
                    {/* (Its limits and rates are written by the domain: with it.) */}
                    {domain && <CardTerms card={card} />}
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
