import { Badge, Button, DataList, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { Product } from "../api/get-products";
import type { FundText } from "./use-fund-text";

/** Each phase's colour: taking subscriptions, waiting, earning, paid out. */
const PHASE_PALETTE: Record<string, string> = { RAISING: "green", WAITING: "orange", EARNING: "blue", MATURED: "gray" };

/** Whether a product takes subscriptions now: open, and a fixed one still raising. */
export function takesSubscriptions(product: Product): boolean {
  return product.open && (product.phase === null || product.phase === "RAISING");
}

/** A product's terms, label and value, in the order a person weighs them. */
function terms(product: Product, f: FundText): [string, string][] {
  const { t } = f;
  const sources = (list: readonly string[]) => list.map(f.sourceName).join(t("fund.list_separator"));
  const limits: [string, string][] = [
    [t("fund.product.minimum"), f.amount(product.minimum, product.asset)],
    [t("fund.product.maximum"), f.amount(product.maximum, product.asset)],
  ];
  if (product.type === "CURRENT") {
    return [
      [t("fund.product.interest"), t("fund.product.current_interest")],
      [t("fund.product.subscribe_from"), sources(product.subscribe)],
      [t("fund.product.redeem_to"), sources(product.redeem)],
      ...limits,
    ];
  }
  return [
    [t("fund.product.raise_until"), product.raiseDate ? f.day(product.raiseDate) : "—"],
    [t("fund.product.interest_date"), product.interestDate ? f.day(product.interestDate) : "—"],
    [t("fund.product.period"), t("fund.product.period_days", { days: product.period ?? 0 })],
    [t("fund.product.maturity_date"), product.maturityDate ? f.day(product.maturityDate) : "—"],
    [t("fund.product.subscribe_from"), sources(product.subscribe)],
    ...limits,
  ];
}

/**
 * The products on offer: each one's rate, type and terms (a fixed product's dates and phase),
 * with Subscribe while it takes subscriptions and, for the current product, Redeem while usable
 * shares are held.
 */
export function ProductList({
  products,
  redeemable,
  f,
  onSubscribe,
  onRedeem,
}: {
  readonly products: readonly Product[];
  /** Whether the current product of an asset has usable shares to redeem. */
  readonly redeemable: (product: Product) => boolean;
  readonly f: FundText;
  readonly onSubscribe: (product: Product) => void;
  readonly onRedeem: (product: Product) => void;
}) {
  const { t } = f;
  if (products.length === 0) return <Text color="fg.muted">{t("fund.products.empty")}</Text>;
  return (
    <Grid as="ul" listStyleType="none" templateColumns={{ base: "1fr", lg: "repeat(2, 1fr)" }} gap="4" aria-label={t("fund.products.title")}>
      {products.map((product) => {
        const headingId = `fund-product-${product.productId}`;
        const open = takesSubscriptions(product);
        return (
          <Stack as="li" key={product.productId} aria-labelledby={headingId} borderWidth="1px" rounded="lg" padding="5" gap="4">
            <HStack justify="space-between" align="start" gap="3">
              <Stack gap="1" minWidth="0" flex="1">
                <Heading as="h3" size="md" id={headingId}>
                  {product.productName}
                </Heading>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="teal">{f.typeName(product.type)}</Badge>
                  <Badge variant="outline">{product.asset}</Badge>
                  {product.phase && <Badge colorPalette={PHASE_PALETTE[product.phase] ?? "gray"}>{f.phaseName(product.phase)}</Badge>}
                  {!product.open && <Badge colorPalette="gray">{t("fund.product.closed")}</Badge>}
                </HStack>
              </Stack>
              <Stack gap="0" align="end" flexShrink={0}>
                <Text fontSize="2xl" fontWeight="bold" color="teal.fg" fontVariantNumeric="tabular-nums">
                  {f.rate(product.annualRate)}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t("fund.product.annual_rate")}
                </Text>
              </Stack>
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" gap="2">
              {terms(product, f).map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minWidth="36">{label}</DataList.ItemLabel>
                  <DataList.ItemValue fontVariantNumeric="tabular-nums" minWidth="0" wordBreak="break-word">
                    {value}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <HStack gap="2" marginTop="auto" wrap="wrap">
              <Button
                colorPalette="teal"
                size="sm"
                disabled={!open}
                aria-label={t("fund.subscribe_named", { product: product.productName })}
                onClick={() => onSubscribe(product)}
              >
                {t("fund.subscribe")}
              </Button>
              {product.type === "CURRENT" && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!redeemable(product)}
                  aria-label={t("fund.redeem_named", { product: product.productName })}
                  onClick={() => onRedeem(product)}
                >
                  {t("fund.redeem")}
                </Button>
              )}
            </HStack>
          </Stack>
        );
      })}
    </Grid>
  );
}
