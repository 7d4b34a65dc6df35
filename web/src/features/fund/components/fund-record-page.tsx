import { Alert, DataList, Heading, Link, Skeleton, Stack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/locale";
import { useFundRecord, type FundRecord } from "../api/fund-records";
import { recordTitle } from "./record-labels";
import { useFundText, type FundText } from "./use-fund-text";

/** The record's facts, label and value, in the order a person checks them; what it lacks is left out. */
function facts(record: FundRecord, f: FundText): [string, string][] {
  const { t } = f;
  const money = (text: string) => f.amount(text, record.asset);
  const day = (date: string | null | undefined) => (date ? f.day(date) : null);
  const positive = (text: string) => Number(text) !== 0;
  const rows: [string, string | null][] = [
    [t("fund.record.type"), f.recordTypeName(record.type)],
    [t("fund.records.product"), `${record.productName} · ${f.typeName(record.productType)}`],
    [t("fund.record.status"), f.statusName(record.status)],
    [t("fund.records.amount"), money(record.amount)],
    [t("fund.record.source"), record.source ? f.sourceName(record.source) : null],
    // What a maturity paid besides the principal, or what an early redemption gave up (a day's
    // interest is its amount).
    [
      t(record.type === "REDEEM" ? "fund.record.forfeited" : "fund.record.interest"),
      (record.type === "MATURITY" || record.type === "REDEEM") && positive(record.interest) ? money(record.interest) : null,
    ],
    [t("fund.records.business_date"), f.day(record.businessDate)],
    [t("fund.preview.value_date"), record.type === "INTEREST" ? null : day(record.valueDate)],
    [t("fund.preview.interest_start"), day(record.interestStartDate)],
    [t("fund.preview.delivery_date"), day(record.deliveryDate)],
    [t("fund.record.created"), formatDateTime(record.createdAt, f.locale)],
    [t("fund.record.id"), record.id],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

/** FundRecordItem (SPEC §2): one record of the user's fund, every fact it has. */
export function FundRecordPage({ id }: { readonly id: string }) {
  const f = useFundText();
  const { t } = f;
  const { data: record, error, mutate } = useFundRecord(id);

  let content;
  if (error && !error.refusal.networkError) {
    content = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("fund.record.not_found")}</Alert.Title>
      </Alert.Root>
    );
  } else if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!record) {
    content = <Skeleton height="64" />;
  } else {
    content = (
      <Stack gap="4">
        <Heading as="h2" size="md">
          {recordTitle(record, f)}
        </Heading>
        <DataList.Root orientation={{ base: "vertical", md: "horizontal" }} gap="3">
          {facts(record, f).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minWidth="40">{label}</DataList.ItemLabel>
              <DataList.ItemValue minWidth="0" fontVariantNumeric="tabular-nums" wordBreak="break-all">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("fund.record.title")}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.fundRecords}>{t("fund.record.back")}</RouterLink>
        </Link>
      </Stack>
      {content}
    </Stack>
  );
}
