import { Alert, Box, Button, DataList, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import type { ExchangeQuote } from "../api/create-quote";
import type { ExchangeText } from "./use-exchange-text";
import { useSecondsLeft } from "./use-seconds-left";

/**
 * The quote to confirm: what the user gives and receives, the fee and spread taken, the rates,
 * and a visible countdown to its expiry; when it runs out, the screen asks for a fresh one
 * (`refreshing` meanwhile). `renewed` says a swap found the previous quote expired and this is
 * the fresh one the server offered.
 */
export function QuoteCard({
  quote,
  seconds,
  refreshing,
  accepting,
  renewed,
  onConfirm,
  onCancel,
  x,
}: {
  readonly quote: ExchangeQuote;
  /** How long a quote lasts (the countdown's full length). */
  readonly seconds: number;
  readonly refreshing: boolean;
  readonly accepting: boolean;
  readonly renewed: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly x: ExchangeText;
}) {
  const { t } = x;
  const left = useSecondsLeft(quote.expiresAt);
  const headingId = useId();
  const { fromCoin: from, toCoin: to } = quote;
  const rows: [string, string][] = [
    [t("exchange.you_pay"), x.amount(quote.fromAmount, from)],
    [t("exchange.fee_named", { percent: x.percent(quote.feeBps) }), x.amount(quote.fee, from)],
    [t("exchange.spread_named", { percent: x.percent(quote.spreadBps) }), x.amount(quote.spread, from)],
    [t("exchange.reference_rate"), x.rate(quote.referenceRate, from, to)],
    [t("exchange.effective_rate"), x.rate(quote.rate, from, to)],
  ];
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="teal.500" rounded="lg" padding={{ base: "4", md: "5" }}>
      <Stack gap="4">
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id={headingId}>
            {t("exchange.quote.title")}
          </Heading>
          <Text role="timer" fontSize="sm" fontWeight="medium" fontVariantNumeric="tabular-nums" color={left <= 3 ? "orange.fg" : "fg.muted"}>
            {refreshing || left === 0 ? t("exchange.quote.refreshing") : t("exchange.quote.valid_for", { seconds: left })}
          </Text>
        </HStack>
        {/* The timer above says the same in words; the bar is only its picture. */}
        <Box aria-hidden height="1" rounded="full" bg="bg.muted" overflow="hidden">
          <Box
            height="full"
            bg="teal.solid"
            width={`${refreshing ? 0 : (100 * Math.min(left, seconds)) / Math.max(seconds, 1)}%`}
            transition="width 0.25s linear"
          />
        </Box>
        {renewed && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t("exchange.quote.renewed")}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap="0">
          <Text fontSize="sm" color="fg.muted">
            {t("exchange.you_receive")}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" wordBreak="break-all">
            {x.amount(quote.toAmount, to)}
          </Text>
        </Stack>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minWidth="40">{label}</DataList.ItemLabel>
              <DataList.ItemValue fontVariantNumeric="tabular-nums" minWidth="0">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Text fontSize="sm" color="fg.muted">
          {t("exchange.quote.note")}
        </Text>
        <Stack direction={{ base: "column", sm: "row" }} gap="3">
          <Button colorPalette="teal" loading={accepting} disabled={refreshing || left === 0} onClick={onConfirm}>
            {t("exchange.quote.confirm")}
          </Button>
          <Button variant="outline" disabled={accepting} onClick={onCancel}>
            {t("exchange.quote.cancel")}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
