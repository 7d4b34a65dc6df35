import { Badge, Button, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { hasRole, useMe } from "../api/get-me";
import { disableOperator, operatorsKey, useOperators } from "../api/operators";
import { useOpsClient } from "../api/ops-provider";
import { InviteForm } from "./invite-form";
import { useOpsTitle } from "./use-ops-title";

/** /ops/operators (admin): the operators, an invitation with its enrolment link, disable. */
export function OperatorsPage() {
  const { t } = useI18n();
  useOpsTitle("ops.operators.title");
  const { data: me } = useMe(true);
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "admin")) return <Text>{t("ops.forbidden")}</Text>;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("ops.operators.title")}
      </Heading>
      <OperatorList myId={me.id} />
      <InviteForm />
    </Stack>
  );
}

function OperatorList({ myId }: { readonly myId: string }) {
  const { t, locale } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useOperators();
  if (error) return <LoadFailed onRetry={() => void reload()} />;
  if (!data) return <PageSpinner />;
  const disable = async (id: string, email: string) => {
    if (!(await askConfirm(t("ops.operators.disable_confirm", { email })))) return;
    if ((await disableOperator(api, id)).ok) await mutate(operatorsKey);
  };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.operators.list")}>
      <Table.Root size="sm" aria-label={t("ops.operators.list")}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("ops.field.email")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.operators.roles")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.operators.status")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.operators.created")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.operators.enrolled")}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t("ops.operators.actions")}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((operator) => (
            <Table.Row key={operator.id}>
              <Table.Cell wordBreak="break-all">{operator.email}</Table.Cell>
              <Table.Cell>{operator.roles.map((role) => t(`ops.role.${role}`)).join(", ")}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={operator.status === "active" ? "green" : operator.status === "disabled" ? "red" : "gray"}>
                  {t(`ops.operator_status.${operator.status}` as MessageKey)}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(operator.createdAt, locale)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{operator.enrolledAt == null ? "—" : formatDateTime(operator.enrolledAt, locale)}</Table.Cell>
              <Table.Cell>
                {operator.status !== "disabled" && operator.id !== myId && (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => void disable(operator.id, operator.email)} aria-label={t("ops.operators.disable_named", { email: operator.email })}>
                    {t("ops.operators.disable")}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
