import { Badge, Card, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { hasRole, useMe } from "../api/get-me";
import { useQueue, type QueueCase, type QueueFilters as Filters } from "../api/get-queue";
import { opsPaths } from "../paths";
import { stageLabel, verificationLabel, waitingLabel } from "./labels";
import { PagedList } from "./paged-list";
import { QueueFilters, type QueueFilterValues } from "./queue-filters";
import { useOpsTitle } from "./use-ops-title";

const NO_FILTERS: QueueFilterValues = { verification: "", stage: "", screening: "", waitingHours: "" };

/** /ops: the review queue (reviewer), oldest first, filtered and paged. */
export function QueuePage() {
  const { data: me } = useMe(true);
  if (!me) return <PageSpinner />;
  if (!hasRole(me, "reviewer")) {
    if (hasRole(me, "finance")) return <StartAt to={opsPaths.wires} />;
    return hasRole(me, "admin") ? <StartAt to={opsPaths.operators} /> : <NoPages />;
  }
  return <Queue />;
}

/** An operator who does not review starts at their first page: finance at the wires, an administrator at the operators. */
function StartAt({ to }: { readonly to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace: true }), [navigate, to]);
  return null;
}

function NoPages() {
  const { t } = useI18n();
  useOpsTitle("ops.title");
  return <Text>{t("ops.no_pages")}</Text>;
}

function Queue() {
  const { t, locale } = useI18n();
  useOpsTitle("ops.queue.title");
  const [{ values, page }, setShown] = useState<{ values: QueueFilterValues; page: number }>({ values: NO_FILTERS, page: 1 });
  const filters: Filters = {
    ...(values.verification && { verification: values.verification }),
    ...(values.stage && { stage: values.stage }),
    ...(values.screening && { screening: values.screening }),
    ...(values.waitingHours && { waitingHours: Number(values.waitingHours) }),
    pageID: page,
  };
  const read = useQueue(filters);
  const { isMobile } = useViewport();
  const now = Date.now();

  const show = (next: QueueFilterValues, nextPage = 1) => setShown({ values: next, page: nextPage });

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t("ops.queue.title")}
      </Heading>
      <QueueFilters values={values} onChange={(next) => show(next)} />
      <PagedList read={read} page={page} onPage={(next) => show(values, next)} empty={t("ops.queue.empty")}>
        {(rows) => (
          <>
            {/* Desktop: a table; a phone: one card per case (the same facts). */}
            {isMobile ? (
              <Stack as="ul" gap="3" listStyleType="none" aria-label={t("ops.queue.title")}>
                {rows.map((item) => (
                  <Card.Root as="li" key={item.caseId} size="sm">
                    <Card.Body gap="1">
                      <CaseLink item={item} />
                      <Text fontSize="sm" wordBreak="break-all">
                        {item.email}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatDateTime(item.submittedAt, locale)} · {t("ops.queue.waiting")}: {waitingLabel(t, item.submittedAt, now)}
                      </Text>
                      <Stack direction="row" gap="2" wrap="wrap" align="center">
                        <Stage item={item} />
                        <Hits count={item.screeningHits} />
                        {item.claim && <Text fontSize="sm">{t("ops.queue.claimed_by_named", { operator: item.claim.operator })}</Text>}
                      </Stack>
                    </Card.Body>
                  </Card.Root>
                ))}
              </Stack>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.queue.title")}>
                <Table.Root size="sm" aria-label={t("ops.queue.title")}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t("ops.queue.case")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.user")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.submitted")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.waiting")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.hits")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.stage")}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t("ops.queue.claimed_by")}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((item) => (
                      <Table.Row key={item.caseId}>
                        <Table.Cell>
                          <CaseLink item={item} />
                        </Table.Cell>
                        <Table.Cell>{item.email}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(item.submittedAt, locale)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{waitingLabel(t, item.submittedAt, now)}</Table.Cell>
                        <Table.Cell>
                          <Hits count={item.screeningHits} />
                        </Table.Cell>
                        <Table.Cell>
                          <Stage item={item} />
                        </Table.Cell>
                        <Table.Cell>{item.claim?.operator ?? "—"}</Table.Cell>
                      </Table.Row>
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

function CaseLink({ item }: { readonly item: QueueCase }) {
  const { t } = useI18n();
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to={opsPaths.review(item.caseId)}>
        {verificationLabel(t, item.verification, item.investorType)} #{item.attempt}
      </RouterLink>
    </Link>
  );
}

function Hits({ count }: { readonly count: number }) {
  const { t } = useI18n();
  return count > 0 ? (
    <Badge colorPalette="red">{t("ops.queue.hits_count", { count })}</Badge>
  ) : (
    <Text as="span" fontSize="sm" color="fg.muted">
      {t("ops.screening.clear")}
    </Text>
  );
}

function Stage({ item }: { readonly item: QueueCase }) {
  const { t } = useI18n();
  return (
    <Badge colorPalette={item.stage === "second_approval" ? "teal" : "gray"}>
      {stageLabel(t, item.stage)}
      {item.firstReviewer ? ` · ${item.firstReviewer}` : ""}
    </Badge>
  );
}
