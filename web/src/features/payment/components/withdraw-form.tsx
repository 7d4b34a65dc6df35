import { Button, DataList, Input, NativeSelect, Text } from "@chakra-ui/react";
import type { WithdrawalContext } from "domain-wasm";
import { useCallback, useRef } from "react";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useApiClient } from "@/lib/api-provider";
import { formatMoney, useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/locale";
import { withdraw, type DestinationState, type WithdrawalTerms } from "../api/withdrawals";

interface WithdrawValues {
  bankAccountId: string;
  amount: string;
}

/** USD is in cents. */
const USD_SCALE = 2;

/** A saved account as the select names it: nickname, bank and the masked number. */
export function destinationName({ bankAccount: a }: DestinationState): string {
  return [a.nickname, a.bankName, a.accountNumber].filter(Boolean).join(" · ");
}

/**
 * The withdrawal: a saved account and the amount, checked as typed by the domain's "withdrawal"
 * form against the terms the server sent (the balance, the minimum and maximum, the limits left,
 * the account's cooling-off period and first-payout cap), with the fee and the amount received
 * previewed by the function the server charges with. The server checks it all again under its
 * lock; a retry of an unanswered submission reuses its Idempotency-Key.
 */
export function WithdrawForm({
  terms,
  readAt,
  onWithdrawn,
}: {
  readonly terms: WithdrawalTerms;
  /** When the terms were read by this browser's clock (the server's `now` moves on from then). */
  readonly readAt: number;
  readonly onWithdrawn: () => Promise<void>;
}) {
  const { t, locale } = useI18n();
  const api = useApiClient();
  const domain = useDomain();
  const latest = useRef({ terms, readAt, selected: "" });
  latest.current.terms = terms;
  latest.current.readAt = readAt;
  const context = useCallback((): WithdrawalContext => {
    const { terms: now, readAt: at, selected } = latest.current;
    const chosen = now.destinations.find((d) => d.bankAccount.id === selected);
    const amount = (text: string) => domain.parseAmount(text, USD_SCALE) ?? 0;
    return {
      now: now.now + (Date.now() - at),
      availableBalance: amount(now.availableBalance),
      minimum: amount(now.minimum),
      maximum: amount(now.maximum),
      dailyLeft: amount(now.dailyLeft),
      monthlyLeft: amount(now.monthlyLeft),
      destination: chosen && {
        usableFrom: chosen.usableFrom,
        needsNewDetails: chosen.needsNewDetails,
        capLeft: chosen.capLeft === null ? undefined : amount(chosen.capLeft),
      },
    };
  }, [domain]);
  const firstUsable = terms.destinations.find((d) => !d.needsNewDetails && d.usableFrom <= terms.now);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useDomainForm<WithdrawValues>({
    form: "withdrawal",
    context,
    defaultValues: { bankAccountId: firstUsable?.bankAccount.id ?? terms.destinations[0]?.bankAccount.id ?? "", amount: "" },
  });
  const unanswered = useRef<{ readonly key: string; readonly input: string } | null>(null);

  const [selected, amount] = [watch("bankAccountId"), watch("amount")];
  latest.current.selected = selected;
  const chosen = terms.destinations.find((d) => d.bankAccount.id === selected);
  const quote = domain.withdrawalQuote(amount, terms.fee.fixed, terms.fee.rate);
  const usd = (minor: number) => t("money.amount", { amount: domain.formatAmount(minor, USD_SCALE), currency: "USD" });
  const money = (text: string) => t("money.amount", { amount: formatMoney(domain, text), currency: "USD" });

  const accountHelp = !chosen
    ? undefined
    : chosen.needsNewDetails
      ? t("bank.needs_new_details")
      : [
          chosen.usableFrom > terms.now + (Date.now() - readAt)
            ? t("bank.usable_from", { time: formatDateTime(chosen.usableFrom, locale) })
            : t("bank.usable"),
          chosen.capLeft === null ? null : t("withdraw.cap_left", { amount: money(chosen.capLeft) }),
        ]
          .filter(Boolean)
          .join(" · ");

  const submit = handleSubmit(async (values) => {
    const input = `${values.bankAccountId} ${values.amount}`;
    const idempotencyKey = unanswered.current?.input === input ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key: idempotencyKey, input };
    const answer = await withdraw(api, { bankAccountId: values.bankAccountId, amount: values.amount }, idempotencyKey);
    if (answer.ok || !answer.networkError) unanswered.current = null;
    if (answer.ok) {
      reset({ bankAccountId: values.bankAccountId, amount: "" });
      await onWithdrawn();
    } else {
      applyRefusal(setError, answer, ["bankAccountId", "amount"]);
    }
  });

  return (
    <FormStack onSubmit={submit} label={t("withdraw.form")}>
      <FormField label={t("withdraw.account")} error={errors.bankAccountId} helperText={accountHelp} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...register("bankAccountId")}>
            {terms.destinations.map((d) => (
              <option key={d.bankAccount.id} value={d.bankAccount.id}>
                {destinationName(d)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label={t("withdraw.amount")}
        error={errors.amount}
        helperText={t("withdraw.amount_help", { minimum: money(terms.minimum), maximum: money(terms.maximum) })}
        required
      >
        <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
      </FormField>
      <DataList.Root orientation="horizontal" size="sm" gap="2" aria-live="polite">
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">
            {t("withdraw.fee", { fixed: money(terms.fee.fixed), rate: domain.formatRate(terms.fee.rate) ?? terms.fee.rate })}
          </DataList.ItemLabel>
          <DataList.ItemValue>{quote ? usd(quote.feeMinor) : "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("withdraw.received")}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{quote ? usd(quote.receivedMinor) : "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="40">{t("withdraw.left")}</DataList.ItemLabel>
          <DataList.ItemValue>
            {t("withdraw.left_value", { today: money(terms.dailyLeft), month: money(terms.monthlyLeft) })}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text fontSize="sm" color="fg.muted">
        {t("withdraw.review_note", { amount: money(terms.reviewAbove) })}
      </Text>
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {t("withdraw.submit")}
      </Button>
    </FormStack>
  );
}
