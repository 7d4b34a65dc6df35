import { Box, Button, Heading, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { useSecurityEvents } from "../api/get-security-events";
import { LoadFailed } from "@/components/ui/load-failed";

/**
 * The account's security events, newest first, a page at a time: a table on wider screens, a
 * list on a phone (four columns do not fit one without scrolling sideways). What fiscard's staff
 * did to the account comes without an address (staff's are not shown): "fiscard staff" stands
 * where the IP address would, and there is no device.
 */
export function SecurityHistoryPage() {
  const { t, locale } = useI18n();
  const { isMobile } = useViewport();
  const { data: pages, error, size, setSize, isValidating, mutate } = useSecurityEvents();
  const events = pages?.flatMap((page) => page.list) ?? [];
  const last = pages?.at(-1);
  const more = last !== undefined && size < last.totalPage;
  const failed = error !== undefined || pages?.some((page) => page.networkError) === true;
  const kind = (value: string) => {
    const key = `security.event.${value}` as MessageKey;
    const text = t(key);
    return text === key ? value : text;
  };
  const from = (ip: string | null) => ip ?? t("security.history.by_staff");

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("security.history.title")}
      </Heading>
      {failed && <LoadFailed onRetry={() => void mutate()} />}
      {!pages && !failed && <Skeleton height="32" />}
      {pages && events.length === 0 && !failed && <Text color="fg.muted">{t("security.history.none")}</Text>}
      {events.length > 0 && isMobile && (
        <Stack as="ul" gap="0" listStyleType="none" aria-label={t("security.history.title")} borderTopWidth="1px">
          {events.map((event) => (
            <Box as="li" key={event.id} paddingY="3" borderBottomWidth="1px">
              <Text fontWeight="medium">{kind(event.kind)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(event.createTime, locale)} · {from(event.ip)}
              </Text>
              {event.device !== null && (
                <Text fontSize="sm" color="fg.muted" truncate title={event.device}>
                  {event.device}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {events.length > 0 && !isMobile && (
        // It may still be wider than a tablet: it scrolls sideways, so it takes focus to scroll
        // by keyboard too.
        <Table.ScrollArea tabIndex={0} role="region" aria-label={t("security.history.title")}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("security.history.event")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("security.history.time")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("security.history.ip")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("security.history.device")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {events.map((event) => (
                <Table.Row key={event.id}>
                  <Table.Cell>{kind(event.kind)}</Table.Cell>
                  <Table.Cell>{formatDateTime(event.createTime, locale)}</Table.Cell>
                  <Table.Cell>{from(event.ip)}</Table.Cell>
                  <Table.Cell maxWidth="xs" truncate>
                    {event.device ?? ""}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {more && (
        <Button alignSelf="center" variant="outline" loading={isValidating} onClick={() => void setSize(size + 1)}>
          {t("app.load_more")}
        </Button>
      )}
    </Stack>
  );
}
