import { Box, Field, Heading, HStack, Link, NativeSelect, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadMore } from "@/components/ui/load-more";
import { walletRecordDetail } from "@/config/paths";
import { formatDateTime } from "@/lib/locale";
import { paged } from "@/lib/paged";
import { useViewport } from "@/lib/viewport";
import { useCoinList } from "../api/get-coin-list";
import { useWalletRecords, type RecordFilter, type RecordType, type WalletRecord } from "../api/wallet-records";
import { RECORD_TYPES, RecordStatus, recordTypeLabel } from "./record-labels";
import { useWalletText, type WalletText } from "./use-wallet-text";

/** The types that take coins out of the wallet. */
const OUTGOING: readonly RecordType[] = ["WITHDRAW", "TRANSFER_OUT", "SWAP_OUT"];

/** A record's amount with its sign: what came in, what went out. */
function signedAmount(record: WalletRecord, w: WalletText): string {
  const out = OUTGOING.includes(record.type);
  return `${out ? "−" : "+"}${w.coinAmount(record.amount, record.coinCode)}`;
}

/** The link to a record's details, named after what it is. */
function DetailsLink({ record, w }: { readonly record: WalletRecord; readonly w: WalletText }) {
  return (
    <Link asChild colorPalette="teal">
      <RouterLink
        to={walletRecordDetail(record.id)}
        aria-label={w.t("wallet.records.details_named", {
          type: recordTypeLabel(w, record.type),
          amount: w.coinAmount(record.amount, record.coinCode),
          time: formatDateTime(record.createdAt, w.locale),
        })}
      >
        {w.t("wallet.records.details")}
      </RouterLink>
    </Link>
  );
}

/**
 * The wallet's records (deposits, withdrawals, transfers between users, the coin legs of swaps,
 * which have no network), newest first, with
 * their states; filtered by coin and type (kept in the address, so a coin's page links to its
 * own); a table on desktop, a list on a phone, a page at a time.
 */
export function WalletRecordsPage() {
  const w = useWalletText();
  const { t, locale } = w;
  const { isMobile } = useViewport();
  const [search, setSearch] = useSearchParams();
  const { data: coins } = useCoinList();
  const typeParam = search.get("type");
  const filter: RecordFilter = {
    coinCode: search.get("coinCode") ?? undefined,
    type: RECORD_TYPES.find((type) => type === typeParam),
  };
  const { data: pages, size, setSize, error, mutate } = useWalletRecords(filter);
  const { items, more, loading, failed } = paged(pages, size, error);
  const choose = (name: "coinCode" | "type", value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  let content;
  if (failed) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (pages === undefined) {
    content = <Skeleton height="32" />;
  } else if (items.length === 0) {
    content = <Text color="fg.muted">{t("wallet.records.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t("wallet.records.list")}>
        {items.map((record) => (
          <Box as="li" key={record.id} borderWidth="1px" rounded="lg" padding="4">
            <HStack justify="space-between" align="start" gap="3">
              <Stack gap="0" minWidth="0">
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {signedAmount(record, w)}
                </Text>
                <Text fontSize="sm">
                  {record.network ? `${recordTypeLabel(w, record.type)} · ${w.networkName(record.network)}` : recordTypeLabel(w, record.type)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDateTime(record.createdAt, locale)}
                </Text>
              </Stack>
              <RecordStatus record={record} w={w} />
            </HStack>
            <HStack justify="end" marginTop="2">
              <DetailsLink record={record} w={w} />
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("wallet.records.list")}>
        <Table.Root size="sm" aria-label={t("wallet.records.list")} css={{ "& td, & th": { verticalAlign: "top" } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("wallet.column.time")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.column.type")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.column.coin")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.column.network")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("wallet.column.amount")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.column.status")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.column.actions")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((record) => (
              <Table.Row key={record.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(record.createdAt, locale)}</Table.Cell>
                <Table.Cell>{recordTypeLabel(w, record.type)}</Table.Cell>
                <Table.Cell>{record.coinCode}</Table.Cell>
                <Table.Cell>{record.network ? w.networkName(record.network) : t("wallet.record.none")}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {signedAmount(record, w)}
                </Table.Cell>
                <Table.Cell>
                  <RecordStatus record={record} w={w} />
                </Table.Cell>
                <Table.Cell>
                  <DetailsLink record={record} w={w} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("wallet.records.title")}
      </Heading>
      <HStack as="fieldset" gap="4" align="end" wrap="wrap">
        <Box as="legend" srOnly>
          {t("wallet.records.filters")}
        </Box>
        <Field.Root width="auto" minWidth="40">
          <Field.Label>{t("wallet.records.coin")}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filter.coinCode ?? ""} onChange={(event) => choose("coinCode", event.target.value)}>
              <option value="">{t("wallet.records.all_coins")}</option>
              {coins?.coin.map((coin) => (
                <option key={coin.coinCode} value={coin.coinCode}>
                  {coin.coinCode}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto" minWidth="48">
          <Field.Label>{t("wallet.records.type")}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filter.type ?? ""} onChange={(event) => choose("type", event.target.value)}>
              <option value="">{t("wallet.records.all_types")}</option>
              {RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {recordTypeLabel(w, type)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
