import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { useSessions } from "../api/get-sessions";
import { revokeOtherSessions } from "../api/revoke-other-sessions";
import { revokeSession } from "../api/revoke-session";
import { LoadFailed } from "@/components/ui/load-failed";

/** The user's live sessions: end one, or every one but this. */
export function SessionsPage() {
  const { t, locale } = useI18n();
  const api = useApiClient();
  const { data: sessions, error, mutate } = useSessions();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<{ ok: boolean }>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.ok) await mutate();
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="xl">
          {t("security.sessions.title")}
        </Heading>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={busy || (sessions?.length ?? 0) < 2}
          onClick={() => void run(() => revokeOtherSessions(api))}
        >
          {t("security.sessions.revoke_others")}
        </Button>
      </HStack>
      {error && <LoadFailed onRetry={() => void mutate()} />}
      {!sessions && !error && <Skeleton height="32" />}
      <Stack as="ul" gap="3" listStyleType="none">
        {sessions?.map((session) => (
          <Card.Root as="li" key={session.id}>
            <Card.Body>
              <HStack justify="space-between" align="start" gap="4">
                <Stack gap="1" minWidth="0">
                  <Text fontWeight="semibold" truncate>
                    {session.device || t("security.sessions.unknown_device")}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t("security.sessions.detail", {
                      ip: session.ip,
                      created: formatDateTime(session.createTime, locale),
                      seen: formatDateTime(session.lastSeenTime, locale),
                    })}
                  </Text>
                </Stack>
                {session.current ? (
                  <Badge colorPalette="teal">{t("security.sessions.current")}</Badge>
                ) : (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => void run(() => revokeSession(api, session.id))}>
                    {t("security.sessions.revoke")}
                  </Button>
                )}
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Stack>
  );
}
