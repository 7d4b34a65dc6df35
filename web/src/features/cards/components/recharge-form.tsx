import { Button, DataList, Input, Text } from "@chakra-ui/react";
import { useCallback, useRef } from "react";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useApiClient } from "@/lib/api-provider";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { rechargeCard } from "../api/recharge-card";
import { useCardFormat } from "./use-card-format";

interface RechargeValues {
  cardKey: string;
  amount: string;
}

/** The domain's money scale of USD: the USD account and recharge amounts are in cents. */
const USD_SCALE = 2;

/**
 * The recharge amount, checked by the domain's "recharge" form against the USD balance, with the
 * fee and the amount credited previewed by the same function the server charges with.
 */
export function RechargeForm({
  card,
  availableBalance,
  onRecharged,
}: {
  readonly card: Card;
  /** The USD account's balance (exact decimal text). */
  readonly availableBalance: string;
  readonly onRecharged: () => Promise<void>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const domain = useDomain();
  const format = useCardFormat();
  const available = useRef(0);
  available.current = domain.parseAmount(availableBalance, USD_SCALE) ?? 0;
  const context = useCallback(() => ({ availableBalance: available.current }), []);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useDomainForm<RechargeValues>({ form: "recharge", context, defaultValues: { cardKey: card.cardKey, amount: "" } });
  // The submission that got no answer (a network failure), whose key a resend of the same amount
  // reuses: it may have gone through, and the server answers a known key instead of moving money.
  const unanswered = useRef<{ readonly key: string; readonly amount: string } | null>(null);

  const amount = watch("amount");
  const quote = domain.rechargeQuote(amount, card.rechargeRate);
  const usd = (minor: number) => t("money.amount", { amount: domain.formatAmount(minor, USD_SCALE), currency: "USD" });

  const submit = handleSubmit(async (values) => {
    const idempotencyKey =
      unanswered.current?.amount === values.amount ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key: idempotencyKey, amount: values.amount };
    const answer = await rechargeCard(api, { cardKey: card.cardKey, amount: values.amount }, idempotencyKey);
    // Unanswered, the key is kept for a resend of the same amount.
    if (answer.ok || !answer.networkError) unanswered.current = null;
    // A refusal shows in the form: an amount's under the field, any other (an insufficient
    // balance, a frozen card, the network down) above the button.
    if (answer.ok) await onRecharged();
    else applyRefusal(setError, answer, ["amount"]);
  });

  return (
    <FormStack onSubmit={submit} label={t("card.recharge.form")}>
      <Text>
        {t("card.recharge.available")}{" "}
        <Text as="strong" fontVariantNumeric="tabular-nums">
          {format.money(availableBalance, "USD")}
        </Text>
      </Text>
      <FormField label={t("card.recharge.amount")} error={errors.amount} required>
        <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
      </FormField>
      <DataList.Root orientation="horizontal" size="sm" gap="2" aria-live="polite">
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">
            {t("card.recharge.fee", { rate: format.rate(card.rechargeRate) })}
          </DataList.ItemLabel>
          <DataList.ItemValue>{quote ? usd(quote.feeMinor) : "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("card.recharge.credited")}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{quote ? usd(quote.creditedMinor) : "—"}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {t("card.recharge.submit")}
      </Button>
    </FormStack>
  );
}
