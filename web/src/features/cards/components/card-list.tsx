import { Button, Skeleton, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useLoadedDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useViewport } from "@/lib/viewport";
import { useCards, type Card } from "../api/get-cards";
import type { CardDetails } from "../api/reveal-card";
import { CardTable } from "./card-table";
import { CardTiles } from "./card-tiles";
import { LoadMore } from "@/components/ui/load-more";
import { paged } from "@/lib/paged";
import { useCardActions } from "./use-card-actions";
import { useLoadedCardFormat } from "./use-card-format";
import { LoadFailed } from "@/components/ui/load-failed";

// The dialogs' code, with Chakra's dialog parts, is fetched when one first opens, not with the
// list: the card account's first visit downloads and runs only what the list shows.
const CardDetailDialog = lazy(async () => ({ default: (await import("./card-detail-dialog")).CardDetailDialog }));
const CvvDialog = lazy(async () => ({ default: (await import("./cvv-dialog")).CvvDialog }));
const RechargeDialog = lazy(async () => ({ default: (await import("./recharge-dialog")).RechargeDialog }));
const TransactionsDialog = lazy(async () => ({ default: (await import("./transactions-dialog")).TransactionsDialog }));

/**
 * A dialog over the list, or over the mobile detail dialog (nested, so closing it shows the card
 * again; replacing the detail dialog instead would hand its focus back to the page and close the
 * new one as focus leaving it).
 */
type Over =
  | { readonly kind: "recharge" | "transactions"; readonly cardKey: string }
  | {
      readonly kind: "cvv";
      readonly cardKey: string;
      /** Revealed details: in this state only, dropped when the dialog closes. */
      readonly details: CardDetails;
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
  // Not waiting for the wasm module: the page paints its cards without it, placeholders of their
  // size where the domain's texts and actions go (so nothing moves when it comes), and asks for
  // it once painted. (The server lists no cancelled card; the domain's rule also hides one
  // cancelled here since.)
  const domain = useLoadedDomain();
  const format = useLoadedCardFormat(domain);
  const { isMobile } = useViewport();
  const { data, size, setSize, error, mutate } = useCards();
  const list = paged(data, size, error);
  const cards = domain ? list.items.filter((card) => domain.cardListed(card.cardStatus)) : list.items;
  // The card whose detail dialog is open (mobile), and the dialog over it or over the list.
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const [over, setOver] = useState<Over | null>(null);
  const actions = useCardActions((balanceToo) => Promise.all([mutate(), balanceToo && onBalanceChanged()]));
  // Dialogs read their card from the list, so they show its latest state; a card gone (cancelled) closes them.
  const detailCard = cards.find((c) => c.cardKey === detailKey);
  const overCard = cards.find((c) => c.cardKey === over?.cardKey);
  // A card gone from the list takes its dialogs, and any details revealed, with it.
  if (detailKey !== null && !detailCard) setDetailKey(null);
  if (over !== null && !overCard) setOver(null);

  const reveal = async (target: Card) => {
    const details = await actions.reveal(target);
    if (details) setOver({ kind: "cvv", cardKey: target.cardKey, details });
  };
  const open = (kind: "recharge" | "transactions") => (target: Card) => {
    // A wire may have arrived since the balance was read: the form checks amounts against it.
    if (kind === "recharge") void onBalanceChanged();
    setOver({ kind, cardKey: target.cardKey });
  };
  const closeOver = () => setOver(null);

  if (list.failed) {
    return (
      <LoadFailed onRetry={() => void mutate()} />
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
        <CardTiles cards={cards} format={format} onOpen={(target) => setDetailKey(target.cardKey)} />
      ) : (
        <CardTable
          cards={cards}
          domain={domain}
          format={format}
          actions={actions}
          onReveal={(target) => void reveal(target)}
          onRecharge={open("recharge")}
          onTransactions={open("transactions")}
        />
      )}
      {domain ? (
        <LoadMore more={list.more} loading={list.loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
      ) : (
        list.more && <Skeleton alignSelf="center" height="10" width="32" />
      )}
      {/* One boundary each: a dialog that loads must not hide the one under it (a hidden dialog
          takes its focus away, which closes the nested one). */}
      <Suspense fallback={null}>
        {detailCard && (
          <CardDetailDialog
            card={detailCard}
            actions={actions}
            onReveal={() => void reveal(detailCard)}
            onRecharge={() => open("recharge")(detailCard)}
            onTransactions={() => open("transactions")(detailCard)}
            onClose={() => setDetailKey(null)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {overCard && over?.kind === "cvv" && <CvvDialog card={overCard} details={over.details} onClose={closeOver} />}
      </Suspense>
      <Suspense fallback={null}>
        {overCard && over?.kind === "recharge" && (
          <RechargeDialog
            card={overCard}
            availableBalance={availableBalance}
            wireInstructions={wireInstructions}
            onClose={closeOver}
            onRecharged={async () => {
              await Promise.all([mutate(), onBalanceChanged()]);
              closeOver();
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {overCard && over?.kind === "transactions" && <TransactionsDialog card={overCard} onClose={closeOver} />}
      </Suspense>
    </Stack>
  );
}
