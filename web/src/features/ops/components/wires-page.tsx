import { Badge, Card, Field, Heading, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { Fragment, useState, type ReactNode } from "react";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey, type Translate } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { hasRole, useMe } from "../api/get-me";
import { WIRE_STATUSES, useWires, type WireReceipt } from "../api/wires";
import { PagedList } from "./paged-list";
import { useOpsTitle } from "./use-ops-title";
import { WireAssignForm, WireButtons, WireReturnForm, type WireStep } from "./wire-actions";
import { WireRecordForm } from "./wire-record-form";

const STATUS_COLOURS: Record<string, string> = { unmatched: "orange", pending_approval: "teal", credited: "green", returned: "gray" };

/** /ops/wires (finance): record a wire, and the received wires by status with their steps. */
export function WiresPage() {
  const { t } = useI18n();
  const { data: me } = useMe(true);
  useOpsTitle("ops.wires.title");
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "finance")) return <Text>{t("ops.forbidden")}</Text>;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("ops.wires.title")}
      </Heading>
      <WireRecordForm />
      <WireList />
    </Stack>
  );
}

const wireStatusLabel = (t: Translate, status: string) => t(`ops.wire_status.${status}` as MessageKey);

function WireList() {
  const { t, locale } = useI18n();
  const [{ status, page }, setShown] = useState({ status: "", page: 1 });
  const [open, setOpen] = useState<{ id: string; step: WireStep } | null>(null);
  const read = useWires({ ...(status && { status }), pageID: page });
  const { isMobile } = useViewport();

  const stepFor = (wire: WireReceipt): ReactNode => {
    if (open?.id !== wire.id) return null;
    const done = () => setOpen(null);
    return open.step === "assign" ? <WireAssignForm wire={wire} onDone={done} /> : <WireReturnForm wire={wire} onDone={done} />;
  };
  const buttons = (wire: WireReceipt) => <WireButtons wire={wire} onOpen={(step) => setOpen({ id: wire.id, step })} />;

  return (
    <Stack as="section" gap="4" aria-labelledby="ops-wires-list">
      <Heading as="h2" size="md" id="ops-wires-list">
        {t("ops.wires.list")}
      </Heading>
      <Field.Root maxWidth="xs">
        <Field.Label>{t("ops.wires.status")}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={status} onChange={(event) => setShown({ status: event.target.value, page: 1 })}>
            <option value="">{t("ops.wires.all")}</option>
            {WIRE_STATUSES.map((code) => (
              <option key={code} value={code}>
                {wireStatusLabel(t, code)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <PagedList read={read} page={page} onPage={(next) => setShown({ status, page: next })} empty={t("ops.wires.empty")} count={(count) => t("ops.wires.count", { count })}>
        {(rows) => (
          <>
            {isMobile ? (
              <Stack as="ul" gap="3" listStyleType="none" aria-label={t("ops.wires.list")}>
                {rows.map((wire) => (
                  <Card.Root as="li" key={wire.id} size="sm">
                    <Card.Body gap="1.5">
                      <Stack direction="row" justify="space-between" align="center" gap="2">
                        <Text fontWeight="semibold">{wire.amount} USD</Text>
                        <Status status={wire.status} />
                      </Stack>
                      <Text fontSize="sm" wordBreak="break-all">
                        {wire.reference} · {wire.memo || "—"}
                      </Text>
                      <Text fontSize="sm" wordBreak="break-all">
                        {wire.user?.email ?? t("ops.wires.unmatched_user")}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatDateTime(wire.createdAt, locale)} · {t("ops.wires.by", { operator: wire.recordedBy })}
                      </Text>
                      {buttons(wire)}
                      {stepFor(wire)}
                    </Card.Body>
                  </Card.Root>
                ))}
              </Stack>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.wires.list")}>
                <Table.Root size="sm" aria-label={t("ops.wires.list")}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t("ops.wires.received")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.field.reference")}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t("ops.field.amount")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.field.memo")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.field.sender")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.user")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.status")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.wires.actions")}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((wire) => (
                      <Fragment key={wire.id}>
                        <Table.Row>
                          <Table.Cell whiteSpace="nowrap">{formatDateTime(wire.createdAt, locale)}</Table.Cell>
                          <Table.Cell>{wire.reference}</Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {wire.amount}
                          </Table.Cell>
                          <Table.Cell>{wire.memo || "—"}</Table.Cell>
                          <Table.Cell>{wire.sender ?? "—"}</Table.Cell>
                          <Table.Cell>{wire.user?.email ?? <Text color="fg.muted">{t("ops.wires.unmatched_user")}</Text>}</Table.Cell>
                          <Table.Cell>
                            <Status status={wire.status} />
                            {wire.returnReason && (
                              <Text fontSize="xs" color="fg.muted">
                                {t(`ops.wire_return_reason.${wire.returnReason}` as MessageKey)}
                              </Text>
                            )}
                          </Table.Cell>
                          <Table.Cell>{buttons(wire)}</Table.Cell>
                        </Table.Row>
                        {open?.id === wire.id && (
                          <Table.Row>
                            <Table.Cell colSpan={8} bg="bg.subtle">
                              {stepFor(wire)}
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

function Status({ status }: { readonly status: string }) {
  const { t } = useI18n();
  return <Badge colorPalette={STATUS_COLOURS[status] ?? "gray"}>{wireStatusLabel(t, status)}</Badge>;
}
