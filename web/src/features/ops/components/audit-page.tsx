import { Box, Code, Field, Heading, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { useAudit, type AuditEntry, type AuditFilters } from "../api/get-audit";
import { hasRole, useMe } from "../api/get-me";
import { PagedList } from "./paged-list";
import { useOpsTitle } from "./use-ops-title";

const TEXT_FILTERS = ["operator", "action", "subject"] as const;
const DAY_FILTERS = ["from", "to"] as const;
type FilterName = (typeof TEXT_FILTERS)[number] | (typeof DAY_FILTERS)[number];

/** A day (yyyy-mm-dd, the operator's time zone) as the ms of its start, or of its end (`to`). */
function dayBound(day: string, end: boolean): number | undefined {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, end ? d + 1 : d).getTime() - (end ? 1 : 0);
}

/** /ops/audit (admin): the audit trail, newest first, filtered and paged. */
export function AuditPage() {
  const { t } = useI18n();
  useOpsTitle("ops.audit.title");
  const { data: me } = useMe(true);
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "admin")) return <Text>{t("ops.forbidden")}</Text>;
  return <Audit />;
}

function Audit() {
  const { t } = useI18n();
  const [params, setParams] = useState<Readonly<Partial<Record<FilterName | "page", string>>>>({});
  const read = (name: FilterName) => params[name] ?? "";
  const page = Math.max(1, Number(params.page ?? "1") || 1);
  const from = dayBound(read("from"), false);
  const to = dayBound(read("to"), true);
  const texts: Record<string, string> = {};
  for (const name of TEXT_FILTERS) if (read(name).trim() !== "") texts[name] = read(name).trim();
  const filters: AuditFilters = {
    ...texts,
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    pageID: page,
  };
  const trail = useAudit(filters);

  const change = (name: FilterName | "page", value: string) => {
    setParams((current) => ({ ...current, [name]: value, ...(name !== "page" && { page: "1" }) }));
  };

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t("ops.audit.title")}
      </Heading>
      <SimpleGrid as="search" aria-label={t("ops.audit.filters")} columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        {TEXT_FILTERS.map((name) => (
          <Field.Root key={name}>
            <Field.Label>{t(`ops.audit.${name}`)}</Field.Label>
            <Input value={read(name)} onChange={(event) => change(name, event.target.value)} />
          </Field.Root>
        ))}
        {DAY_FILTERS.map((name) => (
          <Field.Root key={name}>
            <Field.Label>{t(`ops.audit.${name}`)}</Field.Label>
            <Input type="date" value={read(name)} onChange={(event) => change(name, event.target.value)} />
          </Field.Root>
        ))}
      </SimpleGrid>
      <PagedList read={trail} page={page} onPage={(next) => change("page", String(next))} empty={t("ops.audit.empty")}>
        {(rows) => (
          <>
            <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.audit.title")}>
              <Table.Root size="sm" aria-label={t("ops.audit.title")} css={{ "& td": { verticalAlign: "top" } }}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>#</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.time")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.operator")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.action")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.subject")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.ip")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("ops.audit.change")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((entry) => (
                    <AuditRow key={entry.seq} entry={entry} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
      </PagedList>
    </Stack>
  );
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value, null, 2));

function AuditRow({ entry }: { readonly entry: AuditEntry }) {
  const { t, locale } = useI18n();
  const before = json(entry.before);
  const after = json(entry.after);
  return (
    <Table.Row>
      <Table.Cell>{entry.seq}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.createdAt, locale)}</Table.Cell>
      <Table.Cell wordBreak="break-all">{entry.operator}</Table.Cell>
      <Table.Cell>
        <Code>{entry.action}</Code>
      </Table.Cell>
      <Table.Cell wordBreak="break-all">{entry.subject}</Table.Cell>
      <Table.Cell>{entry.ip ?? "—"}</Table.Cell>
      <Table.Cell minWidth="12rem">
        {before === null && after === null ? (
          "—"
        ) : (
          <details>
            <Box as="summary" cursor="pointer">
              {t("ops.audit.show_change")}
            </Box>
            {before !== null && <Change label={t("ops.audit.before")} text={before} />}
            {after !== null && <Change label={t("ops.audit.after")} text={after} />}
          </details>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function Change({ label, text }: { readonly label: string; readonly text: string }) {
  return (
    <Box marginTop="1">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs" padding="2">
        {text}
      </Code>
    </Box>
  );
}

