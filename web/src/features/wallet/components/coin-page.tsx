import { Badge, Button, DataList, Heading, HStack, Link, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths, walletDeposit, walletRecords, walletWithdraw } from "@/config/paths";
import { useViewport } from "@/lib/viewport";
import { useCoinConfig, type ChainConfig } from "../api/get-coin-config";
import { useCoinList } from "../api/get-coin-list";
import { useWalletBalance } from "../api/get-wallet-balance";
import { useWalletText, type WalletText } from "./use-wallet-text";

/** Whether a network's deposits or withdrawals are on; "Paused" when off. */
function Switch({ on, w }: { readonly on: boolean; readonly w: WalletText }) {
  return on ? null : (
    <Badge colorPalette="orange" size="sm">
      {w.t("wallet.coin.paused")}
    </Badge>
  );
}

/** The terms each network shows, by their labels. */
const TERMS = ["wallet.coin.min_deposit", "wallet.coin.confirmations", "wallet.coin.withdraw_fee", "wallet.coin.withdraw_limits"] as const;

/** A network's terms as label and value pairs, in the order of TERMS. */
function terms(chain: ChainConfig, coinCode: string, w: WalletText) {
  const amount = (text: string) => w.coinAmount(text, coinCode);
  const values = [
    amount(chain.minDeposit),
    String(chain.confirmations),
    amount(chain.withdrawFee),
    w.t("wallet.coin.limits_value", { minimum: amount(chain.minWithdraw), maximum: amount(chain.maxWithdraw) }),
  ];
  return TERMS.map((key, i) => ({ label: w.t(key), value: values[i] }));
}

/** Coin (SPEC §2): one coin's balance, its networks and their terms, and where to go from here. */
export function CoinPage({ coinCode }: { readonly coinCode: string }) {
  const w = useWalletText();
  const { t } = w;
  const { isMobile } = useViewport();
  const { data: coins } = useCoinList();
  const known = coins === undefined || coins.coin.some((coin) => coin.coinCode === coinCode);
  // Asked for once the coin is known to exist (the coin list is read once a visit).
  const { data: config, error, mutate } = useCoinConfig(coins && known ? coinCode : undefined);
  const { data: balance } = useWalletBalance();
  const held = balance?.wallet.find((b) => b.coinCode === coinCode);
  const amount = (text: string) => w.coinAmount(text, coinCode);

  const header = (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Stack gap="0">
        <Heading as="h1" size="xl">
          {`${coinCode} · ${w.coinName(coinCode)}`}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="teal">
          <RouterLink to={paths.walletCoins}>{t("wallet.coin.all_coins")}</RouterLink>
        </Link>
      </Stack>
      {known && (
        <HStack gap="2" wrap="wrap">
          <Button asChild colorPalette="teal" size="sm">
            <RouterLink to={walletDeposit(coinCode)}>{t("wallet.deposit_named", { coin: coinCode })}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={walletWithdraw(coinCode)}>{t("wallet.withdraw_named", { coin: coinCode })}</RouterLink>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={walletRecords(coinCode)}>{t("wallet.records_named", { coin: coinCode })}</RouterLink>
          </Button>
        </HStack>
      )}
    </HStack>
  );

  if (!known) {
    return (
      <Stack gap="6">
        {header}
        <Text>{t("wallet.coin.unknown", { coin: coinCode })}</Text>
      </Stack>
    );
  }

  let networks;
  if (error) {
    networks = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!config) {
    networks = <Skeleton height="32" />;
  } else if (isMobile) {
    networks = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t("wallet.coin.networks")}>
        {config.networks.map((chain) => (
          <Stack as="li" key={chain.network} borderWidth="1px" rounded="lg" padding="4" gap="2">
            <HStack justify="space-between">
              <Text fontWeight="semibold">{w.networkName(chain.network)}</Text>
              <HStack gap="1">
                {!chain.depositEnabled && <Badge colorPalette="orange">{t("wallet.network.deposit_paused")}</Badge>}
                {!chain.withdrawEnabled && <Badge colorPalette="orange">{t("wallet.network.withdraw_paused")}</Badge>}
              </HStack>
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" gap="1">
              {terms(chain, coinCode, w).map((item) => (
                <DataList.Item key={item.label}>
                  <DataList.ItemLabel minWidth="32">{item.label}</DataList.ItemLabel>
                  <DataList.ItemValue fontVariantNumeric="tabular-nums">{item.value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Stack>
        ))}
      </Stack>
    );
  } else {
    networks = (
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("wallet.coin.networks")}>
        <Table.Root size="sm" aria-label={t("wallet.coin.networks")}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("wallet.column.network")}</Table.ColumnHeader>
              {TERMS.map((key) => (
                <Table.ColumnHeader key={key} textAlign="end">
                  {t(key)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>{t("wallet.deposit")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("wallet.withdraw")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {config.networks.map((chain) => (
              <Table.Row key={chain.network}>
                <Table.Cell fontWeight="semibold">{w.networkName(chain.network)}</Table.Cell>
                {terms(chain, coinCode, w).map((item) => (
                  <Table.Cell key={item.label} textAlign="end" fontVariantNumeric="tabular-nums">
                    {item.value}
                  </Table.Cell>
                ))}
                <Table.Cell>
                  {chain.depositEnabled ? (
                    <Link asChild colorPalette="teal">
                      <RouterLink to={walletDeposit(coinCode, chain.network)}>{t("wallet.deposit")}</RouterLink>
                    </Link>
                  ) : (
                    <Switch on={false} w={w} />
                  )}
                </Table.Cell>
                <Table.Cell>
                  {chain.withdrawEnabled ? (
                    <Link asChild colorPalette="teal">
                      <RouterLink to={walletWithdraw(coinCode, chain.network)}>{t("wallet.withdraw")}</RouterLink>
                    </Link>
                  ) : (
                    <Switch on={false} w={w} />
                  )}
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
      {header}
      <DataList.Root orientation="horizontal" gap="2">
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("wallet.column.available")}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {config ? amount(config.available) : "—"}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("wallet.column.frozen")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{held ? amount(held.frozen) : "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("wallet.column.total")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{held ? amount(held.total) : "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("wallet.column.value")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{held ? w.usd(held.value) : "—"}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t("wallet.coin.networks")}
        </Heading>
        {networks}
      </Stack>
    </Stack>
  );
}
