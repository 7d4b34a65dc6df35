import { Button, HStack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

/** Previous / next page of a paged list, with "Page 2 of 5". */
export function Pager({ page, totalPage, onPage }: { readonly page: number; readonly totalPage: number; readonly onPage: (page: number) => void }) {
  const { t } = useI18n();
  if (totalPage <= 1) return null;
  return (
    <HStack as="nav" aria-label={t("ops.pager.label")} justify="center" gap="3" paddingY="3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("ops.pager.previous")}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {t("ops.pager.page", { page, total: totalPage })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= totalPage} onClick={() => onPage(page + 1)}>
        {t("ops.pager.next")}
      </Button>
    </HStack>
  );
}
