import { Button, DataList, Separator, SimpleGrid, Stack } from "@chakra-ui/react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { AppDialog } from "@/components/ui/app-dialog";
import { CardStateActions } from "./card-state-actions";
import { CardStatusBadge } from "./card-status-badge";
import { CardTerms } from "./card-terms";
import type { CardActions } from "./use-card-actions";
import { useCardFormat } from "./use-card-format";

export interface CardDetailDialogProps {
  readonly card: Card;
  readonly actions: CardActions;
  readonly onReveal: () => void;
  readonly onRecharge: () => void;
  readonly onTransactions: () => void;
  readonly onClose: () => void;
}

/** A card on mobile (a tile tapped): its facts, terms and every action on it. */
export function CardDetailDialog({ card, actions, onReveal, onRecharge, onTransactions, onClose }: CardDetailDialogProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const format = useCardFormat();
  const canRecharge = domain.cardAllows(card.cardStatus, "recharge");
  const busy = actions.busy?.cardKey === card.cardKey;
  const facts = [
    [t("card.column.balance"), format.money(card.cardBalance, card.currency)],
    [t("card.column.org"), card.orgName],
    [t("card.column.region"), format.region(card.location)],
    [t("card.column.create_time"), format.time(card.createTime)],
  ] as const;

  return (
    <AppDialog title={card.maskCardNo} onClose={onClose}>
      <Stack gap="5">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minWidth="32">{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{t("card.column.status")}</DataList.ItemLabel>
            <DataList.ItemValue>
              <CardStatusBadge status={card.cardStatus} format={format} />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Separator />
        <CardTerms card={card} />
        <SimpleGrid columns={2} gap="3">
          <Button colorPalette="teal" disabled={!canRecharge || busy} onClick={onRecharge}>
            {t("card.recharge")}
          </Button>
          <Button variant="outline" onClick={onTransactions}>
            {t("card.transactions")}
          </Button>
          <CardStateActions card={card} actions={actions} onReveal={onReveal} />
        </SimpleGrid>
      </Stack>
    </AppDialog>
  );
}
