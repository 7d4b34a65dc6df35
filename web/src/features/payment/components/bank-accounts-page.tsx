import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { askConfirm } from "@/components/ui/confirm-store";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadMore } from "@/components/ui/load-more";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { countryName, flagOf, useCountries } from "@/lib/countries";
import { formatMoney, useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { paged } from "@/lib/paged";
import { useViewport } from "@/lib/viewport";
import { deleteBankAccount, useBankAccounts, type BankAccount } from "../api/bank-accounts";

/**
 * /my/payment/bank, PaymentBank (SPEC §2): the saved bank accounts, a table on desktop and a
 * list on a phone, each with when it can receive payouts (the cooling-off period) and its first
 * payout's cap; Add leads to the form, Delete asks, then the verification the trade policy wants.
 */
export function BankAccountsPage() {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const api = useApiClient();
  const { isMobile } = useViewport();
  const { data: countries } = useCountries();
  const { data: pages, size, setSize, error, mutate } = useBankAccounts();
  const { items: accounts, more, loading, failed } = paged(pages, size, error);
  const [deleting, setDeleting] = useState<string | null>(null);

  const country = (code: string) => {
    const found = countries?.find((c) => c.code === code);
    return `${flagOf(code)} ${found ? countryName(found, locale) : code}`;
  };
  const usable = (account: BankAccount) =>
    account.needsNewDetails ? (
      <Badge colorPalette="red">{t("bank.needs_new_details")}</Badge>
    ) : account.usableFrom > Date.now() ? (
      <Badge colorPalette="orange">{t("bank.usable_from", { time: formatDateTime(account.usableFrom, locale) })}</Badge>
    ) : (
      <Badge colorPalette="green">{t("bank.usable")}</Badge>
    );
  const cap = (account: BankAccount) => t("bank.first_payout_cap", { amount: formatMoney(domain, account.firstPayoutCap) });

  const remove = async (account: BankAccount) => {
    if (!(await askConfirm(t("bank.delete_confirm", { number: account.accountNumber, bank: account.bankName })))) return;
    setDeleting(account.id);
    const answer = await deleteBankAccount(api, account.id);
    setDeleting(null);
    // (The client shows the server's notice of success.)
    if (answer.ok) await mutate();
  };
  const deleteButton = (account: BankAccount) => (
    <Button
      size="sm"
      variant="outline"
      colorPalette="red"
      loading={deleting === account.id}
      disabled={deleting !== null}
      aria-label={t("bank.delete_named", { number: account.accountNumber, bank: account.bankName })}
      onClick={() => void remove(account)}
    >
      {t("bank.delete")}
    </Button>
  );

  let content;
  if (failed) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (pages === undefined) {
    content = <Skeleton height="32" />;
  } else if (accounts.length === 0) {
    content = <Text color="fg.muted">{t("bank.empty")}</Text>;
  } else if (isMobile) {
    content = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t("bank.title")}>
        {accounts.map((account) => (
          <Box as="li" key={account.id} borderWidth="1px" rounded="lg" padding="4">
            <HStack justify="space-between" align="start" gap="3">
              <Stack gap="0" minWidth="0">
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {account.accountNumber}
                </Text>
                <Text>{account.bankName}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {country(account.bankCountry)}
                </Text>
              </Stack>
              {usable(account)}
            </HStack>
            <Text fontSize="sm" color="fg.muted" marginTop="2">
              {account.nickname ? `${account.nickname} · ` : ""}
              {cap(account)}
            </Text>
            <HStack justify="end" marginTop="2">
              {deleteButton(account)}
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        {/* Names and addresses wrap, so that every column, Delete included, fits a desktop. */}
        <Table.Root size="sm" aria-label={t("bank.title")} css={{ "& td, & th": { whiteSpace: "normal", verticalAlign: "top" } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("bank.column.account_name")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.field.nickname")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.field.bankCountry")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.field.bankName")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.field.bankAddress")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.field.accountNumber")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("bank.column.operation")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {accounts.map((account) => (
              <Table.Row key={account.id}>
                <Table.Cell>{account.accountName}</Table.Cell>
                <Table.Cell>{account.nickname}</Table.Cell>
                <Table.Cell>{country(account.bankCountry)}</Table.Cell>
                <Table.Cell>{account.bankName}</Table.Cell>
                <Table.Cell>{account.bankAddress}</Table.Cell>
                {/* The number, and what it may receive: when, and the first payout's cap. */}
                <Table.Cell>
                  <Stack gap="1" align="start">
                    <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {account.accountNumber}
                    </Text>
                    {usable(account)}
                    <Text fontSize="xs" color="fg.muted">
                      {cap(account)}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell>{deleteButton(account)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t("bank.title")}
        </Heading>
        <HStack gap="2">
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.withdraw}>{t("withdraw.title")}</RouterLink>
          </Button>
          <Button asChild colorPalette="teal" size="sm">
            <RouterLink to={paths.paymentBankAdd}>{t("bank.add")}</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <Text color="fg.muted">{t("bank.intro")}</Text>
      {content}
      <LoadMore more={more} loading={loading} onLoad={() => void setSize(size + 1)} onScroll={isMobile} />
    </Stack>
  );
}
