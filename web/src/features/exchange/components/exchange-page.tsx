import { Alert, Button, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { StatusCode } from "@/lib/api-client";
import { gatePages } from "@/lib/gate-prompts";
import type { ExchangeSwap } from "../api/accept-quote";
import { useExchangePairs } from "../api/get-exchange-pairs";
import { useExchangeRate } from "../api/get-exchange-rate";
import { useExchangeSwaps } from "../api/exchange-swaps";
import { ExchangeForm } from "./exchange-form";
import { PairPicker } from "./pair-picker";
import { SwapHistory } from "./swap-history";
import { SwapResult } from "./swap-result";
import { useExchangeText } from "./use-exchange-text";

/**
 * The exchange (issue 22): the pair (kept in the address, `?from=USD&to=BTC`), the amounts with
 * their preview, the quote and its confirmation, the swap made; the history below. Before basic
 * identity is approved it says what to do first. `onSwapped` lets the app refresh what else shows
 * the balances.
 */
export function ExchangePage({ needsIdentity, onSwapped }: { readonly needsIdentity: boolean; readonly onSwapped: () => Promise<unknown> }) {
  const x = useExchangeText();
  const { t } = x;
  const [search, setSearch] = useSearchParams();
  const { data: pairs, error: pairsError, mutate: reloadPairs } = useExchangePairs();
  const assets = [...new Set(pairs?.map((p) => p.fromCoin))];
  const first = pairs?.[0];
  const wanted = { from: search.get("from") ?? "", to: search.get("to") ?? "" };
  const known = pairs?.some((p) => p.fromCoin === wanted.from && p.toCoin === wanted.to) ?? false;
  const from = known ? wanted.from : first?.fromCoin;
  const to = known ? wanted.to : first?.toCoin;
  const pair = pairs?.find((p) => p.fromCoin === from && p.toCoin === to);
  const { data: rate, error: rateError, mutate: reloadRate } = useExchangeRate(needsIdentity ? undefined : from, to);
  const swaps = useExchangeSwaps();
  const [swapped, setSwapped] = useState<ExchangeSwap | null>(null);

  const choose = (nextFrom: string, nextTo: string) => {
    const next = new URLSearchParams(search);
    next.set("from", nextFrom);
    next.set("to", nextTo);
    setSearch(next, { replace: true });
  };
  const done = async (swap: ExchangeSwap) => {
    setSwapped(swap);
    await Promise.all([reloadRate(), swaps.mutate(), onSwapped()]);
  };

  let content;
  if (needsIdentity) {
    content = (
      <Stack gap="4" align="start">
        <Text>{t("exchange.needs_identity")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={gatePages.basicIdentity}>{t("identity.basic.title")}</RouterLink>
        </Button>
      </Stack>
    );
  } else if (pairsError) {
    content = <LoadFailed onRetry={() => void reloadPairs()} />;
  } else if (!pairs || !from || !to || !pair) {
    content = pairs && pairs.length === 0 ? <Text>{t("exchange.no_pairs")}</Text> : <Skeleton height="64" />;
  } else if (swapped) {
    content = <SwapResult swap={swapped} x={x} onAgain={() => setSwapped(null)} />;
  } else {
    const current = rate?.fromCoin === from && rate.toCoin === to ? rate : undefined;
    let body;
    if (rateError?.refusal.statusCode === StatusCode.PricesUnavailable && !current) {
      body = (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t("exchange.error.prices_unavailable")}</Alert.Title>
        </Alert.Root>
      );
    } else if (rateError && !current) {
      body = <LoadFailed onRetry={() => void reloadRate()} />;
    } else if (!current) {
      body = <Skeleton height="64" />;
    } else {
      body = <ExchangeForm key={`${from}/${to}`} rate={current} pair={pair} x={x} onSwapped={done} />;
    }
    content = (
      <Stack gap="6">
        <PairPicker from={from} to={to} assets={assets} onChange={choose} x={x} />
        {body}
      </Stack>
    );
  }

  return (
    <Stack gap="10">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="xl">
            {t("exchange.title")}
          </Heading>
          <Text color="fg.muted">{t("exchange.intro")}</Text>
        </Stack>
        {content}
      </Stack>
      {!needsIdentity && <SwapHistory swaps={swaps} x={x} />}
    </Stack>
  );
}
