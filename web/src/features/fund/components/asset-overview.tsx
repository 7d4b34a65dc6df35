import { Box, DataList, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import type { FundAsset } from "../api/get-fund-asset";
import type { FundText } from "./use-fund-text";

/** One group of figures: a heading and its terms and values. */
function Figures({ id, title, rows }: { readonly id: string; readonly title: string; readonly rows: readonly (readonly [string, string])[] }) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id} borderWidth="1px" rounded="lg" padding="4">
      <Heading as="h3" size="sm" id={id}>
        {title}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minWidth="36" flex="1">
              {label}
            </DataList.ItemLabel>
            <DataList.ItemValue fontVariantNumeric="tabular-nums" justifyContent="end" minWidth="0" wordBreak="break-word">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

/**
 * The fund's figures (SPEC §3): what it holds now, yesterday's interest and all interest
 * received; then the current product's shares (usable now, and those that came in today) and its
 * interest, and the fixed positions' principal (earning, and waiting for their interest date)
 * and interest.
 */
export function AssetOverview({ asset, f }: { readonly asset: FundAsset; readonly f: FundText }) {
  const { t } = f;
  const money = (text: string) => f.amount(text, asset.asset);
  const { currentProduct: current, fixedProduct: fixed } = asset;
  return (
    <Stack as="section" gap="5" aria-labelledby="fund-overview">
      <Heading as="h2" size="lg" id="fund-overview">
        {t("fund.overview.title")}
      </Heading>
      <Grid templateColumns={{ base: "1fr", md: "repeat(3, 1fr)" }} gap="4">
        {(
          [
            ["fund.overview.total_value", asset.totalValue],
            ["fund.overview.yesterday_profit", asset.yesterdayProfit],
            ["fund.overview.history_profit", asset.historyProfit],
          ] as const
        ).map(([label, value], i) => (
          <Box key={label} borderWidth="1px" rounded="lg" padding="4" bg={i === 0 ? "teal.subtle" : undefined}>
            <Text color="fg.muted" fontSize="sm">
              {t(label)}
            </Text>
            <Text fontSize={i === 0 ? "2xl" : "xl"} fontWeight="bold" fontVariantNumeric="tabular-nums" wordBreak="break-word">
              {money(value)}
            </Text>
          </Box>
        ))}
      </Grid>
      <Text fontSize="sm" color="fg.muted">
        {t("fund.overview.as_of", { date: f.day(asset.businessDate) })}
      </Text>
      <Grid templateColumns={{ base: "1fr", lg: "repeat(2, 1fr)" }} gap="4">
        <Figures
          id="fund-current-figures"
          title={t("fund.overview.current")}
          rows={[
            [t("fund.overview.usable_shares"), money(current.usableShares)],
            [t("fund.overview.unusable_shares"), money(current.unusableShares)],
            [t("fund.overview.unsettled_profit"), money(current.unsettleProfit)],
            [t("fund.overview.profit_received"), money(current.historyProfit)],
          ]}
        />
        <Figures
          id="fund-fixed-figures"
          title={t("fund.overview.fixed")}
          rows={[
            [t("fund.overview.holding_products"), String(fixed.holdingProducts)],
            [t("fund.overview.total_shares"), money(fixed.totalShares)],
            [t("fund.overview.interest_shares"), money(fixed.interestShares)],
            [t("fund.overview.un_interest_shares"), money(fixed.unInterestShares)],
            [t("fund.overview.unsettled_profit"), money(fixed.unsettleProfit)],
            [t("fund.overview.profit_paid"), money(fixed.historyProfit)],
          ]}
        />
      </Grid>
    </Stack>
  );
}
