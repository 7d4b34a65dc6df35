import { Alert, Box, Code, DataList, Flex, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { QRCodeSVG } from "qrcode.react";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadFailed } from "@/components/ui/load-failed";
import { walletDeposit } from "@/config/paths";
import { useCoinList } from "../api/get-coin-list";
import { useDepositAddress } from "../api/get-deposit-address";
import { CoinSelect, NetworkPicker, useChain } from "./chain-picker";
import { useWalletText, type WalletText } from "./use-wallet-text";

/** The address of the chosen coin and network: a QR code, the text with Copy, the memo, the terms. */
function AddressPanel({ coinCode, network, w }: { readonly coinCode: string; readonly network: string; readonly w: WalletText }) {
  const { t } = w;
  const { data: deposit, error, mutate } = useDepositAddress(coinCode, network);
  const names = { coin: coinCode, network: w.networkName(network) };
  if (error) {
    // A refusal names why (deposits of this chain switched off); a failure offers a retry.
    return error.refusal.networkError ? (
      <LoadFailed onRetry={() => void mutate()} />
    ) : (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!deposit) return <Skeleton height="64" />;
  return (
    <Stack gap="5">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("wallet.deposit.warning", names)}</Alert.Title>
      </Alert.Root>
      <Flex gap="6" direction={{ base: "column", md: "row" }} align={{ base: "center", md: "start" }}>
        <Box padding="3" bg="white" borderWidth="1px" rounded="md" flexShrink={0}>
          <QRCodeSVG value={deposit.address} size={176} role="img" aria-label={t("wallet.deposit.qr")} title={t("wallet.deposit.qr")} />
        </Box>
        <Stack gap="4" minWidth="0" width="full">
          <Stack gap="1">
            <Text fontWeight="medium" id="deposit-address">
              {t("wallet.deposit.address", names)}
            </Text>
            <HStack gap="2" align="start">
              <Code aria-labelledby="deposit-address" fontSize="md" wordBreak="break-all" whiteSpace="normal" paddingY="1" flex="1">
                {deposit.address}
              </Code>
              <CopyButton value={deposit.address} what={t("wallet.deposit.address_short")} />
            </HStack>
          </Stack>
          {deposit.memo !== null && (
            <Stack gap="1">
              <Text fontWeight="medium">{t("wallet.deposit.memo")}</Text>
              <HStack gap="2">
                <Code fontSize="md">{deposit.memo}</Code>
                <CopyButton value={deposit.memo} what={t("wallet.deposit.memo")} />
              </HStack>
              <Text fontSize="sm" color="orange.fg">
                {t("wallet.deposit.memo_note")}
              </Text>
            </Stack>
          )}
          <DataList.Root orientation="horizontal" gap="3">
            <DataList.Item>
              <DataList.ItemLabel minWidth="36">{t("wallet.deposit.minimum")}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="0">
                  <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                    {w.coinAmount(deposit.minDeposit, coinCode)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t("wallet.deposit.minimum_note", { amount: w.coinAmount(deposit.minDeposit, coinCode) })}
                  </Text>
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minWidth="36">{t("wallet.deposit.confirmations")}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="0">
                  <Text fontWeight="semibold">{deposit.confirmations}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t("wallet.deposit.confirmations_note", { count: deposit.confirmations })}
                  </Text>
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Stack>
      </Flex>
    </Stack>
  );
}

/**
 * Deposit (SPEC §2): the coin, the network it is sent on (each network has its own address),
 * then the user's address for that chain with its QR code, Copy, the memo where the network has
 * one, the minimum deposit and the confirmations it waits for.
 */
export function DepositPage({ coinCode }: { readonly coinCode: string | undefined }) {
  const w = useWalletText();
  const { t } = w;
  const { data: coins, error, mutate } = useCoinList();
  const chain = useChain(coins, coinCode, "deposit");
  const { coin, network } = chain;

  let content;
  if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!coins) {
    content = <Skeleton height="40" />;
  } else if (!coin) {
    content = <Text>{t("wallet.coin.unknown", { coin: coinCode ?? "" })}</Text>;
  } else {
    content = (
      <Stack gap="6">
        <Stack gap="5" maxWidth="xl">
          <CoinSelect coins={coins} coin={coin} pathOf={(code) => walletDeposit(code)} w={w} />
          <NetworkPicker coin={coin} chain={chain} kind="deposit" help={t("wallet.deposit.network_help")} w={w} />
        </Stack>
        {coin.networks.every((n) => !n.depositEnabled) && <Text>{t("wallet.deposit.no_network", { coin: coin.coinCode })}</Text>}
        {network && <AddressPanel key={`${coin.coinCode}/${network}`} coinCode={coin.coinCode} network={network} w={w} />}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("wallet.deposit.title")}
      </Heading>
      {content}
    </Stack>
  );
}
