import { Alert, Button, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { gatePages, type PageGate } from "@/lib/gate-prompts";
import type { MessageKey } from "@/lib/locale";
import { fundAssetKey, fundDailyKey, useFundAsset, useFundDaily } from "../api/get-fund-asset";
import { fundPositionsKey, useFundPositions } from "../api/get-fund-positions";
import { productsKey, useProducts, type Product } from "../api/get-products";
import { AssetOverview } from "./asset-overview";
import { FixedPositions } from "./fixed-positions";
import { ProductList } from "./product-list";
import { RedeemDialog, type Redemption } from "./redeem-dialog";
import { SubscribeDialog } from "./subscribe-dialog";
import { useFundText } from "./use-fund-text";

// The charts package is fetched only here, and after the page's own code: the figures and the
// products show without it.
const FundCharts = lazy(async () => ({ default: (await import("./fund-charts")).FundCharts }));

/**
 * FundTransaction (SPEC §2, issue 26): the fund's figures and its last days in two charts, the
 * products (rate, type, terms, phase) with Subscribe and Redeem, the open fixed positions, and
 * the dialogs. Subscribing needs the gates of SPEC §6 (basic identity, investor, AML, QI): while
 * one is closed the page says which, and Subscribe asks whether to go and lift it. `onMoved`
 * lets the app refresh what else shows the balances the fund moves.
 */
export function FundPage({ subscribeGate, onMoved }: { readonly subscribeGate: PageGate | undefined; readonly onMoved: () => Promise<unknown> }) {
  const f = useFundText();
  const { t, domain } = f;
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: asset, error: assetError, mutate: reloadAsset } = useFundAsset();
  const { data: daily, error: dailyError, mutate: reloadDaily } = useFundDaily();
  const { data: products, error: productsError, mutate: reloadProducts } = useProducts();
  const { data: positions } = useFundPositions();
  const [subscribing, setSubscribing] = useState<Product | null>(null);
  const [redeeming, setRedeeming] = useState<Redemption | null>(null);
  const gateText = subscribeGate && t(domain.labelKey("gate", subscribeGate) as MessageKey);

  const startSubscribe = async (product: Product) => {
    if (subscribeGate && gateText) {
      if (await askConfirm(gateText)) void navigate(gatePages[subscribeGate]);
      return;
    }
    setSubscribing(product);
  };
  // After a subscription or a redemption: everything the fund shows, and what the app shows of
  // the balances it moved.
  const moved = async () => {
    setSubscribing(null);
    setRedeeming(null);
    await Promise.all([mutate(fundAssetKey), mutate(fundDailyKey), mutate(productsKey), mutate(fundPositionsKey), onMoved()]);
  };
  // The current product's usable shares (its asset's: the default products are in USD).
  const redeemable = (product: Product) =>
    asset !== undefined && product.asset === asset.asset && Number(asset.currentProduct.usableShares) > 0;

  return (
    <Stack gap="10">
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="xl">
            {t("fund.title")}
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={paths.fundRecords}>{t("fund.records.link")}</RouterLink>
          </Button>
        </HStack>
        <Text color="fg.muted">{t("fund.intro")}</Text>
        {subscribeGate && gateText && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("fund.gate.title")}</Alert.Title>
              <Alert.Description>{gateText}</Alert.Description>
            </Alert.Content>
            <Button asChild size="sm" colorPalette="teal" alignSelf="center">
              <RouterLink to={gatePages[subscribeGate]}>{t("fund.gate.go")}</RouterLink>
            </Button>
          </Alert.Root>
        )}
      </Stack>

      {assetError ? <LoadFailed onRetry={() => void reloadAsset()} /> : !asset ? <Skeleton height="48" /> : <AssetOverview asset={asset} f={f} />}

      <Stack as="section" gap="4" aria-labelledby="fund-charts">
        <Heading as="h2" size="lg" id="fund-charts">
          {t("fund.charts.title")}
        </Heading>
        {dailyError ? (
          <LoadFailed onRetry={() => void reloadDaily()} />
        ) : !daily || !asset ? (
          <Skeleton height="56" />
        ) : (
          <Suspense fallback={<Skeleton height="56" />}>
            <FundCharts days={daily} asset={asset.asset} f={f} />
          </Suspense>
        )}
      </Stack>

      <Stack as="section" gap="4" aria-labelledby="fund-products">
        <Heading as="h2" size="lg" id="fund-products">
          {t("fund.products.title")}
        </Heading>
        {productsError ? (
          <LoadFailed onRetry={() => void reloadProducts()} />
        ) : !products ? (
          <Skeleton height="48" />
        ) : (
          <ProductList
            products={products}
            redeemable={redeemable}
            f={f}
            onSubscribe={(product) => void startSubscribe(product)}
            onRedeem={(product) => setRedeeming({ product })}
          />
        )}
      </Stack>

      {positions && products && (
        <FixedPositions
          positions={positions}
          f={f}
          onRedeem={(position) => {
            const product = products.find((p) => p.productId === position.productId);
            if (product) setRedeeming({ product, position });
          }}
        />
      )}

      {subscribing && <SubscribeDialog product={subscribing} f={f} onClose={() => setSubscribing(null)} onSubscribed={moved} />}
      {redeeming && <RedeemDialog redemption={redeeming} f={f} onClose={() => setRedeeming(null)} onRedeemed={moved} />}
    </Stack>
  );
}
