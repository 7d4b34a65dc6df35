import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadMore } from "@/components/ui/load-more";
import { useApiClient } from "@/lib/api-provider";
import { formatMoney, useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { paged } from "@/lib/paged";
import { useViewport } from "@/lib/viewport";
import { cancelWithdrawal, useWithdrawals, type Withdrawal } from "../api/withdrawals";

/** Each state's colour: under way, arrived, given back. */
const PALETTE: Record<Withdrawal["status"], string> = {
  requested: "orange",
  approved: "blue",
  sent: "blue",
  completed: "green",
  rejected: "red",
  cancelled: "gray",
  returned: "red",
};

/**
 * The user's withdrawals, newest first: when, to which account, the amount, the fee and what the
 * bank receives, the state with the bank's reference or the reason it came back, and Cancel
 * until it is sent. A table on desktop, a list on a phone.
 */
export function WithdrawalHistory({ onChanged }: { readonly onChanged: () => Promise<void> }) {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const api = useApiClient();
  const { isMobile } = useViewport();
  const { data: pages, size, setSize, error, mutate } = useWithdrawals();
  const { items, more, loading, failed } = paged(pages, size, error);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const label = (kind: "withdrawalStatus" | "withdrawalReason", value: string) => {
    const key = domain.labelKey(kind, value);
    return key === undefined ? value : t(key as MessageKey);
  };
  const money = (text: string) => t("money.amount", { amount: formatMoney(domain, text), currency: "USD" });
  const account = (w: Withdrawal) => [w.bankAccount.bankName, w.bankAccount.accountNumber].join(" ");
  const status = (w: Withdrawal) => (
    <Stack gap="1" align="start">
      <Badge colorPalette={PALETTE[w.status]}>{label("withdrawalStatus", w.status)}</Badge>
      {w.bankReference && (
        <Text fontSize="xs" color="fg.muted">
          {t("withdraw.reference", { reference: w.bankReference })}
        </Text>
      )}
      {w.reason && (
        <Text fontSize="xs" color="fg.muted">
          {label("withdrawalReason", w.reason)}
        </Text>
      )}
    </Stack>
  );
  const cancel = async (w: Withdrawal) => {
    if (!(await askConfirm(t("withdraw.cancel_confirm", { amount: money(w.amount), account: account(w) })))) return;
    setCancelling(w.id);
    const answer = await cancelWithdrawal(api, w.id);
    setCancelling(null);
    if (answer.ok) await Promise.all([mutate(), onChanged()]);
  };
  const cancelButton = (w: Withdrawal) =>
    w.cancellable && (
      <Button
        size="sm"
        variant="outline"
        loading={cancelling === w.id}
        disabled={cancelling !== null}
        aria-label={t("withdraw.cancel_named", { amount: money(w.amount), account: account(w) })}
        onClick={() => void cancel(w)}
      >
        {t("withdraw.cancel")}
      </Button>
    );

  let content;
  if (failed) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (pages === undefined) {
    content = <Skeleton height="24" />;
  } else if (items.length === 0) {
    content = <Text color="fg.muted">{t("withdraw.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t("withdraw.history")}>
        {items.map((w) => (
          <Box as="li" key={w.id} borderWidth="1px" rounded="lg" padding="4">
            <HStack justify="space-between" align="start" gap="3">
              <Stack gap="0" minWidth="0">
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {money(w.amount)}
                </Text>
                <Text fontSize="sm">{account(w)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDateTime(w.createTime, locale)}
                </Text>
              </Stack>
              {status(w)}
            </HStack>
            <Text fontSize="sm" color="fg.muted" marginTop="2">
              {t("withdraw.fee_and_received", { fee: money(w.fee), received: money(w.received) })}
            </Text>
            {w.cancellable && (
              <HStack justify="end" marginTop="2">
                {cancelButton(w)}
              </HStack>
            )}
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      // Focusable, so a keyboard can scroll it where it is wider than the screen.
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("withdraw.history")}>
        <Table.Root size="sm" aria-label={t("withdraw.history")} css={{ "& td, & th": { verticalAlign: "top" } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("withdraw.column.time")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("withdraw.account")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("withdraw.column.amount")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("withdraw.column.fee")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("withdraw.received")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("withdraw.column.status")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.column.operation")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((w) => (
              <Table.Row key={w.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(w.createTime, locale)}</Table.Cell>
                <Table.Cell>{account(w)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {money(w.amount)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {money(w.fee)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {money(w.received)}
                </Table.Cell>
                <Table.Cell>{status(w)}</Table.Cell>
                <Table.Cell>{cancelButton(w)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t("withdraw.history")}
      </Heading>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
