import { Badge, Box, Field, Heading, HStack, Input, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { walletCoin } from "@/config/paths";
import { useCoinList, type CoinItem } from "../api/get-coin-list";
import { useWalletBalance } from "../api/get-wallet-balance";
import { useWalletText, type WalletText } from "./use-wallet-text";

/** Whether `coin` matches what was typed: its code or its name, in any case. */
function matches(coin: CoinItem, query: string, w: WalletText): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === "") return true;
  return [coin.coinCode, w.coinName(coin.coinCode)].some((text) => text.toLocaleLowerCase().includes(wanted));
}

/** Coins (SPEC §2): every coin with its balance and networks, searched by code or name. */
export function CoinsPage() {
  const w = useWalletText();
  const { t } = w;
  const { data: coins, error, mutate } = useCoinList();
  const { data: balance } = useWalletBalance();
  const [query, setQuery] = useState("");
  const shown = coins?.coin.filter((coin) => matches(coin, query, w)) ?? [];

  let content;
  if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!coins) {
    content = <Skeleton height="40" />;
  } else if (shown.length === 0) {
    content = <Text color="fg.muted">{t("wallet.coins.none", { query: query.trim() })}</Text>;
  } else {
    content = (
      <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" aria-label={t("wallet.coins.title")}>
        {shown.map((coin) => {
          const held = balance?.wallet.find((b) => b.coinCode === coin.coinCode);
          return (
            <LinkBox as="li" key={coin.coinCode} borderWidth="1px" rounded="lg" padding="4" _hover={{ borderColor: "teal.emphasized" }}>
              <HStack justify="space-between" align="start" gap="3">
                <Stack gap="0">
                  <LinkOverlay asChild fontWeight="semibold" fontSize="lg">
                    <RouterLink to={walletCoin(coin.coinCode)}>{coin.coinCode}</RouterLink>
                  </LinkOverlay>
                  <Text fontSize="sm" color="fg.muted">
                    {w.coinName(coin.coinCode)}
                  </Text>
                </Stack>
                {held && (
                  <Stack gap="0" align="end" fontVariantNumeric="tabular-nums">
                    <Text fontWeight="semibold">{w.coinAmount(held.total, coin.coinCode)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {w.usd(held.value)}
                    </Text>
                  </Stack>
                )}
              </HStack>
              <Box marginTop="3">
                <Text fontSize="sm" color="fg.muted">
                  {t("wallet.coins.networks", { networks: coin.networks.map((n) => w.networkName(n.network)).join(" · ") })}
                </Text>
                <HStack gap="1" marginTop="1" wrap="wrap">
                  {coin.networks.flatMap((n) => [
                    !n.depositEnabled && (
                      <Badge key={`${n.network}-d`} colorPalette="orange" size="sm">
                        {`${n.network}: ${t("wallet.network.deposit_paused")}`}
                      </Badge>
                    ),
                    !n.withdrawEnabled && (
                      <Badge key={`${n.network}-w`} colorPalette="orange" size="sm">
                        {`${n.network}: ${t("wallet.network.withdraw_paused")}`}
                      </Badge>
                    ),
                  ])}
                </HStack>
              </Box>
            </LinkBox>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("wallet.coins.title")}
      </Heading>
      <Box role="search" maxWidth="sm">
        <Field.Root>
          <Field.Label>{t("wallet.coins.search")}</Field.Label>
          <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
          <Field.HelperText>{t("wallet.coins.search_help")}</Field.HelperText>
        </Field.Root>
      </Box>
      {content}
    </Stack>
  );
}
