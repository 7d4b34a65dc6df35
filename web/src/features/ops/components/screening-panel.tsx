import { Badge, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { ReviewCase } from "../api/get-case";

const score = (value: number) => value.toFixed(2);

/** The screening result: the best score, and each hit with its score per feature. */
export function ScreeningPanel({ screening }: { readonly screening: ReviewCase["screening"] }) {
  const { t } = useI18n();
  return (
    <Stack as="section" aria-labelledby="ops-screening" gap="3">
      <Heading as="h2" size="md" id="ops-screening">
        {t("ops.case.screening")}
      </Heading>
      {!screening ? (
        <Text color="fg.muted">{t("ops.case.screening_none")}</Text>
      ) : screening.hits.length === 0 ? (
        <Text>{t("ops.case.screening_clear", { score: score(screening.score) })}</Text>
      ) : (
        <>
          <Text>
            <Badge colorPalette="red">{t("ops.queue.hits_count", { count: screening.hits.length })}</Badge>{" "}
            {t("ops.case.screening_score", { score: score(screening.score) })}
          </Text>
          {screening.hits.map((hit, index) => (
            <Table.Root key={`${hit.list}-${hit.name}-${index}`} size="sm" aria-label={`${hit.name} (${hit.list})`} variant="outline">
              <Table.Caption captionSide="top" textAlign="start" fontWeight="medium">
                {hit.name} · {hit.list} · {t("ops.case.score")} {score(hit.score)}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("ops.case.feature")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t("ops.case.score")}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {hit.features.map((feature) => (
                  <Table.Row key={feature.feature}>
                    <Table.Cell>{feature.feature}</Table.Cell>
                    <Table.Cell textAlign="end">{score(feature.score)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          ))}
        </>
      )}
    </Stack>
  );
}
