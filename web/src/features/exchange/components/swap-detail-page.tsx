import { Alert, Heading, Link, Skeleton, Stack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { useExchangeSwap } from "../api/exchange-swaps";
import { SwapFacts } from "./swap-facts";
import { useExchangeText } from "./use-exchange-text";

/** One swap of the user's: what was paid and received, the fee and spread, both rates, its time and id. */
export function SwapDetailPage({ id }: { readonly id: string }) {
  const x = useExchangeText();
  const { t } = x;
  const { data: swap, error, mutate } = useExchangeSwap(id);

  let content;
  if (error && !error.refusal.networkError) {
    content = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("exchange.swap.not_found")}</Alert.Title>
      </Alert.Root>
    );
  } else if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!swap) {
    content = <Skeleton height="64" />;
  } else {
    content = <SwapFacts swap={swap} x={x} full />;
  }

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("exchange.swap.title")}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.exchange}>{t("exchange.swap.back")}</RouterLink>
        </Link>
      </Stack>
      {content}
    </Stack>
  );
}
