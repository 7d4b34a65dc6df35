import { ActionBar, Box, Button, Card, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { toaster } from "@/components/ui/toaster-queue";
import { catalogueText } from "@/lib/live-text";
import { useApiClient, useApiLoader } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { getAuthenticatorKey, type AuthenticatorKey } from "../api/get-authenticator-key";
import { securityConfigKey, useSecurityConfig, type AuthenticatorEntry } from "../api/get-security-config";
import { removeAuthenticator } from "../api/remove-authenticator";
import { BindAuthenticatorWizard } from "./bind-authenticator-wizard";
import { LoadFailed } from "@/components/ui/load-failed";

/** Bound authenticators: a table on desktop, selectable rows with a bottom bar on mobile. */
export function AuthenticatorsPage() {
  const { t, locale } = useI18n();
  const api = useApiClient();
  const load = useApiLoader();
  const { isMobile } = useViewport();
  const { data: config, error, mutate } = useSecurityConfig();
  const [selected, setSelected] = useState<string | null>(null);
  const [bindingKey, setBindingKey] = useState<AuthenticatorKey | null>(null);
  const [busy, setBusy] = useState(false);

  if (error) return <LoadFailed onRetry={() => void mutate()} />;
  const bound = config?.mfa ?? [];

  const add = async () => {
    setBusy(true);
    const answer = await getAuthenticatorKey(api);
    setBusy(false);
    if (answer.ok) setBindingKey(answer.content);
  };

  const remove = async (entry: AuthenticatorEntry) => {
    if (bound.length < 2) {
      toaster.create({ type: "warning", title: catalogueText("security.authenticators.last_one") });
      return;
    }
    setBusy(true);
    const answer = await removeAuthenticator(api, entry.id);
    setBusy(false);
    if (answer.ok) {
      setSelected(null);
      await load(securityConfigKey);
    }
  };

  const date = (ms: number) => formatDateTime(ms, locale);
  const chosen = bound.find((entry) => entry.id === selected);

  return (
    <Stack gap="6">
      <HStack justify="space-between">
        <Heading as="h1" size="xl">
          {t("security.authenticators.title")}
        </Heading>
        {!isMobile && (
          <Button colorPalette="teal" onClick={() => void add()} loading={busy && !selected}>
            {t("security.authenticators.add")}
          </Button>
        )}
      </HStack>
      {bound.length === 0 && config && <Text color="fg.muted">{t("security.authenticators.none")}</Text>}
      {isMobile ? (
        <Stack as="ul" gap="2" listStyleType="none" role="listbox" aria-label={t("security.authenticators.title")}>
          {bound.map((entry) => (
            <Card.Root
              as="li"
              key={entry.id}
              role="option"
              aria-selected={entry.id === selected}
              tabIndex={0}
              cursor="pointer"
              borderColor={entry.id === selected ? "teal.solid" : undefined}
              onClick={() => setSelected(entry.id === selected ? null : entry.id)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  setSelected(entry.id === selected ? null : entry.id);
                }
              }}
            >
              <Card.Body padding="4">
                <Text fontWeight="semibold">{entry.remark}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {date(entry.createTime)}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : (
        bound.length > 0 && (
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("security.authenticators.remark")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("security.authenticators.create_time")}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t("security.authenticators.operation")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bound.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell>{entry.remark}</Table.Cell>
                  <Table.Cell>{date(entry.createTime)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      disabled={busy}
                      onClick={() => void remove(entry)}
                      aria-label={t("security.authenticators.remove_named", { remark: entry.remark })}
                    >
                      {t("security.authenticators.remove")}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )
      )}
      {isMobile && (
        <>
          <Box height="16" />
          <ActionBar.Root open>
            <ActionBar.Positioner>
              {/* The bar is a non-modal dialog: it is named by what its buttons do. */}
              <ActionBar.Content aria-label={t("security.authenticators.operation")}>
                {chosen ? (
                  <>
                    <Button variant="outline" size="sm" onClick={() => setSelected(null)}>
                      {t("security.cancel")}
                    </Button>
                    <Button colorPalette="red" size="sm" loading={busy} onClick={() => void remove(chosen)}>
                      {t("security.authenticators.remove")}
                    </Button>
                  </>
                ) : (
                  <Button colorPalette="teal" size="sm" loading={busy} onClick={() => void add()}>
                    {t("security.authenticators.add")}
                  </Button>
                )}
              </ActionBar.Content>
            </ActionBar.Positioner>
          </ActionBar.Root>
        </>
      )}
      {bindingKey && (
        <BindAuthenticatorWizard
          bindingKey={bindingKey}
          onClose={() => setBindingKey(null)}
          onBound={async () => {
            setBindingKey(null);
            await load(securityConfigKey);
          }}
        />
      )}
    </Stack>
  );
}
