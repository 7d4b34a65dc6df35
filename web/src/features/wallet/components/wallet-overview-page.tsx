import { Button, Flex, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/locale";
import { useWalletBalance } from "../api/get-wallet-balance";
import { useWalletOverview } from "../api/get-wallet-overview";
import { CoinBalances } from "./coin-balances";
import { useWalletText } from "./use-wallet-text";

// The charts package is fetched only here, and after the page's own code: the total and the
// balances show without it.
const AllocationChart = lazy(async () => ({ default: (await import("./overview-charts")).AllocationChart }));
const HistoryChart = lazy(async () => ({ default: (await import("./overview-charts")).HistoryChart }));

/**
 * The wallet's overview: the total value in USD, how it is split across coins and how it moved
 * over the last 30 days, and each coin's balance with Deposit and Withdraw.
 */
export function WalletOverviewPage() {
  const w = useWalletText();
  const { t } = w;
  const { data: balance, error: balanceError, mutate: reloadBalance } = useWalletBalance();
  const { data: overview, error: overviewError, mutate: reloadOverview } = useWalletOverview();
  const empty = balance !== undefined && balance.wallet.every((b) => Number(b.total) === 0);

  return (
    <Stack gap="8">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t("wallet.overview.title")}
        </Heading>
        <HStack gap="2">
          <Button asChild colorPalette="teal" size="sm">
            <RouterLink to={paths.walletDeposit}>{t("wallet.deposit")}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.walletWithdraw}>{t("wallet.withdraw")}</RouterLink>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={paths.walletRecords}>{t("wallet.records")}</RouterLink>
          </Button>
        </HStack>
      </HStack>

      {balanceError ? (
        <LoadFailed onRetry={() => void reloadBalance()} />
      ) : !balance ? (
        <Skeleton height="20" />
      ) : (
        <Stack gap="1">
          <Text color="fg.muted">{t("wallet.overview.total")}</Text>
          <Text fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {w.usd(balance.overview.totalValue)}
          </Text>
          {balance.overview.priceTime !== null && (
            <Text fontSize="sm" color="fg.muted">
              {t("wallet.overview.price_time", { time: formatDateTime(balance.overview.priceTime, w.locale) })}
            </Text>
          )}
        </Stack>
      )}

      {empty && <Text>{t("wallet.overview.empty")}</Text>}

      {overviewError ? (
        <LoadFailed onRetry={() => void reloadOverview()} />
      ) : !overview ? (
        <Skeleton height="56" />
      ) : (
        <Suspense fallback={<Skeleton height="56" />}>
          <Flex gap="8" direction={{ base: "column", lg: "row" }}>
            {overview.allocation.length > 0 && <AllocationChart allocation={overview.allocation} w={w} />}
            <HistoryChart history={overview.history} w={w} />
          </Flex>
        </Suspense>
      )}

      <Stack gap="3">
        <Heading as="h2" size="md">
          {t("wallet.overview.balances")}
        </Heading>
        {balance && <CoinBalances balances={balance.wallet} label={t("wallet.overview.balances")} w={w} />}
        <Text fontSize="sm" color="fg.muted">
          {t("wallet.frozen_note")}
        </Text>
      </Stack>
    </Stack>
  );
}
