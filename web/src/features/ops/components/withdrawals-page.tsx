import { Badge, Card, Field, Heading, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { Fragment, useState, type ReactNode } from "react";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { hasRole, useMe } from "../api/get-me";
import { WITHDRAWAL_STATUSES, useWithdrawals, type OpsWithdrawal } from "../api/withdrawals";
import { PagedList } from "./paged-list";
import { useOpsTitle } from "./use-ops-title";
import { WithdrawalButtons, WithdrawalStepForm, type WithdrawalFormStep } from "./withdrawal-actions";

const STATUS_COLOURS: Record<string, string> = { requested: "orange", approved: "blue", sent: "teal", completed: "green", rejected: "red", cancelled: "gray", returned: "red" };

/** /ops/withdrawals (finance): USD withdrawals by status, oldest first, with the steps their status allows. */
export function WithdrawalsPage() {
  const { t, locale } = useI18n();
  useOpsTitle("ops.withdrawals.title");
  const { data: me } = useMe(true);
  const [{ status, page }, setShown] = useState({ status: "requested", page: 1 });
  const [open, setOpen] = useState<{ id: string; step: WithdrawalFormStep } | null>(null);
  const read = useWithdrawals({ ...(status && { status }), pageID: page });
  const { isMobile } = useViewport();
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "finance")) return <Text>{t("ops.forbidden")}</Text>;

  const stepFor = (item: OpsWithdrawal): ReactNode =>
    open?.id === item.id ? <WithdrawalStepForm withdrawal={item} step={open.step} onDone={() => setOpen(null)} /> : null;
  const buttons = (item: OpsWithdrawal) => <WithdrawalButtons withdrawal={item} onOpen={(step) => setOpen({ id: item.id, step })} />;
  const statusBadge = (item: OpsWithdrawal) => (
    <Badge colorPalette={STATUS_COLOURS[item.status] ?? "gray"}>{t(`withdrawal_status.${item.status}` as MessageKey)}</Badge>
  );
  const account = (item: OpsWithdrawal) => `${item.account.accountHolder} · ${item.account.bankName} (${item.account.bankCountry}) ${item.account.accountNumber}`;

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t("ops.withdrawals.title")}
      </Heading>
      <Field.Root maxWidth="xs">
        <Field.Label>{t("ops.wires.status")}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={status} onChange={(event) => setShown({ status: event.target.value, page: 1 })}>
            <option value="">{t("ops.wires.all")}</option>
            {WITHDRAWAL_STATUSES.map((code) => (
              <option key={code} value={code}>
                {t(`withdrawal_status.${code}` as MessageKey)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <PagedList read={read} page={page} onPage={(next) => setShown({ status, page: next })} empty={t("ops.withdrawals.empty")} count={(count) => t("ops.withdrawals.count", { count })}>
        {(rows) => (
          <>
            {isMobile ? (
              <Stack as="ul" gap="3" listStyleType="none" aria-label={t("ops.withdrawals.title")}>
                {rows.map((item) => (
                  <Card.Root as="li" key={item.id} size="sm">
                    <Card.Body gap="1.5">
                      <Stack direction="row" justify="space-between" align="center" gap="2">
                        <Text fontWeight="semibold">{item.amount} USD</Text>
                        {statusBadge(item)}
                      </Stack>
                      <Text fontSize="sm" wordBreak="break-all">
                        {item.user?.email ?? "—"}
                      </Text>
                      <Text fontSize="sm">{account(item)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatDateTime(item.createdAt, locale)}
                        {item.needsReview && ` · ${t("ops.withdrawals.needs_review")}`}
                      </Text>
                      {buttons(item)}
                      {stepFor(item)}
                    </Card.Body>
                  </Card.Root>
                ))}
              </Stack>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.withdrawals.title")}>
                <Table.Root size="sm" aria-label={t("ops.withdrawals.title")}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t("ops.withdrawals.requested")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.user")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("ops.field.amount")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("ops.withdrawals.received")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.withdrawals.account")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.status")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.actions")}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((item) => (
                      <Fragment key={item.id}>
                        <Table.Row>
                          <Table.Cell whiteSpace="nowrap">{formatDateTime(item.createdAt, locale)}</Table.Cell>
                          <Table.Cell>{item.user?.email ?? "—"}</Table.Cell>
                          <Table.Cell textAlign="end">{item.amount}</Table.Cell>
                          <Table.Cell textAlign="end">{item.received}</Table.Cell>
                          <Table.Cell>{account(item)}</Table.Cell>
                          <Table.Cell>
                            {statusBadge(item)}
                            {item.needsReview && (
                              <Text fontSize="xs" color="fg.muted">
                                {t("ops.withdrawals.needs_review")}
                              </Text>
                            )}
                            {item.reason && (
                              <Text fontSize="xs" color="fg.muted">
                                {t(`withdrawal_reason.${item.reason}` as MessageKey)}
                              </Text>
                            )}
                            {item.bankReference && (
                              <Text fontSize="xs" color="fg.muted">
                                {item.bankReference}
                              </Text>
                            )}
                          </Table.Cell>
                          <Table.Cell>{buttons(item)}</Table.Cell>
                        </Table.Row>
                        {open?.id === item.id && (
                          <Table.Row>
                            <Table.Cell colSpan={7} bg="bg.subtle">
                              {stepFor(item)}
                            </Table.Cell>
                          </Table.Row>
                        )}
                      </Fragment>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </>
        )}
      </PagedList>
    </Stack>
  );
}
