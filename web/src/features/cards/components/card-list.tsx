import { Alert, Button, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useViewport } from "@/lib/viewport";
import { useCards, type Card } from "../api/get-cards";
import type { CardDetails } from "../api/reveal-card";
import { CardDetailDialog } from "./card-detail-dialog";
import { CardTable } from "./card-table";
import { CardTiles } from "./card-tiles";
import { CvvDialog } from "./cvv-dialog";
import { LoadMore } from "./load-more";
import { paged } from "./paged";
import { RechargeDialog } from "./recharge-dialog";
import { TransactionsDialog } from "./transactions-dialog";
import { useCardActions } from "./use-card-actions";

/** The dialog shown over the list; one opened from the mobile detail dialog goes back to it. */
type Shown =
  | { readonly kind: "detail"; readonly cardKey: string }
  | { readonly kind: "recharge" | "transactions"; readonly cardKey: string; readonly fromDetail: boolean }
  | {
      readonly kind: "cvv";
      readonly cardKey: string;
      /** Revealed details: in this state only, dropped when the dialog closes. */
      readonly details: CardDetails;
      readonly fromDetail: boolean;
    };

export interface CardListProps {
  /** The USD account's balance (exact decimal text); undefined while it loads. */
  readonly availableBalance: string | undefined;
  /** How to fund the USD account by wire, shown in the recharge dialog. */
  readonly wireInstructions: ReactNode;
  /** Reloads the USD balance (after a recharge or a cancel). */
  readonly onBalanceChanged: () => Promise<unknown>;
}

/** The user's cards: a table on desktop, tiles on mobile, a page at a time, and their dialogs. */
export function CardList({ availableBalance, wireInstructions, onBalanceChanged }: CardListProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const { isMobile } = useViewport();
  const { data, size, setSize, error, mutate } = useCards();
  const list = paged(data, size, error);
  const cards = list.items.filter((card) => domain.cardListed(card.cardStatus));
  const [shown, setShown] = useState<Shown | null>(null);
  const actions = useCardActions((balanceToo) => Promise.all([mutate(), balanceToo && onBalanceChanged()]));
  // A dialog's card is read from the list, so it shows the latest status; a card gone (cancelled) closes it.
  const card = shown && cards.find((c) => c.cardKey === shown.cardKey);

  const close = () =>
    setShown((open) =>
      open && open.kind !== "detail" && open.fromDetail ? { kind: "detail", cardKey: open.cardKey } : null,
    );
  const reveal = async (target: Card, fromDetail: boolean) => {
    const details = await actions.reveal(target);
    if (details) setShown({ kind: "cvv", cardKey: target.cardKey, details, fromDetail });
  };
  const open = (kind: "recharge" | "transactions", fromDetail: boolean) => (target: Card) =>
    setShown({ kind, cardKey: target.cardKey, fromDetail });

  if (list.failed) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title flex="1">{t("app.load_failed")}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => void mutate()}>
          {t("app.retry")}
        </Button>
      </Alert.Root>
    );
  }
  if (data === undefined) return <Skeleton height="32" />;
  if (cards.length === 0) {
    return (
      <Stack align="center" gap="3" paddingY="10" borderWidth="1px" borderStyle="dashed" rounded="lg">
        <Text color="fg.muted">{t("card.empty")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={`${paths.productFiscard}#apply`}>{t("card.empty_apply")}</RouterLink>
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      {isMobile ? (
        <CardTiles cards={cards} onOpen={(target) => setShown({ kind: "detail", cardKey: target.cardKey })} />
      ) : (
        <CardTable
          cards={cards}
          actions={actions}
          onReveal={(target) => void reveal(target, false)}
          onRecharge={open("recharge", false)}
          onTransactions={open("transactions", false)}
        />
      )}
      <LoadMore more={list.more} loading={list.loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
      {card && shown?.kind === "detail" && (
        <CardDetailDialog
          card={card}
          actions={actions}
          onReveal={() => void reveal(card, true)}
          onRecharge={() => open("recharge", true)(card)}
          onTransactions={() => open("transactions", true)(card)}
          onClose={close}
        />
      )}
      {card && shown?.kind === "cvv" && <CvvDialog card={card} details={shown.details} onClose={close} />}
      {card && shown?.kind === "recharge" && (
        <RechargeDialog
          card={card}
          availableBalance={availableBalance}
          wireInstructions={wireInstructions}
          onClose={close}
          onRecharged={async () => {
            await Promise.all([mutate(), onBalanceChanged()]);
            close();
          }}
        />
      )}
      {card && shown?.kind === "transactions" && <TransactionsDialog card={card} onClose={close} />}
    </Stack>
  );
}
