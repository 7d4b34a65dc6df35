import { Button, DataList, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { formatMoney, useDomain } from "@/lib/domain";
import { gatePages } from "@/lib/gate-prompts";
import { useI18n } from "@/lib/i18n";
import { useWithdrawals, useWithdrawalTerms } from "../api/withdrawals";
import { WithdrawForm } from "./withdraw-form";
import { WithdrawalHistory } from "./withdrawal-history";

/**
 * /account/withdraw (SPEC §2's Collection): USD from the USD account to a saved bank account —
 * the balance and what is on its way, the form with its fee and limits, and the withdrawals with
 * their states. Before basic identity is approved, or with no saved account, it says what to do
 * first.
 */
export function WithdrawPage({
  needsIdentity,
  onMoneyMoved,
}: {
  /** Basic identity is not approved yet: there is no verified name to withdraw to. */
  readonly needsIdentity: boolean;
  /** The USD balance changed (a withdrawal, a cancel): what shows it elsewhere reads it again. */
  readonly onMoneyMoved: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const domain = useDomain();
  const { data: terms, error, mutate } = useWithdrawalTerms();
  const { mutate: mutateHistory } = useWithdrawals();
  // The browser's time when the terms arrived: the server's clock moves on from `terms.now`.
  const readAt = useMemo(() => (terms ? Date.now() : 0), [terms]);
  const money = (text: string) => t("money.amount", { amount: formatMoney(domain, text), currency: "USD" });
  const refresh = async () => {
    await Promise.all([mutate(), onMoneyMoved()]);
  };

  let content;
  if (needsIdentity) {
    content = (
      <Stack gap="4" align="start">
        <Text>{t("withdraw.needs_identity")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={gatePages.basicIdentity}>{t("identity.basic.title")}</RouterLink>
        </Button>
      </Stack>
    );
  } else if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!terms) {
    content = <Skeleton height="64" />;
  } else if (terms.destinations.length === 0) {
    content = (
      <Stack gap="4" align="start">
        <Text>{t("withdraw.needs_account")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={paths.paymentBankAdd}>{t("bank.add")}</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    content = (
      <WithdrawForm
        terms={terms}
        readAt={readAt}
        onWithdrawn={async () => {
          await Promise.all([refresh(), mutateHistory()]);
        }}
      />
    );
  }

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t("withdraw.title")}
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink to={paths.paymentBank}>{t("bank.title")}</RouterLink>
        </Button>
      </HStack>
      {terms && <Text color="fg.muted">{t("withdraw.intro", { amount: money(terms.reviewAbove) })}</Text>}
      {terms && (
        <DataList.Root orientation="horizontal" gap="2">
          <DataList.Item>
            <DataList.ItemLabel minWidth="40">{t("withdraw.available")}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {money(terms.availableBalance)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="40">{t("withdraw.under_way")}</DataList.ItemLabel>
            <DataList.ItemValue fontVariantNumeric="tabular-nums">{money(terms.underWay)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
      {content}
      {!needsIdentity && <WithdrawalHistory onChanged={refresh} />}
    </Stack>
  );
}
