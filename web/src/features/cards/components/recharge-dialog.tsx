import { DataList, Heading, Separator, Skeleton, Stack } from "@chakra-ui/react";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { AppDialog } from "@/components/ui/app-dialog";
import { useCardFormat } from "./use-card-format";

// The form's code (react-hook-form and the wasm resolver) is fetched when the dialog first opens,
// not with the card list.
const RechargeForm = lazy(async () => ({ default: (await import("./recharge-form")).RechargeForm }));

export interface RechargeDialogProps {
  readonly card: Card;
  /** The USD account's balance (exact decimal text); undefined while it loads. */
  readonly availableBalance: string | undefined;
  /** How to fund the USD account by wire (the account feature's instructions). */
  readonly wireInstructions: ReactNode;
  readonly onRecharged: () => Promise<void>;
  readonly onClose: () => void;
}

/** Recharge a card from the USD account; below, the wire instructions that fund that account. */
export function RechargeDialog({ card, availableBalance, wireInstructions, onRecharged, onClose }: RechargeDialogProps) {
  const { t } = useI18n();
  const format = useCardFormat();
  const wireHeading = useId();
  const rechargeHeading = useId();
  return (
    // Opened as often to copy the wire instructions as to recharge: focus on the amount would
    // check it, empty, at the first tap on a Copy button (whose tap its error then moves away).
    <AppDialog title={t("card.recharge.title")} onClose={onClose} size="lg" focusOnOpen="dialog">
      <Stack gap="6">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{t("card.recharge.card")}</DataList.ItemLabel>
            <DataList.ItemValue>{`${card.orgName} ${card.maskCardNo}`}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{t("card.column.balance")}</DataList.ItemLabel>
            <DataList.ItemValue>{format.money(card.cardBalance, card.currency)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Stack as="section" gap="3" aria-labelledby={rechargeHeading}>
          <Heading as="h3" size="sm" id={rechargeHeading}>
            {t("card.recharge.from_usd")}
          </Heading>
          {availableBalance === undefined ? (
            <Skeleton height="40" />
          ) : (
            <Suspense fallback={<Skeleton height="40" />}>
              <RechargeForm card={card} availableBalance={availableBalance} onRecharged={onRecharged} />
            </Suspense>
          )}
        </Stack>
        <Separator />
        <Stack as="section" gap="3" aria-labelledby={wireHeading}>
          <Heading as="h3" size="sm" id={wireHeading}>
            {t("card.recharge.wire_title")}
          </Heading>
          {wireInstructions}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
