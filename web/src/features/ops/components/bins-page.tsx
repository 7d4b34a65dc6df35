import { Badge, Button, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { useDomain } from "@/lib/domain";
import { hasRole, useMe } from "../api/get-me";
import { binsKey, disableBin, useBins, type OpsBin } from "../api/bins";
import { useOpsClient } from "../api/ops-provider";
import { BinForm } from "./bin-form";
import { useOpsTitle } from "./use-ops-title";

/** /ops/bins (admin): the BINs and their terms for new cards; add, replace, disable. */
export function BinsPage() {
  const { t } = useI18n();
  useOpsTitle("ops.bins.title");
  const { data: me } = useMe(true);
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "admin")) return <Text>{t("ops.forbidden")}</Text>;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("ops.bins.title")}
      </Heading>
      <BinList />
      <BinForm />
    </Stack>
  );
}

function BinList() {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const domain = useDomain();
  const { data, error, mutate: retry } = useBins();
  if (error) return <LoadFailed onRetry={() => void retry()} />;
  if (!data) return <PageSpinner />;
  if (data.length === 0) return <Text color="fg.muted">{t("ops.bins.empty")}</Text>;
  const disable = async (bin: OpsBin) => {
    if (!(await askConfirm(t("ops.bins.disable_confirm", { bin: bin.bin })))) return;
    const answer = await disableBin(api, bin.bin);
    if (answer.ok) await mutate(binsKey);
  };
  const rate = (text: string) => domain.formatRate(text) ?? text;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.bins.list")}>
      <Table.Root size="sm" aria-label={t("ops.bins.list")}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("ops.bins.field.bin")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.bins.field.org")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.bins.field.location")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.bins.rates")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.bins.limits")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.bins.field.utcOffset")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("ops.wires.status")}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((bin) => (
            <Table.Row key={bin.bin}>
              <Table.Cell fontFamily="mono">{bin.bin}</Table.Cell>
              <Table.Cell>{bin.org}</Table.Cell>
              <Table.Cell>{bin.location}</Table.Cell>
              <Table.Cell fontSize="xs">
                {[rate(bin.rechargeRate), rate(bin.paymentRate), rate(bin.exchangeRate), rate(bin.refundRate)].join(" / ")}
              </Table.Cell>
              <Table.Cell fontSize="xs">
                {[bin.limitPerTransaction, bin.limitDaily, bin.limitMonthly].join(" / ")} {bin.currency}
              </Table.Cell>
              <Table.Cell>{bin.utcOffset}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={bin.enabled ? "green" : "gray"}>{t(bin.enabled ? "ops.bins.enabled" : "ops.bins.disabled")}</Badge>
              </Table.Cell>
              <Table.Cell>
                {bin.enabled && (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => void disable(bin)} aria-label={t("ops.bins.disable_named", { bin: bin.bin })}>
                    {t("ops.bins.disable")}
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
