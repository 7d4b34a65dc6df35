import { Box, Button, HStack, Link, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { walletCoin, walletDeposit, walletWithdraw } from "@/config/paths";
import { useViewport } from "@/lib/viewport";
import type { CoinBalance } from "../api/get-wallet-balance";
import type { WalletText } from "./use-wallet-text";

/** Deposit and Withdraw of one coin, each named after it. */
function CoinActions({ coinCode, w }: { readonly coinCode: string; readonly w: WalletText }) {
  return (
    <HStack gap="2">
      <Button asChild size="xs" variant="outline">
        <RouterLink to={walletDeposit(coinCode)} aria-label={w.t("wallet.deposit_named", { coin: coinCode })}>
          {w.t("wallet.deposit")}
        </RouterLink>
      </Button>
      <Button asChild size="xs" variant="outline">
        <RouterLink to={walletWithdraw(coinCode)} aria-label={w.t("wallet.withdraw_named", { coin: coinCode })}>
          {w.t("wallet.withdraw")}
        </RouterLink>
      </Button>
    </HStack>
  );
}

/** The coin's code, linking to its page, and its name. */
function CoinLabel({ coinCode, w }: { readonly coinCode: string; readonly w: WalletText }) {
  return (
    <Stack gap="0">
      <Link asChild fontWeight="semibold" colorPalette="teal">
        <RouterLink to={walletCoin(coinCode)}>{coinCode}</RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted">
        {w.coinName(coinCode)}
      </Text>
    </Stack>
  );
}

/**
 * Each coin's balance: available, held by withdrawals under way, the total, its price and value
 * in USD, with Deposit and Withdraw. A table on desktop, a list on a phone.
 */
export function CoinBalances({ balances, label, w }: { readonly balances: readonly CoinBalance[]; readonly label: string; readonly w: WalletText }) {
  const { isMobile } = useViewport();
  if (isMobile) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
        {balances.map((b) => (
          <Box as="li" key={b.coinCode} borderWidth="1px" rounded="lg" padding="4">
            <HStack justify="space-between" align="start" gap="3">
              <CoinLabel coinCode={b.coinCode} w={w} />
              <Stack gap="0" align="end" fontVariantNumeric="tabular-nums">
                <Text fontWeight="semibold">{w.coinAmount(b.total, b.coinCode)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {w.usd(b.value)}
                </Text>
              </Stack>
            </HStack>
            <Text fontSize="sm" marginTop="2" fontVariantNumeric="tabular-nums">
              {w.t("wallet.column.available")}: {w.coinAmount(b.available, b.coinCode)} · {w.t("wallet.column.frozen")}:{" "}
              {w.coinAmount(b.frozen, b.coinCode)}
            </Text>
            <HStack justify="end" marginTop="3">
              <CoinActions coinCode={b.coinCode} w={w} />
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    // Focusable, so a keyboard can scroll it where it is wider than the screen.
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{w.t("wallet.column.coin")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.t("wallet.column.available")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.t("wallet.column.frozen")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.t("wallet.column.total")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.t("wallet.column.price")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{w.t("wallet.column.value")}</Table.ColumnHeader>
            <Table.ColumnHeader>{w.t("wallet.column.actions")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {balances.map((b) => (
            <Table.Row key={b.coinCode}>
              <Table.Cell>
                <CoinLabel coinCode={b.coinCode} w={w} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {w.coinAmount(b.available, b.coinCode)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {w.coinAmount(b.frozen, b.coinCode)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="semibold">
                {w.coinAmount(b.total, b.coinCode)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {b.price === null ? "—" : w.usd(b.price)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {w.usd(b.value)}
              </Table.Cell>
              <Table.Cell>
                <CoinActions coinCode={b.coinCode} w={w} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
