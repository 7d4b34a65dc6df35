import { Box, Heading, HStack, Link, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadMore } from "@/components/ui/load-more";
import { exchangeSwapDetail } from "@/config/paths";
import { formatDateTime } from "@/lib/locale";
import { paged } from "@/lib/paged";
import { useViewport } from "@/lib/viewport";
import type { SwapItem, useExchangeSwaps } from "../api/exchange-swaps";
import type { ExchangeText } from "./use-exchange-text";

/** The link to a swap's details, named after what it was. */
function DetailsLink({ swap, x }: { readonly swap: SwapItem; readonly x: ExchangeText }) {
  return (
    <Link asChild colorPalette="teal">
      <RouterLink
        to={exchangeSwapDetail(swap.id)}
        aria-label={x.t("exchange.history.details_named", {
          paid: x.amount(swap.fromAmount, swap.fromCoin),
          received: x.amount(swap.toAmount, swap.toCoin),
          time: formatDateTime(swap.createdAt, x.locale),
        })}
      >
        {x.t("exchange.history.details")}
      </RouterLink>
    </Link>
  );
}

/**
 * The user's swaps, newest first, a page at a time: what was paid and received, the rate and
 * the fee; a table on desktop, a list on a phone.
 */
export function SwapHistory({ swaps, x }: { readonly swaps: ReturnType<typeof useExchangeSwaps>; readonly x: ExchangeText }) {
  const { t, locale } = x;
  const { isMobile } = useViewport();
  const headingId = useId();
  const { data: pages, size, setSize, error, mutate } = swaps;
  const { items, more, loading, failed } = paged(pages, size, error);
  const label = t("exchange.history.list");

  let content;
  if (failed) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (pages === undefined) {
    content = <Skeleton height="24" />;
  } else if (items.length === 0) {
    content = <Text color="fg.muted">{t("exchange.history.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
        {items.map((swap) => (
          <Box as="li" key={swap.id} borderWidth="1px" rounded="lg" padding="4">
            <Stack gap="0" fontVariantNumeric="tabular-nums">
              <Text fontWeight="semibold">{`+${x.amount(swap.toAmount, swap.toCoin)}`}</Text>
              <Text fontSize="sm">{`−${x.amount(swap.fromAmount, swap.fromCoin)}`}</Text>
              <Text fontSize="sm" color="fg.muted">
                {x.rate(swap.rate, swap.fromCoin, swap.toCoin)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(swap.createdAt, locale)}
              </Text>
            </Stack>
            <HStack justify="end" marginTop="2">
              <DetailsLink swap={swap} x={x} />
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
        <Table.Root size="sm" aria-label={label} css={{ "& td, & th": { verticalAlign: "top" } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("exchange.history.time")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("exchange.swap.paid")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("exchange.swap.received")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("exchange.effective_rate")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("exchange.fee")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("exchange.history.actions")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((swap) => (
              <Table.Row key={swap.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(swap.createdAt, locale)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {`−${x.amount(swap.fromAmount, swap.fromCoin)}`}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {`+${x.amount(swap.toAmount, swap.toCoin)}`}
                </Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">{x.rate(swap.rate, swap.fromCoin, swap.toCoin)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {x.amount(swap.fee, swap.fromCoin)}
                </Table.Cell>
                <Table.Cell>
                  <DetailsLink swap={swap} x={x} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        {t("exchange.history.title")}
      </Heading>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
