import { Box, Button, Grid, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { useCardHistory, type CardTransaction } from "../api/get-card-history";
import type { Card } from "../api/get-cards";
import { AppDialog } from "@/components/ui/app-dialog";
import { LoadMore } from "@/components/ui/load-more";
import { paged } from "@/lib/paged";
import { AccountTotal, TransactionStateBadge } from "./transaction-amount";
import { TransactionDetail } from "./transaction-detail";
import { csvFileName, downloadCsv, transactionsCsv } from "./transactions-csv";
import { useCardFormat } from "./use-card-format";
import { LoadFailed } from "@/components/ui/load-failed";

/**
 * A card's transactions, newest first, a page at a time: the list beside the chosen one's
 * details on desktop, the list then the details on mobile; the listed ones export as CSV.
 */
export function TransactionsDialog({ card, onClose }: { readonly card: Card; readonly onClose: () => void }) {
  const { t } = useI18n();
  const format = useCardFormat();
  const { isMobile } = useViewport();
  const { data, size, setSize, error, mutate } = useCardHistory(card.cardKey);
  const list = paged(data, size, error);
  const [chosen, setChosen] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const found = list.items.find((x) => x.transactionId === chosen);
  // Desktop always shows one transaction's details: the newest until another is chosen.
  const selected = found ?? (isMobile ? undefined : list.items[0]);

  const decline = (code: string) => {
    const key = `card.decline.${code}` as MessageKey;
    const text = t(key);
    return text === key ? code : text;
  };
  const exportCsv = () =>
    downloadCsv(transactionsCsv(list.items, { t, label: format.label, decline }), csvFileName(card.maskCardNo, Date.now()));

  const detail = selected && (
    <Box as="section" aria-label={t("card.tx.detail")} borderWidth="1px" rounded="md" padding="4">
      <TransactionDetail transaction={selected} format={format} decline={decline} />
    </Box>
  );

  const listView = (
    <Stack gap="3" minWidth="0">
      <Stack as="ul" gap="1" listStyleType="none" aria-label={t("card.tx.list")}>
        {list.items.map((x) => (
          <li key={x.transactionId}>
            <TransactionRow
              transaction={x}
              current={x === selected}
              onChoose={() => setChosen(x.transactionId)}
            />
          </li>
        ))}
      </Stack>
      <LoadMore
        more={list.more}
        loading={list.loading}
        onLoad={() => void setSize(size + 1)}
        onScroll={isMobile}
        scroller={body}
      />
    </Stack>
  );

  let content;
  if (list.failed) {
    content = (
      <LoadFailed onRetry={() => void mutate()} />
    );
  } else if (data === undefined) {
    content = <Skeleton height="40" />;
  } else if (list.items.length === 0) {
    content = <Text color="fg.muted">{t("card.tx.empty")}</Text>;
  } else if (isMobile) {
    content = found ? (
      <Stack gap="3">
        <Button alignSelf="start" variant="ghost" size="sm" onClick={() => setChosen(null)}>
          {t("card.tx.back")}
        </Button>
        {detail}
      </Stack>
    ) : (
      listView
    );
  } else {
    content = (
      <Grid templateColumns="minmax(0, 2fr) minmax(0, 3fr)" gap="4" alignItems="start">
        {listView}
        <Box position="sticky" top="0">
          {detail}
        </Box>
      </Grid>
    );
  }

  return (
    <AppDialog
      title={t("card.tx.title", { card: card.maskCardNo })}
      onClose={onClose}
      size="xl"
      bodyRef={body}
      footer={
        <HStack justify="space-between" width="full" gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t("card.tx.export_scope", { count: list.items.length })}
          </Text>
          <Button variant="outline" disabled={list.items.length === 0} onClick={exportCsv}>
            {t("card.tx.export")}
          </Button>
        </HStack>
      }
    >
      {content}
    </AppDialog>
  );
}

function TransactionRow({
  transaction: x,
  current,
  onChoose,
}: {
  readonly transaction: CardTransaction;
  readonly current: boolean;
  readonly onChoose: () => void;
}) {
  const format = useCardFormat();
  return (
    <Box
      as="button"
      width="full"
      textAlign="start"
      rounded="md"
      paddingX="3"
      paddingY="2"
      borderWidth="1px"
      borderColor={current ? "teal.solid" : "transparent"}
      bg={current ? "teal.subtle" : undefined}
      _hover={{ bg: "bg.subtle" }}
      _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing" }}
      aria-current={current ? "true" : undefined}
      onClick={onChoose}
    >
      <HStack justify="space-between" gap="3" align="start">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{format.label("transactionType", x.transactionType)}</Text>
          <TransactionStateBadge transaction={x} format={format} />
        </HStack>
        <AccountTotal transaction={x} format={format} />
      </HStack>
      <HStack justify="space-between" gap="3" fontSize="xs" color="fg.muted">
        <Text truncate>{x.merchantNameLocation}</Text>
        {/* The merchant's amount, beside what the card paid for it. */}
        <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
          {format.money(x.transactionAmount, x.transactionCurrency)}
        </Text>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {format.time(x.createAt)}
      </Text>
    </Box>
  );
}
