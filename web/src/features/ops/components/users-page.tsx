import { Badge, Button, Card, Field, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useViewport } from "@/lib/viewport";
import { useUserSearch, type OpsUserHit } from "../api/users";
import { opsPaths } from "../paths";
import { useOpsTitle } from "./use-ops-title";

/** /ops/users: search users by e-mail prefix, wire memo or a card's last four digits. */
export function UsersPage() {
  const { t } = useI18n();
  useOpsTitle("ops.users.title");
  const [asked, setAsked] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const { data, error, mutate } = useUserSearch(asked);
  const { isMobile } = useViewport();

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t("ops.users.title")}
      </Heading>
      <Stack
        as="form"
        role="search"
        aria-label={t("ops.users.search")}
        direction={{ base: "column", md: "row" }}
        gap="3"
        align={{ base: "stretch", md: "end" }}
        onSubmit={(event) => {
          event.preventDefault();
          const q = typed.trim();
          if (q !== "") setAsked(q);
        }}
      >
        <Field.Root maxWidth={{ md: "md" }}>
          <Field.Label>{t("ops.users.query")}</Field.Label>
          <Input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          <Field.HelperText>{t("ops.users.query_help")}</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" marginBottom={{ md: "6" }}>
          {t("ops.users.search_submit")}
        </Button>
      </Stack>
      {asked === null ? null : error ? (
        <LoadFailed onRetry={() => void mutate()} />
      ) : !data ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <Text color="fg.muted">{t("ops.users.no_hits")}</Text>
      ) : isMobile ? (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t("ops.users.hits")}>
          {data.map((hit) => (
            <Card.Root as="li" key={hit.id} size="sm">
              <Card.Body gap="1">
                <UserLink hit={hit} />
                <Text fontSize="sm">
                  {t("ops.users.memo")}: {hit.memo ?? t("ops.users.no_memo")}
                </Text>
                <Cards hit={hit} />
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t("ops.users.hits")}>
          <Table.Root size="sm" aria-label={t("ops.users.hits")}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t("ops.field.email")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("ops.users.memo")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("ops.users.cards")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((hit) => (
                <Table.Row key={hit.id}>
                  <Table.Cell>
                    <UserLink hit={hit} />
                  </Table.Cell>
                  <Table.Cell>{hit.memo ?? <Text color="fg.muted">{t("ops.users.no_memo")}</Text>}</Table.Cell>
                  <Table.Cell>
                    <Cards hit={hit} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function UserLink({ hit }: { readonly hit: OpsUserHit }) {
  return (
    <Link asChild colorPalette="blue" fontWeight="medium" wordBreak="break-all">
      <RouterLink to={opsPaths.user(hit.id)}>{hit.email}</RouterLink>
    </Link>
  );
}

function Cards({ hit }: { readonly hit: OpsUserHit }) {
  const { t } = useI18n();
  if (hit.cards.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <HStack gap="2" wrap="wrap">
      {hit.cards.map((card) => (
        <Badge key={card.cardKey} colorPalette={card.status === "normal" ? "green" : "gray"}>
          •••• {card.last4} · {t(`card_status.${card.status}` as MessageKey)}
        </Badge>
      ))}
    </HStack>
  );
}
