import { Badge, Box, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import type { LabelKind } from "domain-wasm";
import { useMemo } from "react";
import { formatMoney, useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { useOrders, type CardOrder } from "../api/get-orders";
import { LoadMore } from "@/components/ui/load-more";
import { paged } from "@/lib/paged";
import { LoadFailed } from "@/components/ui/load-failed";

/** The colour of each status the domain maps the numeric codes onto (`order_status.<status>`). */
const PALETTE: Readonly<Record<string, string>> = {
  processing: "orange",
  completed: "green",
  failed: "red",
  cancelled: "gray",
};

/** /account/order/card, "Order Record": the card orders, a table on desktop, a list on mobile. */
export function OrderHistoryPage() {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const { isMobile } = useViewport();
  const { data: pages, size, setSize, error, mutate } = useOrders();
  const { items: orders, more, loading, failed } = paged(pages, size, error);

  const view = useMemo(() => {
    const label = (kind: LabelKind, value: string | number) => {
      const key = domain.labelKey(kind, value);
      return key === undefined ? String(value) : t(key as MessageKey);
    };
    return {
      type: (order: CardOrder) => label("orderType", order.type),
      status: (order: CardOrder) => (
        <Badge colorPalette={PALETTE[domain.labelKey("orderStatus", order.status)?.split(".")[1] ?? ""] ?? "gray"}>
          {label("orderStatus", order.status)}
        </Badge>
      ),
      money: (amount: string) => formatMoney(domain, amount),
      time: (ms: number) => formatDateTime(ms, locale),
    };
  }, [domain, t, locale]);

  let content;
  if (failed) {
    content = (
      <LoadFailed onRetry={() => void mutate()} />
    );
  } else if (pages === undefined) {
    content = <Skeleton height="32" />;
  } else if (orders.length === 0) {
    content = <Text color="fg.muted">{t("order.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t("order.title")}>
        {orders.map((order) => (
          <Box as="li" key={order.id} borderWidth="1px" rounded="lg" padding="4">
            <HStack justify="space-between" align="start">
              <Text fontWeight="semibold">{view.type(order)}</Text>
              {view.status(order)}
            </HStack>
            <Text fontVariantNumeric="tabular-nums" marginY="1">
              {order.maskCardNo}
            </Text>
            <HStack justify="space-between" fontSize="sm">
              <Text color="fg.muted">{t("order.column.amount")}</Text>
              <Text fontVariantNumeric="tabular-nums">{`${view.money(order.amount)} ${order.currency}`}</Text>
            </HStack>
            <HStack justify="space-between" fontSize="sm">
              <Text color="fg.muted">{t("order.column.fee")}</Text>
              <Text fontVariantNumeric="tabular-nums">{`${view.money(order.fee)} ${order.currency}`}</Text>
            </HStack>
            <Text fontSize="xs" color="fg.muted" marginTop="2">
              {view.time(order.createTime)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t("order.title")}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("order.column.card")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("order.column.type")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("order.column.amount")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("order.column.fee")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("order.column.currency")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("order.column.status")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("order.column.create_time")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {orders.map((order) => (
              <Table.Row key={order.id}>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {order.maskCardNo}
                </Table.Cell>
                <Table.Cell>{view.type(order)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {view.money(order.amount)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {view.money(order.fee)}
                </Table.Cell>
                <Table.Cell>{order.currency}</Table.Cell>
                <Table.Cell>{view.status(order)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{view.time(order.createTime)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("order.title")}
      </Heading>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
