import { Badge, Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import type { CaseItem } from "../api/get-case";
import { DocumentView } from "./document-view";

/** A submitted value as a person reads it: text, a list's items, or a dash for none. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(answerText).join(", ");
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "—";
}

/**
 * One item of a case: its answer (its documents, for an upload), and when it changed since the
 * previous attempt, the previous answer (or documents) beside it, above it on a phone;
 * `children` are the item's decision controls.
 */
export function CaseItemView({ item, id, children }: { readonly item: CaseItem; readonly id: string; readonly children?: ReactNode }) {
  const { t } = useI18n();
  const label = t(item.labelKey as MessageKey);
  const current = (
    <Stack gap="2" minWidth="0">
      {item.changed && (
        <Text fontSize="xs" color="fg.muted">
          {t("ops.case.answer_now")}
        </Text>
      )}
      {item.documents.length > 0 ? (
        <SimpleGrid columns={{ base: 1, lg: item.changed ? 1 : 2 }} gap="3">
          {item.documents.map((document) => (
            <DocumentView key={document.reference} document={document} />
          ))}
        </SimpleGrid>
      ) : (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {answerText(item.answer)}
        </Text>
      )}
    </Stack>
  );
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" rounded="md" padding={{ base: "3", md: "4" }} aria-labelledby={id}>
      <Stack gap="3">
        <Stack direction="row" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="sm" id={id}>
            {label}
          </Heading>
          {item.changed && <Badge colorPalette="orange">{t("ops.case.changed")}</Badge>}
        </Stack>
        {item.changed ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="2" minWidth="0" bg="bg.muted" padding="2" rounded="sm">
              <Text fontSize="xs" color="fg.muted">
                {t("ops.case.answer_before")}
              </Text>
              {item.previousDocuments.length > 0 ? (
                <Stack gap="3">
                  {item.previousDocuments.map((document) => (
                    <DocumentView key={document.reference} document={document} />
                  ))}
                </Stack>
              ) : (
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {answerText(item.previousAnswer)}
                </Text>
              )}
            </Stack>
            {current}
          </SimpleGrid>
        ) : (
          current
        )}
        {children}
      </Stack>
    </Box>
  );
}
