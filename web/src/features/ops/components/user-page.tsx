import { Badge, Button, Card, Heading, HStack, Link, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { hasRole, useMe } from "../api/get-me";
import { useOpsClient } from "../api/ops-provider";
import { endAllSessions, endSession, useOpsUser, userKey, type OpsUser } from "../api/users";
import { opsPaths } from "../paths";
import { verificationLabel } from "./labels";
import { useOpsTitle } from "./use-ops-title";
import { UserCards } from "./user-cards";

const STATUS_COLOURS: Record<string, string> = { in_review: "orange", approved: "green", rejected: "red" };

/** /ops/users/:id: a user's verifications, cards, balances, sessions and newest security events. */
export function UserPage({ userId }: { readonly userId: string }) {
  const { t, locale } = useI18n();
  useOpsTitle("ops.user.title");
  const { data: me } = useMe(true);
  const { data: user, error, mutate } = useOpsUser(userId);
  if (error) return <LoadFailed onRetry={() => void mutate()} title={error.refusal.statusCode === 404 ? "ops.user.not_found" : "app.load_failed"} />;
  if (!user || !me) return <PageSpinner />;
  const finance = hasRole(me, "finance");
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to={opsPaths.users}>{t("ops.user.back")}</RouterLink>
        </Link>
        <Heading as="h1" size="xl" wordBreak="break-all">
          {user.email}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("ops.user.since", { time: formatDateTime(user.createdAt, locale), locale: user.locale })} · {t("ops.users.memo")}: {user.memo ?? t("ops.users.no_memo")}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section id="ops-user-verifications" title={t("ops.user.verifications")}>
          {user.verifications.length === 0 ? (
            <Text color="fg.muted">{t("ops.user.no_verifications")}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none">
              {user.verifications.map((item) => (
                <HStack as="li" key={item.caseId} gap="3" wrap="wrap">
                  <Link asChild colorPalette="blue" fontWeight="medium">
                    <RouterLink to={opsPaths.review(item.caseId)}>
                      {verificationLabel(t, item.verification)} · {t("ops.user.attempt", { attempt: item.attempt })}
                    </RouterLink>
                  </Link>
                  <Badge colorPalette={STATUS_COLOURS[item.status] ?? "gray"}>{t(`ops.status.${item.status}` as MessageKey)}</Badge>
                </HStack>
              ))}
            </Stack>
          )}
        </Section>
        <Section id="ops-user-balances" title={t("ops.user.balances")}>
          <Table.Root size="sm" aria-labelledby="ops-user-balances">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("ops.user.account")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("ops.user.asset")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("ops.user.available")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {user.balances.map((balance) => (
                <Table.Row key={`${balance.account}-${balance.asset}`}>
                  <Table.Cell>{t(`ops.user.account.${balance.account}` as MessageKey)}</Table.Cell>
                  <Table.Cell>{balance.asset}</Table.Cell>
                  <Table.Cell textAlign="end">{balance.available}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
      </SimpleGrid>
      <Section id="ops-user-cards" title={t("ops.user.cards")}>
        <UserCards user={user} mayAct={finance} />
      </Section>
      <Sessions user={user} mayEnd={finance || hasRole(me, "admin")} />
      <Events user={user} />
    </Stack>
  );
}

function Section({ id, title, action, children }: { readonly id: string; readonly title: string; readonly action?: ReactNode; readonly children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Sessions({ user, mayEnd }: { readonly user: OpsUser; readonly mayEnd: boolean }) {
  const { t, locale } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const { isMobile } = useViewport();
  const settle = async (answer: Awaited<ReturnType<typeof endAllSessions>>) => {
    if (answer.ok) await mutate(userKey(user.id), answer.content, { revalidate: false });
  };
  const end = async (sessionId: string) => {
    if (await askConfirm(t("ops.user.end_confirm"))) await settle(await endSession(api, user.id, sessionId));
  };
  const endAll = async () => {
    if (await askConfirm(t("ops.user.end_all_confirm", { email: user.email }))) await settle(await endAllSessions(api, user.id));
  };
  const action =
    mayEnd && user.sessions.length > 0 ? (
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => void endAll()}>
        {t("ops.user.end_all")}
      </Button>
    ) : undefined;
  return (
    <Section id="ops-user-sessions" title={t("ops.user.sessions")} action={action}>
      {user.sessions.length === 0 ? (
        <Text color="fg.muted">{t("ops.user.no_sessions")}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-labelledby="ops-user-sessions">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("ops.user.ip")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("ops.user.session_seen")}</Table.ColumnHeader>
                {!isMobile && <Table.ColumnHeader>{t("ops.user.session_started")}</Table.ColumnHeader>}
                {!isMobile && <Table.ColumnHeader>{t("ops.user.device")}</Table.ColumnHeader>}
                {mayEnd && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {user.sessions.map((session) => (
                <Table.Row key={session.id}>
                  <Table.Cell>{session.ip}</Table.Cell>
                  <Table.Cell>{formatDateTime(session.lastSeenAt, locale)}</Table.Cell>
                  {!isMobile && <Table.Cell>{formatDateTime(session.createdAt, locale)}</Table.Cell>}
                  {!isMobile && (
                    <Table.Cell maxWidth="xs" truncate title={session.userAgent}>
                      {session.userAgent}
                    </Table.Cell>
                  )}
                  {mayEnd && (
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => void end(session.id)} aria-label={t("ops.user.end_named", { ip: session.ip })}>
                        {t("ops.user.end")}
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
}

function Events({ user }: { readonly user: OpsUser }) {
  const { t, locale } = useI18n();
  const { isMobile } = useViewport();
  return (
    <Section id="ops-user-events" title={t("ops.user.events")}>
      {user.securityEvents.length === 0 ? (
        <Text color="fg.muted">{t("ops.user.no_events")}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-labelledby="ops-user-events">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("ops.user.time")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("ops.user.event")}</Table.ColumnHeader>
                {!isMobile && <Table.ColumnHeader>{t("ops.user.ip")}</Table.ColumnHeader>}
                {!isMobile && <Table.ColumnHeader>{t("ops.user.device")}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {user.securityEvents.map((event) => (
                <Table.Row key={event.id}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(event.createdAt, locale)}</Table.Cell>
                  <Table.Cell>{t(`security.event.${event.kind}` as MessageKey)}</Table.Cell>
                  {!isMobile && <Table.Cell>{event.ip ?? ""}</Table.Cell>}
                  {!isMobile && (
                    <Table.Cell maxWidth="xs" truncate title={event.userAgent ?? undefined}>
                      {event.userAgent ?? ""}
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
}
