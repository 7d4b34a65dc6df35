import { Box, Field, Heading, HStack, Link, NativeSelect, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadMore } from "@/components/ui/load-more";
import { fundRecordDetail, paths } from "@/config/paths";
import { formatDateTime } from "@/lib/locale";
import { paged } from "@/lib/paged";
import { useViewport } from "@/lib/viewport";
import { useFundRecords, type FundRecord } from "../api/fund-records";
import { RECORD_FILTERS, recordTitle, signedAmount } from "./record-labels";
import { useFundText, type FundText } from "./use-fund-text";

/** The link to a record's details, named after what it is. */
function DetailsLink({ record, f }: { readonly record: FundRecord; readonly f: FundText }) {
  return (
    <Link asChild colorPalette="teal">
      <RouterLink
        to={fundRecordDetail(record.id)}
        aria-label={f.t("fund.records.details_named", {
          what: recordTitle(record, f),
          amount: signedAmount(record, f),
          date: f.day(record.businessDate),
        })}
      >
        {f.t("fund.records.details")}
      </RouterLink>
    </Link>
  );
}

/**
 * FundRecord (SPEC §2): the subscriptions, redemptions, days of interest and maturities, newest
 * first, filtered by type (kept in the address); a table on desktop, a list on a phone, a page at
 * a time.
 */
export function FundRecordsPage() {
  const f = useFundText();
  const { t, locale } = f;
  const { isMobile } = useViewport();
  const [search, setSearch] = useSearchParams();
  const typeParam = search.get("type");
  const type = RECORD_FILTERS.find((filter) => filter === typeParam);
  const { data: pages, size, setSize, error, mutate } = useFundRecords(type);
  const { items, more, loading, failed } = paged(pages, size, error);
  const label = t("fund.records.list");
  const choose = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set("type", value);
    else next.delete("type");
    setSearch(next, { replace: true });
  };

  let content;
  if (failed) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (pages === undefined) {
    content = <Skeleton height="32" />;
  } else if (items.length === 0) {
    content = <Text color="fg.muted">{t("fund.records.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
        {items.map((record) => (
          <Box as="li" key={record.id} borderWidth="1px" rounded="lg" padding="4">
            <Stack gap="0" fontVariantNumeric="tabular-nums">
              <Text fontWeight="semibold">{signedAmount(record, f)}</Text>
              <Text fontSize="sm">{recordTitle(record, f)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {f.day(record.businessDate)}
              </Text>
            </Stack>
            <HStack justify="end" marginTop="2">
              <DetailsLink record={record} f={f} />
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
        <Table.Root size="sm" aria-label={label} css={{ "& td, & th": { verticalAlign: "top" } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("fund.records.time")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("fund.records.type")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("fund.records.product")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("fund.records.business_date")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("fund.records.amount")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("fund.records.actions")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((record) => (
              <Table.Row key={record.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(record.createdAt, locale)}</Table.Cell>
                <Table.Cell>{f.recordTypeName(record.type)}</Table.Cell>
                <Table.Cell>{record.productName}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{f.day(record.businessDate)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {signedAmount(record, f)}
                </Table.Cell>
                <Table.Cell>
                  <DetailsLink record={record} f={f} />
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
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("fund.records.title")}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.fund}>{t("fund.records.back")}</RouterLink>
        </Link>
      </Stack>
      <Field.Root width="auto" minWidth="48" maxWidth="xs">
        <Field.Label>{t("fund.records.type")}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={type ?? ""} onChange={(event) => choose(event.target.value)}>
            <option value="">{t("fund.records.all_types")}</option>
            {RECORD_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {f.recordTypeName(filter)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
