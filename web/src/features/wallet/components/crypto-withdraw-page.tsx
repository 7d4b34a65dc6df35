import { Button, DataList, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { walletRecordDetail, walletWithdraw } from "@/config/paths";
import { gatePages } from "@/lib/gate-prompts";
import { useCoinConfig } from "../api/get-coin-config";
import { useCoinList } from "../api/get-coin-list";
import { useWalletBalance } from "../api/get-wallet-balance";
import { useWalletRecords } from "../api/wallet-records";
import { CoinSelect, NetworkPicker, useChain } from "./chain-picker";
import { CryptoWithdrawForm } from "./crypto-withdraw-form";
import { useWalletText } from "./use-wallet-text";

/**
 * Withdraw (SPEC §2): the coin, the network, then the withdrawal form on that chain's terms.
 * Before basic identity is approved it says what to do first. A withdrawal made opens its record.
 */
export function CryptoWithdrawPage({ coinCode, needsIdentity }: { readonly coinCode: string | undefined; readonly needsIdentity: boolean }) {
  const w = useWalletText();
  const { t } = w;
  const navigate = useNavigate();
  const { data: coins, error: coinsError, mutate: reloadCoins } = useCoinList();
  const chain = useChain(coins, coinCode, "withdraw");
  const { coin, network } = chain;
  const { data: config, error: configError, mutate: reloadConfig } = useCoinConfig(needsIdentity ? undefined : coin?.coinCode);
  const { mutate: reloadBalance } = useWalletBalance();
  // Where this coin went before: a new address that looks like one of them is warned about.
  const { data: sent } = useWalletRecords({ coinCode: coin?.coinCode, type: "WITHDRAW" });
  const previous = [...new Set(sent?.flatMap((page) => page.list.flatMap((r) => (r.address ? [r.address] : []))))];
  const terms = config?.networks.find((n) => n.network === network);

  let content;
  if (needsIdentity) {
    content = (
      <Stack gap="4" align="start">
        <Text>{t("wallet.withdraw.needs_identity")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={gatePages.basicIdentity}>{t("identity.basic.title")}</RouterLink>
        </Button>
      </Stack>
    );
  } else if (coinsError || configError) {
    content = <LoadFailed onRetry={() => void Promise.all([reloadCoins(), reloadConfig()])} />;
  } else if (!coins) {
    content = <Skeleton height="40" />;
  } else if (!coin) {
    content = <Text>{t("wallet.coin.unknown", { coin: coinCode ?? "" })}</Text>;
  } else {
    const names = { coin: coin.coinCode, network: network ? w.networkName(network) : "" };
    content = (
      <Stack gap="6" maxWidth="xl">
        <CoinSelect coins={coins} coin={coin} pathOf={(code) => walletWithdraw(code)} w={w} />
        {config && (
          <DataList.Root orientation="horizontal" gap="2">
            <DataList.Item>
              <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.available")}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {w.coinAmount(config.available, coin.coinCode)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        )}
        <NetworkPicker coin={coin} chain={chain} kind="withdraw" help={t("wallet.withdraw.network_help")} w={w} />
        {network && !config && <Skeleton height="64" />}
        {terms && !terms.withdrawEnabled && <Text>{t("wallet.withdraw.paused", names)}</Text>}
        {config && terms?.withdrawEnabled && (
          <CryptoWithdrawForm
            key={`${coin.coinCode}/${terms.network}`}
            coinCode={coin.coinCode}
            scale={config.scale}
            chain={terms}
            available={config.available}
            previous={previous}
            w={w}
            onWithdrawn={async (record) => {
              await Promise.all([reloadConfig(), reloadBalance()]);
              await navigate(walletRecordDetail(record.id));
            }}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("wallet.withdraw.title")}
      </Heading>
      {content}
    </Stack>
  );
}
